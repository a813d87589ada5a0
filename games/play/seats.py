"""Who controls a seat: its player, a bot seated at the table, or a stand-in.

A stand-in plays for an absent player — one who timed out (the table's policy says at
which level: ``default`` plays the engine's default moves, a bot level plays as that bot)
or resigned (always ``default``) — from ``controller_since`` until the player comes back
by acting or by saying so (``seat_return``). Bot seats never change hands.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import events
from games.engine.bots import LEVELS
from games.errors import Conflict, InvalidInput, NotAPlayer
from games.models import DEFAULTS, Game, LogNote, Seat
from games.play.drafting import settle_draft
from games.play.locking import locked_game, one_transaction, require_active
from games.play.notes import add_note
from games.play.waiting import autoplay_due

STAND_IN_LEVELS = (DEFAULTS, *LEVELS)


def playing_seat(game: Game, seats: list[Seat], user) -> Seat:
    """``user``'s seat in a game in play, refused when they do not (or no longer) play."""
    mine = next((s for s in seats if s.user_id == user.pk), None)
    if mine is None:
        raise NotAPlayer(_("You are not playing in this game."))
    require_active(game)
    if mine.resigned_at is not None:
        raise Conflict(_("You have resigned from this game."))
    return mine


def hand_to_stand_in(game: Game, seat: Seat, level: str) -> None:
    """Let a stand-in of ``level`` play ``seat``; call holding the game lock."""
    if level not in STAND_IN_LEVELS:
        raise InvalidInput(
            _("A stand-in's level is one of %(levels)s.") % {"levels": ", ".join(STAND_IN_LEVELS)}
        )
    if seat.user_id is None or seat.is_bot:
        raise InvalidInput(_("Only a person's seat can be handed to a stand-in."))
    if seat.stand_in == level:
        return
    settle_draft(game)  # the steps the player made stand; the stand-in goes on
    seat.controller = Seat.Controller.STAND_IN
    seat.controller_level = level
    seat.controller_since = timezone.now()
    seat.save(update_fields=["controller", "controller_level", "controller_since"])
    _publish_change(game, seat)


def take_back(game: Game, seat: Seat, *, note: bool = True) -> bool:
    """The player plays their own seat again; call holding the game lock. True if changed.

    A resigned player never comes back.
    """
    if seat.played_by_player or seat.is_bot or seat.resigned_at is not None:
        return False
    seat.controller = Seat.Controller.PLAYER
    seat.controller_level = ""
    seat.controller_since = timezone.now()
    seat.save(update_fields=["controller", "controller_level", "controller_since"])
    if note and game.status == Game.Status.ACTIVE:
        add_note(
            game,
            seat.number,
            LogNote.Kind.RETURNED,
            # Stored in English, put in the reader's language when shown.
            gettext_noop("%(name)s is back and plays their own moves again.")
            % {"name": f"{{p{seat.number}}}"},
        )
    _publish_change(game, seat)
    return True


def _publish_change(game: Game, seat: Seat) -> None:
    seats = list(game.seats.all())
    events.publish(
        events.SeatControlChanged(
            game_id=game.pk,
            version=game.version,
            seat=seat.number,
            level=seat.autoplay_level,
            autoplay=autoplay_due(game, seats),
        )
    )


@one_transaction
def seat_stand_in(*, game_id: int, seat: int, level: str) -> Seat:
    """Hand ``seat`` of ``game_id`` to a stand-in (operators, tests, the timeout policy)."""
    game = locked_game(game_id)
    row = game.seats.filter(number=seat).first()
    if row is None:
        raise InvalidInput(_("There is no such seat."))
    hand_to_stand_in(game, row, level)
    return row


@one_transaction
def seat_return(*, game_id: int, user) -> bool:
    """``user`` is back at the table: their seat is theirs again. True when it changed."""
    game = locked_game(game_id)
    seat = game.seats.filter(user=user).first()
    if seat is None:
        raise NotAPlayer(_("You are not playing in this game."))
    if seat.resigned_at is not None:
        raise Conflict(_("You have resigned from this game."))
    if game.status != Game.Status.ACTIVE:
        return False
    return take_back(game, seat)
