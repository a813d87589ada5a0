"""Games that end other than by the rules: resigning, running out of time, agreeing to stop.

* **Resign.** With two players the game ends at once: the resigner ranks last, the other
  wins. With more, the resigner's seat is played by the engine's defaults for the rest of
  the game (the others play on); when one player, or no person, is left, the game ends.
* **Abandoned** (resigned, or timed out at a table whose policy ends the game): the players
  still in the game share first place and those who left rank last. Mid-game the engine
  has no final score to rank them by, so none is invented: the scores show no points.
* **Vote to end.** Every person still playing (resigned seats and bots have no vote) agrees
  to stop: the game is finished with no winner ("ended by agreement").

Each is a ``LogNote`` in the game log (stored in English, marked with ``gettext_noop`` and
put in the reader's language when shown: ``games.read.names.site_text``); leaving also publishes ``events.SeatLeft``, ending
publishes ``events.GameEnded``, and the result has the shape of ``games.play.results``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import events
from games.errors import Conflict
from games.models import DEFAULTS, Game, LogNote, Seat, still_in, voters
from games.play import ratings, results
from games.play.drafting import commit_draft, settle_draft
from games.play.locking import locked_game, one_transaction
from games.play.notes import add_note
from games.play.seats import hand_to_stand_in, playing_seat
from games.play.waiting import update_waiting


def finish(
    game: Game, seats: list[Seat], result: results.Result, now: datetime | None = None
) -> None:
    """End ``game`` with ``result``; call it holding the game lock."""
    commit_draft(game)  # a finished game keeps no half-made turn
    game.status = Game.Status.FINISHED
    game.finished_at = now or timezone.now()
    game.result = result.to_json()
    game.save()
    ratings.rate(game, seats)
    update_waiting(game, seats, ())
    events.publish(events.GameEnded(game_id=game.pk, termination=result.termination))


def abandon(
    game: Game, seats: list[Seat], leaving: Sequence[int], termination: str, reason: str
) -> None:
    """End the game with the seats in ``leaving`` (and any who resigned before) last."""
    staying = [s.number for s in still_in(seats, leaving)]
    finish(game, seats, results.left_early(game.players, staying, termination, reason))


def announce_departure(game: Game, note: LogNote) -> None:
    """Tell the other players, after commit, that someone resigned or ran out of time."""
    events.publish(events.SeatLeft(game_id=game.pk, note_id=note.pk))


@one_transaction
def game_resign(*, game_id: int, user) -> Game:
    """``user`` gives up: see the module docstring for what happens to the game."""
    game = locked_game(game_id)
    seats = list(game.seats.select_related("user"))
    mine = playing_seat(game, seats, user)
    settle_draft(game)  # the steps made before resigning stand, logged before the note
    now = timezone.now()
    mine.resigned_at = now
    mine.wants_end = False
    mine.save(update_fields=["resigned_at", "wants_end"])
    staying = still_in(seats)
    name = {"name": f"{{p{mine.number}}}"}
    if len(staying) <= 1 or not any(s.user_id for s in staying):
        resigned = gettext_noop("%(name)s resigned.") % name
        note = add_note(game, mine.number, LogNote.Kind.RESIGNED, resigned)
        termination = results.RESIGNED if len(staying) == 1 else results.ABANDONED
        abandon(game, seats, [mine.number], termination, resigned)
    else:
        note = add_note(
            game,
            mine.number,
            LogNote.Kind.RESIGNED,
            gettext_noop("%(name)s resigned: their moves are played by default from now on.")
            % name,
        )
        hand_to_stand_in(game, mine, DEFAULTS)
        _end_if_agreed(game, seats)
    announce_departure(game, note)
    return game


@one_transaction
def game_vote_end(*, game_id: int, user, agree: bool = True) -> Game:
    """Vote to end the game with no winner (or take the vote back); all must agree."""
    game = locked_game(game_id)
    seats = list(game.seats.select_related("user"))
    mine = playing_seat(game, seats, user)
    if mine.wants_end == agree:
        return game
    mine.wants_end = agree
    mine.save(update_fields=["wants_end"])
    text = (
        gettext_noop("%(name)s proposes to end the game without a result.")
        if agree
        else gettext_noop("%(name)s wants to play on.")
    ) % {"name": f"{{p{mine.number}}}"}
    add_note(game, mine.number, LogNote.Kind.VOTE, text)
    if agree:
        _end_if_agreed(game, seats)
    return game


@one_transaction
def game_decline_end(*, game_id: int, user) -> Game:
    """Refuse a proposal to end the game: every vote is cleared and play goes on."""
    game = locked_game(game_id)
    seats = list(game.seats.select_related("user"))
    mine = playing_seat(game, seats, user)
    proposers = [s for s in seats if s.wants_end]
    if not proposers:
        raise Conflict(_("Nobody proposes to end this game."))
    if mine.wants_end:
        raise Conflict(_("You proposed it yourself: take your vote back instead."))
    for seat in proposers:
        seat.wants_end = False
        seat.save(update_fields=["wants_end"])
    text = gettext_noop("%(name)s declines to end the game: play goes on.") % {
        "name": f"{{p{mine.number}}}"
    }
    add_note(game, mine.number, LogNote.Kind.VOTE, text)
    return game


def _end_if_agreed(game: Game, seats: list[Seat]) -> None:
    people = voters(seats)
    if people and all(s.wants_end for s in people):
        text = gettext_noop("Everyone agreed: the game ends with no winner.")
        add_note(game, None, LogNote.Kind.ENDED, text)
        finish(game, seats, results.agreed(game.players))
