"""Helpers for the Merchants of Araby board: which listed choices belong to a card, a
caravan space or a product, and the caravan grid as rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.html import format_html
from django.utils.translation import pgettext_lazy

# The shared symbol that draws each product (games/_symbols.jinja), or the board's own.
SYMBOLS = {
    "magics": "moa-sym-magics",
    "jewels": "sym-good-gems",
    "spices": "sym-good-spices",
    "fabrics": "sym-good-silk",
    "coin": "sym-coin",
}
ROW_NAMES = ("top", "middle", "bottom")
NAMES = {
    "magics": pgettext_lazy("Merchants of Araby product", "Magics"),
    "jewels": pgettext_lazy("Merchants of Araby product", "Jewels"),
    "spices": pgettext_lazy("Merchants of Araby product", "Spices"),
    "fabrics": pgettext_lazy("Merchants of Araby product", "Fabrics"),
    "coin": pgettext_lazy("a cost unit", "coin"),
}


def _of_types(choices_by_type: Mapping[str, Sequence[Any]] | None, *types: str) -> list[Any]:
    if not choices_by_type:
        return []
    return [c for kind in types for c in choices_by_type.get(kind, ())]


def symbol(unit: str) -> str:
    """``unit|symbol``: the id of the symbol drawing a product or a coin."""
    return SYMBOLS.get(unit, "sym-good")


def product(unit: str) -> str:
    """``unit|product``: a product's name (or "coin") in the reader's language."""
    return str(NAMES.get(unit, unit))


def product_label(unit: str, text: str) -> str:
    """``product_label("spices", c.label)``: a button's content, the product's
    symbol before ``text``."""
    return format_html(
        '<svg class="ic" aria-hidden="true"><use href="#{}"/></svg> {}', symbol(unit), text
    )


def card_plays(choices_by_type: Mapping[str, Sequence[Any]] | None, card_id: str) -> list[Any]:
    """``choices_by_type|card_plays(card.id)``: the ways to play that hand card now (each
    set of discards, each product chosen), in a resolution window too."""
    return [c for c in _of_types(choices_by_type, "play", "react") if c.params["card"] == card_id]


def card_tasks(choices_by_type: Mapping[str, Sequence[Any]] | None, card_id: str) -> list[Any]:
    """``choices_by_type|card_tasks(card.id)``: tasking that entourage card (one choice, or
    one per product for a card that makes any product)."""
    return [c for c in _of_types(choices_by_type, "task") if c.params["card"] == card_id]


def card_gifts(choices_by_type: Mapping[str, Sequence[Any]] | None, card_id: str) -> list[Any]:
    """``choices_by_type|card_gifts(card.id)``: giving that drawn card to each opponent."""
    return [c for c in _of_types(choices_by_type, "give") if c.params["card"] == card_id]


def draft_choice(choices_by_type: Mapping[str, Sequence[Any]] | None, card_id: str) -> Any:
    """``choices_by_type|draft_choice(card.id)``: taking that draft card, or None."""
    return next(
        (c for c in _of_types(choices_by_type, "draft") if c.params["card"] == card_id), None
    )


def camel_choice(
    choices_by_type: Mapping[str, Sequence[Any]] | None, owner: int, space: int
) -> Any:
    """``camel_choice(choices_by_type, owner, space)``: putting a camel on space
    ``space`` (1-9) of ``owner``'s caravan, or None."""
    for c in _of_types(choices_by_type, "camel"):
        if c.params["owner"] == owner and c.params["space"] == space:
            return c
    return None


def grid_rows(caravan: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """``caravan|grid_rows``: the caravan's nine spaces as three rows of three, each space
    with its number (1-9) and each row with its name."""
    if not caravan:
        return []
    spaces = [dict(space, number=i + 1) for i, space in enumerate(caravan["spaces"])]
    return [
        {"row": ROW_NAMES[r], "index": r, "spaces": spaces[3 * r : 3 * r + 3]} for r in range(3)
    ]


def units(products: Mapping[str, int] | None) -> list[tuple[str, int]]:
    """``seat.products|units``: (product, count) in the board's product order."""
    order = ("magics", "jewels", "spices", "fabrics")
    products = products or {}
    return [(p, products[p]) for p in order if products.get(p)]


def permit_list(permits: Mapping[str, int] | None) -> list[tuple[int, int]]:
    """``seat.permits|permit_list``: (owner seat, camels) the seat may place on others'
    (or, unlocked, its own) caravans this turn."""
    return sorted((int(owner), count) for owner, count in (permits or {}).items() if count)


def seat_letter(seat: Any) -> str:
    """``s|seat_letter``: the letter that marks a seat beside its colour (A, B, …)."""
    try:
        return "ABCDEFGH"[int(seat)]
    except (TypeError, ValueError, IndexError):
        return ""
