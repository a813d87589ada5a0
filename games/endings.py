"""Games that end other than by the rules: resigning, running out of time, agreeing to stop.

* **Resign.** With two players the game ends at once: the resigner ranks last, the other
  wins. With more, the resigner's seat is played by the engine's defaults for the rest of
  the game (the others play on); when one player, or no person, is left, the game ends.
* **Abandoned** (resigned, or timed out at a table whose policy ends the game): the players
  still in the game share first place and those who left rank last. Mid-game the engine
  has no final score to rank them by, so none is invented: the scores show no points.
* **Vote to end.** Every person still playing (resigned seats and bots have no vote) agrees
  to stop: the game is finished with no winner ("ended by agreement").

Each is a ``GameEvent`` in the game log; leaving also sends ``signals.seat_left``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from functools import partial

from django.db import transaction
from django.utils import timezone

from games import signals
from games.clocks.events import add_event
from games.clocks.seat_clock import queue_absent_play
from games.errors import Conflict, NotAPlayer
from games.models import Game, GameEvent, Seat
from games.services import _locked_game, _require_active, _update_waiting

ABANDONED = "abandoned"
AGREEMENT = "agreement"


def _still_in(seats: Iterable[Seat], leaving: Iterable[int] = ()) -> list[Seat]:
    gone = set(leaving)
    return [s for s in seats if s.resigned_at is None and s.number not in gone]


def abandoned_result(players: int, staying: Sequence[int], reason: str) -> dict:
    """The stored result: those staying share first place, the others rank last."""
    last = len(staying) + 1
    return {
        "winners": sorted(staying),
        "reason": reason,
        "ending": ABANDONED,
        "scores": [
            {
                "seat": n,
                "total": None,
                "rank": 1 if n in staying else last,
                "left": n not in staying,
                "breakdown": [],
            }
            for n in range(players)
        ],
    }


def agreement_result() -> dict:
    return {
        "winners": [],
        "reason": "Ended by agreement, no winner.",
        "ending": AGREEMENT,
        "scores": [],
    }


def finish(game: Game, seats: list[Seat], result: dict, now: datetime | None = None) -> None:
    """End ``game`` with ``result``; call it holding the game lock."""
    game.status = Game.Status.FINISHED
    game.finished_at = now or timezone.now()
    game.result = result
    game.save()
    _update_waiting(game, seats, ())
    transaction.on_commit(partial(signals.game_finished.send, sender=Game, game_id=game.pk))


def abandon(game: Game, seats: list[Seat], leaving: Sequence[int], reason: str) -> None:
    """End the game with the seats in ``leaving`` (and any who resigned before) last."""
    staying = [s.number for s in _still_in(seats, leaving)]
    finish(game, seats, abandoned_result(game.players, staying, reason))


def announce_departure(game: Game, event: GameEvent) -> None:
    """Tell the other players, after commit, that someone resigned or timed out."""
    transaction.on_commit(
        partial(signals.seat_left.send, sender=Game, game_id=game.pk, event_id=event.pk)
    )


def _my_seat(game: Game, seats: list[Seat], user) -> Seat:
    mine = next((s for s in seats if s.user_id == user.pk), None)
    if mine is None:
        raise NotAPlayer("You are not playing in this game.")
    _require_active(game)
    if mine.resigned_at is not None:
        raise Conflict("You have resigned from this game.")
    return mine


def game_resign(*, game_id: int, user) -> Game:
    """``user`` gives up: see the module docstring for what happens to the game."""
    with transaction.atomic():
        game = _locked_game(game_id)
        seats = list(game.seats.select_related("user"))
        mine = _my_seat(game, seats, user)
        now = timezone.now()
        mine.resigned_at = now
        mine.wants_end = False
        mine.save(update_fields=["resigned_at", "wants_end"])
        staying = _still_in(seats)
        name = f"{{p{mine.number}}}"
        if len(staying) <= 1 or not any(s.user_id for s in staying):
            event = add_event(game, mine.number, GameEvent.Kind.RESIGNED, f"{name} resigned.")
            abandon(game, seats, [mine.number], f"{name} resigned.")
        else:
            event = add_event(
                game,
                mine.number,
                GameEvent.Kind.RESIGNED,
                f"{name} resigned: their moves are played by default from now on.",
            )
            if mine.must_act:
                transaction.on_commit(partial(queue_absent_play, game.pk))
            _end_if_agreed(game, seats)
        announce_departure(game, event)
    return game


def voters(seats: Iterable[Seat]) -> list[Seat]:
    """The people who decide whether to end a game without a result."""
    return [s for s in _still_in(seats) if s.user_id]


def game_vote_end(*, game_id: int, user, agree: bool = True) -> Game:
    """Vote to end the game with no winner (or take the vote back); all must agree."""
    with transaction.atomic():
        game = _locked_game(game_id)
        seats = list(game.seats.select_related("user"))
        mine = _my_seat(game, seats, user)
        if mine.wants_end == agree:
            return game
        mine.wants_end = agree
        mine.save(update_fields=["wants_end"])
        name = f"{{p{mine.number}}}"
        text = (
            f"{name} proposes to end the game without a result."
            if agree
            else f"{name} wants to play on."
        )
        add_event(game, mine.number, GameEvent.Kind.VOTE, text)
        if agree:
            _end_if_agreed(game, seats)
    return game


def _end_if_agreed(game: Game, seats: list[Seat]) -> None:
    people = voters(seats)
    if people and all(s.wants_end for s in people):
        add_event(
            game, None, GameEvent.Kind.ENDED, "Everyone agreed: the game ends with no winner."
        )
        finish(game, seats, agreement_result())
