"""How the computer players weigh a Merchants of Araby position and trade.

The generic bots (``games.engine.bots``) play every game through the contract; this module
gives them what is particular to this one:

* ``evaluate``: what a position is worth to a seat, in coins: the tent, each camel's
  expected payout (its row's mean payout, the chance that its row or column is complete
  when the caravan resolves, the chance the Bandits miss it), products it can still put
  on a caravan this turn, what its entourage will produce in the rounds left, its hand.
* ``bot_proposal``: an offer or a standing order a bot makes on its own turn: buying a
  product it needs for its caravan, paying for permission to invest a camel it can place
  in someone else's caravan, and standing orders selling what its producers make while it
  waits. It proposes only deals that improve its own standing and, as far as it can see,
  the partner's (the partner's bot accepts by the same measure), so offers are rarely
  declined; and it never makes more than ``OFFERS_PER_TURN`` offers a turn on average
  over the game, so two stateless bots cannot offer and decline for ever.

The bots read only what their seat may see: the state they are given is a
determinization (``checks.determinize``).
"""

from __future__ import annotations

from functools import cache

from ..contract import Action, State
from ..deals import proposal
from ..rng import LocalRng, randbelow
from . import data
from .moves import busy, may_place
from .offers import execute, terms
from .state import EMPTY, copy_state, producers

# Mean payout of a camel in each row, and the chance the Bandits strike each space.
_ROW_PAY = tuple(
    sum(back[row + 1] for back in data.RESOLUTION) / len(data.RESOLUTION) for row in range(3)
)
_BANDIT = tuple(
    sum(1 for back in data.RESOLUTION if back[0] == space + 1) / len(data.RESOLUTION)
    for space in range(9)
)
_LINES_OF = tuple(tuple(line for line in data.LINES if space in line) for space in range(9))
FILL = 0.45  # the chance that one more empty space of a line is filled before resolution
PRODUCT_SHARE = 0.7  # a product that can go on a caravan: this share of the camel's worth
POTENTIAL_SHARE = 0.5  # a product an untasked producer could still make this turn
HAND_CARD = 0.4
SPARE_PRODUCT = 0.1
ENTOURAGE_PER_ROUND = {"produce": 0.6, "any": 0.7, "coins": 1.0, "draw": 0.4, "draft": 0.4}
OFFERS_PER_TURN = 2
MARGIN = 0.2  # the least gain in standing, for either party, that makes a deal worth it


def rounds_left(state: State) -> float:
    return sum(len(stack) for stack in state["stacks"]) / state["players"]


def camel_worth(spaces: list[int], space: int) -> float:
    """The expected coins a camel on ``space`` (0-8) earns when its caravan resolves."""
    return _worth(_mask(spaces), space)


def _mask(spaces: list[int]) -> int:
    return sum(1 << index for index, occupant in enumerate(spaces) if occupant != EMPTY)


def _count(count) -> int:
    """How many: a product count, or the list of the producers that make one."""
    return count if isinstance(count, int) else len(count)


