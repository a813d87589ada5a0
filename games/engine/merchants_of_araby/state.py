"""The state of a Merchants of Araby game and the small helpers every module reads it with.

Layout (plain JSON)::

    players, rng, stacks_option, turn (active seat), turn_no (deals expire when it moves on),
    phase: "play" | "draft" | "window" | "over"
    coins[seat] (hidden in tents), bank, hands[seat] [card ids], entourage[seat] [card ids],
    tasked[seat] [card ids], products[seat] {product: n} (gone at the end of each turn),
    camels[seat] (in supply), caravans[seat] None | {"card", "spaces": [seat or -1] * 9},
    stacks [[caravan ids]], spent [caravan ids], box [unused caravans and personas],
    deck, discard, draft [card ids], picked (draft picks this turn end),
    permits[grantee][owner] camels grantee may place on owner's caravan this turn,
    pending [{"seat", "kind": "give"|"draft"|"product", ...}] choices owed now,
    queue [owners whose caravan resolves next], resolving None | {...}, after "start"|"final",
    over (True when the coins were revealed), deals, next_deal
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import decks, rng
from ..contract import State
from . import data
from .copying import copy_state  # noqa: F401  (the rules copy states with it)

EMPTY = -1


def new_state(players: int, options: Mapping[str, str], seed: int) -> State:
    stacks = int(options.get("stacks", str(data.STACKS)))
    state: State = {
        "players": players,
        "rng": rng.seed_state(seed),
        "stacks_option": stacks,
        "turn": 0,
        "turn_no": 0,
        "phase": "play",
        "coins": [data.START_COINS] * players,
        "bank": data.COIN_TOTAL - data.START_COINS * players,
        "hands": [[] for _ in range(players)],
        "entourage": [[] for _ in range(players)],
        "tasked": [[] for _ in range(players)],
        "products": [{} for _ in range(players)],
        "camels": [data.CAMELS] * players,
        "caravans": [None] * players,
        "stacks": [],
        "spent": [],
        "box": [],
        "deck": [],
        "discard": [],
        "draft": [],
        "picked": 0,
        "permits": [[0] * players for _ in range(players)],
        "pending": [],
        "queue": [],
        "resolving": None,
        "after": "start",
        "over": False,
        "deals": [],
        "next_deal": 1,
    }
    personas = list(data.PERSONA_IDS)
    rng.shuffle(state, personas)
    each = 2 if players == 2 else 1
    for seat in range(players):
        state["entourage"][seat] = sorted(personas[seat * each : (seat + 1) * each])
    caravans = list(data.CARAVAN_IDS)
    rng.shuffle(state, caravans)
    for _ in range(stacks):
        state["stacks"].append([caravans.pop() for _ in range(players)])
    state["box"] = sorted(caravans + personas[players * each :])
    deck = list(data.DECK_IDS)
    rng.shuffle(state, deck)
    state["deck"] = deck
    for seat in range(players):
        state["hands"][seat] = draw(state, data.HAND_SIZE)
    state["draft"] = draw(state, data.DRAFT_SIZE)
    return state


def refill_draft(state: State) -> None:
    """The draft line back to its size, from the deck (as far as it goes)."""
    state["draft"] += draw(state, data.DRAFT_SIZE - len(state["draft"]))


def draw(state: State, count: int) -> list[str]:
    """Cards off the top of the deck (its end), the discard pile reshuffled when it runs out."""
    return decks.draw(state, count)


def who(seat: int) -> str:
    """How a text names the player in ``seat``: ``{p0}``, filled in by whoever shows it."""
    return f"{{p{seat}}}"


def others(state: State, seat: int) -> list[int]:
    """The other seats, clockwise from ``seat``."""
    players = state["players"]
    return [(seat + step) % players for step in range(1, players)]


def untasked(state: State, seat: int) -> list[str]:
    tasked = state["tasked"][seat]
    return [c for c in state["entourage"][seat] if c not in tasked]


def producers(
    state: State, seat: int, exclude: tuple[str, ...] = (), idle: bool = False
) -> tuple[dict, list]:
    """Untasked entourage cards of ``seat`` that make a product: {product: [ids]} for the
    fixed ones and [ids] for those making any product (``idle``: tasked ones too)."""
    fixed: dict[str, list[str]] = {}
    anything: list[str] = []
    for card_id in state["entourage"][seat] if idle else untasked(state, seat):
        if card_id in exclude:
            continue
        verb, arg = data.CARDS[card_id]["effect"]
        if verb == "produce":
            fixed.setdefault(arg, []).append(card_id)
        elif verb == "any":
            anything.append(card_id)
    return fixed, anything


def can_supply(
    state: State,
    seat: int,
    wanted: list[str],
    exclude: tuple[str, ...] = (),
    idle: bool = False,
) -> bool:
    """Whether ``seat`` can hand over ``wanted`` products now: from its pool, then by
    tasking its untasked producers (those in ``exclude`` are promised elsewhere).
    ``idle``: whether it could once its producers are refreshed (pool aside)."""
    if not wanted:
        return True
    pool = {} if idle else state["products"][seat]
    fixed, anything = producers(state, seat, exclude, idle)
    short = 0
    for product in set(wanted):
        need = wanted.count(product) - pool.get(product, 0)
        if need > 0:
            short += max(0, need - len(fixed.get(product, ())))
    return short <= len(anything)


def supply(state: State, seat: int, wanted: list[str], exclude: tuple[str, ...] = ()) -> list[str]:
    """Take ``wanted`` products out of ``seat``'s pool, tasking producers for the rest;
    returns the cards tasked (``can_supply`` was checked)."""
    pool = state["products"][seat]
    tasked = []
    for product in wanted:
        if pool.get(product, 0):
            take_product(state, seat, product)
            continue
        fixed, anything = producers(state, seat, exclude)
        chosen = (fixed.get(product) or anything)[0]
        state["tasked"][seat].append(chosen)
        tasked.append(chosen)
    return tasked


def add_product(state: State, seat: int, product: str, count: int = 1) -> None:
    pool = state["products"][seat]
    pool[product] = pool.get(product, 0) + count


def take_product(state: State, seat: int, product: str) -> None:
    """One ``product`` out of ``seat``'s pool (it holds one); none left drops its key."""
    pool = state["products"][seat]
    pool[product] -= 1
    if not pool[product]:
        del pool[product]


def gain(state: State, seat: int, coins: int) -> int:
    """Coins from the bank (as many as it holds); returns how many came."""
    paid = min(coins, state["bank"])
    state["bank"] -= paid
    state["coins"][seat] += paid
    return paid
