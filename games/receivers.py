"""The one map from domain events to the work they cause: each subscriber queues tasks.

Adding a reaction to something that happens is a line here, never an edit of the code
that acts. Subscribers only queue (ids in), so delivering an event twice queues work
twice, and the tasks themselves make sure it happens once. ``connect`` runs when the app
is ready (``games.apps``). May import ``games.tasks``, ``games.events`` and below.

| event              | subscriber            | task(s)                                 |
|--------------------|-----------------------|-----------------------------------------|
| PlayerInvited      | invite                | send_invitation                         |
| GameStarted        | started, autoplay     | send_started_mails, play_seat per seat  |
| MoveMade           | turn_mail, autoplay   | send_turn_mails, play_seat per seat     |
| (any change)       | live.pulse_game       | none: open pages are told at once       |
| DealOffered        | deal_mail             | send_deal_mail per recipient            |
| TurnClosing        | turn_closing          | close_announced_turn at the window's end |
| GameEnded          | ended                 | send_finished_mails                     |
| SeatLeft           | left                  | send_opponent_left                      |
| SeatControlChanged | autoplay              | play_seat per seat                      |
| ReminderDue        | reminder              | send_reminder                           |
| DigestDue          | digest                | send_digest                             |
| VacationEnding     | vacation_ending       | send_vacation_warning                   |
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings

from games import events, live, tasks
from games.models import DEFAULTS


def invite(event: events.PlayerInvited) -> None:
    tasks.send_invitation.delay(event.game_id, event.email_or_user_id)


def started(event: events.GameStarted) -> None:
    tasks.send_started_mails.delay(event.game_id)


def turn_mail(event: events.MoveMade) -> None:
    if event.waiting_user_ids:
        tasks.send_turn_mails.delay(
            event.game_id, event.seq, list(event.waiting_user_ids), event.acted_by_user_id
        )


def autoplay(event: events.GameStarted | events.MoveMade | events.SeatControlChanged) -> None:
    """One task per seat nobody plays in person that must act: a bot after a short pause
    when the turn comes to it, so people see its moves happen, then the further steps of
    its own turn at once; defaults for absent players at once."""
    version = event.seq if isinstance(event, events.MoveMade) else event.version
    for seat, level in event.autoplay:
        goes_on = isinstance(event, events.MoveMade) and event.seat == seat
        delay = 0.0 if level == DEFAULTS or goes_on else float(settings.BOT_MOVE_DELAY_SECONDS)
        tasks.play_seat.apply_async((event.game_id, seat, version), countdown=delay)


def deal_mail(event: events.DealOffered) -> None:
    for user_id in event.to_user_ids:
        tasks.send_deal_mail.delay(event.game_id, event.seq, user_id)


def turn_closing(event: events.TurnClosing) -> None:
    due = datetime.fromisoformat(event.due)
    tasks.close_announced_turn.apply_async((event.game_id, event.seat, event.epoch), eta=due)


def ended(event: events.GameEnded) -> None:
    tasks.send_finished_mails.delay(event.game_id)


def left(event: events.SeatLeft) -> None:
    tasks.send_opponent_left.delay(event.game_id, event.note_id)


def reminder(event: events.ReminderDue) -> None:
    tasks.send_reminder.delay(event.seat_id, event.waiting_version)


def digest(event: events.DigestDue) -> None:
    tasks.send_digest.delay(event.user_id, event.day)


def vacation_ending(event: events.VacationEnding) -> None:
    tasks.send_vacation_warning.delay(event.user_id)


SUBSCRIBERS = (
    (events.PlayerInvited, invite),
    (events.GameStarted, started),
    (events.GameStarted, autoplay),
    (events.MoveMade, turn_mail),
    (events.MoveMade, autoplay),
    (events.DealOffered, deal_mail),
    (events.TurnClosing, turn_closing),
    (events.GameEnded, ended),
    (events.SeatLeft, left),
    (events.SeatControlChanged, autoplay),
    (events.ReminderDue, reminder),
    (events.DigestDue, digest),
    (events.VacationEnding, vacation_ending),
)


def connect() -> None:
    for event_type, subscriber in SUBSCRIBERS:
        events.subscribe(event_type, subscriber)
    events.on_touched(live.pulse_game)  # open pages: told at once, fetch what they may see
