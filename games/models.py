"""Tables (games), their seats, the append-only move log, and the domain-event outbox.

``Game.state`` is the engine snapshot after ``version`` moves, written in the engine's
``state_format``; replaying the ``Move`` rows from ``seed`` must give the same snapshot.
Every write goes through ``games.play``; this module may import only ``games.engine``.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import engine
from games.errors import SnapshotUnreadable

INVITE_CODE = re.compile(r"[A-Za-z0-9_-]{1,32}")


def new_invite_code() -> str:
    return secrets.token_urlsafe(12)


def looks_like_invite_code(value: object) -> bool:
    """Whether ``value`` could be an invite code at all (anything else is not looked up)."""
    return isinstance(value, str) and INVITE_CODE.fullmatch(value) is not None


# Each language by its own name (what its speakers look for), so these are not translated.
TABLE_LANGUAGES = [
    ("en", "English"),
    ("de", "Deutsch"),
    ("es", "Español"),
    ("fr", "Français"),
    ("it", "Italiano"),
    ("nl", "Nederlands"),
    ("pl", "Polski"),
    ("pt", "Português"),
    ("ru", "Русский"),
    ("tr", "Türkçe"),
    ("zh", "中文"),
    ("ja", "日本語"),
]


# What people call the computer players' levels (games.engine.bots.LEVELS), everywhere.
BOT_LEVEL_NAMES = {
    "random": gettext_lazy("Easy"),
    "greedy": gettext_lazy("Medium"),
    "search": gettext_lazy("Strong"),
}


def bot_name(level: str) -> str:
    return _("Bot (%(level)s)") % {"level": BOT_LEVEL_NAMES.get(level, level)}


def seat_name(username: str | None, controller: str, level: str) -> str:
    """What a seat is called: its player's username, its bot's name, or "Empty seat"."""
    if username is not None:
        return username
    return bot_name(level) if controller == Controller.BOT else _("Empty seat")


def stand_in_level(controller: str, level: str) -> str:
    """The level playing for a seat's absent player, or "" (bot seats and players: "")."""
    return level if controller == Controller.STAND_IN else ""


def new_seed() -> int:
    return secrets.randbits(62)


