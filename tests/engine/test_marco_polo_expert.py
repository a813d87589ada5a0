"""The expert variant: character draft, 4 goal cards keep 2, shuffled city bonuses."""

import json

import pytest

from games.engine.marco_polo import RULES, data

EXPERT = {"expert": "on"}


def test_the_variant_is_a_table_option_off_by_default():
    (option,) = RULES.options
    assert option.name == "expert" and option.default == "off"
    with pytest.raises(ValueError):
        RULES.setup(3, {"expert": "maybe"}, 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_plus_one_characters_are_revealed_and_the_last_seat_picks_first(players):
    state = RULES.setup(players, EXPERT, 7)
    assert state["phase"] == "draft"
    offer = [a["character"] for a in RULES.legal_actions(state, players - 1)]
    assert len(offer) == players + 1 and len(set(offer)) == players + 1
    assert set(offer) <= set(data.CHARACTERS)
    order = []
    while state["phase"] == "draft":
        (n,) = RULES.to_act(state)
        order.append(n)
        state, _ = RULES.apply(state, n, RULES.legal_actions(state, n)[0])
    assert order == list(range(players - 1, -1, -1))
    assert len(state["draft"]["offer"]) == 1  # the leftover goes back to the box
    picked = [s["character"] for s in state["seats"]]
    assert len(set(picked)) == players


def test_a_drafted_character_brings_its_pieces():
    for seed in range(30):
        state = RULES.setup(2, EXPERT, seed)
        offer = [a["character"] for a in RULES.legal_actions(state, 1)]
        if "kubilai" in offer and "william" in offer:
            break
    state, _ = RULES.apply(
        state, 1, next(a for a in RULES.legal_actions(state, 1) if a["character"] == "kubilai")
    )
    state, _ = RULES.apply(
        state, 0, next(a for a in RULES.legal_actions(state, 0) if a["character"] == "william")
    )
    assert state["seats"][1]["figures"] == ["beijing"] and state["beijing"][0] == 1
    assert state["seats"][0]["post_stock"] == 11


def test_each_player_keeps_2_of_4_goal_cards_all_at_the_same_time():
    state = RULES.setup(3, EXPERT, 2)
    while state["phase"] == "draft":
        (n,) = RULES.to_act(state)
        state, _ = RULES.apply(state, n, RULES.legal_actions(state, n)[0])
    assert state["phase"] == "goals" and RULES.to_act(state) == (0, 1, 2)
    offer = state["seats"][1]["goal_offer"]
    assert len(offer) == 4
    choices = RULES.legal_actions(state, 1)
    assert len(choices) == 6 and {a.type for a in choices} == {"keep_goals"}
    keep = choices[2]["goals"]
    state, _ = RULES.apply(state, 1, choices[2])
    assert state["seats"][1]["goals"] == sorted(keep) and state["seats"][1]["goal_offer"] == []
    assert RULES.to_act(state) == (0, 2)


def test_nobody_sees_another_players_goal_offer_or_goals():
    state = RULES.setup(3, EXPERT, 2)
    while state["phase"] == "draft":
        (n,) = RULES.to_act(state)
        state, _ = RULES.apply(state, n, RULES.legal_actions(state, n)[0])
    mine = RULES.view(state, 0)
    assert len(mine["goal_offer"]) == 4
    for viewer in (None, 1, 2):
        seen = RULES.view(state, viewer)
        shown = [g["number"] for g in seen["goal_offer"] + seen["goals"]]
        assert not set(shown) & set(state["seats"][0]["goal_offer"])
    text = json.dumps(RULES.view(state, 1))
    assert '"goal_deck"' not in text


def test_the_game_starts_when_every_player_has_kept_goals():
    state = RULES.setup(2, EXPERT, 3)
    while state["phase"] in ("draft", "goals"):
        n = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, n, RULES.legal_actions(state, n)[0])
    assert all(len(s["goals"]) == 2 for s in state["seats"])
    assert state["phase"] in ("bonuses", "compensation", "turns")
    assert len(state["goal_deck"]) == 18 - 4


def test_the_expert_variant_shuffles_the_city_bonuses():
    layouts = {
        tuple(sorted(RULES.setup(2, EXPERT, seed)["city_bonus"].items())) for seed in range(8)
    }
    assert len(layouts) > 1
    for layout in layouts:
        assert sorted(bonus for _, bonus in layout) == sorted(data.CITY_BONUSES)
    basic = RULES.setup(2, {}, 1)["city_bonus"]
    assert basic == data.BASIC_CITY_BONUS


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("expert", ["off", "on"])
def test_in_whole_random_games_no_view_ever_shows_another_seats_goal_cards(players, expert):
    from games.engine.rng import LocalRng
    from games.engine.simulate import choose_random_step

    state = RULES.setup(players, {"expert": expert}, 40 + players)
    chooser = LocalRng(players)
    for _ in range(2000):
        if RULES.outcome(state) is not None:
            break
        for viewer in (None, *range(players)):
            seen = RULES.view(state, viewer)
            shown = {g["number"] for g in seen["goal_offer"] + seen["goals"]}
            own = state["seats"][viewer] if viewer is not None else {"goals": [], "goal_offer": []}
            assert shown <= set(own["goals"] + own["goal_offer"]), (viewer, shown)
        seat, action = choose_random_step(RULES, state, chooser)
        state, _ = RULES.apply(state, seat, action)
    assert RULES.outcome(state) is not None
