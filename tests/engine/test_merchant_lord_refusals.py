"""Merchant Lord: a move that is not allowed now is refused with the rule that forbids it,
in the player's terms, never with the generic "You cannot do that now"."""

from __future__ import annotations

import pytest

from games.engine.contract import Action, IllegalAction, Said
from games.engine.merchant_lord import RULES, cards

VILLAGE_16, VILLAGE_25, VILLAGE_34 = 0, 1, 2
SILK_WEAVER = "m01"  # left side: a 1 (2 coins); right side: a 4 (free merchant card)
PAPYRUS_SCRIBE = "m02"  # left side: a 2 (1 coin); right side: a 5 (free merchant card)
GRAIN_FACTOR = "m04"  # left side: a 4 (free merchant card); right side: a 1 (2 coins)


# --- building situations ---------------------------------------------------------------
def new(players: int = 2, seed: int = 7) -> dict:
    """A fresh game at the start of round 1, seat 0 to sell."""
    return RULES.setup(players, {}, seed)


def dice(state: dict, seat: int, values: list[int]) -> None:
    state["seats"][seat]["dice"] = sorted(values)


def give(state: dict, seat: int, *card_ids: str) -> None:
    """Move cards from the deck or row into a hand (so every card stays accounted for)."""
    for card_id in card_ids:
        pile = state["deck"] if card_id in state["deck"] else state["row"]
        pile.remove(card_id)
        state["seats"][seat]["hand"].append(card_id)


def act(state: dict, seat: int, kind: str, **params) -> tuple[dict, list]:
    return RULES.apply(state, seat, Action.make(kind, **params))


def refusal(state: dict, seat: int, kind: str, **params) -> str:
    """The reason ``apply`` gives; it names a rule and can be translated."""
    action = Action.make(kind, **params)
    assert action not in RULES.legal_actions(state, seat)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, seat, action)
    reason = refused.value.reason
    assert isinstance(reason, Said) and reason
    assert not reason.startswith("You cannot do that now")
    return reason


def picked(state: dict, card: str = SILK_WEAVER, side: str = "left") -> dict:
    """Seat 0 holds ``card`` and has picked that side, rolled 1, 1, 6."""
    give(state, 0, card)
    dice(state, 0, [1, 1, 6])
    state, _ = act(state, 0, "choose", card=card, side=side)
    return state


def expanding_1_6(state: dict) -> dict:
    """Seat 0 has tucked Silk Weaver (left: a 1) at its 1-6 village, not sold there yet;
    Papyrus Scribe is still in hand; rolled 1, 1, 2, 2, 5, 6."""
    give(state, 0, SILK_WEAVER, PAPYRUS_SCRIBE)
    dice(state, 0, [1, 1, 2, 2, 5, 6])
    state, _ = act(state, 0, "choose", card=SILK_WEAVER, side="left")
    state, _ = act(state, 0, "tuck", village=VILLAGE_16)
    return state


def to_buying(state: dict) -> dict:
    """End every sell turn of the round (unsold dice go to the market)."""
    while state["phase"] == "sell":
        state, _ = act(state, state["turn"], "end_turn")
    return state


# --- selling turn: favours ---------------------------------------------------------------
def test_marking_a_die_you_did_not_roll_or_already_marked_is_refused_with_the_reason():
    state = new()
    dice(state, 0, [1, 3])
    reason = refusal(state, 0, "mark", value=5)
    assert reason == "You have no 5 among your goods to mark."
    state, _ = act(state, 0, "mark", value=1)
    reason = refusal(state, 0, "mark", value=1)
    assert reason == "Every 1 you have is already marked for the reroll."


def test_marking_dice_without_a_favour_is_refused_because_a_reroll_costs_one():
    state = new()
    dice(state, 0, [1, 3])
    state["seats"][0]["favours"] = 0
    reason = refusal(state, 0, "mark", value=1)
    assert "costs 1 favour" in reason and "no favour left" in reason


def test_unmarking_a_die_that_is_not_marked_is_refused_with_the_reason():
    state = new()
    dice(state, 0, [1, 3])
    assert refusal(state, 0, "unmark", value=1) == "No die is marked for a reroll."
    state, _ = act(state, 0, "mark", value=1)
    assert refusal(state, 0, "unmark", value=3) == "No 3 is marked for a reroll."


def test_rerolling_with_no_die_marked_is_refused_with_the_reason():
    state = new()
    dice(state, 0, [1, 3])
    assert refusal(state, 0, "reroll") == "Mark the dice you want to reroll first."


def test_changing_a_die_you_lack_or_by_more_than_one_point_is_refused_with_the_reason():
    state = new()
    dice(state, 0, [1, 3])
    reason = refusal(state, 0, "nudge", value=5, to=6)
    assert reason == "You have no 5 among your goods to change."
    reason = refusal(state, 0, "nudge", value=1, to=3)
    assert "one point up or down" in reason and "a 6 can become a 1" in reason


# --- selling turn: merchant cards onto villages -----------------------------------------
def test_picking_a_card_side_no_village_can_take_is_refused_with_the_stall_it_needs():
    state = new()
    give(state, 0, SILK_WEAVER)
    dice(state, 0, [1, 6])  # fills the 1-6 village, but leaves no 1 for a new stall
    reason = refusal(state, 0, "choose", card=SILK_WEAVER, side="left")
    assert "No open village of yours can take that side" in reason
    assert "fill all of the village's stalls and the new 1 stall too" in reason


