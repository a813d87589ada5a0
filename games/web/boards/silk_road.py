"""Helpers for the Silk Road board: which listed choices a hand card of one kind plays."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.silk_road import data

# Choices that play a card of a fixed kind, whatever their parameters.
_CARD_OF_TYPE = {"trade_draw": "trade", "guard": "guard", "negate": "guard", "bandit": "bandit"}


def plays(choice: Any, kind: str) -> bool:
    """Whether ``choice`` is made by playing (or buying, or discarding) a ``kind`` card."""
    params = choice.params
    if choice.type == "buy":
        return params.get("good") == kind
    if choice.type in {"discard", "road"}:
        return params.get("card") == kind
    if choice.type == "sell":
        return kind == "trade" and "trade" in params
    return _CARD_OF_TYPE.get(choice.type) == kind


def card_choices(choices_by_type: Mapping[str, Sequence[Any]] | None, kind: str) -> list[Any]:
    """``choices_by_type|card_choices("silk")``: the choices a Silk card in hand offers."""
    if not choices_by_type:
        return []
    return [c for group in choices_by_type.values() for c in group if plays(c, kind)]


def card_text(kind: str) -> str:
    """``card.kind|card_text``: what a card of that kind does, in a player's words."""
    return data.TEXT.get(kind, "")


def reachable_spaces(
    position: Any,
    choices_by_type: Mapping[str, Sequence[Any]] | None,
    travel: Mapping[str, Any] | None,
) -> set[int]:
    """``reachable_spaces(me.position, choices_by_type, view.travel)``: the road
    spaces a listed move reaches from ``position``: each road card's direction, and the
    trip under way while a guard may be played."""
    if not isinstance(position, int):
        return set()  # a spectator has no pawn of their own
    choices_by_type = choices_by_type or {}
    toward = {c.params.get("toward") for c in choices_by_type.get("road", ())}
    if choices_by_type.get("guard") and travel:
        toward.add(str(travel.get("toward", "")).lower())
    return {position + data.TOWARD[way] for way in toward if way in data.TOWARD}


def held_kind_mark(marks, view, kind: str) -> str:
    """ " changed" when a ``kind`` card of the viewer's hand sits where it changed."""
    marks = marks or ()
    hand = (view or {}).get("hand") or ()
    places = (i for i, card in enumerate(hand) if card.get("kind") == kind)
    return " changed" if any(f"hand.{i}" in marks for i in places) else ""
