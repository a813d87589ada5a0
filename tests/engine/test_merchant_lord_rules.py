"""Merchant Lord: one test per rule a player would notice, and the rulebook's examples."""

from __future__ import annotations

import pytest

from games.engine.contract import Action, IllegalAction
from games.engine.merchant_lord import RULES, cards
from games.engine.merchant_lord.state import table_cards

VILLAGE_16, VILLAGE_25, VILLAGE_34 = 0, 1, 2


# --- building situations ---------------------------------------------------------------
def new(players: int = 2, seed: int = 7) -> dict:
    """A fresh game at the start of round 1, seat 0 to sell, nothing rolled that matters."""
    return RULES.setup(players, {}, seed)


def dice(state: dict, seat: int, values: list[int]) -> None:
    state["seats"][seat]["dice"] = sorted(values)


def give(state: dict, seat: int, *card_ids: str) -> None:
    """Move cards from the deck or row into a hand (so every card stays accounted for)."""
    for card_id in card_ids:
        pile = state["deck"] if card_id in state["deck"] else state["row"]
        pile.remove(card_id)
        state["seats"][seat]["hand"].append(card_id)


def in_hand(state: dict, side: str, value: int, reward: str, rolled: list[int]) -> str:
    """Seat 0 holds a card with that side and has rolled ``rolled``; returns the card."""
    card = card_with(side, value, reward)
    give(state, 0, card)
    dice(state, 0, rolled)
    return card


def start_tuck(state: dict, card: str, side: str, index: int) -> dict:
    state, _ = act(state, 0, "choose", card=card, side=side)
    state, _ = act(state, 0, "tuck", village=index)
    return state


def tuck_onto(state: dict, seat: int, index: int, side: str, *card_ids: str) -> None:
    """Put cards already on the table at a village (as if placed in earlier rounds)."""
    for card_id in card_ids:
        pile = state["deck"] if card_id in state["deck"] else state["row"]
        pile.remove(card_id)
        state["seats"][seat]["villages"][index][side].append(card_id)


def card_with(side: str, value: int, reward: str, avoid: tuple[str, ...] = ()) -> str:
    for card_id, card in cards.MERCHANTS.items():
        if card[side] == (value, reward) and card_id not in avoid:
            return card_id
    raise LookupError((side, value, reward))


def act(state: dict, seat: int, kind: str, **params) -> tuple[dict, list]:
    return RULES.apply(state, seat, Action.make(kind, **params))


def listed(state: dict, seat: int, kind: str) -> list[Action]:
    return [a for a in RULES.legal_actions(state, seat) if a.type == kind]


def sell_targets(state: dict, seat: int) -> set[tuple[int, int]]:
    return {(a["owner"], a["village"]) for a in listed(state, seat, "sell")}


def expand(state: dict, seat: int, index: int, *tucks: tuple[str, str]) -> tuple[dict, list]:
    """Pick and tuck each (card, side) at the village, then sell there."""
    for card_id, side in tucks:
        state, _ = act(state, seat, "choose", card=card_id, side=side)
        state, _ = act(state, seat, "tuck", village=index)
    return act(state, seat, "sell", owner=seat, village=index)


def to_buying(state: dict) -> dict:
    """End every sell turn of the round (unsold dice go to the market).

    When nobody can afford a card the buying is skipped and the next round starts.
    """
    this_round = state["round"]
    while state["phase"] == "sell" and state["round"] == this_round:
        state, _ = act(state, state["turn"], "end_turn")
    return state


# --- setup -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_starts_with_villages_1_6_2_5_3_4_four_dice_and_two_favours(players):
    state = new(players)
    view = RULES.view(state, 0)
    for seat in view["seats"]:
        assert [v["name"] for v in seat["villages"]] == ["1-6", "2-5", "3-4"]
        assert [[s["value"] for s in v["stalls"]] for v in seat["villages"]] == [
            [1, 6],
            [2, 5],
            [3, 4],
        ]
        assert seat["dice_count"] == 4
        assert seat["favours"] == 2
        assert seat["coins"] == 0
        assert seat["table_cards"] == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_merchant_row_has_one_more_card_than_players(players):
    state = new(players)
    assert len(state["row"]) == players + 1
    assert len(state["deck"]) == 30 - players - 1


def test_all_dice_are_rolled_at_once_when_the_caravans_arrive():
    state = new(3)
    assert [len(s["dice"]) for s in state["seats"]] == [4, 4, 4]
    assert RULES.to_act(state) == (0,)