def new_seed_nonce() -> str:
    return secrets.token_hex(16)


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", gettext_lazy("Waiting for players")
        ACTIVE = "active", gettext_lazy("In play")
        FINISHED = "finished", gettext_lazy("Finished")
        CANCELLED = "cancelled", gettext_lazy("Cancelled")

    class TimeoutPolicy(models.TextChoices):
        """What happens when a player's clock runs out (see ``games.play.timeouts``)."""

        SKIP = "skip", gettext_lazy("Play the default for that move, then wait for them again")
        AUTOPLAY = "autoplay", gettext_lazy("Play defaults for them until they come back")
        BOT = "bot", gettext_lazy("Let a bot play for them until they come back")
        ABANDON = "abandon", gettext_lazy("End the game with them last")

    game = models.CharField(max_length=40)  # engine slug
    options = models.JSONField(default=dict, blank=True)
    players = models.PositiveSmallIntegerField()
    # Seats taken (players' and bots'), kept by games.play.tables whenever a seat is taken
    # or given up: the lobby walks open tables in its order from an index, counting none.
    seats_taken = models.PositiveSmallIntegerField(default=0)
    is_public = models.BooleanField(default=True)
    random_seat_order = models.BooleanField(default=True)
    invite_code = models.CharField(max_length=32, unique=True, default=new_invite_code)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games"
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    # The engine's seed, derived at the start from the server's seed and the players' own
    # randomness (games.read.fairness); the server's seed is committed to when the table
    # opens and revealed, with the nonce that blinds it, when the game ends.
    seed = models.BigIntegerField(default=new_seed)
    server_seed = models.BigIntegerField(default=new_seed)
    seed_nonce = models.CharField(max_length=32, default=new_seed_nonce)
    seed_committed = models.BooleanField(default=True)  # False: a game from before commitments
    state = models.JSONField(null=True, blank=True)
    # The engine's ``state_format`` the snapshot was written in (checked on load).
    state_format = models.PositiveSmallIntegerField(default=1)
    version = models.PositiveIntegerField(default=0)
    # Steps the seat to move may still take back this turn (games.read.drafts): kept out
    # of the log and the snapshot, and unseen by the others, until they become final.
    draft = models.JSONField(default=dict, blank=True)
    result = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Whether the result changes the players' ratings (games.play.ratings).
    rated = models.BooleanField(default=True)
    # The language the table talks in (chat), for the lobby's filter; "" when any.
    language = models.CharField(max_length=8, blank=True, choices=TABLE_LANGUAGES)
    # Time control, chosen at creation (games.clocks): 0 days per move means no clock.
    clock_days = models.PositiveSmallIntegerField(default=0)
    bank_cap_days = models.PositiveSmallIntegerField(default=0)  # 0: no time bank
    weekends_off = models.BooleanField(default=False)
    allow_vacation = models.BooleanField(default=True)
    timeout_policy = models.CharField(
        max_length=10, choices=TimeoutPolicy, default=TimeoutPolicy.AUTOPLAY
    )
    timeout_bot_level = models.CharField(max_length=10, blank=True)
    # The finished game this table is a rematch of (same players and options).
    rematch_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="rematches"
    )

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(seats_taken__lte=models.F("players")), name="seats_within_table"
            ),
        ]
        indexes = [
            models.Index(fields=["status", "is_public"]),
            # The lobby: open public tables, the fullest first, then the oldest; a page is a
            # short walk of this index however many tables wait.
            models.Index(
                fields=["-seats_taken", "created_at", "id"],
                condition=models.Q(status="open", is_public=True),
                name="game_lobby",
            ),
            # The archive: finished public games, newest first (keyset pages).
            models.Index(
                fields=["status", "is_public", "-finished_at", "-id"], name="game_archive_page"
            ),
            # A player's games joined by id: status and finish time without the row
            # ("my games", profiles: thousands of finished games read from the index).
            models.Index(fields=["id"], include=["status", "finished_at"], name="game_id_status"),
            # Games in play and open tables: a few percent of all, merged with a player's seats.
            models.Index(
                fields=["id"],
                condition=models.Q(status__in=["active", "open"]),
                name="game_current",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.rules.name} #{self.pk}"

    @property
    def rules(self) -> engine.GameRules:
        return engine.get(self.game)

    @property
    def snapshot(self) -> engine.contract.State:
        """The engine state, refused when it was written in another format."""
        if self.state is not None and self.state_format != self.rules.state_format:
            raise SnapshotUnreadable(
                _(
                    "%(game)s was saved by an older version of %(title)s and cannot be "
                    "shown until it is upgraded (manage.py upgrade_snapshots)."
                )
                % {"game": self, "title": self.rules.name}
            )
        return self.state


class Controller(models.TextChoices):
    PLAYER = "player", gettext_lazy("Its player")
    BOT = "bot", gettext_lazy("A computer player")
    STAND_IN = "stand_in", gettext_lazy("A stand-in while its player is absent")


#: The stand-in level that plays the engine's default move (pass, decline, keep…).
DEFAULTS = "default"


class Seat(models.Model):
    Controller = Controller
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()  # engine seat; reassigned at start if random
    # A player who ever sat at a table is kept (deactivated, not deleted), as its creator
    # is: deleting them would take their seat out of a game in play, or out of a record.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
    )
    # Who plays this seat now: exactly one of its player, a bot seated at the table, or a
    # stand-in playing for an absent player (timed out, away, resigned) since a moment.
    controller = models.CharField(max_length=10, choices=Controller, default=Controller.PLAYER)
    controller_level = models.CharField(max_length=10, blank=True)  # bot level or "default"
    controller_since = models.DateTimeField(null=True, blank=True)
    joined_at = models.DateTimeField(default=timezone.now)
    # Randomness the player added when joining, mixed into the game's seed at the start.
    entropy = models.CharField(max_length=64, blank=True, default="")
    # Denormalised from the engine after each move, for "games waiting for me".
    must_act = models.BooleanField(default=False)
    waiting_since = models.DateTimeField(null=True, blank=True)
    # The clock (games.clocks): set in the write path when the seat starts or stops waiting.
    waiting_version = models.PositiveIntegerField(default=0)  # game version it began at
    deadline = models.DateTimeField(null=True, blank=True)  # None: no clock, or paused
    move_time = models.DurationField(null=True, blank=True)  # the time given for this move
    time_left = models.DurationField(null=True, blank=True)  # bank, or left while paused
    reminder_at = models.DateTimeField(null=True, blank=True)  # 80% used; None once sent
    resigned_at = models.DateTimeField(null=True, blank=True)
    wants_end = models.BooleanField(default=False)  # votes to end without a result
    # Denormalised once, when the game finishes (games.play.waiting), for a player's
    # history: "my games", the profile and its results read these and the seat index
    # alone, never every finished game's row and result.
    finished_at = models.DateTimeField(null=True, blank=True)  # the game's finish time
    place = models.PositiveSmallIntegerField(null=True, blank=True)  # 1 = won

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="unique_seat_number"),
            models.UniqueConstraint(
                fields=["game", "user"],
                name="one_seat_per_user",
                condition=models.Q(user__isnull=False),
            ),
        ]
        indexes = [
            models.Index(fields=["user", "game"], name="seat_user_game"),  # a player's games
            # A player's finished games, newest first (keyset pages of "my games" and the
            # profile): a page is a short walk of this index, however long the history.
            models.Index(
                fields=["user", "-finished_at", "-game"],
                condition=models.Q(finished_at__isnull=False),
                name="seat_finished",
            ),
            # A player's games not finished ("my games" in play and filling up): a walk of
            # a few entries, however many finished games and current tables there are.
            models.Index(
                fields=["user", "game"],
                condition=models.Q(finished_at__isnull=True),
                name="seat_current",
            ),
            models.Index(fields=["user", "must_act"]),
            models.Index(fields=["must_act", "deadline"]),
            models.Index(fields=["must_act", "reminder_at"]),
        ]

    def __str__(self) -> str:
        return f"seat {self.number} of {self.game_id}"

    @property
    def display_name(self) -> str:
        username = self.user.username if self.user_id else None
        return seat_name(username, self.controller, self.controller_level)

    @property
    def is_bot(self) -> bool:
        """A computer player's seat (no person ever sits here)."""
        return self.controller == Controller.BOT

    @property
    def played_by_player(self) -> bool:
        return self.controller == Controller.PLAYER

    @property
    def stand_in(self) -> str:
        """The level playing for this seat's absent player, or "" (bot seats: "")."""
        return stand_in_level(self.controller, self.controller_level)

    @property
    def autoplay_level(self) -> str:
        """The level the autoplay executor plays this seat at, or "" when its player does."""
        return "" if self.played_by_player else self.controller_level


