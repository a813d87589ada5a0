"""A generic form for proposing a trade offer, drawn from ``rules.offer_terms``.

The terms are a dict; each entry that is a parameter of the offer action is described by
its shape:

* a list of seat numbers under a seat-ish name (``to``, ``recipient``…): pick one player;
* a dict of kind → most you may put in (``{"tea": 2, "silk": 1}``): a count per kind,
  posted back as a list with each kind repeated (``["silk", "tea", "tea"]``);
* a dict of seat → such a dict (goods on other players' caravans): counts over all kinds,
  each up to the most any one player has (the engine checks against the chosen player);
* a list of strings (kinds you may ask for): a count per kind, up to ``max_cards``;

Plain numbers (``max_cards``, ``open_offers``…) are limits and information, not fields.
The engine's ``check_offer`` stays the judge; this module only turns the form back into
``Action.make("offer", ...)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.engine import Action
from games.errors import InvalidInput

SEAT_NAMES = {"to", "recipient", "recipients", "seat", "with", "partner", "player"}
LABELS = {
    "to": "Offer to",
    "recipient": "Offer to",
    "with": "Trade with",
    "give": "You give",
    "offer": "You give",
    "ask": "You ask for",
    "get": "You ask for",
    "want": "You ask for",
    "take": "You ask for",
    "give_goods": "Goods you give from your caravan",
    "get_goods": "Goods you ask for from their caravan",
}
MAX_COUNT = 99
DEFAULT_ASK_LIMIT = 9
PREFIX = "offer-"


@dataclass
class OfferField:
    name: str
    kind: str  # seat or counts
    label: str
    choices: list[tuple[Any, str]] = field(default_factory=list)  # seat
    counts: list[tuple[str, str, int]] = field(default_factory=list)  # (kind, label, max)

    @property
    def input_name(self) -> str:
        return PREFIX + self.name


def _label(name: str) -> str:
    return LABELS.get(name, name.replace("_", " ").capitalize())


def _kind_label(kind: str) -> str:
    return kind.replace("_", " ").replace("-", " ").capitalize()


def offer_fields(terms: Mapping[str, Any], names: list[str]) -> list[OfferField]:
    fields = []
    ask_limit = terms.get("max_cards", DEFAULT_ASK_LIMIT)
    ask_limit = ask_limit if isinstance(ask_limit, int) else DEFAULT_ASK_LIMIT
    for name, spec in terms.items():
        label = _label(name)
        if isinstance(spec, Mapping) and all(isinstance(v, Mapping) for v in spec.values()):
            most: dict[str, int] = {}
            for per_seat in spec.values():
                for kind, count in per_seat.items():
                    most[kind] = max(most.get(kind, 0), int(count))
            fields.append(OfferField(name, "counts", label, counts=_counts(most)))
        elif isinstance(spec, Mapping):
            fields.append(OfferField(name, "counts", label, counts=_counts(spec)))
        elif isinstance(spec, (list, tuple)) and name in SEAT_NAMES:
            choices = [(n, names[n] if 0 <= n < len(names) else str(n)) for n in spec]
            fields.append(OfferField(name, "seat", label, choices=choices))
        elif isinstance(spec, (list, tuple)):
            counts = [(str(k), _kind_label(str(k)), ask_limit) for k in spec]
            fields.append(OfferField(name, "counts", label, counts=counts))
    return fields


def _counts(most: Mapping[str, Any]) -> list[tuple[str, str, int]]:
    return [(k, _kind_label(k), min(int(n), MAX_COUNT)) for k, n in most.items() if int(n) > 0]


def _int(raw: str | None, low: int, high: int, what: str) -> int:
    try:
        value = int(raw or "0")
    except ValueError:
        raise InvalidInput(f"“{what}” needs a number.") from None
    if not low <= value <= high:
        raise InvalidInput(f"“{what}” must be between {low} and {high}.")
    return value


def offer_action(terms: Mapping[str, Any], data: Mapping[str, str], names: list[str]) -> Action:
    """The offer action described by the posted form ``data``."""
    params: dict[str, Any] = {}
    for f in offer_fields(terms, names):
        if f.kind == "counts":
            cards: list[str] = []
            for kind, kind_label, most in f.counts:
                count = _int(data.get(f"{f.input_name}-{kind}"), 0, most, kind_label)
                cards.extend([kind] * count)
            params[f.name] = cards
        else:
            by_text = {str(value): value for value, _ in f.choices}
            raw = data.get(f.input_name)
            if raw not in by_text:
                raise InvalidInput(f"Choose “{f.label}”.")
            params[f.name] = by_text[raw]
    return Action.make("offer", **params)