def test_dice_come_from_the_seeded_generator_in_the_state():
    assert new(4, seed=3)["seats"] == new(4, seed=3)["seats"]
    rolls = {tuple(d for s in new(4, seed=s)["seats"] for d in s["dice"]) for s in range(8)}
    assert len(rolls) > 1
    assert isinstance(new()["rng"], int)


# --- selling -----------------------------------------------------------------------------
def test_worked_example_a_1_and_a_6_sell_at_any_open_1_6_village():
    state = new(3)
    dice(state, 0, [1, 6])
    assert sell_targets(state, 0) == {(0, VILLAGE_16), (1, VILLAGE_16), (2, VILLAGE_16)}
    state, _ = act(state, 0, "sell", owner=1, village=VILLAGE_16)
    assert state["seats"][1]["villages"][VILLAGE_16]["dice"] == [1, 6]


def test_selling_needs_goods_for_every_stall_of_the_village():
    state = new()
    dice(state, 0, [1, 2, 3, 3])
    assert sell_targets(state, 0) == set()
    with pytest.raises(IllegalAction, match="fill every stall"):
        act(state, 0, "sell", owner=0, village=VILLAGE_16)


def test_selling_needs_the_merchant_stalls_filled_too():
    state = new()
    tuck_onto(state, 1, VILLAGE_16, "right", card_with("right", 4, cards.FREE_CARD))
    dice(state, 0, [1, 6, 2])
    assert (1, VILLAGE_16) not in sell_targets(state, 0)
    dice(state, 0, [1, 4, 6])
    assert (1, VILLAGE_16) in sell_targets(state, 0)


def test_selling_at_your_own_village_pays_its_stalls():
    state = new()
    dice(state, 0, [1, 6])
    state, _ = act(state, 0, "sell", owner=0, village=VILLAGE_16)
    assert state["seats"][0]["coins"] == 3  # the 1 stall pays 2 coins, the 6 stall 1


def test_selling_at_an_opponents_village_pays_the_seller_and_the_owner():
    state = new()
    tuck_onto(state, 1, VILLAGE_25, "left", card_with("left", 4, cards.FAVOUR5))
    dice(state, 0, [2, 4, 5])
    state, log = act(state, 0, "sell", owner=1, village=VILLAGE_25)
    for seat in (0, 1):
        assert state["seats"][seat]["coins"] == 3
    assert state["seats"][0]["favours"] == 2 + 5
    assert state["seats"][1]["favours"] == 2 + 5
    assert "{p1} earns the same" in log[0].text


def test_a_village_with_goods_on_it_is_closed_for_the_rest_of_the_round():
    state = new()
    dice(state, 0, [1, 6])
    state, _ = act(state, 0, "sell", owner=1, village=VILLAGE_16)
    dice(state, 1, [1, 6, 1, 6])
    assert (1, VILLAGE_16) not in sell_targets(state, 1)  # the turn passed to seat 1
    assert (0, VILLAGE_16) in sell_targets(state, 1)
    with pytest.raises(IllegalAction, match="closed"):
        act(state, 1, "sell", owner=1, village=VILLAGE_16)


def test_you_may_sell_at_several_villages_in_one_turn():
    state = new()
    dice(state, 0, [1, 6, 2, 5])
    state, _ = act(state, 0, "sell", owner=0, village=VILLAGE_16)
    state, _ = act(state, 0, "sell", owner=1, village=VILLAGE_25)
    assert state["seats"][0]["coins"] == 6


def test_goods_not_sold_go_to_the_open_market_for_a_favour_each():
    state = new()
    dice(state, 0, [1, 6, 3])
    state, _ = act(state, 0, "sell", owner=0, village=VILLAGE_16)
    state, log = act(state, 0, "end_turn")
    assert state["seats"][0]["favours"] == 2 + 1
    assert state["seats"][0]["dice"] == []
    assert "market" in log[0].text
    assert RULES.to_act(state) == (1,)


def test_selling_your_last_die_ends_your_turn():
    state = new()
    dice(state, 0, [1, 6])
    state, _ = act(state, 0, "sell", owner=0, village=VILLAGE_16)
    assert RULES.to_act(state) == (1,)


