"""Clocks as the pages and mails show them: time left, deadlines, who is away."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.core.exceptions import ObjectDoesNotExist
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Game, Seat, Vacation, stand_in_level, voters
from games.timing import seat_clock


def duration_text(amount: timedelta | None) -> str:
    """``2 days 3 hours`` / ``5 hours 12 minutes`` / ``12 minutes``: two units at most."""
    if amount is None:
        return ""
    minutes = int(amount.total_seconds() // 60)
    if minutes < 1:
        return _("less than a minute")
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    words = []
    if days:
        words.append(ngettext("%(count)d day", "%(count)d days", days) % {"count": days})
    if hours:
        words.append(ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours})
    if minutes:
        words.append(
            ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}
        )
    return " ".join(words[:2])


def moment_text(moment: datetime, zone_name: str) -> str:
    """``Tue 14 May, 18:00 (Europe/Paris)``: a deadline in the reader's own zone."""
    try:
        zone = ZoneInfo(zone_name)
    except (KeyError, ValueError):
        zone, zone_name = ZoneInfo("UTC"), "UTC"
    local = moment.astimezone(zone)
    return f"{date_format(local, 'D j M, H:i')} ({zone_name})"


@dataclass(frozen=True)
class SeatClock:
    """One seat's clock and presence as everyone at the table may see them."""

    number: int
    left: timedelta | None  # None: no running or paused clock
    deadline: datetime | None  # None while paused
    urgent: bool  # 80% of the move's time used
    on_vacation: bool
    stand_in: str  # the level playing for an absent player, or ""
    resigned: bool
    wants_end: bool

    @property
    def left_text(self) -> str:
        return duration_text(self.left)

    @property
    def paused(self) -> bool:
        return self.left is not None and self.deadline is None


def seat_clock_of(game: Game, seat: Seat, away: set[int], now: datetime) -> SeatClock:
    left = seat_clock.left(game, seat, now)
    return SeatClock(
        number=seat.number,
        left=left,
        deadline=seat.deadline if left is not None else None,
        urgent=is_urgent(left, seat.move_time),
        on_vacation=seat.user_id in away,
        stand_in=seat.stand_in,
        resigned=seat.resigned_at is not None,
        wants_end=seat.wants_end,
    )


def seat_clock_from(seat: dict, now: datetime) -> SeatClock:
    """``seat_clock_of`` from a list's values of a seat: its fields ``number``,
    ``must_act``, ``deadline``, ``time_left``, ``move_time``, ``controller``,
    ``controller_level``, ``resigned_at``, ``wants_end``; its table's ``clock_days``;
    ``weekends_zone``, the zone whose weekends stop its clock (None: no weekends off); and
    whether its player is ``away``."""
    left = None
    if seat["clock_days"] and seat["must_act"]:
        zone = seat_clock.zone_named(seat["weekends_zone"])
        left = seat_clock.left_until(seat["deadline"], seat["time_left"], zone, now)
    return SeatClock(
        number=seat["number"],
        left=left,
        deadline=seat["deadline"] if left is not None else None,
        urgent=is_urgent(left, seat["move_time"]),
        on_vacation=seat["away"],
        stand_in=stand_in_level(seat["controller"], seat["controller_level"]),
        resigned=seat["resigned_at"] is not None,
        wants_end=seat["wants_end"],
    )


def others_waiting(named: list[tuple[str, SeatClock]], mine: int) -> list[dict]:
    """For a list's row: the others at the table who must act or are away, by name, with
    their clocks (``named``: each seat's name and clock)."""
    return [
        {"name": name, "clock": clock}
        for name, clock in named
        if clock.number != mine and (clock.left is not None or clock.on_vacation)
    ]


def is_urgent(left: timedelta | None, move_time: timedelta | None) -> bool:
    """80% of the move's time is used (the clock is shown urgent, a reminder goes out)."""
    return bool(left is not None and move_time and left <= move_time * seat_clock.REMIND_WHEN_LEFT)


def on_vacation(user_ids) -> set[int]:
    ids = [uid for uid in user_ids if uid]
    if not ids:
        return set()
    found = Vacation.objects.filter(user_id__in=ids, started_at__isnull=False)
    return set(found.values_list("user_id", flat=True))


def time_control_text(game: Game) -> str:
    """``3 days per move, time bank up to 14 days, weekends off`` or ``No time limit``."""
    if not game.clock_days:
        return _("No time limit")
    days = game.clock_days
    parts = [ngettext("%(days)d day per move", "%(days)d days per move", days) % {"days": days}]
    if game.bank_cap_days:
        cap = game.bank_cap_days
        parts.append(
            ngettext(
                "unused time banked up to %(days)d day",
                "unused time banked up to %(days)d days",
                cap,
            )
            % {"days": cap}
        )
    if game.weekends_off:
        parts.append(_("weekends off"))
    parts.append(_("vacations pause the clock") if game.allow_vacation else _("no vacations"))
    return ", ".join(parts)


def seat_clocks(
    game: Game, now: datetime | None = None, away: set[int] | None = None
) -> dict[int, SeatClock]:
    """Every seat's clock by seat number (seats prefetched with ``with_seats`` stay cheap)."""
    now = now or timezone.now()
    seats = _seats(game)
    if away is None:
        away = _vacations_read_with(seats)
    if away is None:
        away = on_vacation(s.user_id for s in seats)
    return {s.number: seat_clock_of(game, s, away, now) for s in seats}


def _vacations_read_with(seats: list[Seat]) -> set[int] | None:
    """Who of the seated is on vacation, when the seats were read with their players'
    vacations (``games.read.names.seats_prefetch``); None when they were not."""
    away = set()
    for seat in seats:
        if seat.user_id is None:
            continue
        if not Seat.user.is_cached(seat) or not type(seat.user).vacation.is_cached(seat.user):
            return None
        try:
            vacation = seat.user.vacation
        except ObjectDoesNotExist:  # never took one
            continue
        if vacation.started_at is not None:
            away.add(seat.user_id)
    return away


def _seats(game: Game) -> list[Seat]:
    """The game's seats: the list a list page read once (``seat_list``), else its seats."""
    listed = getattr(game, "seat_list", None)
    return listed if listed is not None else list(game.seats.all())


def clock_context(game: Game, mine: Seat | None, now: datetime | None = None) -> dict:
    """What the game page shows about time and leaving: clocks by seat, votes, buttons."""
    clocks = seat_clocks(game, now)
    playing = game.status == Game.Status.ACTIVE and mine is not None and not mine.resigned_at
    people = voters(game.seats.all())
    others = [s for s in game.seats.all() if s.resigned_at is None and s != mine]
    return {
        "clocks": [clocks.get(n) for n in range(game.players)],
        "time_control": time_control_text(game),
        "can_resign": playing,
        "resign_ends_game": len(others) <= 1 or not any(s.user_id for s in others),
        "can_vote": playing and len(people) > 1,
        "i_want_end": bool(mine and mine.wants_end),
        "end_votes": sum(1 for s in people if s.wants_end),
        "voters": len(people),
    }
