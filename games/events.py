"""Domain events: what happened, published inside the transaction, delivered after commit.

The write path (``games.play``) and the scans (``games.clocks``) call ``publish`` with a
small frozen dataclass. ``publish`` stores it as an ``OutboxEvent`` row in the same
transaction (a rolled-back change publishes nothing). Delivery calls every subscriber of
that event type, then marks the row delivered. Who delivers it depends on how soon its
work must start (``Event.at_commit``):

- at once, by the code that published it, once its transaction commits: a bot's or a
  default move must follow, or a timer must be set;
- otherwise by the relay (``relay``, run every second or so by beat): mails, which a
  second or two do not delay, so that a person's move never talks to the broker.

A subscriber that fails (the broker is down) leaves the row undelivered; ``redeliver``
(run every minute by beat) tries it again, so a failure delays work and loses none.
Subscribers must therefore be idempotent: they only queue tasks, and every task checks
again what it is about to do.

Who reacts to what is decided in one place, ``games.receivers``, which registers its
subscribers with ``subscribe`` when the app is ready. This module is the only one that
calls ``transaction.on_commit``; it may import ``games.models`` and nothing above it.

Events published while others are being delivered (a task run in-process delivers the
events of the move it made) are delivered after them, in order, by the delivery already
running in that thread: no recursion, however long a chain of bot moves.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
import threading
from collections import defaultdict, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import ClassVar

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from games.models import OutboxEvent
from silkroad.rows import insert_rows

logger = logging.getLogger(__name__)

REDELIVER_AFTER = timedelta(seconds=30)  # older undelivered rows are retried by the scan
KEEP_DELIVERED = timedelta(days=7)  # delivered rows are kept this long (to look into), then pruned
REDELIVER_BATCH = 200
# A relay's run reads at most this many batches: a backlog (the broker was down) is worked
# off in a few runs, and one run never outlasts many of the next ones.
RELAY_BATCHES = 10
MAX_ATTEMPTS = 20


@dataclass(frozen=True)
class Event:
    """Base of every domain event: ids and plain values only, never model instances."""

    name: ClassVar[str] = "event"

    @property
    def at_commit(self) -> bool:
        """True: delivered as soon as its transaction commits; False: left to the relay."""
        return True

    def to_json(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class MailOnly(Event):
    """An event that only causes mail: the relay delivers it."""

    @property
    def at_commit(self) -> bool:
        return False


class CallsTheComputer:
    """Of an event whose ``autoplay`` lists the seats nobody plays in person that must act
    now: delivered at once when a bot or a default move must follow, else by the relay."""

    autoplay: tuple[tuple[int, str], ...]

    @property
    def at_commit(self) -> bool:
        return bool(self.autoplay)


# --- tables and games ------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerInvited(MailOnly):
    name: ClassVar[str] = "player_invited"
    game_id: int
    email_or_user_id: int | str  # a user's id when the invitee has an account


@dataclass(frozen=True)
class GameStarted(CallsTheComputer, Event):
    name: ClassVar[str] = "game_started"
    game_id: int
    version: int
    autoplay: tuple[tuple[int, str], ...] = ()  # (seat, level) the executor must play


@dataclass(frozen=True)
class MoveMade(CallsTheComputer, Event):
    """A move was applied; ``waiting_user_ids`` are people who must act now and did not
    before (turn mail), ``autoplay`` the seats nobody plays in person that must act."""

    name: ClassVar[str] = "move_made"
    game_id: int
    seq: int
    seat: int
    acted_by_user_id: int | None
    waiting_user_ids: tuple[int, ...] = ()
    autoplay: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class TurnClosing(Event):
    """``seat`` announced the end of its turn: at ``due`` (ISO time) the turn ends by
    itself unless it already has (``epoch``: the deals' epoch then)."""

    name: ClassVar[str] = "turn_closing"
    game_id: int
    seat: int
    epoch: int | str | None
    due: str


@dataclass(frozen=True)
class DealOffered(MailOnly):
    """The move ``seq`` offered a deal to these people (``games.engine.deals``)."""

    name: ClassVar[str] = "deal_offered"
    game_id: int
    seq: int
    to_user_ids: tuple[int, ...]


@dataclass(frozen=True)
class GameEnded(MailOnly):
    name: ClassVar[str] = "game_ended"
    game_id: int
    termination: str


@dataclass(frozen=True)
class SeatLeft(MailOnly):
    """A player resigned or ran out of time; ``note_id`` is the log note saying so."""

    name: ClassVar[str] = "seat_left"
    game_id: int
    note_id: int


@dataclass(frozen=True)
class SeatControlChanged(Event):
    """A seat passed to a stand-in or back to its player."""

    name: ClassVar[str] = "seat_control_changed"
    game_id: int
    version: int
    seat: int
    level: str  # "" when its player plays it again
    autoplay: tuple[tuple[int, str], ...] = ()


# --- time --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReminderDue(Event):
    name: ClassVar[str] = "reminder_due"
    seat_id: int
    waiting_version: int


@dataclass(frozen=True)
class DigestDue(Event):
    name: ClassVar[str] = "digest_due"
    user_id: int
    day: str  # the user's local date


@dataclass(frozen=True)
class VacationEnding(Event):
    name: ClassVar[str] = "vacation_ending"
    user_id: int


EVENT_TYPES: dict[str, type[Event]] = {
    cls.name: cls
    for cls in (
        PlayerInvited,
        GameStarted,
        MoveMade,
        DealOffered,
        TurnClosing,
        GameEnded,
        SeatLeft,
        SeatControlChanged,
        ReminderDue,
        DigestDue,
        VacationEnding,
    )
}

# --- subscribing and publishing ------------------------------------------------------------

Subscriber = Callable[[Event], object]
_subscribers: dict[type[Event], list[Subscriber]] = defaultdict(list)
_delivering = threading.local()


def subscribe(event_type: type[Event], subscriber: Subscriber) -> None:
    """Call ``subscriber(event)`` after each committed ``event_type`` (once per function)."""
    if subscriber not in _subscribers[event_type]:
        _subscribers[event_type].append(subscriber)


def unsubscribe(event_type: type[Event], subscriber: Subscriber) -> None:
    if subscriber in _subscribers.get(event_type, ()):
        _subscribers[event_type].remove(subscriber)


def subscribers(event_type: type[Event]) -> list[Subscriber]:
    return list(_subscribers.get(event_type, ()))


def publish(event: Event) -> None:
    """Record ``event`` in the current transaction; it is delivered once that commits."""
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        raise RuntimeError("Publish events inside the transaction that made the change.")
    row = OutboxEvent(name=event.name, payload=_payload(event))
    insert_rows([row], ("name", "payload", "created_at", "attempts"))
    if event.at_commit:
        transaction.on_commit(lambda: deliver(row.pk, event))


def _payload(event: Event) -> dict:
    return {key: _plain(value) for key, value in event.to_json().items()}


def _plain(value):
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


# --- pulses: "this game just changed", for the pages that show it ---------------------------


@dataclass
class Touch:
    """A change of a game that open pages are told of once it commits: everyone's pages
    (``game_id``'s, each seated person's in ``user_ids`` when known, the lobby's with
    ``lobby``), or, once ``only_for`` names one person, only that person's pages of it."""

    game_id: int
    lobby: bool = False
    user_ids: tuple[int, ...] | None = None
    only_for: int | None = None
    # Names the pulse: the answer to the request that made the change carries it, so
    # that the page which made it does not ask again for what the answer just showed.
    token: str = field(default_factory=lambda: secrets.token_hex(8))

    def keep_to(self, user_id: int) -> None:
        """Only ``user_id`` can see what changed (a step of theirs kept as a draft, or
        taken back): nobody else's page need ask, and their counts do not move."""
        self.only_for = user_id


Pulser = Callable[[Touch], object]
_pulsers: list[Pulser] = []


def on_touched(pulser: Pulser) -> None:
    """Call ``pulser(touch)`` after each committed change of a game."""
    if pulser not in _pulsers:
        _pulsers.append(pulser)


def touched(game_id: int, *, lobby: bool = False, user_ids: tuple[int, ...] | None = None) -> Touch:
    """This transaction changes the game (``lobby``: as a table the lobby lists;
    ``user_ids``: who sits at it, when known, so the pulse need not read it). Once it
    commits, open pages are told at once; unlike events, this is not stored: a page that
    misses it sees the change at its next poll. Nothing happens on a rollback. The touch
    returned may still be narrowed (``Touch.keep_to``) until the commit."""
    touch = Touch(game_id, lobby, user_ids)
    transaction.on_commit(lambda: _pulse(touch))
    return touch


def _pulse(touch: Touch) -> None:
    for pulser in list(_pulsers):
        try:
            pulser(touch)
        except Exception:  # a page learns of it later, by polling
            logger.exception("Pulsing game %s failed", touch.game_id)


def from_row(row: OutboxEvent) -> Event:
    cls = EVENT_TYPES[row.name]
    fields = {f.name: f for f in dataclasses.fields(cls)}
    values = {}
    for key, value in row.payload.items():
        if key in fields:
            values[key] = _tuples(value)
    return cls(**values)


def _tuples(value):
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    return value


def deliver(row_id: int, event: Event) -> bool:
    """Hand ``event`` to its subscribers; True when every one of them succeeded.

    Inside a delivery already running in this thread, the event waits its turn instead.
    """
    pending: deque | None = getattr(_delivering, "pending", None)
    if pending is not None:
        pending.append((row_id, event))
        return True
    _delivering.pending = pending = deque([(row_id, event)])
    ok = True
    try:
        while pending:
            ok &= _deliver_one(*pending.popleft())
    finally:
        _delivering.pending = None
    return ok


def _deliver_one(row_id: int, event: Event) -> bool:
    failed = False
    for subscriber in subscribers(type(event)):
        try:
            subscriber(event)
        except Exception:  # the broker is down, a bug: keep the row for the next scan
            logger.exception("Delivering %s to %s failed", event.name, subscriber.__name__)
            failed = True
    connection = transaction.get_connection()
    with connection.cursor() as cursor:
        if failed:
            cursor.execute(ATTEMPTED_SQL, [row_id])
        else:
            now = OutboxEvent._meta.get_field("delivered_at").get_db_prep_save(
                timezone.now(), connection
            )
            cursor.execute(DELIVERED_SQL, [now, row_id])
    return not failed


# Written out once: every move delivers an event, and the ORM spent 0.3 ms building this.
DELIVERED_SQL = (
    f"UPDATE {OutboxEvent._meta.db_table} SET delivered_at = %s"
    " WHERE id = %s AND delivered_at IS NULL"
)
ATTEMPTED_SQL = (
    f"UPDATE {OutboxEvent._meta.db_table} SET attempts = attempts + 1"
    " WHERE id = %s AND delivered_at IS NULL"
)


def _known_events(rows) -> Iterator[tuple[OutboxEvent, Event]]:
    """Each row with its event, for the rows whose event type this code knows."""
    return ((row, from_row(row)) for row in rows if row.name in EVENT_TYPES)


def _claimed(
    pending: QuerySet, found: list[tuple[OutboxEvent, Event]]
) -> list[tuple[OutboxEvent, Event]]:
    """Of the rows ``found`` (read without a lock), those still ``pending`` that no other
    relay or redelivery holds, locked until the transaction ends, so that several workers
    can relay at once and each event is handed over once (``SKIP LOCKED``: a row another
    holds is left to it, never waited for). SQLite has no row locks, and one writer at a
    time: every row found."""
    if not found:
        return []
    ids = [row.pk for row, _ in found]
    free = set(
        pending.filter(pk__in=ids).select_for_update(skip_locked=True).values_list("pk", flat=True)
    )
    return [(row, event) for row, event in found if row.pk in free]


def relay(now: datetime | None = None, *, after: int = 0) -> int:
    """Deliver the events left to the relay (``Event.at_commit`` False) that no delivery
    has tried yet, oldest first (``after``: only rows of a greater id), a batch at a time
    until none is left or ``RELAY_BATCHES`` were read; how many succeeded. Those that fail
    wait for ``redeliver``. Each batch is claimed (``_claimed``) and marked in one
    transaction: relays running at once share the rows out."""
    now = now or timezone.now()
    pending = OutboxEvent.objects.filter(delivered_at__isnull=True, attempts=0)
    delivered = 0
    for _ in range(RELAY_BATCHES):
        rows = list(pending.filter(pk__gt=after).order_by("pk")[:REDELIVER_BATCH])
        # Not claimed: a young row that its own commit delivers (nor its publisher kept
        # waiting for the lock).
        found = [
            (row, event)
            for row, event in _known_events(rows)
            if not (event.at_commit and row.created_at > now - REDELIVER_AFTER)
        ]
        if found:  # (a quiet second, the usual case, opens no transaction)
            with transaction.atomic():
                claimed = _claimed(pending, found)
                delivered += sum(deliver(row.pk, event) for row, event in claimed)
        if len(rows) < REDELIVER_BATCH:
            break
        after = rows[-1].pk
    return delivered


def redeliver(now: datetime | None = None) -> int:
    """Deliver again the events whose delivery failed or never ran; how many succeeded.
    Claimed as the relay claims them."""
    now = now or timezone.now()
    pending = OutboxEvent.objects.filter(
        delivered_at__isnull=True,
        created_at__lte=now - REDELIVER_AFTER,
        attempts__lt=MAX_ATTEMPTS,
    )
    rows = list(pending.order_by("pk")[:REDELIVER_BATCH])
    if not rows:
        return 0
    with transaction.atomic():
        found = _claimed(pending, list(_known_events(rows)))
        return sum(deliver(row.pk, event) for row, event in found)


def prune(now: datetime | None = None) -> int:
    """Delete delivered events older than ``KEEP_DELIVERED``; how many."""
    now = now or timezone.now()
    old = OutboxEvent.objects.filter(delivered_at__lt=now - KEEP_DELIVERED)
    return old.delete()[0]