# --- expanding ---------------------------------------------------------------------------
def test_worked_example_red_expands_with_two_merchant_cards_on_1_1_2_6():
    state = new()
    left_card = card_with("left", 1, cards.COIN1)
    right_card = card_with("right", 2, cards.COIN2)
    give(state, 0, left_card, right_card)
    dice(state, 0, [1, 1, 2, 6])
    state, log = expand(state, 0, VILLAGE_16, (right_card, "right"), (left_card, "left"))
    village = state["seats"][0]["villages"][VILLAGE_16]
    assert village["left"] == [left_card] and village["right"] == [right_card]
    assert sorted(village["dice"]) == [1, 1, 2, 6]
    assert state["seats"][0]["hand"] == []
    assert table_cards(state["seats"][0]) == 5
    assert state["seats"][0]["coins"] == 2 + 1 + 1 + 2  # village 1 and 6, then 1 and 2
    assert "tucking 2 merchant cards" in log[0].text


def test_tucking_needs_goods_for_the_village_and_the_new_stall_together():
    state = new()
    card = in_hand(state, "left", 3, cards.COIN2, [1, 6, 4])
    assert listed(state, 0, "choose") == []
    dice(state, 0, [1, 6, 3])
    assert {(a["card"], a["side"]) for a in listed(state, 0, "choose")} == {(card, "left")}
    state, _ = act(state, 0, "choose", card=card, side="left")
    assert [a["village"] for a in listed(state, 0, "tuck")] == [VILLAGE_16]


def test_a_card_tucked_on_the_left_uses_its_left_side_and_on_the_right_its_right_side():
    state = new()
    card = "m25"  # Date Seller: left 1 (2 coins), right 2 (1 coin)
    assert cards.MERCHANTS[card]["left"] == (1, cards.COIN2)
    give(state, 0, card)
    dice(state, 0, [2, 5, 2])
    state, _ = expand(state, 0, VILLAGE_25, (card, "right"))
    assert state["seats"][0]["villages"][VILLAGE_25]["right"] == [card]
    assert state["seats"][0]["coins"] == 3 + 1


def test_only_your_own_open_villages_can_be_expanded():
    state = new()
    card = in_hand(state, "right", 3, cards.FAVOUR5, [1, 6, 3, 3])
    state, _ = act(state, 0, "choose", card=card, side="right")
    assert {a["village"] for a in listed(state, 0, "tuck")} == {VILLAGE_16}  # never seat 1's
    state, _ = act(state, 0, "unchoose")
    state["seats"][0]["villages"][VILLAGE_16]["dice"] = [1, 6]  # closed by someone
    state["seats"][0]["villages"][VILLAGE_16]["by"] = 1
    dice(state, 0, [1, 6, 3])
    assert listed(state, 0, "choose") == []


def test_tucked_cards_can_be_taken_back_until_the_goods_are_placed():
    state = new()
    card = in_hand(state, "left", 3, cards.COIN2, [1, 6, 3])
    state = start_tuck(state, card, "left", VILLAGE_16)
    assert state["seats"][0]["hand"] == []
    assert {a.type for a in RULES.legal_actions(state, 0)} == {"sell", "cancel"}
    state, _ = act(state, 0, "cancel")
    assert state["seats"][0]["hand"] == [card]
    assert state["seats"][0]["villages"][VILLAGE_16]["left"] == []


def test_cards_being_tucked_stay_hidden_from_other_players_until_the_sale():
    state = new()
    card = in_hand(state, "left", 3, cards.COIN2, [1, 6, 3])
    state = start_tuck(state, card, "left", VILLAGE_16)
    assert len(RULES.view(state, 0)["seats"][0]["villages"][0]["stalls"]) == 3
    other = RULES.view(state, 1)["seats"][0]
    assert len(other["villages"][0]["stalls"]) == 2
    assert other["hand_count"] == 1 and card not in str(RULES.view(state, 1))


# --- one-time rewards --------------------------------------------------------------------
def test_free_merchant_card_draws_the_top_card_of_the_pile():
    state = new()
    card = card_with("left", 3, cards.FREE_CARD)
    give(state, 0, card)
    top = state["deck"][-1]
    dice(state, 0, [1, 6, 3])
    state, log = expand(state, 0, VILLAGE_16, (card, "left"))
    assert state["seats"][0]["hand"] == [top]
    assert cards.MERCHANTS[top]["name"] not in log[1].text  # others do not learn the card
    assert cards.MERCHANTS[top]["name"] in log[1].for_viewer(0)


