"""A generic form for proposing a trade offer, drawn from ``rules.offer_terms``.

The terms are a dict of the offer action's parameters, each described by its shape:

* a list of seat numbers under a seat-ish name (``to``, ``recipient``…): pick one player;
* a dict of kind → most you may put in (``{"tea": 2, "silk": 1}``): a count per kind,
  posted back as a list with each kind repeated (``["silk", "tea", "tea"]``);
* a list of strings: pick one of them;
* an int: a number from 0 to it;
* a bool: a yes/no box.

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
    "want": "You ask for",
    "take": "You ask for",
}
MAX_COUNT = 99
PREFIX = "offer-"


@dataclass
class OfferField:
    name: str
    kind: str  # seat, counts, choice, number, flag
    label: str
    choices: list[tuple[Any, str]] = field(default_factory=list)  # seat and choice
    counts: list[tuple[str, str, int]] = field(default_factory=list)  # (kind, label, max)
    maximum: int = 0

    @property
    def input_name(self) -> str:
        return PREFIX + self.name


def _label(name: str) -> str:
    return LABELS.get(name, name.replace("_", " ").capitalize())


def _kind_label(kind: str) -> str:
    return kind.replace("_", " ").replace("-", " ").capitalize()


def offer_fields(terms: Mapping[str, Any], names: list[str]) -> list[OfferField]:
    fields = []
    for name, spec in terms.items():
        label = _label(name)
        if isinstance(spec, bool):
            fields.append(OfferField(name, "flag", label))
        elif isinstance(spec, int):
            fields.append(OfferField(name, "number", label, maximum=spec))
        elif isinstance(spec, Mapping):
            counts = [(k, _kind_label(k), int(n)) for k, n in spec.items() if int(n) > 0]
            fields.append(OfferField(name, "counts", label, counts=counts))
        elif isinstance(spec, (list, tuple)) and name in SEAT_NAMES:
            choices = [(n, names[n] if 0 <= n < len(names) else str(n)) for n in spec]
            fields.append(OfferField(name, "seat", label, choices=choices))
        elif isinstance(spec, (list, tuple)):
            fields.append(
                OfferField(name, "choice", label, [(v, _kind_label(str(v))) for v in spec])
            )
    return fields


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
        raw = data.get(f.input_name)
        if f.kind == "flag":
            params[f.name] = raw in ("on", "1", "true", "yes")
        elif f.kind == "number":
            params[f.name] = _int(raw, 0, f.maximum, f.label)
        elif f.kind == "counts":
            cards: list[str] = []
            for kind, kind_label, most in f.counts:
                count = _int(
                    data.get(f"{f.input_name}-{kind}"), 0, min(most, MAX_COUNT), kind_label
                )
                cards.extend([kind] * count)
            params[f.name] = cards
        else:
            by_text = {str(value): value for value, _ in f.choices}
            if raw not in by_text:
                raise InvalidInput(f"Choose “{f.label}”.")
            params[f.name] = by_text[raw]
    return Action.make("offer", **params)
