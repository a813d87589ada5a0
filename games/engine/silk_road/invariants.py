"""Consistency checks run after every step of a random playout."""

from __future__ import annotations

from ..contract import State
from . import data
from .offers import obstacle
from .state import capacity, hand_limit, size
from .view import view

PHASES = ("buy", "travel", "bandit", "robbed", "sell", "end", "over")


def violations(state: State) -> list[str]:
    problems = _cards(state)
    players = state["players"]
    for seat in range(players):
        if state["coins"][seat] < 0:
            problems.append(f"seat {seat} has {state['coins'][seat]} coins")
        if not 0 <= state["pos"][seat] < data.SPACES:
            problems.append(f"seat {seat} is off the track at {state['pos'][seat]}")
        caravan = state["caravans"][seat]
        if size(caravan) > capacity(state, seat):
            problems.append(f"seat {seat}'s caravan carries {size(caravan)} goods")
        if any(kind not in data.GOODS for kind in caravan):
            problems.append(f"seat {seat}'s caravan carries non-goods {sorted(caravan)}")
        # The limit binds at the end of one's own turn; a trade may push a hand over it
        # in between.
        hand = state["hands"][seat]
        if (
            seat != state["turn"]
            and not state["grown"][seat]
            and size(hand) > hand_limit(state, seat)
        ):
            problems.append(f"seat {seat} ended its turn holding {size(hand)} cards")
    if state["phase"] not in PHASES:
        problems.append(f"unknown phase {state['phase']!r}")
    if (state["phase"] == "over") != (state["over"] is not None):
        problems.append("the phase and the game's end disagree")
    ids = [deal["id"] for deal in state["deals"]]
    if len(set(ids)) != len(ids):
        problems.append("two open offers share an id")
    for deal in state["deals"]:
        reason = obstacle(state, deal, None)
        if reason or deal["from"] == deal["to"]:
            problems.append(f"offer {deal['id']} is open but impossible: {reason}")
    return problems + view_leaks(state)


def _cards(state: State) -> list[str]:
    """All 75 cards are somewhere: deck, discard pile, hands or caravans (offers hold none)."""
    counts: dict[str, int] = {}
    for kind in state["deck"] + state["discard"]:
        counts[kind] = counts.get(kind, 0) + 1
    for pile in state["hands"] + state["caravans"]:
        for kind, number in pile.items():
            if number <= 0:
                return [f"a pile holds {number} {kind}"]
            counts[kind] = counts.get(kind, 0) + number
    if counts != data.COPIES:
        return [f"cards are not conserved: {counts}"]
    return []


def view_leaks(state: State) -> list[str]:
    """Each view must stay the same when what its viewer cannot know is changed.

    Other seats' hands are swapped for different cards of the same number, the deck for
    other cards and the generator for another value: a view that changes reveals them.
    """
    problems = []
    deck = ["gems" if kind != "gems" else "silk" for kind in reversed(state["deck"])]
    for viewer in [None, *range(state["players"])]:
        other = dict(state, rng=(state["rng"] + 1) & _MASK, deck=deck)  # views only read
        other["hands"] = [
            hand if seat == viewer or not hand else {_filler(hand): size(hand)}
            for seat, hand in enumerate(state["hands"])
        ]
        if view(state, viewer) != view(other, viewer):
            problems.append(f"the view for seat {viewer} reveals hidden cards")
    return problems


_MASK = (1 << 64) - 1


def _filler(hand: dict[str, int]) -> str:
    """A kind that makes a same-sized hand of different cards than ``hand``."""
    return "silk" if set(hand) == {"steppes"} else "steppes"
