"""Upgrading a stored snapshot to the engine's current state format by replaying its log."""

from __future__ import annotations

from django.db import transaction

from games.play.locking import locked_game
from games.read.replay import replay


def snapshot_upgrade(*, game_id: int) -> bool:
    """Replay the game's moves with the current engine and store the result in its format.

    True when the snapshot was rewritten; False when it was already current. Raises what
    the engine raises when the old log cannot be replayed (the game is left as it was).
    """
    with transaction.atomic():
        game = locked_game(game_id)
        if game.state is None or game.state_format == game.rules.state_format:
            return False
        game.state, game.state_format = replay(game), game.rules.state_format
        game.save(update_fields=["state", "state_format"])
    return True
