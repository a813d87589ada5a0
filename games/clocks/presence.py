"""Whether a player is at the table: the page's poll, visits and their own moves.

``last_seen_at`` is written at most every ``SEEN_EVERY`` so the 5-second poll stays a
read; a reminder is not sent to a player seen within ``PRESENT_FOR``. A player whose
moves were being played by default (they timed out) is back as soon as they open the
game or act in it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.clocks.events import add_event
from games.errors import Conflict
from games.models import Game, GameEvent, Seat

SEEN_EVERY = timedelta(seconds=30)
PRESENT_FOR = timedelta(seconds=90)  # a few polls missed still counts as present


def is_present(seat: Seat, now: datetime) -> bool:
    return seat.last_seen_at is not None and seat.last_seen_at >= now - PRESENT_FOR


def seen(game_id: int, user, rows: Sequence[Mapping], now: datetime | None = None) -> None:
    """Record that ``user`` has the game open; ``rows`` are the poll's seat values.

    Writes only when the last record is older than ``SEEN_EVERY`` (or the player must be
    brought back from auto-play), so most polls do no write at all.
    """
    if user is None or not user.is_authenticated:
        return
    mine = next((row for row in rows if row["user_id"] == user.pk), None)
    if mine is None:
        return
    now = now or timezone.now()
    if mine.get("auto_play"):
        visit(game_id, user, now)
    elif mine["last_seen_at"] is None or mine["last_seen_at"] < now - SEEN_EVERY:
        Seat.objects.filter(game_id=game_id, user=user).filter(
            Q(last_seen_at__isnull=True) | Q(last_seen_at__lt=now - SEEN_EVERY)
        ).update(last_seen_at=now)


def visit(game_id: int, user, now: datetime | None = None) -> None:
    """``user`` opened the game: note it, and end auto-play of their seat if it was on."""
    if user is None or not user.is_authenticated:
        return
    now = now or timezone.now()
    Seat.objects.filter(game_id=game_id, user=user).update(last_seen_at=now)
    if not Seat.objects.filter(game_id=game_id, user=user, auto_play=True).exists():
        return
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        seat = Seat.objects.filter(game_id=game_id, user=user, auto_play=True).first()
        if game is not None and seat is not None:
            _back(game, seat)


def acting_in_person(game: Game, seat: Seat) -> None:
    """The player acts themselves (write path, game locked): refuse a resigned seat,
    end auto-play."""
    if seat.resigned_at is not None and game.status == Game.Status.ACTIVE:
        raise Conflict("You have resigned from this game.")
    seat.last_seen_at = timezone.now()
    fields = ["last_seen_at"]
    if seat.auto_play:
        _back(game, seat, save=False)
        fields.append("auto_play")
    seat.save(update_fields=fields)


def _back(game: Game, seat: Seat, *, save: bool = True) -> None:
    seat.auto_play = False
    if save:
        seat.save(update_fields=["auto_play"])
    if game.status == Game.Status.ACTIVE:
        add_event(
            game,
            seat.number,
            GameEvent.Kind.RETURNED,
            f"{{p{seat.number}}} is back and plays their own moves again.",
        )
