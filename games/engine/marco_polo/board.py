"""Lookups built once from ``data``: the route graph, contracts, cards and names."""

from __future__ import annotations

from functools import lru_cache

from ..vocabulary import listed, listed_and, say, say_count, term  # noqa: F401  (re-exported)
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


_SPACE_NAMES = {
    "coins": say("Take {count} coins", count=data.TAKE_COINS),
    "khan": term("Khan's favor"),
    "contracts": term("Take contracts"),
    "travel": term("Travel"),
    "bag": say("Take {count} coins (money bag)", count=data.MONEY_BAG),
    **{
        f"bazaar-{kind}": say("Grand Bazaar: {good}", good=data.RESOURCE_NAMES[kind])
        for kind in data.BAZAAR
    },
}


def space_name(space: str, card: int | None = None) -> str:
    """An action space by name; a city card's space with the card's text when ``card``
    (its number) is given."""
    return _SPACE_NAMES.get(space) or _card_space_name(space, card)


@lru_cache(maxsize=256)
def _card_space_name(space: str, card: int | None) -> str:
    city = name(CARD_SLOT_CITY[card_slot(space)])
    if card is None:
        return say("City card in {city}", city=city)
    return say("City card in {city} ({card})", city=city, card=card_text(card))


# --- words: amounts, lists, players --------------------------------------------------------------
def seat_tag(seat: int) -> str:
    """The name placeholder of ``seat`` in a text: ``{p2}`` (filled in where it is shown)."""
    return f"{{p{seat}}}"


# How many of a thing, as a label or the log counts it ("1 camel", "2 gold").
_COUNTED = {
    "coins": lambda n: say_count(n, "{n} coin", "{n} coins"),
    "camels": lambda n: say_count(n, "{n} camel", "{n} camels"),
    "pepper": lambda n: say_count(n, "{n} pepper", "{n} pepper"),
    "silk": lambda n: say_count(n, "{n} silk", "{n} silk"),
    "gold": lambda n: say_count(n, "{n} gold", "{n} gold"),
    "vp": lambda n: say_count(n, "{n} VP", "{n} VP"),
    "good": lambda n: say_count(n, "{n} good of your choice", "{n} goods of your choice"),
    "2diff": lambda n: say("2 different goods"),  # always the two (never counted)
    "move": lambda n: say_count(n, "{n} free step", "{n} free steps"),
    "contract": lambda n: say_count(n, "{n} special contract", "{n} special contracts"),
    "black": lambda n: say_count(n, "{n} black die", "{n} black dice"),
}
NOTHING = say("nothing")


@lru_cache(maxsize=4096)
def counted(key: str, count: int) -> str:
    """``counted("camels", 2)`` -> "2 camels" (any key of ``data.items``)."""
    return _COUNTED[key](count)


def amounts_text(amounts: dict[str, int]) -> str:
    """``{"camels": 2, "coins": 3}`` -> "2 camels, 3 coins" (for labels and the log)."""
    return _amounts_text(tuple(amounts.items()))


@lru_cache(maxsize=4096)  # the same few amounts come up again and again: said once each
def _amounts_text(amounts: tuple[tuple[str, int], ...]) -> str:
    if not amounts:
        return NOTHING
    return listed([counted(key, count) for key, count in amounts])


def _card_text(card: int) -> str:
    spec = data.CITY_CARDS[card]
    kind = spec["kind"]
    if kind == "gain":
        return say("{gain} per pip", gain=amounts_text(data.items(spec["gain"])))
    if kind == "tier":
        (low, few), (_, many) = spec["tiers"]
        return say(
            "{good}: {few} (die 1-{low}) or {many} (higher)",
            good=data.RESOURCE_NAMES[spec["good"]],
            few=few,
            low=low,
            many=many,
        )
    if kind == "per_post":
        return say("{gain} per trading post", gain=amounts_text(data.items(spec["gain"])))
    if kind == "per_contract":
        return say("{gain} per completed contract", gain=amounts_text(data.items(spec["gain"])))
    if kind == "bonus":
        return say("small-city bonus of your cities: once (die 1-4), twice (die 5-6)")
    if kind == "paid_bonus":
        return say("1 coin -> a small-city bonus of one of your cities")
    trades = [
        say(
            "{pay} -> {gain}",
            pay=amounts_text(data.items(pay)),
            gain=amounts_text(data.items(gain)),
        )
        for pay, gain in spec["trades"]
    ]
    text = trades[0]
    for other in trades[1:]:
        text = say("{trade} or {other}", trade=text, other=other)
    return text


CARD_TEXTS = tuple(_card_text(card) for card in range(len(data.CITY_CARDS)))


def card_text(card: int) -> str:
    """What a city card does, in words."""
    return CARD_TEXTS[card]


@lru_cache(maxsize=64)
def die_text(kind: str, value: int) -> str:
    """'die (3)', 'black die (not set)': one of the seat's dice as a label names it."""
    if kind == "black":
        return say("black die ({value})", value=value) if value else say("black die (not set)")
    if kind == "white":
        return say("white die ({value})", value=value) if value else say("white die (not set)")
    return say("die ({value})", value=value) if value else say("die (not set)")


GOAL_LABELS = tuple(
    say("{first}-{second} ({points} VP)", first=name(first), second=name(second), points=points)
    for first, second, points in data.GOALS
)


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
