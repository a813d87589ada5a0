"""Lookups built once from ``data``: the route graph, contracts, cards and names."""

from __future__ import annotations

from . import data

ROUTE_COST: dict[tuple[str, str], dict[str, int]] = {}
NEIGHBOURS: dict[str, list[str]] = {place: [] for place in data.PLACES}
for _a, _b, _cost in data.ROUTES:
    ROUTE_COST[(_a, _b)] = ROUTE_COST[(_b, _a)] = data.items(_cost)
    NEIGHBOURS[_a].append(_b)
    NEIGHBOURS[_b].append(_a)
for _place in NEIGHBOURS:
    NEIGHBOURS[_place].sort(key=list(data.PLACES).index)

CITIES = (*data.LARGE_CITIES, *data.SMALL_CITIES, data.BEIJING)  # where posts stand
CONTRACTS = {
    number: (data.items(cost), data.items(reward)) for number, cost, reward in data.CONTRACTS
}
CARD_SLOT_CITY = {
    slot: slot.split("-")[0] if slot.startswith("sumatra") else slot for slot in data.CARD_SLOTS
}
SPACES = ("coins", "khan", "contracts", "travel", *(f"bazaar-{kind}" for kind in data.BAZAAR))


def name(place: str) -> str:
    return data.PLACES[place][0]


def kind(place: str) -> str:
    if place in data.LARGE_CITIES:
        return "large"
    if place in data.SMALL_CITIES:
        return "small"
    if place in data.OASES:
        return "oasis"
    return "beijing" if place == data.BEIJING else "start"


def route_cost(start: str, end: str) -> dict[str, int]:
    return ROUTE_COST[(start, end)]


def dice_needed(space: str) -> int:
    if space.startswith("bazaar-"):
        return data.BAZAAR[space[7:]][0]
    if space.startswith("card-"):
        return 1
    return data.DICE_PER_SPACE[space]


_CARD_SLOTS = {f"card-{slot}": slot for slot in data.CARD_SLOTS}
# Every action space in board order: the state keeps them in a mapping, whose key order
# a database may not keep (PostgreSQL's jsonb), so lists follow this instead.
ALL_SPACES = (*SPACES, "bag", *_CARD_SLOTS)


def card_slot(space: str) -> str | None:
    """The city-card slot a ``card-<slot>`` space stands for (None for other spaces)."""
    return _CARD_SLOTS.get(space)


def space_name(space: str, card_name: str = "") -> str:
    names = {
        "coins": "Take 5 coins",
        "khan": "Khan's favor",
        "contracts": "Take contracts",
        "travel": "Travel",
        "bag": "Take 3 coins (money bag)",
    }
    if space in names:
        return names[space]
    if space.startswith("bazaar-"):
        return f"Grand Bazaar: {space[7:]}"
    slot = card_slot(space)
    city = name(CARD_SLOT_CITY[slot])
    return f"City card in {city}" + (f" ({card_name})" if card_name else "")


def amounts_text(amounts: dict[str, int]) -> str:
    """``{"camels": 2, "coins": 3}`` -> "2 camels, 3 coins" (for labels and the log)."""
    words = {
        "coins": ("coin", "coins"),
        "camels": ("camel", "camels"),
        "pepper": ("pepper", "pepper"),
        "silk": ("silk", "silk"),
        "gold": ("gold", "gold"),
        "vp": ("VP", "VP"),
        "good": ("good of your choice", "goods of your choice"),
        "2diff": ("2 different goods", "2 different goods"),
        "move": ("free step", "free steps"),
        "contract": ("special contract", "special contracts"),
        "black": ("black die", "black dice"),
    }
    parts = []
    for key, count in amounts.items():
        one, many = words[key]
        parts.append(one if key == "2diff" else f"{count} {one if count == 1 else many}")
    return ", ".join(parts) or "nothing"


def card_text(card: int) -> str:
    """What a city card does, in words."""
    spec = data.CITY_CARDS[card]
    kind = spec["kind"]
    if kind == "gain":
        return f"{amounts_text(data.items(spec['gain']))} per pip"
    if kind == "tier":
        (low, few), (_, many) = spec["tiers"]
        return f"{spec['good']}: {few} (die 1-{low}) or {many} (higher)"
    if kind == "per_post":
        return f"{amounts_text(data.items(spec['gain']))} per trading post"
    if kind == "per_contract":
        return f"{amounts_text(data.items(spec['gain']))} per completed contract"
    if kind == "bonus":
        return "small-city bonus of your cities: once (die 1-4), twice (die 5-6)"
    if kind == "paid_bonus":
        return "1 coin -> a small-city bonus of one of your cities"
    trades = [
        f"{amounts_text(data.items(pay))} -> {amounts_text(data.items(gain))}"
        for pay, gain in spec["trades"]
    ]
    return " or ".join(trades)


def _steps_from(start: str) -> dict[str, int]:
    """Fewest steps from ``start`` to every place (breadth first)."""
    found = {start: 0}
    frontier = [start]
    while frontier:
        nearer = []
        for place in frontier:
            for near in NEIGHBOURS[place]:
                if near not in found:
                    found[near] = found[place] + 1
                    nearer.append(near)
        frontier = nearer
    return found


STEPS = {place: _steps_from(place) for place in data.PLACES}  # STEPS[a][b]: fewest steps
