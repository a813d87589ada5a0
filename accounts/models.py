"""Users, their notification preferences and personal API tokens."""

from __future__ import annotations

import hashlib
import secrets
import zoneinfo

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def validate_timezone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(_("“%(zone)s” is not a time zone we know.") % {"zone": value})


class Notification(models.TextChoices):
    """Kinds of mail a player can get; each has its own switch and unsubscribe link."""

    TURN = "turn", _("Your turn")
    INVITED = "invited", _("Invited to a table")
    STARTED = "started", _("A game of mine started")
    OFFER = "offer", _("An offer was made to me")
    OPPONENT_LEFT = "opponent_left", _("An opponent resigned or timed out")
    GAME_OVER = "game_over", _("A game of mine ended")
    REMINDER = "reminder", _("My time for a move is running out")
    DIGEST = "digest", _("Daily digest of games waiting for me")
    VACATION_ENDING = "vacation_ending", _("My vacation ends tomorrow")


# The boolean preference behind each kind; turn mail has its own three-way setting.
NOTIFY_FIELDS = {
    Notification.INVITED: "notify_invited",
    Notification.STARTED: "notify_started",
    Notification.OFFER: "notify_offer",
    Notification.OPPONENT_LEFT: "notify_opponent_left",
    Notification.GAME_OVER: "notify_game_over",
    Notification.REMINDER: "notify_reminder",
    Notification.VACATION_ENDING: "notify_vacation_ending",
}
# Kinds that are one of the turn mail choices rather than a switch of their own.
TURN_MAIL_KINDS = {Notification.TURN: "each", Notification.DIGEST: "digest"}


class User(AbstractUser):
    class TurnMail(models.TextChoices):
        EACH = "each", _("An email for each turn")
        DIGEST = "digest", _("One daily digest")
        NONE = "none", _("No turn emails")

    timezone = models.CharField(max_length=64, default="UTC", validators=[validate_timezone])
    # Blank: the browser's language (or the site's). Mails go out in this language.
    language = models.CharField(
        _("Language"), max_length=8, blank=True, default="", choices=settings.LANGUAGES
    )
    turn_mail = models.CharField(max_length=8, choices=TurnMail, default=TurnMail.EACH)
    digest_hour = models.PositiveSmallIntegerField(
        default=8, help_text=_("Local hour (0-23) at which the daily digest is sent.")
    )
    notify_invited = models.BooleanField(_("Invited to a table"), default=True)
    notify_started = models.BooleanField(_("A game of mine started"), default=True)
    notify_offer = models.BooleanField(_("An offer was made to me"), default=True)
    notify_opponent_left = models.BooleanField(_("An opponent resigned or timed out"), default=True)
    notify_game_over = models.BooleanField(_("A game of mine ended"), default=True)
    notify_reminder = models.BooleanField(_("My time for a move is running out"), default=True)
    notify_vacation_ending = models.BooleanField(_("My vacation ends tomorrow"), default=True)
    profile_hidden = models.BooleanField(
        _("Hide my profile"),
        default=False,
        help_text=_("Others then see only your name: no ratings, results or tables."),
    )

    def __str__(self) -> str:
        return self.username

    def wants_mail(self, kind: str) -> bool:
        """Whether this user gets the immediate mail of ``kind`` (digest users get no turn mail)."""
        if not self.is_active:
            return False
        if kind in TURN_MAIL_KINDS:
            return self.turn_mail == TURN_MAIL_KINDS[kind]
        return getattr(self, NOTIFY_FIELDS[kind])

    def unsubscribe(self, kind: str) -> None:
        """Switch off mail of ``kind``; doing it twice changes nothing."""
        if kind in TURN_MAIL_KINDS:  # either link stops every turn mail
            self.turn_mail = self.TurnMail.NONE
            self.save(update_fields=["turn_mail"])
        else:
            setattr(self, NOTIFY_FIELDS[kind], False)
            self.save(update_fields=[NOTIFY_FIELDS[kind]])


class ApiToken(models.Model):
    """A personal token for ``Authorization: Bearer``; only its hash is stored."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60)
    prefix = models.CharField(max_length=12, help_text=_("Shown so users can tell tokens apart."))
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

    def revoke(self) -> None:
        if self.revoked_at is None:
            self.revoked_at = timezone.now()
            self.save(update_fields=["revoked_at"])


class SentNotification(models.Model):
    """One mail sent, recorded in the same transaction as the decision to send it.

    The unique constraints make a retried task a no-op. ``key`` tells apart several mails of
    one kind for one game (the move number for turn mails and offers). Invitations to an
    address that has no account have no ``user``; a later daily digest may have no ``game``.
    """

    user = models.ForeignKey(
        User, on_delete=models.CASCADE, null=True, blank=True, related_name="notifications"
    )
    email = models.EmailField()
    kind = models.CharField(max_length=20, choices=Notification)
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, null=True, blank=True)
    key = models.CharField(max_length=254, blank=True)
    sent_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-sent_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "kind", "game", "key"], name="unique_notification"
            ),
            models.UniqueConstraint(
                fields=["kind", "game", "key"],
                condition=models.Q(user__isnull=True),
                name="unique_notification_to_address",
            ),
            models.UniqueConstraint(
                fields=["user", "kind", "key"],
                condition=models.Q(game__isnull=True),
                name="unique_notification_without_game",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.email} ({self.game_id}/{self.key})"


class MailOptOut(models.Model):
    """An address without an account that asked never to be invited by mail again."""

    email = models.EmailField(unique=True)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return self.email


class Follow(models.Model):
    """One player follows another: their open tables come first in the lobby."""

    follower = models.ForeignKey(User, on_delete=models.CASCADE, related_name="following")
    followed = models.ForeignKey(User, on_delete=models.CASCADE, related_name="followers")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_once"),
            models.CheckConstraint(
                condition=~models.Q(follower=models.F("followed")), name="no_self_follow"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.follower} follows {self.followed}"


class PushSubscription(models.Model):
    """A browser that asked for "your turn" notifications (Web Push), opted into on one
    device in Settings; removed when its push service says it is gone (404 or 410)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"push subscription {self.pk} of {self.user}"

    def info(self) -> dict:
        """As pywebpush takes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
