"""Signed one-click unsubscribe links, one per (recipient, kind of mail).

A link never expires (old mails must keep working) and needs no login: the signature is
the proof. Recipients without an account (invited by address) can only opt out of
invitations.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.urls import reverse

from accounts.models import MailOptOut, Notification, User

SALT = "accounts.unsubscribe"


@dataclass(frozen=True)
class Unsubscription:
    kind: Notification
    user: User | None = None
    email: str = ""  # only for an address without an account

    @property
    def done(self) -> bool:
        """Whether this mail is already switched off."""
        if self.user is not None:
            return not self.user.wants_mail(self.kind)
        return MailOptOut.objects.filter(email=self.email).exists()

    def apply(self) -> None:
        """Switch the mail off; idempotent."""
        if self.user is not None:
            self.user.unsubscribe(self.kind)
        else:
            MailOptOut.objects.get_or_create(email=self.email)


def unsubscribe_token(*, kind: str, user: User | None = None, email: str = "") -> str:
    payload = {"k": str(kind)}
    if user is not None:
        payload["u"] = user.pk
    else:
        payload["e"] = email.lower()
    return signing.dumps(payload, salt=SALT, compress=True)


def unsubscribe_url(*, kind: str, user: User | None = None, email: str = "") -> str:
    """The absolute link for mails; works from a worker (built from ``SITE_URL``)."""
    token = unsubscribe_token(kind=kind, user=user, email=email)
    return settings.SITE_URL + reverse("accounts:unsubscribe", args=[token])


def read_unsubscribe_token(token: str) -> Unsubscription | None:
    """What a link unsubscribes from; None when it is forged, damaged or outdated."""
    try:
        payload = signing.loads(token, salt=SALT)
        kind = Notification(payload["k"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None
    if "u" in payload:
        user = User.objects.filter(pk=payload["u"]).first()
        return Unsubscription(kind, user=user) if user is not None else None
    if kind == Notification.INVITED and payload.get("e"):
        return Unsubscription(kind, email=payload["e"])
    return None
