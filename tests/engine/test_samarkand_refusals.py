"""A refused Samarkand action says which rule forbids it, in the player's terms, never just
"You cannot do that now": one test per kind of action a player may send at the wrong time."""

from __future__ import annotations

import pytest

from games.engine.contract import Action, IllegalAction, Said
from games.engine.samarkand import RULES, board
from games.engine.samarkand import scenario as sc


def refusal(state, seat, kind, **params) -> str:
    """The reason ``apply`` gives ``seat`` for ``kind``: a translatable message that names
    the rule, not the generic fallback."""
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, seat, Action.make(kind, **params))
    reason = refused.value.reason
    assert isinstance(reason, Said) and reason.msgid
    assert not reason.startswith("You cannot do that now")
    return reason


def expanding(family="levant", seat=0):
    """``seat`` (a member of ``family``) has chosen to expand its route: camels come next."""
    state = sc.game(3)
    sc.member(state, seat, family)
    sc.turn(state, seat)
    state, _ = sc.play(state, seat, "expand")
    state, _ = sc.play(state, seat, "expand_family", family=family)
    return state


def test_passing_while_a_marriage_is_possible_is_refused_because_every_turn_must_act():
    reason = refusal(sc.game(3), 0, "pass")
    assert "You cannot pass" in reason
    assert "marry into a family or expand a trading route" in reason


def test_marrying_without_money_for_any_open_portion_is_refused_with_the_cheapest_portion():
    state = sc.money(sc.game(3), 0, 1)
    cheapest = min(family["portion"] for family in board.FAMILIES.values())
    reason = refusal(state, 0, "marry")
    assert reason == (
        f"You cannot marry: the cheapest marriage portion open to you is {cheapest} Dirham "
        "and you have 1."
    )
    assert reason.args == {"portion": cheapest, "money": 1}


def test_marrying_when_every_family_left_is_already_mine_is_refused_with_the_one_tile_rule():
    state = sc.game(3)
    for key in board.FAMILY_ORDER:
        if key != "mongol":
            state["families"][key]["tiles"] = 0
    sc.member(state, 0, "mongol")
    reason = refusal(state, 0, "marry")
    assert "already hold a tile of every family" in reason and "only 1 tile" in reason


def test_expanding_before_marrying_is_refused_because_only_members_expand_a_route():
    reason = refusal(sc.game(3), 0, "expand")
    assert "You cannot expand" in reason and "have not married into a family yet" in reason


def test_expanding_a_family_without_camels_is_refused_because_its_domain_is_empty():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    state["families"]["levant"]["camels"] = 0
    assert "no camels left" in refusal(state, 0, "expand")


def test_choosing_a_family_to_marry_is_refused_with_the_rule_that_blocks_it():
    state = sc.game(3)
    sc.member(state, 0, "mongol")
    # before choosing to marry: the family's own obstacle, else the order of the steps
    reason = refusal(state, 0, "marry_family", family="mongol")
    assert "already married into the Mongol family" in reason and "only 1 tile" in reason
    assert "First choose to marry" in refusal(state, 0, "marry_family", family="persian")
    # while expanding: a turn is one action
    state, _ = sc.play(state, 0, "expand")
    reason = refusal(state, 0, "marry_family", family="persian")
    assert "A turn is one action" in reason and "go back first to marry" in reason


def test_expanding_another_family_mid_expansion_is_refused_because_both_camels_match():
    state = expanding("levant")
    sc.member(state, 0, "persian")
    reason = refusal(state, 0, "expand_family", family="persian")
    assert "expanding the Levant trading route" in reason
    assert "both camels of a turn belong to the same family" in reason


def test_expanding_a_family_i_did_not_marry_names_the_missing_tile():
    state = sc.game(3)
    sc.member(state, 0, "levant")
    state, _ = sc.play(state, 0, "expand")
    reason = refusal(state, 0, "expand_family", family="byzant")
    assert "families you married into" in reason and "no Byzant family tile" in reason


def test_a_camel_placed_away_from_its_route_names_the_space_and_the_route():
    state = expanding("levant")
    reason = refusal(state, 0, "place", space="silk")
    silk = board.space_label("silk")
    assert reason.startswith(f"{silk} is not next to the Levant trading route")
    assert "next to a camel of the same colour" in reason


def test_a_camel_sent_before_choosing_to_expand_is_refused_with_the_reason():
    reason = refusal(sc.game(3), 0, "place", space="sinai")
    assert "Camels are placed by expanding" in reason


def test_ending_an_expansion_before_placing_a_camel_is_refused_with_the_reason():
    reason = refusal(expanding("levant"), 0, "stop")
    assert "Expanding places at least 1 camel" in reason and "Levant" in reason


def test_going_back_after_placing_a_camel_is_refused_because_the_camel_stays():
    state = expanding("levant")
    state, _ = sc.play(state, 0, "place", space="sinai")
    assert state["step"] == "place"  # a second camel may follow
    reason = refusal(state, 0, "back")
    assert "The Levant camel you placed stays on the map" in reason
    assert "nothing to go back from" in refusal(sc.game(3), 0, "back")


def test_discarding_outside_a_marriage_or_a_card_not_held_is_refused_with_the_reason():
    state = sc.game(3)
    sc.hand(state, 0, [1, 2])
    reason = refusal(state, 0, "discard", card=1)
    assert "discarded only right after marrying" in reason
    state, _ = sc.marry(state, 0, "persian")
    assert state["step"] == "discard"
    held = state["seats"][0]["hand"]
    missing = next(card for card in board.CARDS if card not in held)
    reason = refusal(state, 0, "discard", card=missing)
    assert reason == f"{board.goods_label(missing)} is not in your hand."


def test_keeping_cards_without_having_married_is_refused_with_the_reason():
    reason = refusal(sc.game(3), 0, "keep_cards")
    assert "kept or discarded only right after marrying" in reason


def test_a_sell_choice_is_refused_with_why_it_cannot_change_now():
    state = sc.game(3)
    flax = sc.card_of("Flax")
    sc.hand(state, 1, [flax, 2])
    sc.hand(state, 0, [4, 5])
    # cycling from the wrong choice: the card's choice now and the next one
    reason = refusal(state, 1, "sell_choice", card=flax, mode="sell")
    assert "is set to sell unless one of your families' camels arrives" in reason
    assert "the next choice is keep" in reason
    # a card held by somebody else
    assert refusal(state, 1, "sell_choice", card=4, mode="keep") == (
        f"{board.goods_label(4)} is not in your hand."
    )
    # in the middle of one's own turn
    sc.turn(state, 1)
    state, _ = sc.play(state, 1, "marry")
    assert "not in the middle of your own" in refusal(state, 1, "sell_choice", card=2, mode="keep")
    # once a camel has reached the card's space the sale chance is gone
    sc.camel(state, "arabic", "flax")
    reason = refusal(state, 1, "sell_choice", card=flax, mode="keep")
    assert "The chance to sell" in reason and "first camel reaches" in reason
