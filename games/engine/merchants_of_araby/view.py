"""What a seat (or a spectator) sees: everything on the table, its own tent and hand.

Other players' coins stay hidden (``None``) until the final reveal; other hands are counts.
The back of the deck's top card (its Bandit space and row payouts) is public, as at the
table; the face of no unseen card is shown.
"""

from __future__ import annotations

from typing import Any

from .. import deals
from ..contract import State, say, say_count
from . import data
from .offers import KINDS
from .state import who


def _card(card_id: str) -> dict[str, Any]:
    card = data.CARDS[card_id]
    return {
        "id": card_id,
        "name": card["name"],
        "kind": card["kind"],
        "cost": list(card["cost"]),
        "icons": list(card["icons"]),
        "effect": data.effect_text(card_id),
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    players = state["players"]
    revealed = state["phase"] == "over"
    seats = []
    for other in range(players):
        mine = other == seat
        seats.append(
            {
                "coins": state["coins"][other] if mine or revealed else None,
                "hand": [_card(c) for c in state["hands"][other]] if mine else None,
                "hand_count": len(state["hands"][other]),
                "entourage": [
                    dict(_card(c), tasked=c in state["tasked"][other])
                    for c in state["entourage"][other]
                ],
                "products": dict(state["products"][other]),
                "camels": state["camels"][other],
                "permits": {str(o): n for o, n in enumerate(state["permits"][other]) if n},
            }
        )
    caravans = []
    for caravan in state["caravans"]:
        if caravan is None:
            caravans.append(None)
            continue
        grid = data.GRIDS[caravan["card"]]
        caravans.append(
            {
                "card": caravan["card"],
                "spaces": [{"product": grid[i], "camel": caravan["spaces"][i]} for i in range(9)],
            }
        )
    top = data.CARDS[state["deck"][-1]]["resolution"] if state["deck"] else None
    resolving = state["resolving"]
    pending = [
        {
            "seat": owed["seat"],
            "kind": owed["kind"],
            **(
                {"cards": list(owed["cards"])}
                if owed["kind"] == "give" and owed["seat"] == seat
                else {}
            ),
        }
        for owed in state["pending"]
    ]
    return {
        "players": players,
        "seat": seat,
        "turn": state["turn"],
        "phase": state["phase"],
        "round_stacks_left": [len(stack) for stack in state["stacks"]],
        "caravans_left": sum(len(stack) for stack in state["stacks"]),
        "seats": seats,
        "caravans": caravans,
        "draft": [_card(c) for c in state["draft"]],
        "deck_count": len(state["deck"]),
        "deck_top_back": list(top) if top else None,
        "discard": [_card(c) for c in state["discard"]],
        "bank": state["bank"] if revealed else None,
        "picked": state["picked"],
        "closing": bool(state.get("closing")),  # the end of the turn is announced
        "pending": pending,
        "resolving": None
        if resolving is None
        else {
            "owner": resolving["owner"],
            "resolution": list(data.CARDS[resolving["card"]]["resolution"]),
            "ward": resolving["ward"],
            "asked": list(resolving["asked"]),
        },
        "deals": deals.visible(KINDS, state, seat),
    }


def waiting_for(state: State) -> list[int]:
    if state["phase"] == "over":
        return []
    if state["pending"]:
        return [state["pending"][0]["seat"]]
    if state["phase"] == "window":
        return [state["resolving"]["asked"][0]]
    return [state["turn"]]


_OWED_PROMPTS = {
    "give": say("Give one of the cards you drew to an opponent."),
    "draft": say("Take a card from the draft line."),
    "product": say("Choose the product to produce."),
}


def prompt(state: State, seat: int | None) -> str:
    if state["phase"] == "over":
        return say("The game is over: the coins are revealed.")
    waiting = waiting_for(state)[0]
    closing = state.get("closing") and state["phase"] == "play" and not state["pending"]
    if seat != waiting:
        if closing:
            return say(
                "{player} announced the end of the turn: open offers may still be "
                "accepted for a short while.",
                player=who(waiting),
            )
        return say("Waiting for {player}.", player=who(waiting))
    if closing:
        return say("You announced the end of your turn: offers may still be accepted; end it now.")
    if state["pending"]:
        return _OWED_PROMPTS[state["pending"][0]["kind"]]
    if state["phase"] == "window":
        return say("A caravan resolves: play a Bandits or Payouts card, or let it resolve.")
    if state["phase"] == "draft":
        return say_count(
            data.DRAFT_PICKS - state["picked"],
            "Take {n} more card from the draft line.",
            "Take {n} more cards from the draft line.",
        )
    return say("Play cards, task your entourage, add camels, negotiate, or end your turn.")