def still_in(seats: Iterable[Seat], leaving: Iterable[int] = ()) -> list[Seat]:
    """The seats still in the game: not resigned, and not among ``leaving``."""
    gone = set(leaving)
    return [s for s in seats if s.resigned_at is None and s.number not in gone]


def voters(seats: Iterable[Seat]) -> list[Seat]:
    """The people who decide whether to end a game without a result (no bots)."""
    return [s for s in still_in(seats) if s.user_id]


class Move(models.Model):
    """One applied action, never updated or deleted."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()  # 1-based; equals game.version after it
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    log = models.JSONField(default=list)  # engine LogEntry.to_json() items
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="unique_move_seq"),
        ]

    def __str__(self) -> str:
        return f"move {self.seq} of game {self.game_id}"

    @cached_property
    def entries(self) -> list[engine.LogEntry]:
        """The log as the engine's entries, read from JSON once per instance: a game page
        reads the same moves for its log, "since your turn" and the deal history."""
        return log_entries(self.log)


def log_entries(log: list) -> list[engine.LogEntry]:
    """A move's stored log (``Move.log``) as the engine's entries."""
    return [engine.LogEntry.from_json(data) for data in log]


class ChatMessage(models.Model):
    """A line of table talk; with a ``recipient``, a private message that only its writer
    and that one player ever see (never spectators or the other players)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="private_messages",
    )
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"message {self.pk} in game {self.game_id}"


