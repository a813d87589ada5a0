"""Merchant Lord's refusal reasons: why an action that is not listed now is not allowed.

``explain`` runs only on a refusal and follows ``actions.legal``'s order of situations:
the game over, another seat's turn, the buying phase, a free placement to make, a card
side picked from hand, cards being tucked at a village, the ordinary selling turn. Each
reason names the rule that forbids the move, in the player's terms (the rulebook's
"goods", "stalls", "open village", "favours"). None: nothing sharper than the generic
reason is true (an action type the game does not have).
"""

from __future__ import annotations

from ..contract import Action, State, say, say_count
from . import cards
from .state import SIDES, card_name, fits, is_open, needed, side_stall, village_name

GAME_OVER = say("The game is over.")
NOT_YOUR_TURN = say("It is not your turn.")

_VILLAGES = range(len(cards.VILLAGES))
_NO_VILLAGE = say("There is no such village.")
_NO_SIDE = say("A merchant card has a left side and a right side: pick one of them.")
_NOT_IN_HAND = say("That card is not in your hand.")
_NOT_A_DIE = say("A die shows a number from 1 to 6.")
_PICK_FIRST = say("Pick a card side from your hand first.")
_CLOSED_VILLAGE = say("Goods are already on that village: only an open village can grow.")
_BUY_NOW = say("Now is the time to buy merchant cards, or to finish buying.")
_FREE_FIRST = say(
    "First make your free placement: put a card side from your hand on an open village of "
    "yours, or give the placement up."
)
_NO_FREE_PLACE = say(
    "You have no free placement: a merchant card goes on a village by tucking it there and "
    "filling its stall with goods in the same sale."
)
_NOTHING_PICKED = say("You have not picked a card side, so there is nothing to put back.")
_NOTHING_TUCKED = say("You have not tucked any merchant card this sale, so none to take back.")
_NO_FREE_TO_SKIP = say("You have no free placement to give up.")
_UNMARKED_REROLL = say("Mark the dice you want to reroll first.")
_SELL_FIRST = say(
    "Merchant cards are bought once everyone has sold their goods: end your selling turn first."
)
_ONE_STEP = say("A die can only be changed one point up or down (a 6 can become a 1, and a 1 a 6).")


def explain(state: State, seat: int, action: Action) -> str | None:
    """A reason naming the rule that refuses ``action``; None: the generic one will do."""
    if state["phase"] == "over":
        return GAME_OVER
    if seat != state["turn"]:
        return NOT_YOUR_TURN
    kind = action.type
    if state["phase"] == "buy":
        return _explain_buying(state, seat, action)
    if kind == "buy":
        return say("Merchant cards are bought after everyone has sold their goods.")
    if kind == "done":
        return _SELL_FIRST
    explain_kind = _BY_KIND.get(kind)
    return explain_kind(state, seat, action) if explain_kind else None


def _explain_buying(state: State, seat: int, action: Action) -> str:
    kind = action.type
    if kind in ("sell", "end_turn"):
        return say(
            "Selling is over for this round: now is the time to buy merchant cards, or to "
            "finish buying."
        )
    if kind in ("mark", "unmark", "reroll", "nudge"):
        return say(
            "Favours are spent during your own selling turn: now is the time to buy merchant "
            "cards, or to finish buying."
        )
    if kind in ("choose", "tuck", "place", "unchoose", "cancel", "skip_free"):
        return say(
            "Merchant cards go on your villages when you sell goods there: now is the time "
            "to buy merchant cards, or to finish buying."
        )
    if kind != "buy":
        return _BUY_NOW
    coins = state["seats"][seat]["coins"]
    if coins < cards.CARD_COST:
        return say_count(
            cards.CARD_COST,
            "A merchant card costs {n} coin; you have {coins}.",
            "A merchant card costs {n} coins; you have {coins}.",
            coins=coins,
        )
    return say("That card is not in the merchant row.")


