"""Helpers for the Marco Polo board: the engine's rules asked from a template."""

from __future__ import annotations

from django import template

from games.engine.marco_polo import dice

register = template.Library()


@register.filter
def never_charges(space: str) -> bool:
    """Whether an occupied action space still costs no fee (``dice.never_charges``)."""
    return dice.never_charges(space)