@cache
def _worth(filled: int, space: int) -> float:
    """``camel_worth`` for the occupied spaces as bits (all that matters)."""
    chance_missed = 1.0
    for line in _LINES_OF[space]:
        empty = sum(1 for s in line if not filled >> s & 1 and s != space)
        chance_missed *= 1.0 - FILL**empty
    return (1.0 - chance_missed) * _ROW_PAY[space // 3] * (1.0 - _BANDIT[space])


def _space_values(state: State, seat: int) -> dict[str, list[float]]:
    """Per product, what a camel of the seat would be worth on each space it may still
    take this turn (best first)."""
    values: dict[str, list[float]] = {}
    for owner, caravan in enumerate(state["caravans"]):
        if caravan is None or not may_place(state, seat, owner):
            continue
        grid = data.GRIDS[caravan["card"]]
        spaces = caravan["spaces"]
        filled = _mask(spaces)
        for space in range(9):
            if spaces[space] == EMPTY:
                worth = _worth(filled | 1 << space, space)
                values.setdefault(grid[space], []).append(worth)
    for found in values.values():
        found.sort(reverse=True)
    return values


def _products_worth(state: State, seat: int) -> float:
    """The seat's products as camels it may still place this turn, and, on its own turn,
    the products its untasked producers could still make (worth a little less)."""
    pool = state["products"][seat]
    active = seat == state["turn"] and state["phase"] == "play"
    if not pool and not active:
        return 0.0
    camels = state["camels"][seat]
    fixed, anything = producers(state, seat) if active and camels else ({}, [])
    if not pool and not fixed and not anything:
        return 0.0
    values = _space_values(state, seat)
    value = 0.0
    for share, supply in ((PRODUCT_SHARE, pool), (POTENTIAL_SHARE, fixed)):
        for product, count in supply.items():
            count = _count(count)
            free = values.get(product, [])
            for _ in range(count):
                if camels and free:
                    value += share * free.pop(0)
                    camels -= 1
                else:
                    value += SPARE_PRODUCT if share == PRODUCT_SHARE else 0.0
    for _ in anything:
        best = max((p for p in values if values[p]), key=lambda p: values[p][0], default=None)
        if not camels or best is None:
            break
        value += POTENTIAL_SHARE * values[best].pop(0)
        camels -= 1
    return value


def _resolving_worth(resolving: dict, spaces: list[int], seat: int) -> float:
    """What the seat's camels on the caravan now resolving earn: its resolution card is
    revealed, so Bandits and payouts are known (Sand Veil and Golden Wind included)."""
    bandit, *pays = data.CARDS[resolving["card"]]["resolution"]
    bonus = resolving["bonus"][seat]
    return sum(
        pays[space // 3] + bonus
        for space in range(9)
        if spaces[space] == seat and (space != bandit - 1 or resolving["ward"])
    )


def evaluate(state: State, seat: int) -> float:
    value = float(state["coins"][seat]) + HAND_CARD * len(state["hands"][seat])
    resolving = state["resolving"]
    for owner, caravan in enumerate(state["caravans"]):
        if caravan is None:
            continue
        spaces = caravan["spaces"]
        if resolving is not None and resolving["owner"] == owner:
            value += _resolving_worth(resolving, spaces, seat)
        elif seat in spaces:
            filled = _mask(spaces)
            value += sum(_worth(filled, space) for space in range(9) if spaces[space] == seat)
    value += _products_worth(state, seat)
    if seat == state["turn"] and state["phase"] in ("play", "draft"):
        # The cards the seat takes from the draft line when its turn ends, counted before
        # it ends: else ending a turn looks like a gain of two cards to a short search,
        # which then ends its turns before playing, tasking and placing what it could.
        value += HAND_CARD * min(len(state["draft"]), data.DRAFT_PICKS - state["picked"])
    left = rounds_left(state)
    for card_id in state["entourage"][seat]:
        verb = data.CARDS[card_id]["effect"][0]
        value += 0.3 + left * ENTOURAGE_PER_ROUND.get(verb, 0.0)
    for owed in state["pending"]:  # a choice still to make: what it brings
        if owed["seat"] == seat:
            value += HAND_CARD * owed.get("count", 0) if owed["kind"] == "draft" else 0.0
            value += 0.5 * owed.get("count", 0) if owed["kind"] == "product" else 0.0
            value -= HAND_CARD if owed["kind"] == "give" else 0.0
    return value


def standings(state: State, judge=evaluate) -> list[float]:
    evals = [judge(state, seat) for seat in range(state["players"])]
    return [
        mine - max(e for other, e in enumerate(evals) if other != seat)
        for seat, mine in enumerate(evals)
    ]


# --- offers ---------------------------------------------------------------------------------


def _candidates(state: State, seat: int, gen: LocalRng) -> list[dict]:
    """Offers worth weighing: ``{"to", "give", "get", "uses"}`` with counts per kind."""
    found: list[dict] = []
    coins = state["coins"][seat]
    players = state["players"]
    own = state["caravans"][seat]
    camels = state["camels"][seat]
    fixed, anything = producers(state, seat)
    can_make = {p for p in data.PRODUCTS if fixed.get(p) or anything}
    can_make |= {p for p, n in state["products"][seat].items() if n}
    if camels and own is not None and coins:
        grid = data.GRIDS[own["card"]]
        needed = {grid[s] for s in range(9) if own["spaces"][s] == EMPTY} - can_make
        for product in sorted(needed):
            for other in range(players):
                if other == seat:
                    continue
                theirs, any_theirs = producers(state, other)
                if theirs.get(product) or any_theirs:
                    for price in range(1, min(coins, 2) + 1):
                        found.append(
                            {
                                "to": other,
                                "give": {"coins": {"coin": price}},
                                "get": {"products": {product: 1}},
                            }
                        )
    if camels and can_make:
        for owner, caravan in enumerate(state["caravans"]):
            if owner == seat or caravan is None or state["permits"][seat][owner]:
                continue
            grid = data.GRIDS[caravan["card"]]
            if any(
                caravan["spaces"][s] == EMPTY and grid[s] in can_make for s in range(9)
            ):
                found.append({"to": owner, "give": {}, "get": {"permits": {"invest": 1}}})
                if coins:
                    found.append(
                        {
                            "to": owner,
                            "give": {"coins": {"coin": 1}},
                            "get": {"permits": {"invest": 1}},
                        }
                    )
    idle, idle_any = producers(state, seat, idle=True)
    for product in data.PRODUCTS:
        if idle.get(product) or idle_any:
            for price in (1,):
                found.append(
                    {
                        "to": None,
                        "give": {"products": {product: 1}},
                        "get": {"coins": {"coin": price}},
                        "uses": 1,
                    }
                )
    if own is not None and own["spaces"].count(EMPTY) >= 2:
        found.append(
            {"to": None, "give": {"permits": {"invest": 1}}, "get": {"coins": {"coin": 1}}, "uses": 1}
        )
    # A fixed order with a seeded shuffle: ties go to a seeded draw, nothing else.
    order = list(range(len(found)))
    for index in range(len(order) - 1, 0, -1):
        other = randbelow(gen, index + 1)
        order[index], order[other] = order[other], order[index]
    return [found[i] for i in order]


def _same_terms(deal: dict, candidate: dict) -> bool:
    """Whether an open deal already says what ``candidate`` would."""
    if deal["to"] != candidate["to"]:
        return False
    for side in ("give", "get"):
        wanted = {
            name: sorted(kind for kind, count in kinds.items() for _ in range(count))
            for name, kinds in candidate[side].items()
        }
        if {name: sorted(items) for name, items in deal[side].items() if items} != wanted:
            return False
    return True


def bot_proposal(
    rules, state: State, seat: int, seed: int, judge=None, standing_orders: bool = True
) -> Action | None:
    """The offer (or standing order) ``seat`` makes now, or None; ``state`` is what the
    seat may see (a determinization). ``judge(state, seat)`` is how the proposer weighs
    positions (by default ``evaluate``, the partner's measure too); without
    ``standing_orders`` it only makes offers to one partner."""
    judge = judge or evaluate
    if busy(state) or seat != state["turn"] or state["phase"] != "play":
        return None
    if state["next_deal"] - 1 >= OFFERS_PER_TURN * (state["turn_no"] + 1):
        return None
    offer_terms = terms(state, seat)
    if offer_terms is None or offer_terms.open_count >= offer_terms.max_open:
        return None
    gen = LocalRng(seed)
    before = standings(state)
    mine_before = before if judge is evaluate else standings(state, judge)
    best, best_gain = None, MARGIN
    mine = [d for d in state["deals"] if d["from"] == seat]
    for candidate in _candidates(state, seat, gen):
        standing = candidate["to"] is None
        if standing and not standing_orders:
            continue
        if any(_same_terms(d, candidate) for d in mine):
            continue
        try:
            action = offer_terms.action(
                to=candidate["to"],
                give=candidate["give"],
                get=candidate["get"],
                uses=candidate.get("uses"),
            )
        except Exception:  # noqa: BLE001  (beyond what may be offered now: not a candidate)
            continue
        record, _ = proposal(rules, state, seat, action)
        if record is None:
            continue
        takers = [candidate["to"]] if not standing else [o for o in range(state["players"]) if o != seat]
        gains = []
        for taker in takers:
            after = copy_state(state)
            execute(after, dict(record, to=taker), taker, [])
            now = standings(after)
            mine_now = now if judge is evaluate else standings(after, judge)
            gains.append((mine_now[seat] - mine_before[seat], now[taker] - before[taker]))
        if standing:
            # Takers judge it on their own turns, by their own standing; the owner posts
            # it when it gains whoever takes it (half weight: it may never be taken).
            gain = min(g[0] for g in gains) / 2
        else:
            gain, theirs = gains[0]
            if theirs <= MARGIN:
                continue
        if gain > best_gain:
            best, best_gain = action, gain
    return best