def _unfinished(state: State) -> str | None:
    """What must be finished before anything else this turn, if anything."""
    if state["free_places"]:
        return _FREE_FIRST
    chosen = state["chosen"]
    if chosen:
        return _tuck_chosen_first(chosen["card"])
    work = state["work"]["village"]
    if work is not None:
        return say(
            "Finish expanding your {village} village first: sell there to place the tucked "
            "cards, or take them back.",
            village=village_name(work),
        )
    return None


def _tuck_chosen_first(card_id: str) -> str:
    return say(
        "First tuck {card} on one of your villages, or put it back in your hand.",
        card=card_name(card_id),
    )


def _village(action: Action) -> int | None:
    index = action.get("village")
    return index if index in _VILLAGES and index.__class__ is int else None


def _explain_sell(state: State, seat: int, action: Action) -> str | None:
    owner, index = action.get("owner"), _village(action)
    if owner not in range(state["players"]) or owner.__class__ is not int or index is None:
        return _NO_VILLAGE
    village = state["seats"][owner]["villages"][index]
    if not is_open(village):
        return say("That village is closed: goods are already on its stalls.")
    work = state["work"]["village"]
    if work is not None and (owner, index) != (seat, work):
        return say(
            "Finish the placement at your {village} village first.", village=village_name(work)
        )
    wanted = needed(state, owner, index)
    if not fits(state["seats"][seat]["dice"], wanted):
        return say(
            "To sell there you must fill every stall: it needs {values}.",
            values=", ".join(map(str, wanted)),
        )
    return _unfinished(state)


def _explain_choose(state: State, seat: int, action: Action) -> str | None:
    me = state["seats"][seat]
    card_id, side = action.get("card"), action.get("side")
    if card_id not in me["hand"]:
        return _NOT_IN_HAND
    if side not in SIDES:
        return _NO_SIDE
    chosen = state["chosen"]
    if chosen:
        if state["free_places"]:
            return say(
                "You already picked {card}: place it on a village, or put it back in your "
                "hand first.",
                card=card_name(chosen["card"]),
            )
        return say(
            "You already picked {card}: tuck it on a village, or put it back in your hand first.",
            card=card_name(chosen["card"]),
        )
    if state["free_places"]:
        return None  # every side in hand may be picked for a free placement
    value = side_stall(card_id, side)[0]
    work = state["work"]["village"]
    if work is not None:
        return say(
            "Your goods cannot fill every stall of your {village} village and a new {value} "
            "stall too: only that village can take more cards in this sale.",
            village=village_name(work),
            value=value,
        )
    return say(
        "No open village of yours can take that side now: your goods must fill all of the "
        "village's stalls and the new {value} stall too.",
        value=value,
    )


def _explain_tuck(state: State, seat: int, action: Action) -> str | None:
    if state["free_places"]:
        return say(
            "A free placement puts the card on a village without selling there: place it "
            "rather than tuck it."
        )
    chosen = state["chosen"]
    if not chosen:
        return _PICK_FIRST
    index = _village(action)
    if index is None:
        return _NO_VILLAGE
    if not is_open(state["seats"][seat]["villages"][index]):
        return _CLOSED_VILLAGE
    work = state["work"]["village"]
    if work is not None and index != work:
        return say(
            "You are expanding your {village} village in this sale: tuck the card there, or "
            "take the tucked cards back first.",
            village=village_name(work),
        )
    value = side_stall(chosen["card"], chosen["side"])[0]
    if not fits(state["seats"][seat]["dice"], needed(state, seat, index, (value,))):
        return say(
            "Your dice cannot fill every stall of your {village} village and the new one together.",
            village=village_name(index),
        )
    return None


def _explain_place(state: State, seat: int, action: Action) -> str | None:
    if not state["free_places"]:
        return _NO_FREE_PLACE
    if not state["chosen"]:
        return _PICK_FIRST
    index = _village(action)
    if index is None:
        return _NO_VILLAGE
    if not is_open(state["seats"][seat]["villages"][index]):
        return say(
            "Goods are already on that village: a free placement goes only on an open village."
        )
    return None


