"""The end of a turn, announced: open offers get a short window, then the turn ends.

A game may let its active player *announce* the end of the turn instead of ending it at
once (``GameRules.turn_closing``): open offers may still be accepted meanwhile. The move
that announces it publishes ``events.TurnClosing`` with the time the window ends — the
table's option (``GameRules.closing_seconds``), never past the seat's clock — and a task
queued for that time calls ``close_turn``. It ends the turn through the one write path
(``acting.apply_move``) with the seat's ``default_action``, unless the seat already ended
it or another turn began (the deals' epoch differs): running it twice, or late, changes
nothing more. Should the task be lost, the seat's own clock still ends the wait.
"""

from __future__ import annotations

from typing import Any

from games.models import Game
from games.play.acting import apply_move
from games.play.locking import locked_game, one_transaction


@one_transaction
def close_turn(game_id: int, seat: int, epoch: Any) -> bool:
    """End the turn ``seat`` announced at ``epoch`` if it is still waiting; whether it did."""
    game = locked_game(game_id)
    if game.status != Game.Status.ACTIVE:
        return False
    rules, state = game.rules, game.snapshot
    if rules.turn_closing(state) != seat or rules.deal_epoch(state) != epoch:
        return False  # ended already, by the player or by an earlier run
    seats = list(game.seats.select_related("user"))
    apply_move(game, seats, seat, rules.default_action(state, seat))
    return True
