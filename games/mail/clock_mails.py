"""Mails about time: the 80% reminder, the daily digest, the vacation warning, and the
news that an opponent resigned or ran out of time.

Built on ``games.mail.delivery`` (``Mail``, ``deliver``) and ``games.mail.table``: each mail is recorded
once per recipient and key, so a repeated scan or a retried task sends nothing twice.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from accounts.models import Notification, User
from games.engine.contract import fill_names
from games.mail.delivery import Mail, absolute_url, deliver, filled, when_shown
from games.mail.table import Table
from games.models import Game, LogNote, Seat, Vacation
from games.play import reminders, vacations
from games.read.clocks import duration_text, moment_text
from games.read.names import site_text
from games.timing import seat_clock


def notify_reminder(*, seat_id: int, waiting_version: int, now: datetime | None = None) -> int:
    """Remind a player whose time for a move is 80% used; 1 when the mail went out.

    A move that committed meanwhile (the seat no longer waits, or waits on a later move),
    or the player having the game open, means no mail now (``reminder_claim``).
    """
    now = now or timezone.now()
    with transaction.atomic():
        seat = reminders.reminder_claim(seat_id=seat_id, waiting_version=waiting_version, now=now)
        if seat is None or not seat.user.wants_mail(Notification.REMINDER):
            return 0
        mail = _reminder_mail(Table(seat.game), seat, now)
        return int(deliver(mail, game=seat.game, key=str(waiting_version), user=seat.user))


def _reminder_mail(table: Table, seat: Seat, now: datetime) -> Mail:
    user = seat.user
    left = when_shown(duration_text, seat_clock.left(table.game, seat, now))
    context = {
        **table.context(seat),
        "left": left,
        "deadline": when_shown(moment_text, seat.deadline, user.timezone),
    }
    subject = filled(_("%(left)s left for your move in %(title)s"), left=left, title=table.title)
    return Mail(Notification.REMINDER, "reminder", subject, context)


def digest_rows(user, now: datetime) -> list[dict]:
    """The user's games waiting for them, most urgent first (no clock: last, oldest first)."""
    seats = (
        Seat.objects.filter(
            user=user, must_act=True, resigned_at__isnull=True, game__status=Game.Status.ACTIVE
        )
        .select_related("game", "user")
        .order_by("game_id")
    )
    rows = []
    for seat in seats:
        table = Table(seat.game)
        left = seat_clock.left(seat.game, seat, now)
        rows.append(
            {
                "title": table.title,
                "url": table.url,
                "prompt": table.prompt(seat),
                "opponents": table.opponents(seat),
                "left": when_shown(duration_text, left) if left is not None else "",
                "paused": left is not None and seat.deadline is None,
                "deadline": (
                    when_shown(moment_text, seat.deadline, user.timezone) if seat.deadline else ""
                ),
                "_order": (left is None, left, seat.waiting_since or now),
            }
        )
    rows.sort(key=lambda row: row.pop("_order"))
    return rows


def notify_digest(*, user_id: int, day: str, now: datetime | None = None) -> int:
    """The daily digest for ``day`` (the user's local date); at most one per day."""
    now = now or timezone.now()
    user = User.objects.filter(pk=user_id).first()
    if user is None or not user.wants_mail(Notification.DIGEST):
        return 0
    rows = digest_rows(user, now)
    if not rows:
        return 0
    count = len(rows)
    waiting = ngettext_lazy(
        "%(count)d game waiting for your move", "%(count)d games waiting for your move", count
    )
    subject = filled(waiting, count=count)
    context = {"games": rows, "count": count, "mine_url": absolute_url(reverse("games:mine"))}
    mail = Mail(Notification.DIGEST, "digest", subject, context)
    return int(deliver(mail, game=None, key=f"digest-{day}", user=user))


def notify_vacation_ending(*, user_id: int, now: datetime | None = None) -> int:
    """Warn a player that their vacation ends (their allowance runs out) within a day."""
    now = now or timezone.now()
    vacation = Vacation.objects.filter(user_id=user_id).select_related("user").first()
    if vacation is None or not vacation.active:
        return 0
    if not now < vacation.ends_at <= now + vacations.WARN_BEFORE:
        return 0
    user = vacation.user
    if not user.wants_mail(Notification.VACATION_ENDING):
        return 0
    context = {
        "ends": when_shown(moment_text, vacation.ends_at, user.timezone),
        "vacation_url": absolute_url(reverse("accounts:settings") + "#vacation"),
    }
    mail = Mail(
        Notification.VACATION_ENDING, "vacation_ending", _("Your vacation ends tomorrow"), context
    )
    return int(deliver(mail, game=None, key=vacations.warning_key(vacation), user=user))


def notify_opponent_left(*, game_id: int, note_id: int) -> int:
    """Tell the other players that someone resigned or ran out of time."""
    event = LogNote.objects.filter(pk=note_id, game_id=game_id).first()
    table = Table.load(game_id)
    if event is None or table is None:
        return 0
    news = when_shown(_news, event.text, table.names)
    sent = 0
    for seat in table.people:
        if seat.number == event.seat or seat.resigned_at is not None:
            continue
        if not seat.user.wants_mail(Notification.OPPONENT_LEFT):
            continue
        context = {**table.context(seat), "news": news, "over": table.game.status != "active"}
        mail = Mail(
            Notification.OPPONENT_LEFT,
            "opponent_left",
            filled("%(title)s: %(news)s", title=table.title, news=news),
            context,
        )
        sent += deliver(mail, game=table.game, key=f"event-{event.pk}", user=seat.user)
    return sent


def _news(text: str, names: list[str]) -> str:
    """A note the site stored in English (``{p0} resigned.``), in the reader's language."""
    return fill_names(site_text(text), names)