def test_free_caravan_die_joins_your_caravan_from_the_next_round():
    state = new()
    card = in_hand(state, "left", 3, cards.FREE_DIE, [1, 6, 3])
    state, _ = expand(state, 0, VILLAGE_16, (card, "left"))
    assert state["seats"][0]["dice_count"] == 5
    state = to_buying(state)
    assert state["round"] == 2  # nobody could buy, so the next round began
    assert len(state["seats"][0]["dice"]) == 5


def test_free_caravan_die_gives_nothing_beyond_six_dice():
    state = new()
    state["seats"][0]["dice_count"] = 6
    card = in_hand(state, "left", 3, cards.FREE_DIE, [1, 6, 3])
    state, _ = expand(state, 0, VILLAGE_16, (card, "left"))
    assert state["seats"][0]["dice_count"] == 6


def test_free_placement_puts_a_card_on_an_open_village_without_activating_it():
    state = new()
    placer = card_with("left", 3, cards.FREE_PLACE)
    free_card = card_with("left", 4, cards.FREE_CARD)
    give(state, 0, placer, free_card)
    dice(state, 0, [1, 6, 3])
    state, _ = expand(state, 0, VILLAGE_16, (placer, "left"))
    assert state["free_places"] == 1
    assert {a.type for a in RULES.legal_actions(state, 0)} == {"choose", "skip_free"}
    state, _ = act(state, 0, "choose", card=free_card, side="left")
    # The village just sold at is closed: only the other two can take the card.
    assert {a["village"] for a in listed(state, 0, "place")} == {VILLAGE_25, VILLAGE_34}
    hand_before = len(state["seats"][0]["hand"])
    state, _ = act(state, 0, "place", village=VILLAGE_34)
    me = state["seats"][0]
    assert me["villages"][VILLAGE_34]["left"] == [free_card]
    assert len(me["hand"]) == hand_before - 1  # no free card was drawn: never activated
    assert table_cards(me) == 5


def test_a_card_placed_for_free_never_activates_later():
    state = new()
    free_card = card_with("left", 4, cards.FREE_CARD)
    tuck_onto(state, 0, VILLAGE_34, "left", free_card)  # placed by a free placement
    dice(state, 0, [3, 4, 4])
    state, _ = act(state, 0, "sell", owner=0, village=VILLAGE_34)
    assert state["seats"][0]["hand"] == []
    assert state["seats"][0]["coins"] == 3


def test_one_time_rewards_pay_nothing_when_goods_are_sold_there_again():
    state = new()
    tuck_onto(state, 1, VILLAGE_16, "left", card_with("left", 3, cards.FREE_DIE))
    dice(state, 0, [1, 3, 6])
    state, _ = act(state, 0, "sell", owner=1, village=VILLAGE_16)
    assert state["seats"][0]["dice_count"] == 4 and state["seats"][1]["dice_count"] == 4
    assert state["seats"][0]["coins"] == 3


def test_free_placement_is_lost_without_a_card_in_hand():
    state = new()
    placer = in_hand(state, "left", 3, cards.FREE_PLACE, [1, 6, 3, 5])
    state, log = expand(state, 0, VILLAGE_16, (placer, "left"))
    assert state["free_places"] == 0
    assert any("lost" in entry.text for entry in log)
    assert listed(state, 0, "end_turn")


def test_a_free_placement_can_be_declined():
    state = new()
    placer = card_with("left", 3, cards.FREE_PLACE)
    give(state, 0, placer, "m30")
    dice(state, 0, [1, 6, 3, 5])
    state, _ = expand(state, 0, VILLAGE_16, (placer, "left"))
    assert RULES.default_action(state, 0).type == "skip_free"
    state, _ = act(state, 0, "skip_free")
    assert state["seats"][0]["hand"] == ["m30"] and state["free_places"] == 0


# --- favours -----------------------------------------------------------------------------
def test_one_favour_rerolls_any_number_of_your_dice():
    state = new()
    dice(state, 0, [2, 2, 2, 2])
    state, _ = act(state, 0, "mark", value=2)
    state, _ = act(state, 0, "mark", value=2)
    assert [a.label for a in listed(state, 0, "reroll")] == ["Reroll 2 marked dice (1 favour)"]
    state, log = act(state, 0, "reroll")
    assert state["seats"][0]["favours"] == 1
    assert state["seats"][0]["dice"].count(2) >= 2 and len(state["seats"][0]["dice"]) == 4
    assert "reroll 2 2" in log[0].text