def _explain_unchoose(state: State, seat: int, action: Action) -> str | None:
    return _NOTHING_PICKED if not state["chosen"] else None


def _explain_cancel(state: State, seat: int, action: Action) -> str | None:
    if state["work"]["village"] is None:
        return _NOTHING_TUCKED
    if state["chosen"]:
        return _tuck_chosen_first(state["chosen"]["card"])
    return None


def _explain_skip_free(state: State, seat: int, action: Action) -> str | None:
    if not state["free_places"]:
        return _NO_FREE_TO_SKIP
    if state["chosen"]:
        return say(
            "Put {card} back in your hand first, then give up the free placement.",
            card=card_name(state["chosen"]["card"]),
        )
    return None


def _explain_end_turn(state: State, seat: int, action: Action) -> str | None:
    return _unfinished(state)


def _no_favour_to_reroll() -> str:
    return say(
        "Rerolling marked dice costs {favours}, and you have no favour left.",
        favours=cards.favours(cards.REROLL_COST),
    )


def _explain_mark(state: State, seat: int, action: Action) -> str | None:
    unfinished = _unfinished(state)
    if unfinished:
        return unfinished
    me = state["seats"][seat]
    if me["favours"] < cards.REROLL_COST:
        return _no_favour_to_reroll()
    value = action.get("value")
    if value not in range(1, 7) or value.__class__ is not int:
        return _NOT_A_DIE
    dice, marked = me["dice"], state["marked"]
    if value not in dice:
        return say("You have no {value} among your goods to mark.", value=value)
    if dice.count(value) <= marked.count(value):
        return say("Every {value} you have is already marked for the reroll.", value=value)
    return None


def _explain_unmark(state: State, seat: int, action: Action) -> str | None:
    unfinished = _unfinished(state)
    if unfinished:
        return unfinished
    value = action.get("value")
    if value not in range(1, 7) or value.__class__ is not int:
        return _NOT_A_DIE
    if value not in state["marked"]:
        if not state["marked"]:
            return say("No die is marked for a reroll.")
        return say("No {value} is marked for a reroll.", value=value)
    if state["seats"][seat]["favours"] < cards.REROLL_COST:
        return _no_favour_to_reroll()
    return None


def _explain_reroll(state: State, seat: int, action: Action) -> str | None:
    unfinished = _unfinished(state)
    if unfinished:
        return unfinished
    if state["seats"][seat]["favours"] < cards.REROLL_COST:
        return say("A reroll costs {favours}.", favours=cards.favours(cards.REROLL_COST))
    if not state["marked"]:
        return _UNMARKED_REROLL
    return None


def _explain_nudge(state: State, seat: int, action: Action) -> str | None:
    unfinished = _unfinished(state)
    if unfinished:
        return unfinished
    me = state["seats"][seat]
    if me["favours"] < cards.NUDGE_COST:
        return say("Changing a die costs {favours}.", favours=cards.favours(cards.NUDGE_COST))
    value, to = action.get("value"), action.get("to")
    if value not in range(1, 7) or value.__class__ is not int:
        return _NOT_A_DIE
    if value not in me["dice"]:
        return say("You have no {value} among your goods to change.", value=value)
    if to not in (value % 6 + 1, (value - 2) % 6 + 1) or to.__class__ is not int:
        return _ONE_STEP
    return None


_BY_KIND = {
    "sell": _explain_sell,
    "choose": _explain_choose,
    "tuck": _explain_tuck,
    "place": _explain_place,
    "unchoose": _explain_unchoose,
    "cancel": _explain_cancel,
    "skip_free": _explain_skip_free,
    "end_turn": _explain_end_turn,
    "mark": _explain_mark,
    "unmark": _explain_unmark,
    "reroll": _explain_reroll,
    "nudge": _explain_nudge,
}
