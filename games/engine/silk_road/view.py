"""What each viewer may see, and the prompt telling them what the game expects."""

from __future__ import annotations

from typing import Any

from ..contract import State, say, say_count, term
from ..deals import visible
from . import data
from .offers import KINDS
from .scoring import reason
from .state import acting_seat, as_list, capacity, hand_limit, seat_tag

PHASE_NAMES = {
    "buy": term("Buy"),
    "travel": term("Travel"),
    "bandit": term("Bandit"),
    "robbed": term("Bandit"),
    "sell": term("Sell"),
    "end": term("End"),
    "over": term("Game over"),
}


# One dict per kind, shared by every view that shows such a card: views are read-only.
CARD = {
    kind: {"kind": kind, "name": data.NAMES[kind], "group": data.GROUP[kind]} for kind in data.KINDS
}


PERSONALITY = {
    key: {"key": key, "name": data.PERSONALITY_NAMES[key], "effect": data.PERSONALITY_EFFECTS[key]}
    for key in data.PERSONALITIES
}


def cards(counts: dict[str, int]) -> list[dict[str, str]]:
    return [CARD[kind] for kind in as_list(counts)]


def waiting_for(state: State) -> list[int]:
    seat = acting_seat(state)
    return [] if seat is None else [seat]


def view(state: State, viewer: int | None) -> dict[str, Any]:
    """Public state for everyone, plus the viewer's own hand and the offers they are party to.

    Other seats' hands and the deck show only as counts; the generator never. The discard
    pile is public (every card goes there face up): its size and top card are shown.
    """
    players = state["players"]
    positions = state["pos"]
    hands = state["hands"]
    turn = state["turn"]
    track = [
        {"space": space, "name": name, "destination": space in data.BUYS_AT, "pawns": []}
        for space, name in enumerate(data.SPACE_NAMES)
    ]
    seats = []
    for seat, caravan in enumerate(state["caravans"]):
        track[positions[seat]]["pawns"].append(seat)
        seats.append(
            {
                "seat": seat,
                "coins": state["coins"][seat],
                "position": positions[seat],
                "place": data.SPACE_NAMES[positions[seat]],
                "hand_size": sum(hands[seat].values()),
                "hand_limit": hand_limit(state, seat),
                "caravan": cards(caravan),
                "caravan_size": sum(caravan.values()),
                "capacity": capacity(state, seat),
                "personality": PERSONALITY.get(state["personality"][seat]),
                "on_turn": seat == turn,
            }
        )
    discard = state["discard"]
    phase = state["phase"]
    direction = state["move_dir"]
    return {
        "viewer": viewer,
        "players": players,
        "turn": turn,
        "first": state["first"],
        "round": state["round"],
        "max_rounds": data.MAX_ROUNDS,
        "target": data.TARGET,
        "phase": phase,
        "phase_name": PHASE_NAMES[phase],
        "waiting_for": waiting_for(state),
        "personalities": state["personalities"],
        "track": track,
        "seats": seats,
        "hand": cards(hands[viewer]) if viewer is not None else None,
        "deck_size": len(state["deck"]),
        "discard_size": len(discard),
        "discard_top": CARD[discard[-1]] if discard else None,
        "bought": CARD[state["bought"]] if state["bought"] else None,
        "travel": {
            "toward": data.TOWARD_NAMES["arabia" if direction < 0 else "china"],
            "card": CARD[state["move_kind"]],
        }
        if direction
        else None,
        "deals": visible(KINDS, state, viewer),
        # the state's own record, with its reason said again (translatable)
        "over": None if state["over"] is None else dict(state["over"], reason=reason(state)),
    }


def prompt(state: State, seat: int | None) -> str:
    """What the game expects of ``seat`` right now, in words (names as ``{pN}``)."""
    if state["over"] is not None:
        return reason(state)
    turn = state["turn"]
    phase = state["phase"]
    if seat is not None and seat in waiting_for(state):
        if phase == "end":
            return say_count(
                hand_limit(state, seat),
                "Discard down to {n} card, one at a time.",
                "Discard down to {n} cards, one at a time.",
            )
        if phase == "bandit":
            return say("{player}'s caravan is passing: play Bandits on it?", player=seat_tag(turn))
        return _PROMPTS[phase]
    player, doing = seat_tag(waiting_for(state)[0]), _WAITING[phase]
    if seat is not None and any(deal["to"] == seat for deal in state["deals"]):
        return say(
            "Waiting for {player}: {doing} You have a trade offer to answer.",
            player=player,
            doing=doing,
        )
    return say("Waiting for {player}: {doing}", player=player, doing=doing)


_PROMPTS = {
    "buy": say("Buy goods for your caravan (one type per turn), or move on."),
    "travel": say("Travel: play road cards of one type, 1 space each, or stay."),
    "robbed": say("Bandits! Drive them off with Guards, or choose a good to lose."),
    "sell": say("Sell your goods here?"),
}
_WAITING = {
    "buy": say("buying goods."),
    "travel": say("travelling."),
    "bandit": say("deciding on Bandits."),
    "robbed": say("dealing with Bandits."),
    "sell": say("selling goods."),
    "end": say("discarding down to the hand limit."),
}
