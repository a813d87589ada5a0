"""Tables (games), their seats and the append-only move log.

``Game.state`` is the engine snapshot after ``version`` moves; replaying the ``Move`` rows
from ``seed`` must give the same snapshot. Every write goes through ``games.services``.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone

from games import engine


def new_invite_code() -> str:
    return secrets.token_urlsafe(12)


def new_seed() -> int:
    return secrets.randbits(62)


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"
        CANCELLED = "cancelled", "Cancelled"

    class TimeoutPolicy(models.TextChoices):
        """What happens when a player's clock runs out (see ``games.clocks.timeouts``)."""

        SKIP = "skip", "Play the default for that move, then wait for them again"
        AUTOPLAY = "autoplay", "Play defaults for them until they come back"
        BOT = "bot", "Let a bot play for them until they come back"
        ABANDON = "abandon", "End the game with them last"

    game = models.CharField(max_length=40)  # engine slug
    options = models.JSONField(default=dict, blank=True)
    players = models.PositiveSmallIntegerField()
    is_public = models.BooleanField(default=True)
    random_seat_order = models.BooleanField(default=True)
    invite_code = models.CharField(max_length=32, unique=True, default=new_invite_code)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games"
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    seed = models.BigIntegerField(default=new_seed)
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Time control, chosen at creation (games.clocks): 0 days per move means no clock.
    clock_days = models.PositiveSmallIntegerField(default=0)
    bank_cap_days = models.PositiveSmallIntegerField(default=0)  # 0: no time bank
    weekends_off = models.BooleanField(default=False)
    allow_vacation = models.BooleanField(default=True)
    timeout_policy = models.CharField(
        max_length=10, choices=TimeoutPolicy, default=TimeoutPolicy.AUTOPLAY
    )
    timeout_bot_level = models.CharField(max_length=10, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "is_public"])]

    def __str__(self) -> str:
        return f"{self.rules.name} #{self.pk}"

    @property
    def rules(self) -> engine.GameRules:
        return engine.get(self.game)


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()  # engine seat; reassigned at start if random
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True,
        related_name="seats",
    )
    bot_level = models.CharField(max_length=10, blank=True)  # "" for people
    # A bot of this level plays a person's seat while they are away ("" when they play).
    bot_takeover_level = models.CharField(max_length=10, blank=True)
    joined_at = models.DateTimeField(default=timezone.now)
    # Denormalised from the engine after each move, for "games waiting for me".
    must_act = models.BooleanField(default=False)
    waiting_since = models.DateTimeField(null=True, blank=True)
    # The clock (games.clocks): set in the write path when the seat starts or stops waiting.
    waiting_version = models.PositiveIntegerField(default=0)  # game version it began at
    deadline = models.DateTimeField(null=True, blank=True)  # None: no clock, or paused
    move_time = models.DurationField(null=True, blank=True)  # the time given for this move
    time_left = models.DurationField(null=True, blank=True)  # bank, or left while paused
    reminder_at = models.DateTimeField(null=True, blank=True)  # 80% used; None once sent
    last_seen_at = models.DateTimeField(null=True, blank=True)  # the game page was open
    auto_play = models.BooleanField(default=False)  # timed out: defaults until they return
    resigned_at = models.DateTimeField(null=True, blank=True)
    wants_end = models.BooleanField(default=False)  # votes to end without a result

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="unique_seat_number"),
            models.UniqueConstraint(
                fields=["game", "user"], name="one_seat_per_user",
                condition=models.Q(user__isnull=False),
            ),
        ]
        indexes = [
            models.Index(fields=["user", "must_act"]),
            models.Index(fields=["must_act", "deadline"]),
            models.Index(fields=["must_act", "reminder_at"]),
        ]

    def __str__(self) -> str:
        return f"seat {self.number} of {self.game_id}"

    @property
    def display_name(self) -> str:
        if self.user_id:
            return self.user.username
        return f"Bot ({self.bot_level})" if self.bot_level else "Empty seat"

    @property
    def bot_controller(self) -> str:
        """The level of the bot that plays this seat now, or "" when a person does."""
        return self.bot_level or self.bot_takeover_level


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


class ChatMessage(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"message {self.pk} in game {self.game_id}"


class GameEvent(models.Model):
    """A line of the game log that is not a move: resignations, timeouts, votes, vacations.

    ``seq`` is the game's version when it happened, so the log shows it after that move;
    ``text`` names players as ``{p0}``… like engine log lines and is public.
    """

    class Kind(models.TextChoices):
        RESIGNED = "resigned", "Resigned"
        TIMED_OUT = "timed_out", "Ran out of time"
        RETURNED = "returned", "Came back"
        VACATION = "vacation", "Vacation"
        VOTE = "vote", "Vote to end"
        ENDED = "ended", "Game ended"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
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
