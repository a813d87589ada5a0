"""Template helpers for the game pages and the boards (see docs/boards.md)."""

from __future__ import annotations

import json
from typing import Any

from django import template
from django.conf import settings
from django.urls import reverse
from django.utils.html import format_html

register = template.Library()


@register.simple_tag(takes_context=True)
def hx_action(context, choice) -> str:
    """Attributes that make any element play ``choice`` when clicked (or Enter is pressed).

    Posts to the game's action endpoint with the action JSON and the version the page
    shows, and swaps the play area with the answer.
    """
    game = context["game"]
    values = json.dumps({"action": choice.json, "version": context["version"]})
    return format_html(
        'hx-post="{}" hx-vals="{}" hx-target="#play" hx-swap="outerHTML" '
        'hx-trigger="click, keydown[key==\'Enter\']" role="button" tabindex="0" '
        'aria-label="{}"',
        reverse("games:act", args=[game.pk]),
        values,
        choice.label,
    )


@register.simple_tag
def poll_every(computer_to_move: bool = False) -> str:
    """How often the game page polls, for ``hx-trigger``: "5s" unless GAME_POLL_SECONDS;
    every second at most while a computer player is to move, so its answer shows soon."""
    seconds = settings.GAME_POLL_SECONDS
    if computer_to_move:
        seconds = min(seconds, settings.GAME_POLL_COMPUTER_SECONDS)
    return f"{seconds:g}s"


@register.filter
def index(sequence: Any, key: Any) -> Any:
    """``names|index:seat`` — an item of a list or dict, or "" when there is none."""
    try:
        return sequence[key]
    except (IndexError, KeyError, TypeError):
        return ""


@register.filter
def humanize_kind(value: Any) -> str:
    """``"silk_cloth"`` → ``"Silk cloth"``: engine names as words."""
    return str(value).replace("_", " ").replace("-", " ").capitalize()


@register.simple_tag(takes_context=True)
def changed(context, *path: Any) -> str:
    """``class="city{% changed "track" i %}"``: " changed" when that part of the board
    changed since the viewer's last move (``games.read.changes``), else nothing."""
    marks = context.get("changed") or ()
    return " changed" if ".".join(str(part) for part in path) in marks else ""
