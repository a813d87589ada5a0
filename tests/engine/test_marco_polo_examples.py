"""The rulebook's worked examples that span several turns or players.

The single-action examples live next to their rule (test_marco_polo_actions, _travel,
_rounds, _cards, _scoring, _characters), each named after the player in the example.
"""

from games.engine.marco_polo import RULES
from games.engine.marco_polo import scenario as sc


def seat(state, n):
    return state["seats"][n]


def test_green_then_red_seek_the_khans_favor_with_a_3_and_a_4():
    green, red = 0, 1
    state = sc.game(players=4, dice=[3, 4, 4, 4, 4])
    camels = [seat(state, n)["camels"] for n in range(2)]
    state = sc.place(state, green, "khan", 3)
    state, _ = sc.play(state, green, "take_good", good="gold")
    state, _ = sc.play(state, green, "end_turn")
    assert RULES.to_act(state) == (red,)
    sc.set_dice(state, red, [2, 4, 4, 4, 4])
    state, _ = sc.play(state, red, "space", space="khan")
    assert sorted(a["value"] for a in sc.legal(state, red, "die")) == [4]  # 3 or more
    state, _ = sc.play(state, red, "die", kind="colour", value=4)
    state, _ = sc.play(state, red, "take_good", good="gold")
    for n in (green, red):
        assert seat(state, n)["gold"] == 1 and seat(state, n)["camels"] == camels[n] + 2
    assert [p["dice"] for p in state["spaces"]["khan"]] == [[["colour", 3]], [["colour", 4]]]


def test_red_buys_silk_after_blue_paying_4_coins_for_up_to_3_silk():
    blue, red = 0, 1
    state = sc.game(players=4, dice=[2, 2, 4, 5, 6])
    state = sc.place(state, blue, "bazaar-silk", 2, 2)
    state, _ = sc.play(state, blue, "column", n=2)
    state, _ = sc.play(state, blue, "end_turn")
    sc.give(state, red, coins=8)
    state, _ = sc.play(state, red, "space", space="bazaar-silk")
    state, _ = sc.play(state, red, "die", kind="colour", value=4)
    state, _ = sc.play(state, red, "die", kind="colour", value=5)
    assert seat(state, red)["coins"] == 4
    assert [a["n"] for a in sc.legal(state, red, "column")] == [1, 2, 3, 4]
    state, _ = sc.play(state, red, "column", n=4)
    assert seat(state, red)["silk"] == 3


def test_green_already_took_camels_and_can_only_add_his_black_die():
    state = sc.game(players=3, dice=[2, 5, 5, 5, 5])
    state = sc.place(state, 0, "bazaar-camels", 2)
    state, _ = sc.play(state, 0, "column", n=2)
    sc.give(state, 0, camels=3)
    state, _ = sc.play(state, 0, "black_die")
    black = next(v for k, v in seat(state, 0)["dice"] if k == "black")
    state, _ = sc.play(state, 0, "end_turn")
    state = sc.turn_of(state, 0)
    sc.give(state, 0, coins=20)
    state, _ = sc.play(state, 0, "space", space="bazaar-camels")
    assert [(a["kind"], a["value"]) for a in sc.legal(state, 0, "die")] == [("black", black)]


def test_green_yellow_and_blue_travel_in_turn_and_blue_starts_the_next_round():
    green, yellow, blue = 0, 1, 2
    state = sc.game(players=3, dice=[1, 1])
    for n in range(3):
        sc.give(state, n, coins=10)
    for n in (green, yellow, blue):
        assert RULES.to_act(state) == (n,)
        state = sc.place(state, n, "travel", 1, 1)
        state, _ = sc.play(state, n, "step", figure=0, to="o1")
    assert state["round"] == 2 and state["start"] == blue
