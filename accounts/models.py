"""Users, their notification preferences and personal API tokens."""

from __future__ import annotations

import hashlib
import secrets
import zoneinfo

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone


def validate_timezone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(f"{value!r} is not a time zone we know.")


class User(AbstractUser):
    class TurnMail(models.TextChoices):
        EACH = "each", "An email for each turn"
        DIGEST = "digest", "One daily digest"
        NONE = "none", "No turn emails"

    timezone = models.CharField(max_length=64, default="UTC", validators=[validate_timezone])
    turn_mail = models.CharField(max_length=8, choices=TurnMail, default=TurnMail.EACH)
    digest_hour = models.PositiveSmallIntegerField(
        default=8, help_text="Local hour (0-23) at which the daily digest is sent."
    )
    notify_invited = models.BooleanField("Invited to a table", default=True)
    notify_started = models.BooleanField("A game of mine started", default=True)
    notify_offer = models.BooleanField("An offer was made to me", default=True)
    notify_opponent_left = models.BooleanField("An opponent resigned or timed out", default=True)
    notify_game_over = models.BooleanField("A game of mine ended", default=True)

    def __str__(self) -> str:
        return self.username


class ApiToken(models.Model):
    """A personal token for ``Authorization: Bearer``; only its hash is stored."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60)
    prefix = models.CharField(max_length=12, help_text="Shown so users can tell tokens apart.")
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @staticmethod
    def hash_key(key: str) -> str:
        return hashlib.sha256(key.encode()).hexdigest()

    @classmethod
    def issue(cls, *, user: User, name: str) -> tuple[ApiToken, str]:
        """Create a token; the clear key is returned once and never stored."""
        key = "sr_" + secrets.token_urlsafe(32)
        token = cls.objects.create(
            user=user, name=name, prefix=key[:10], key_hash=cls.hash_key(key)
        )
        return token, key

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None
