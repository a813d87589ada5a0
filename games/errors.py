"""What the write path refuses, each with the HTTP status the pages and the API answer."""

from __future__ import annotations

from django.utils.translation import gettext as _


class GameError(Exception):
    """A refusal a player can read: ``message`` is shown as is."""

    status = 400

    def __init__(self, message: str):
        message = str(message)  # a lazy translation becomes text in the reader's language
        super().__init__(message)
        self.message = message


class InvalidInput(GameError):
    status = 400


class IllegalMove(GameError):
    """The engine refused the action; ``message`` is the engine's reason."""

    status = 400


class Forbidden(GameError):
    status = 403


class NotAPlayer(Forbidden):
    pass


class NotFound(GameError):
    status = 404


class GameNotFound(NotFound):
    pass


class Conflict(GameError):
    """The table is not in a state that allows this (full, started, over…)."""

    status = 409


class NotYourTurn(Conflict):
    pass


class StaleVersion(Conflict):
    """The client acted on an old state; ``version`` is the current one."""

    def __init__(self, version: int):
        super().__init__(
            _("The game has moved on since you loaded it. Look at the new state and try again.")
        )
        self.version = version


class SnapshotUnreadable(Conflict):
    """The stored snapshot was written in a format the engine no longer reads."""