class LogNote(models.Model):
    """A line of the game log that is not a move: resignations, timeouts, votes, vacations.

    ``seq`` is the game's version when it happened, so the log shows it after that move;
    ``text`` names players as ``{p0}``… like engine log lines and is public.
    """

    class Kind(models.TextChoices):
        RESIGNED = "resigned", gettext_lazy("Resigned")
        TIMED_OUT = "timed_out", gettext_lazy("Ran out of time")
        RETURNED = "returned", gettext_lazy("Came back")
        VACATION = "vacation", gettext_lazy("Vacation")
        VOTE = "vote", gettext_lazy("Vote to end")
        ENDED = "ended", gettext_lazy("Game ended")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notes")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=12, choices=Kind)
    text = models.CharField(max_length=300)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["seq", "pk"]

    def __str__(self) -> str:
        return f"{self.kind} in game {self.game_id} after move {self.seq}"


class Vacation(models.Model):
    """A player's vacation allowance and, while they are away, since when.

    ``left`` is the allowance as of ``accrued_at``; ``games.clocks.vacations`` adds the daily
    accrual lazily. While ``started_at`` is set their clocks are paused where tables allow it.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacation"
    )
    left = models.DurationField()
    accrued_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)  # when the allowance runs out

    def __str__(self) -> str:
        return f"vacation of {self.user_id}"

    @property
    def active(self) -> bool:
        return self.started_at is not None


class Rating(models.Model):
    """A player's (or a bot level's) skill at one title: OpenSkill's mean and uncertainty.

    Exactly one of ``user`` and ``bot_level`` is set: bots are rated like people, so a new
    player's first games against the computer mean something.
    """

    game = models.CharField(max_length=40)  # the title's slug
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="ratings",
    )
    bot_level = models.CharField(max_length=10, blank=True)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)  # rated games played at this title
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=models.Q(user__isnull=False),
                name="one_rating_per_player_and_title",
            ),
            models.UniqueConstraint(
                fields=["game", "bot_level"],
                condition=models.Q(user__isnull=True),
                name="one_rating_per_bot_and_title",
            ),
            models.CheckConstraint(
                condition=models.Q(user__isnull=False, bot_level="")
                | models.Q(user__isnull=True) & ~models.Q(bot_level=""),
                name="rating_of_a_player_or_a_bot",
            ),
        ]
        indexes = [models.Index(fields=["game", "-mu"], name="rating_leaderboard")]

    PROVISIONAL_GAMES = 5  # a rating is marked provisional until this many rated games

    def __str__(self) -> str:
        return f"{self.user or self.bot_level} at {self.game}: {self.mu:.0f}"

    @property
    def shown(self) -> int:
        return round(self.mu)

    @property
    def provisional(self) -> bool:
        return self.games < self.PROVISIONAL_GAMES


class RatingChange(models.Model):
    """How one finished game moved one rating (the result page and the rating history)."""

    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="changes")
    played = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    seat = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["rating", "played"], name="one_change_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.rating} after game {self.played_id}: {self.delta:+d}"

    @property
    def delta(self) -> int:
        return round(self.mu_after) - round(self.mu_before)


class OutboxEvent(models.Model):
    """A domain event (``games.events``), written in the transaction that caused it.

    Delivered to its subscribers after commit; one left undelivered (the broker was down,
    the process died) is delivered again by a periodic scan, so work is delayed, never lost.
    """

    name = models.CharField(max_length=60)
    payload = models.JSONField()
    created_at = models.DateTimeField(default=timezone.now)
    delivered_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["delivered_at", "created_at"])]

    def __str__(self) -> str:
        return f"{self.name} #{self.pk}"
