"""Silk Road: components, setup, the first player, turn order and the Draw phase."""

from __future__ import annotations

from collections import Counter

import pytest
from silk_road_table import arrange, at_phase, new_game, play

from games.engine import registry
from games.engine.silk_road import RULES, data
from games.engine.silk_road.state import new_state


def test_registry_serves_silk_road():
    assert registry.get("silk-road") is RULES
    assert (RULES.min_players, RULES.max_players) == (2, 6)


def test_deck_has_the_75_cards_of_the_card_list():
    assert data.DECK_SIZE == 75
    state = new_state(3, {}, seed=1)
    everything = Counter(state["deck"])
    for pile in state["hands"] + state["caravans"]:
        everything.update(pile)
    assert everything == Counter(
        silver=6,
        gold=5,
        gems=4,
        steppes=12,
        desert=10,
        mountains=8,
        tea=6,
        spices=5,
        silk=4,
        bandit=5,
        guard=5,
        trade=5,
    )


@pytest.mark.parametrize("players", range(2, 7))
def test_pawns_start_in_china_with_10_coins_and_5_cards(players):
    state = new_state(players, {}, seed=players)
    assert state["pos"] == [data.CHINA] * players
    assert state["coins"] == [10] * players
    assert [sum(hand.values()) for hand in state["hands"]] == [5] * players
    assert state["caravans"] == [{}] * players
    assert len(state["deck"]) == 75 - 5 * players


def test_the_track_runs_from_arabia_to_china_in_9_spaces():
    assert data.SPACES == 9
    assert data.space_name(0) == "Arabia" and data.space_name(8) == "China"
    assert [data.space_name(s) for s in range(1, 8)] == [f"road space {s}" for s in range(1, 8)]


def test_the_player_with_most_trade_cards_goes_first():
    for seed in range(40):
        state = new_state(4, {}, seed)
        trades = [hand.get("trade", 0) for hand in state["hands"]]
        assert trades[state["first"]] == max(trades)


def test_a_tie_on_trade_cards_goes_to_most_guard_cards():
    seen = 0
    for seed in range(200):
        state = new_state(4, {}, seed)
        keys = [(h.get("trade", 0), h.get("guard", 0)) for h in state["hands"]]
        trades = [k[0] for k in keys]
        if trades.count(max(trades)) > 1:
            seen += 1
            assert keys[state["first"]] == max(keys)
    assert seen > 10


def test_a_full_tie_is_settled_by_the_seeded_coin_flip():
    firsts = set()
    for seed in range(60):
        state = new_state(3, {}, seed)
        keys = [(h.get("trade", 0), h.get("guard", 0)) for h in state["hands"]]
        if keys.count(max(keys)) == len(keys):  # everyone tied
            firsts.add(state["first"])
            assert new_state(3, {}, seed)["first"] == state["first"]  # reproducible
    assert len(firsts) > 1


def test_the_first_turn_starts_with_the_draw_phase():
    state = new_game(3, seed=5)
    first = state["first"]
    assert state["turn"] == first
    sizes = [sum(hand.values()) for hand in state["hands"]]
    assert sizes[first] == 8
    assert sorted(sizes) == [5, 5, 8]


def drew(log) -> list[str]:
    return [entry.text for entry in log if " drew " in entry.text]


def test_play_proceeds_clockwise_to_the_left():
    state = at_phase(new_game(4, seed=2), "end", turn=3)
    arrange(state, 3, hand={"steppes": 8})
    state, log = play(state, 3, "discard", card="steppes")
    assert drew(log)[0] == "{p0} drew 3 cards."  # the next seat, wrapping round


def test_draw_phase_draws_3_cards_seen_only_by_the_drawer():
    state = at_phase(new_game(2, seed=3), "end", turn=0)
    arrange(state, 0, hand={"steppes": 8})
    arrange(state, 1, hand={})
    deck = len(state["deck"])
    state, log = play(state, 0, "discard", card="steppes")
    assert sum(state["hands"][1].values()) == 3
    assert len(state["deck"]) == deck - 3
    line = next(entry for entry in log if " drew " in entry.text)
    assert line.text == "{p1} drew 3 cards."
    mine = line.for_viewer(1)
    assert mine.startswith("{p1} drew ") and mine != line.text
    assert line.for_viewer(0) == line.text


def test_an_empty_deck_is_refilled_by_shuffling_the_discard_pile():
    state = at_phase(new_game(2, seed=4), "end", turn=0)
    arrange(state, 0, hand={"steppes": 8})
    arrange(state, 1, hand={})
    state["discard"].extend(state["deck"][2:])
    del state["deck"][2:]
    total = len(state["deck"]) + len(state["discard"])
    state, _ = play(state, 0, "discard", card="steppes")
    assert sum(state["hands"][1].values()) >= 3
    assert len(state["deck"]) + len(state["discard"]) <= total + 1 - 3
    assert len(state["deck"]) > 0  # refilled from the discard pile


def test_guide_draws_one_extra_card_on_a_road_space():
    state = at_phase(new_game(2, seed=6, personalities="on"), "end", turn=0)
    state["personality"] = ["trader", "guide"]
    arrange(state, 0, hand={"steppes": 10})
    arrange(state, 1, hand={})
    state["pos"][1] = 4
    state, log = play(state, 0, "discard", card="steppes")
    assert drew(log)[0] == "{p1} drew 4 cards."


def test_guide_draws_no_extra_card_at_a_destination():
    state = at_phase(new_game(2, seed=6, personalities="on"), "end", turn=0)
    state["personality"] = ["trader", "guide"]
    arrange(state, 0, hand={"steppes": 10})
    arrange(state, 1, hand={})
    state, log = play(state, 0, "discard", card="steppes")
    assert drew(log)[0] == "{p1} drew 3 cards."


def test_personalities_are_off_by_default():
    state = new_game(3, seed=1)
    assert state["personality"] == [None, None, None]
    assert all(seat["personality"] is None for seat in RULES.view(state, 0)["seats"])


@pytest.mark.parametrize("players", range(2, 6))
def test_each_player_draws_a_different_personality(players):
    state = new_game(players, seed=players, personalities="on")
    dealt = state["personality"]
    assert len(set(dealt)) == players
    assert set(dealt) <= set(data.PERSONALITIES)


def test_six_players_share_out_the_five_personalities_plus_one_repeat():
    state = new_game(6, seed=9, personalities="on")
    assert set(state["personality"]) == set(data.PERSONALITIES)


def test_personalities_are_public():
    state = new_game(3, seed=2, personalities="on")
    seen = [seat["personality"]["key"] for seat in RULES.view(state, 1)["seats"]]
    assert seen == state["personality"]


def test_unknown_option_value_and_player_count_are_refused():
    with pytest.raises(ValueError):
        RULES.setup(7, {}, 1)
    with pytest.raises(ValueError):
        RULES.setup(3, {"personalities": "maybe"}, 1)
