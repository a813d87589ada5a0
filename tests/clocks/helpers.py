"""Helpers for the clock tests."""

from __future__ import annotations

from django.core import mail

from games.engine import Action
from games.models import Game, Seat
from games.play import acting


def seat(game: Game, number: int) -> Seat:
    return Seat.objects.select_related("user").get(game=game, number=number)


def play(game: Game, user, type_: str = "pass", **params) -> Game:
    """``user`` plays ``type_`` through the write path; returns the refreshed game."""
    game.refresh_from_db()
    acting.game_act(
        game_id=game.pk,
        user=user,
        action=Action.make(type_, **params),
        expected_version=game.version,
    )
    game.refresh_from_db()
    return game


def outbox(kind_subject: str = "", to=None) -> list:
    """Mails sent so far, optionally those whose subject contains ``kind_subject``."""
    found = [m for m in mail.outbox if kind_subject in m.subject]
    if to is not None:
        found = [m for m in found if m.to == [to.email]]
    return found
