"""When a clock runs out: the table's ``timeout_policy`` decides.

* ``skip``: the seat's pending decisions get the engine's ``default_action`` and play goes
  on; its clock starts afresh the next time it must act.
* ``autoplay``: the same, and a stand-in plays defaults for that seat from then on, until
  the player comes back (acts, or says so on the game page).
* ``bot``: a stand-in bot of the table's ``timeout_bot_level`` plays the seat until then.
* ``abandon``: the game ends with that player last (``games.play.endings``).

Stand-ins playing defaults act only while some person at the table still plays; when
nobody does, each deadline plays one decision, so absent players cannot race to the end.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext_noop

from games import events
from games.models import DEFAULTS, Game, LogNote, Seat
from games.play import endings, results
from games.play.acting import apply_move
from games.play.drafting import settle_draft
from games.play.locking import lock_unless_busy
from games.play.notes import add_note
from games.play.seats import hand_to_stand_in
from games.timing import seat_clock

MAX_DEFAULT_STEPS = 50  # one decision broken in steps (discard one card at a time…)

Policy = Game.TimeoutPolicy
# Log notes are stored in English and put in the reader's language when shown
# (``games.read.names.site_text``): marked here with ``gettext_noop``.
TIMED_OUT_TEXT = {
    Policy.SKIP: gettext_noop("%(name)s ran out of time: the default was played for them."),
    Policy.AUTOPLAY: gettext_noop(
        "%(name)s ran out of time: their moves are played by default until they come back."
    ),
    Policy.BOT: gettext_noop(
        "%(name)s ran out of time: a bot plays for them until they come back."
    ),
    Policy.ABANDON: gettext_noop("%(name)s ran out of time: the game is over."),
}


def play_defaults(game: Game, seats: list[Seat], number: int) -> int:
    """Play the default for seat ``number`` while the game waits for it; holds the lock."""
    settle_draft(game)  # the steps the player made before leaving stand
    steps = 0
    while steps < MAX_DEFAULT_STEPS and game.status == Game.Status.ACTIVE:
        rules, state = game.rules, game.snapshot
        if number not in rules.to_act(state) or not rules.legal_actions(state, number):
            break
        apply_move(game, seats, number, rules.default_action(state, number))
        steps += 1
    return steps


def time_out(game: Game, seats: list[Seat], seat: Seat, now: datetime) -> None:
    """Apply the table's policy to ``seat``, whose clock ran out; holds the game lock."""
    settle_draft(game)  # steps made before the clock ran out stand
    if seat.stand_in == DEFAULTS:  # already away or resigned: no news, just the defaults
        play_defaults(game, seats, seat.number)
        return
    policy = game.timeout_policy
    name = {"name": f"{{p{seat.number}}}"}
    note = add_note(game, seat.number, LogNote.Kind.TIMED_OUT, TIMED_OUT_TEXT[policy] % name)
    endings.announce_departure(game, note)
    if policy == Policy.ABANDON:
        reason = gettext_noop("%(name)s ran out of time.") % name
        endings.abandon(game, seats, [seat.number], results.TIMED_OUT, reason)
        return
    if policy == Policy.BOT:
        hand_to_stand_in(game, seat, game.timeout_bot_level or "greedy")
        return
    if policy == Policy.AUTOPLAY:  # before playing: they count as absent from now on
        hand_to_stand_in(game, seat, DEFAULTS)
    play_defaults(game, seats, seat.number)


def times_out(seat: Seat) -> bool:
    """Bots never run out of time; people do, and so do stand-ins playing defaults."""
    return seat.played_by_player or seat.stand_in == DEFAULTS


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
        seats = list(game.seats.select_related("user"))
        due = sorted(
            (s for s in seats if s.must_act and s.deadline and times_out(s)),
            key=lambda s: (s.deadline, s.number),
        )
        for seat in due:
            if not seat.must_act or seat.deadline is None or seat.deadline > now:
                continue  # an earlier default moved things on
            if seat_clock.on_vacation(game, seat):  # a vacation began as it ran out
                seat_clock.pause(game, seat, now)
                seat.save(update_fields=seat_clock.CLOCK_FIELDS)
                continue
            time_out(game, seats, seat, now)
            handled += 1
            if game.status != Game.Status.ACTIVE:
                break
        if handled:  # once for the game, however many seats ran out
            events.touched(game.pk)
    return handled
