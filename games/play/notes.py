"""Log notes: lines of the game log that are not moves (resigned, timed out, came back)."""

from __future__ import annotations

from games.models import Game, LogNote


def add_note(game: Game, seat: int | None, kind: str, text: str) -> LogNote:
    """A public log line (``{p0}``… for names) shown after the game's current move."""
    return LogNote.objects.create(game=game, seq=game.version, seat=seat, kind=kind, text=text)
