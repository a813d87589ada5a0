"""Final scoring: every term of the breakdown, the goal card examples and the tie-break."""

from games.engine.marco_polo import RULES, data, scoring
from games.engine.marco_polo import scenario as sc


def goal(first, second):
    return next(n for n, (a, b, _) in enumerate(data.GOALS) if {a, b} == {first, second})


def row(state, n, label):
    return dict(scoring.breakdown(state, n))[label]


def set_goals(state, n, *goals):
    seat_state = state["seats"][n]
    state["goal_deck"] += seat_state["goals"]
    for g in goals:
        for holder in state["seats"]:
            if g in holder["goals"]:
                holder["goals"].remove(g)
        if g in state["goal_deck"]:
            state["goal_deck"].remove(g)
    seat_state["goals"] = list(goals)


def test_green_completes_one_goal_card_lan_zhou_and_kochi_for_4_points():
    state = sc.game()
    set_goals(state, 0, goal("lan-zhou", "kochi"), goal("sumatra", "anxi"))
    sc.post(state, 0, "lan-zhou", "kochi", "sumatra")
    assert row(state, 0, "Goal cards") == 4  # Sumatra without Anxi scores nothing


def test_green_reached_3_of_his_4_goal_cities_for_6_points():
    state = sc.game()
    set_goals(state, 0, goal("lan-zhou", "kochi"), goal("sumatra", "anxi"))
    sc.post(state, 0, "lan-zhou", "kochi", "sumatra")
    assert row(state, 0, "Goal cities") == 6


def test_yellow_counts_moscow_once_on_two_goal_cards():
    # Moscow and Xian; Moscow and Kashgar: 3 different cities, 6 points, both cards done
    state = sc.game()
    set_goals(state, 0, goal("moscow", "xian"), goal("moscow", "kashgar"))
    sc.post(state, 0, "moscow", "xian", "kashgar")
    assert row(state, 0, "Goal cities") == 6
    assert row(state, 0, "Goal cards") == 4 + 7


def test_goal_cities_score_1_3_6_10():
    state = sc.game()
    set_goals(state, 0, goal("moscow", "xian"), goal("karachi", "anxi"))
    points = []
    for city in ("moscow", "xian", "karachi", "anxi"):
        sc.post(state, 0, city)
        points.append(row(state, 0, "Goal cities"))
    assert points == [1, 3, 6, 10]


def test_one_point_per_10_coins_left():
    state = sc.game()
    sc.give(state, 0, coins=29)
    assert row(state, 0, "Coins (1 per 10)") == 2


def test_beijing_posts_score_10_7_4_1_by_arrival():
    state = sc.game(players=4)
    for n in (2, 0, 3, 1):
        sc.post(state, n, "beijing")
    assert [row(state, n, "Beijing") for n in range(4)] == [7, 1, 10, 4]


def test_goods_left_score_1_per_2_only_with_a_post_in_beijing():
    state = sc.game(players=2)
    sc.give(state, 0, pepper=3, silk=1, gold=1, camels=9)
    sc.give(state, 1, pepper=3, silk=1, gold=1)
    sc.post(state, 0, "beijing")
    assert row(state, 0, "Goods left (post in Beijing)") == 2  # camels are not goods
    assert row(state, 1, "Goods left (post in Beijing)") == 0


def test_the_most_completed_contracts_score_7_for_everybody_tied():
    state = sc.game(players=3)
    sc.hold(state, 0, [], done=[0, 1])
    sc.hold(state, 1, [], done=[2, 3])
    sc.hold(state, 2, [], done=[4])
    assert [row(state, n, "Most completed contracts") for n in range(3)] == [7, 7, 0]


def test_nobody_scores_most_contracts_without_completing_one():
    state = sc.game(players=2)
    sc.hold(state, 0, [])
    sc.hold(state, 1, [])
    assert [row(state, n, "Most completed contracts") for n in range(2)] == [0, 0]


def test_points_scored_during_play_appear_by_source():
    state = sc.game()
    state["seats"][0]["vp"] = {"contracts": 12, "cards": 3, "bonuses": 6, "posts": 5}
    labels = dict(scoring.breakdown(state, 0))
    assert labels["Contracts completed"] == 12 and labels["City cards"] == 3
    assert labels["City bonuses"] == 6 and labels["8th and 9th trading posts"] == 5


def test_the_outcome_lists_every_term_and_the_total():
    state = sc.game(players=2)
    sc.give(state, 0, coins=30)
    state["phase"] = "over"
    outcome = RULES.outcome(state)
    labels = [label for label, _ in outcome.scores[0].breakdown]
    assert labels == [
        "Contracts completed", "City cards", "City bonuses", "8th and 9th trading posts",
        "All 11 trading posts", "Beijing", "Goods left (post in Beijing)", "Coins (1 per 10)",
        "Most completed contracts", "Goal cards", "Goal cities",
    ]  # fmt: skip
    for score in outcome.scores:
        assert score.total == sum(points for _, points in score.breakdown)


def test_a_tie_goes_to_the_player_with_the_most_camels():
    state = sc.game(players=3)
    for n in range(3):
        sc.give(state, n, coins=0)
    sc.give(state, 1, camels=5)
    sc.give(state, 2, camels=5)
    state["phase"] = "over"
    outcome = RULES.outcome(state)
    assert outcome.winners == (1, 2)  # still tied on camels: a shared win
    assert "camels" in outcome.reason
    sc.give(state, 2, camels=6)
    assert RULES.outcome(state).winners == (2,)
