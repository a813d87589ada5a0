"""The shape of a Silk Road state, its setup and small accessors.

Hands and caravans are ``{kind: count}`` dicts holding only positive counts: cards of one
kind are interchangeable, and counts keep the state small and checks cheap. The deck is a
list whose last item is the top card (``decks.draw`` pops it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rng
from ..contract import State
from . import data


def new_state(players: int, options: Mapping[str, str], seed: int) -> State:
    """A shuffled deck, 5 cards and 10 coins each, pawns in China; nobody has drawn yet."""
    state: State = {
        "players": players,
        "rng": rng.seed_state(seed),
        "personalities": options.get("personalities", "off") == "on",
        "deck": [kind for kind in data.KINDS for _ in range(data.COPIES[kind])],
        "discard": [],
        "hands": [{} for _ in range(players)],
        "caravans": [{} for _ in range(players)],
        "pos": [data.START_SPACE] * players,
        "coins": [data.START_COINS] * players,
        "personality": [None] * players,
        "first": 0,
        "turn": 0,
        "round": 1,
        "phase": "buy",
        "bought": None,  # the one kind of goods bought this turn
        "move_dir": 0,  # -1 toward Arabia, +1 toward China once a road card is played
        "move_kind": None,  # the road kind played this turn
        "deals": [],  # open trade offers (games.engine.deals)
        "next_deal": 1,
        # Seats whose hand grew through a trade since their last End phase: the hand limit
        # binds only at the end of one's own turn, so those may hold more for now.
        "grown": [False] * players,
        "over": None,  # {"reason": str, "winners": [seats]} once the game has ended
    }
    rng.shuffle(state, state["deck"])
    for hand in state["hands"]:
        for _ in range(data.START_HAND):
            add(hand, state["deck"].pop())
    if state["personalities"]:
        deal_personalities(state)
    state["first"] = state["turn"] = first_player(state)
    return state


def deal_personalities(state: State) -> None:
    """Each player draws one of the five cards; a sixth player draws from a fresh set."""
    pile: list[str] = []
    for seat in range(state["players"]):
        if not pile:
            pile = list(data.PERSONALITIES)
            rng.shuffle(state, pile)
        state["personality"][seat] = pile.pop()


def first_player(state: State) -> int:
    """Most Trade cards, then most Guard cards, then a coin flip among those still tied."""
    keys = [(hand.get("trade", 0), hand.get("guard", 0)) for hand in state["hands"]]
    best = max(keys)
    tied = [seat for seat, key in enumerate(keys) if key == best]
    return tied[rng.randbelow(state, len(tied))] if len(tied) > 1 else tied[0]


def add(counts: dict[str, int], kind: str, number: int = 1) -> None:
    counts[kind] = counts.get(kind, 0) + number


def take(counts: dict[str, int], kind: str, number: int = 1) -> None:
    left = counts[kind] - number
    if left < 0:
        raise ValueError(f"not enough {kind}")
    if left:
        counts[kind] = left
    else:
        del counts[kind]


def holds(counts: Mapping[str, int], kinds: list[str] | tuple[str, ...]) -> bool:
    """Whether ``counts`` contains every card of ``kinds`` (repeats count)."""
    need: dict[str, int] = {}
    for kind in kinds:
        need[kind] = need.get(kind, 0) + 1
    return all(counts.get(kind, 0) >= number for kind, number in need.items())


def size(counts: Mapping[str, int]) -> int:
    return sum(counts.values())


def as_list(counts: Mapping[str, int]) -> list[str]:
    """The cards of ``counts`` in card-list order, repeats spelled out."""
    spelled: list[str] = []
    for kind in sorted(counts, key=data.ORDER.__getitem__):
        spelled += [kind] * counts[kind]
    return spelled


def hand_limit(state: State, seat: int) -> int:
    extra = data.TRADER_EXTRA_HAND if state["personality"][seat] == "trader" else 0
    return data.HAND_LIMIT + extra


def capacity(state: State, seat: int) -> int:
    extra = data.MASTER_EXTRA_CAPACITY if state["personality"][seat] == "caravan_master" else 0
    return data.CAPACITY + extra


def left_of(state: State, seat: int) -> int:
    """The player to one's left: play runs clockwise, so that is the next seat."""
    return (seat + 1) % state["players"]


def acting_seat(state: State) -> int | None:
    """Who the game waits for: the player on turn, their left neighbour while Bandits
    may strike, nobody once the game is over."""
    phase = state["phase"]
    if phase == "over":
        return None
    return left_of(state, state["turn"]) if phase == "bandit" else state["turn"]


def seat_tag(seat: int) -> str:
    """The name placeholder of ``seat`` in log text: ``{p2}``."""
    return f"{{p{seat}}}"


def private(seat: int, text: str) -> dict[str, Any]:
    """Keyword arguments for ``contract.log`` giving ``seat`` a fuller text."""
    return {f"p{seat}": text}