def test_marked_dice_can_be_unmarked_before_rerolling():
    state = new()
    dice(state, 0, [1, 3])
    state, _ = act(state, 0, "mark", value=3)
    state, _ = act(state, 0, "unmark", value=3)
    assert state["marked"] == [] and listed(state, 0, "reroll") == []


def test_two_favours_change_a_die_one_point_and_6_and_1_wrap():
    state = new()
    state["seats"][0]["favours"] = 5
    dice(state, 0, [1, 6])
    targets = {(a["value"], a["to"]) for a in listed(state, 0, "nudge")}
    assert targets == {(1, 2), (1, 6), (6, 5), (6, 1)}
    state, _ = act(state, 0, "nudge", value=6, to=1)
    assert state["seats"][0]["dice"] == [1, 1]
    assert state["seats"][0]["favours"] == 3
    state, _ = act(state, 0, "nudge", value=1, to=6)
    assert state["seats"][0]["dice"] == [1, 6]


def test_favours_cannot_be_spent_when_you_have_too_few():
    state = new()
    dice(state, 0, [1, 3])
    state["seats"][0]["favours"] = 1
    assert listed(state, 0, "nudge") == []
    assert listed(state, 0, "mark")
    state["seats"][0]["favours"] = 0
    assert {a.type for a in RULES.legal_actions(state, 0)} == {"end_turn"}
    with pytest.raises(IllegalAction, match="costs 2 favours"):
        act(state, 0, "nudge", value=3, to=4)


# --- buying ------------------------------------------------------------------------------
def test_merchant_cards_cost_five_coins_and_you_may_buy_several():
    state = new()
    state["seats"][0]["coins"] = 11
    state = to_buying(state)
    first, second = state["row"][0], state["row"][1]
    state, _ = act(state, 0, "buy", card=first)
    state, _ = act(state, 0, "buy", card=second)
    assert state["seats"][0]["coins"] == 1
    assert state["seats"][0]["hand"] == [first, second]
    assert RULES.to_act(state) != (0,)  # cannot afford more: buying moves on


def test_players_who_cannot_afford_a_card_are_not_asked_to_buy():
    state = new()
    state["seats"][1]["coins"] = 5
    state = to_buying(state)
    assert state["phase"] == "buy" and RULES.to_act(state) == (1,)


def test_the_merchant_row_refills_as_soon_as_the_last_card_is_taken():
    state = new()
    state["seats"][0]["coins"] = 15
    state = to_buying(state)
    row = list(state["row"])
    for card_id in row:
        state, _ = act(state, 0, "buy", card=card_id)
    assert len(state["row"]) == 3 and not set(state["row"]) & set(row)


def test_buying_comes_after_everyone_has_sold():
    state = new()
    state["seats"][0]["coins"] = 5
    assert listed(state, 0, "buy") == []
    with pytest.raises(IllegalAction, match="after everyone has sold"):
        act(state, 0, "buy", card=state["row"][0])


# --- end of round and game ---------------------------------------------------------------
def test_end_of_round_returns_dice_opens_villages_passes_start_left_and_refills_the_row():
    state = new(3)
    dice(state, 0, [1, 6])
    state, _ = act(state, 0, "sell", owner=2, village=VILLAGE_16)
    state["seats"][1]["coins"] = 5
    state = to_buying(state)
    assert RULES.to_act(state) == (1,)  # seat 0 has 3 coins: not enough to be asked
    state, _ = act(state, 1, "buy", card=state["row"][0])
    assert state["round"] == 2
    assert state["start"] == 1 and RULES.to_act(state) == (1,)
    assert state["seats"][2]["villages"][VILLAGE_16]["dice"] == []
    assert len(state["row"]) == 4
    assert all(len(s["dice"]) == 4 for s in state["seats"])


def test_the_nine_card_round_is_finished_by_everyone_then_the_game_ends():
    state = new(3)
    tuck_onto(state, 0, VILLAGE_25, "left", card_with("left", 3, cards.COIN1))
    tuck_onto(state, 0, VILLAGE_25, "right", card_with("right", 4, cards.COIN1))
    tuck_onto(state, 0, VILLAGE_34, "left", card_with("left", 5, cards.COIN1))
    tuck_onto(state, 0, VILLAGE_34, "right", card_with("right", 6, cards.COIN1))
    tuck_onto(state, 0, VILLAGE_16, "left", card_with("left", 2, cards.COIN1))
    assert table_cards(state["seats"][0]) == 8
    last = in_hand(state, "right", 2, cards.COIN1, [1, 2, 2, 6])
    state, log = expand(state, 0, VILLAGE_16, (last, "right"))
    assert state["final"] == 0 and "last round" in log[-1].text
    assert RULES.outcome(state) is None
    assert RULES.to_act(state) == (1,)  # the others still get their turn
    state, _ = act(state, 1, "end_turn")
    assert RULES.outcome(state) is None
    state, _ = act(state, 2, "end_turn")
    result = RULES.outcome(state)
    assert result is not None and result.winners == (0,)
    assert result.scores[0].total == 9 and "{p0}" in result.reason


