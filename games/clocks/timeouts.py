"""When a clock runs out, and playing for players who are not there.

The table's ``timeout_policy`` decides:

* ``skip``: the seat's pending decisions get the engine's ``default_action`` and play goes
  on; its clock starts afresh the next time it must act.
* ``autoplay``: the same, and every later decision of that seat is defaulted at once until
  the player comes back (opens the game or acts).
* ``bot``: a bot of the table's ``timeout_bot_level`` plays the seat until they come back
  (``games.bots.take_over``); without bots, as ``autoplay``.
* ``abandon``: the game ends with that player last (``games.endings``).

Absent seats (auto-play, resigned) are played only while some person at the table is
still playing; when nobody is, clocks run and defaults come one deadline at a time, so a
table of absent players cannot race to the end on its own.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from games import endings, services
from games.clocks import seat_clock
from games.clocks.events import add_event
from games.clocks.locks import lock_unless_busy
from games.models import Game, GameEvent, Seat

MAX_DEFAULT_STEPS = 50  # one decision broken in steps (discard one card at a time…)
MAX_ABSENT_ROUNDS = 200

Policy = Game.TimeoutPolicy
TIMED_OUT_TEXT = {
    Policy.SKIP: "{name} ran out of time: the default was played for them.",
    Policy.AUTOPLAY: "{name} ran out of time: their moves are played by default until they come back.",
    Policy.BOT: "{name} ran out of time: a bot plays for them until they come back.",
    Policy.ABANDON: "{name} ran out of time: the game is over.",
}


def play_defaults(game: Game, number: int) -> tuple[Game, int]:
    """Play the default for seat ``number`` while the game waits for it; holds the lock."""
    steps = 0
    while steps < MAX_DEFAULT_STEPS and game.status == Game.Status.ACTIVE:
        rules, state = game.rules, game.state
        if number not in rules.to_act(state) or not rules.legal_actions(state, number):
            break
        action = rules.default_action(state, number)
        game = services.game_act(game_id=game.pk, action=action, expected_version=None, seat=number)
        steps += 1
    return game, steps


def _take_over(game: Game, seat: Seat) -> bool:
    """Hand the seat to a bot when the bots module offers that; False otherwise."""
    try:
        from games import bots
    except ImportError:
        return False
    take_over = getattr(bots, "take_over", None)
    if take_over is None:
        return False
    level = game.timeout_bot_level or "greedy"
    take_over(game, seat.number, level)
    return True


def time_out(game: Game, seat: Seat, now: datetime) -> Game:
    """Apply the table's policy to ``seat``, whose clock ran out; holds the game lock."""
    if seat.resigned_at is not None:  # already gone: no news, just the defaults
        return play_defaults(game, seat.number)[0]
    policy = game.timeout_policy
    name = f"{{p{seat.number}}}"
    if policy == Policy.BOT and not _take_over(game, seat):
        policy = Policy.AUTOPLAY
    event = add_event(
        game, seat.number, GameEvent.Kind.TIMED_OUT, TIMED_OUT_TEXT[policy].format(name=name)
    )
    endings.announce_departure(game, event)
    if policy == Policy.ABANDON:
        endings.abandon(game, list(game.seats.all()), [seat.number], f"{name} ran out of time.")
        return game
    if policy == Policy.BOT:
        return game
    if policy == Policy.AUTOPLAY:
        seat.auto_play = True
        seat.save(update_fields=["auto_play"])
    return play_defaults(game, seat.number)[0]


def time_out_game(game_id: int, now: datetime) -> int:
    """Handle every seat of the game whose clock ran out by ``now``; how many.

    Safe to run from several workers: a game locked by another is skipped (it is being
    handled, or a move is being made), and everything is checked again under the lock.
    """
    handled = 0
    with transaction.atomic():
        game = lock_unless_busy(Game.objects.filter(pk=game_id)).first()
        if game is None or game.status != Game.Status.ACTIVE:
            return 0
        for number in _due_seats(game, now):
            seat = game.seats.select_related("user").get(number=number)
            if not seat.must_act or seat.deadline is None or seat.deadline > now:
                continue  # an earlier default moved things on
            if seat_clock.on_vacation(game, seat):  # a vacation began as it ran out
                seat_clock.pause(game, seat, now)
                seat.save(update_fields=seat_clock.CLOCK_FIELDS)
                continue
            game = time_out(game, seat, now)
            handled += 1
            if game.status != Game.Status.ACTIVE:
                break
    return handled


def _due_seats(game: Game, now: datetime) -> list[int]:
    seats = game.seats.filter(must_act=True, deadline__lte=now, bot_takeover_level="")
    return list(seats.order_by("deadline", "number").values_list("number", flat=True))


def _someone_present(seats: list[Seat]) -> bool:
    return any(
        s.user_id and not s.auto_play and s.resigned_at is None and not s.bot_takeover_level
        for s in seats
    )


def play_for_absent(game_id: int) -> int:
    """Play the defaults of every waiting seat whose player is absent; moves played."""
    played = 0
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        for _ in range(MAX_ABSENT_ROUNDS):
            if game is None or game.status != Game.Status.ACTIVE:
                break
            seats = list(game.seats.all())
            if not _someone_present(seats):
                break
            waiting = game.rules.to_act(game.state)
            absent = [
                s.number
                for s in seats
                if s.number in waiting and (s.auto_play or s.resigned_at) and not s.bot_controller
            ]
            if not absent:
                break
            game, steps = play_defaults(game, absent[0])
            if not steps:
                break
            played += steps
    return played
