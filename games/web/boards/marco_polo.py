"""Helpers for the Marco Polo board: the engine's rules asked from a template."""

from __future__ import annotations

from games.engine.marco_polo import dice


def never_charges(space: str) -> bool:
    """Whether an occupied action space still costs no fee (``dice.never_charges``)."""
    return dice.never_charges(space)


def taking_at(choices, position: int) -> list:
    """``choices_by_type.take_contract|taking_at(c.position)``: the ways to take the
    contract on display at ``position`` (with or without a discard or a bonus)."""
    return [c for c in choices or () if c.params.get("position") == position]


def column_choice(choices, n: int):
    """``choices_by_type.column|column_choice(2)``: the choice of the bazaar's column ``n``
    (None when it is not offered)."""
    return next((c for c in choices or () if c.params.get("n") == n), None)
