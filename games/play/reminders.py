"""The 80% reminder of a seat's clock: claimed once, under the game's and the seat's locks."""

from __future__ import annotations

from datetime import datetime

from games.models import Game, Seat
from games.play import presence
from games.play.locking import locked_game


def reminder_due(seat: Seat, waiting_version: int, now: datetime) -> bool:
    """Whether the seat still waits on the same move with 80% of its time used."""
    game = seat.game
    return (
        game.status == Game.Status.ACTIVE
        and seat.user_id is not None
        and seat.must_act
        and seat.waiting_version == waiting_version
        and seat.deadline is not None
        and now < seat.deadline
        and seat.reminder_at is not None
        and seat.reminder_at <= now
        and seat.resigned_at is None
        and seat.played_by_player
    )


def reminder_claim(*, seat_id: int, waiting_version: int, now: datetime) -> Seat | None:
    """The seat whose reminder is due now, marked as reminded; None when it is not due.

    Call inside the caller's transaction, which sends the mail: if sending fails, the
    mark rolls back with it and a retry finds the reminder due again. Checked under the
    game's lock, then the seat's (the order a move takes them), waiting for a move being
    made to finish: the scan claimed this reminder once, so giving up here would lose it.
    A player who has the game open is not reminded now: the next scan tries again.
    """
    game_id = Seat.objects.filter(pk=seat_id).values_list("game_id", flat=True).first()
    if game_id is None:
        return None
    locked_game(game_id)
    seat = Seat.objects.select_for_update(of=("self",)).select_related("game", "user")
    seat = seat.filter(pk=seat_id).first()
    if seat is None or not reminder_due(seat, waiting_version, now):
        return None  # gone, handled by another worker, or moved on
    if presence.is_present(seat.game_id, seat.user_id, now):
        return None
    seat.reminder_at = None
    seat.save(update_fields=["reminder_at"])
    return seat
