"""Arranging a Silk Road table for a test, then playing actions on it.

``arrange`` moves cards between the piles and a seat's hand and caravan, so all 75 cards
stay accounted for and the game's own invariant checks still hold on arranged states.
"""

from __future__ import annotations

from typing import Any

from games.engine import registry
from games.engine.contract import Action, LogEntry, State
from games.engine.silk_road import RULES as SILK_ROAD

_PILES = ("deck", "discard")


def new_game(players: int = 2, seed: int = 0, **options: str) -> State:
    return SILK_ROAD.setup(players, options, seed)


def arrange(
    state: State,
    seat: int,
    hand: dict[str, int] | None = None,
    caravan: dict[str, int] | None = None,
) -> State:
    """Give ``seat`` exactly these cards in hand and/or on its caravan (from the piles)."""
    for key, wanted in (("hands", hand), ("caravans", caravan)):
        if wanted is None:
            continue
        held = state[key][seat]
        for kind, count in held.items():
            state["deck"].extend([kind] * count)
        state[key][seat] = {}
        for kind, count in wanted.items():
            for _ in range(count):
                _take_from_piles(state, kind)
            if count:
                state[key][seat][kind] = count
    return state


def _take_from_piles(state: State, kind: str) -> None:
    for pile in _PILES:
        if kind in state[pile]:
            state[pile].remove(kind)
            return
    # Not in the piles: borrow it from another seat's hand.
    for hand in state["hands"]:
        if hand.get(kind):
            hand[kind] -= 1
            if not hand[kind]:
                del hand[kind]
            return
    raise AssertionError(f"no {kind} left to arrange")


def at_phase(state: State, phase: str, turn: int | None = None) -> State:
    """Put the game in ``phase`` of ``turn``'s turn (nothing bought, no travel yet)."""
    if turn is not None:
        state["turn"] = turn
    state["phase"] = phase
    state["bought"] = None
    state["move_dir"] = 0
    state["move_kind"] = None
    return state


def act(type: str, **params: Any) -> Action:
    return Action.make(type, **params)


def play(state: State, seat: int, type: str, **params: Any) -> tuple[State, list[LogEntry]]:
    """Apply one action through the public ``apply`` (so illegal moves raise)."""
    return SILK_ROAD.apply(state, seat, act(type, **params))


def types(state: State, seat: int) -> set[str]:
    return {action.type for action in SILK_ROAD.legal_actions(state, seat)}


def all_rules():
    return [registry.get(slug) for slug in registry.engine_slugs()]
