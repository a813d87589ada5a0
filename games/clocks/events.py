"""System lines of the game log (``GameEvent``): who resigned, timed out, came back."""

from __future__ import annotations

from games.models import Game, GameEvent


def add_event(game: Game, seat: int | None, kind: str, text: str) -> GameEvent:
    """A public log line (``{p0}``… for names) shown after the game's current move."""
    return GameEvent.objects.create(game=game, seq=game.version, seat=seat, kind=kind, text=text)


def last_event_id(game_id: int) -> int:
    """For the page's poll key: a new event (a resignation, a vote) redraws the page."""
    last = GameEvent.objects.filter(game_id=game_id).order_by("-pk").values_list("pk", flat=True)
    return last.first() or 0