def test_more_than_nine_cards_may_be_placed():
    state = new()
    a, b = card_with("left", 2, cards.COIN1), card_with("right", 3, cards.COIN2)
    for index in (1, 2, 1, 2, 1):
        tuck_onto(state, 0, index, "left", next(c for c in state["deck"] if c not in (a, b)))
    give(state, 0, a, b)
    dice(state, 0, [1, 2, 3, 6])
    state, _ = expand(state, 0, VILLAGE_16, (a, "left"), (b, "right"))
    assert table_cards(state["seats"][0]) == 10


@pytest.mark.parametrize(
    "seats, winners",
    [
        ([(9, 0, 0), (8, 20, 20)], (0,)),  # most cards
        ([(9, 3, 0), (9, 4, 0)], (1,)),  # then most coins
        ([(9, 4, 1), (9, 4, 2)], (1,)),  # then most favours
        ([(9, 4, 2), (9, 4, 2)], (0, 1)),  # else the victory is shared
    ],
)
def test_winner_has_most_cards_then_coins_then_favours_else_shared(seats, winners):
    state = new()
    for seat, (count, coins, favours) in enumerate(seats):
        for _ in range(count - 3):
            tuck_onto(state, seat, VILLAGE_34, "left", state["deck"][-1])
        state["seats"][seat]["coins"] = coins
        state["seats"][seat]["favours"] = favours
    state["phase"], state["final"] = "over", 0
    assert RULES.outcome(state).winners == winners


# --- defaults, explanations, prompts -----------------------------------------------------
def test_a_player_who_times_out_ends_the_turn_or_stops_buying():
    state = new()
    assert RULES.default_action(state, 0).type == "end_turn"
    state["seats"][0]["coins"] = 5
    state = to_buying(state)
    assert RULES.default_action(state, 0).type == "done"


def test_a_player_who_times_out_mid_expansion_takes_the_cards_back():
    state = new()
    card = in_hand(state, "left", 3, cards.COIN2, [1, 6, 3])
    state, _ = act(state, 0, "choose", card=card, side="left")
    assert RULES.default_action(state, 0).type == "unchoose"
    state, _ = act(state, 0, "tuck", village=0)
    assert RULES.default_action(state, 0).type == "cancel"


def test_acting_out_of_turn_is_explained():
    state = new()
    with pytest.raises(IllegalAction, match="not your turn"):
        act(state, 1, "end_turn")
    assert "{p0}" in RULES.prompt(state, 1)


def test_every_listed_action_has_a_label():
    state = new()
    give(state, 0, "m01", "m02", "m03")
    dice(state, 0, [1, 6, 4, 2])
    for action in RULES.legal_actions(state, 0):
        assert action.label


# --- invariants --------------------------------------------------------------------------
def test_invariants_catch_a_lost_card_negative_coins_and_too_many_dice():
    state = new()
    assert RULES.invariant_violations(state) == []
    state["deck"].pop()
    state["seats"][0]["coins"] = -1
    state["seats"][1]["dice_count"] = 7
    problems = " ".join(RULES.invariant_violations(state))
    assert "not conserved" in problems and "negative" in problems and "7 dice" in problems


def test_evaluate_counts_a_picked_card_as_on_its_way_to_the_table():
    """Picking a card side to tuck is worth more than leaving it in hand, so a one-step
    computer player expands its villages instead of only selling goods."""
    state = new()
    card = in_hand(state, "left", 3, cards.COIN2, [1, 6, 3])
    before = RULES.evaluate(state, 0)
    picked, _ = act(state, 0, "choose", card=card, side="left")
    assert RULES.evaluate(picked, 0) > before
    tucked, _ = act(picked, 0, "tuck", village=VILLAGE_16)
    assert RULES.evaluate(tucked, 0) >= RULES.evaluate(picked, 0)