def test_picking_a_side_that_does_not_fit_the_village_being_expanded_is_refused():
    state = new()
    give(state, 0, GRAIN_FACTOR)
    state = expanding_1_6(state)
    # the Grain Factor's right side asks for a 1: with 1, 1, 2, 5, 6 the 2-5 village could
    # take it, but in this sale only the 1-6 village grows, and its 1, 1, 6 leave no 1 over
    dice(state, 0, [1, 1, 2, 5, 6])
    reason = refusal(state, 0, "choose", card=GRAIN_FACTOR, side="right")
    assert "every stall of your 1-6 village and a new 1 stall" in reason
    assert "only that village can take more cards in this sale" in reason


def test_picking_a_second_card_before_tucking_the_first_is_refused_with_the_reason():
    state = new()
    give(state, 0, PAPYRUS_SCRIBE)
    state = picked(state)
    reason = refusal(state, 0, "choose", card=PAPYRUS_SCRIBE, side="left")
    assert reason == (
        "You already picked Silk Weaver: tuck it on a village, or put it back in your hand first."
    )


def test_tucking_before_picking_a_card_side_is_refused_with_the_reason():
    state = new()
    give(state, 0, SILK_WEAVER)
    dice(state, 0, [1, 1, 6])
    assert refusal(state, 0, "tuck", village=VILLAGE_16) == "Pick a card side from your hand first."


def test_tucking_on_another_village_while_expanding_one_is_refused_with_the_village_named():
    state = expanding_1_6(new())
    state, _ = act(state, 0, "choose", card=PAPYRUS_SCRIBE, side="left")  # a 2
    reason = refusal(state, 0, "tuck", village=VILLAGE_25)
    assert "You are expanding your 1-6 village in this sale" in reason
    assert "tuck the card there" in reason


def test_placing_a_card_free_without_a_free_placement_is_refused_with_the_reason():
    state = picked(new())
    reason = refusal(state, 0, "place", village=VILLAGE_16)
    assert "You have no free placement" in reason
    assert "tucking it there and filling its stall with goods" in reason


def test_putting_back_a_card_you_did_not_pick_is_refused_with_the_reason():
    state = new()
    reason = refusal(state, 0, "unchoose")
    assert reason == "You have not picked a card side, so there is nothing to put back."


def test_taking_back_tucked_cards_when_none_are_tucked_is_refused_with_the_reason():
    state = new()
    reason = refusal(state, 0, "cancel")
    assert reason == "You have not tucked any merchant card this sale, so none to take back."


def test_giving_up_a_free_placement_you_do_not_have_is_refused_with_the_reason():
    state = new()
    assert refusal(state, 0, "skip_free") == "You have no free placement to give up."


# --- selling turn: a placement half made ---------------------------------------------------
def test_ending_the_turn_halfway_through_an_expansion_is_refused_with_the_village_named():
    state = expanding_1_6(new())
    reason = refusal(state, 0, "end_turn")
    assert reason == (
        "Finish expanding your 1-6 village first: sell there to place the tucked cards, "
        "or take them back."
    )
    assert "Finish expanding your 1-6 village" in refusal(state, 0, "mark", value=2)


def test_selling_with_a_card_picked_but_not_tucked_is_refused_with_the_card_named():
    state = picked(new())
    reason = refusal(state, 0, "sell", owner=1, village=VILLAGE_16)
    assert reason == "First tuck Silk Weaver on one of your villages, or put it back in your hand."


def test_a_free_placement_comes_before_anything_else_and_is_placed_not_tucked():
    state = new()
    give(state, 0, SILK_WEAVER)
    dice(state, 0, [1, 1, 6])
    state["free_places"] = 1
    reason = refusal(state, 0, "mark", value=1)
    assert reason.startswith("First make your free placement")
    state, _ = act(state, 0, "choose", card=SILK_WEAVER, side="left")
    reason = refusal(state, 0, "tuck", village=VILLAGE_16)
    assert "without selling there: place it rather than tuck it" in reason
    reason = refusal(state, 0, "skip_free")
    assert reason == "Put Silk Weaver back in your hand first, then give up the free placement."


# --- the buying phase ------------------------------------------------------------------------
def test_finishing_buying_while_goods_are_still_sold_is_refused_with_the_reason():
    state = new()
    reason = refusal(state, 0, "done")
    assert "bought once everyone has sold their goods" in reason
    assert "end your selling turn first" in reason


def test_selling_spending_favours_or_tucking_while_buying_is_refused_with_the_reason():
    state = new()
    state["seats"][0]["coins"] = cards.CARD_COST
    give(state, 0, SILK_WEAVER)
    state = to_buying(state)
    assert state["phase"] == "buy" and RULES.to_act(state) == (0,)
    dice(state, 0, [1, 6])
    reason = refusal(state, 0, "sell", owner=1, village=VILLAGE_16)
    assert reason.startswith("Selling is over for this round")
    reason = refusal(state, 0, "nudge", value=1, to=2)
    assert reason.startswith("Favours are spent during your own selling turn")
    reason = refusal(state, 0, "choose", card=SILK_WEAVER, side="left")
    assert reason.startswith("Merchant cards go on your villages when you sell goods there")
    assert reason.endswith("now is the time to buy merchant cards, or to finish buying.")
