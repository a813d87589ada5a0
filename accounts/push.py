"""Web Push: "your turn" on a player's phone or desktop even with no page open.

A player opts in per device in Settings: the browser subscribes with the site's VAPID
public key and posts its subscription here (``subscribe``). ``send`` encrypts a small
payload (a title, a line and a link: never hidden information, only what the turn mail
says) for each of the user's subscriptions; a subscription the push service reports gone
is deleted; any other failure is logged and skipped (a push is sent at most once and
never holds back the turn mail). Keys come from ``WEBPUSH_VAPID_PUBLIC_KEY``/``WEBPUSH_VAPID_PRIVATE_KEY``;
without them the feature is off and Settings does not offer it.
"""

from __future__ import annotations

import base64
import json
import logging

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.utils.translation import gettext as _
from py_vapid import Vapid01
from pywebpush import WebPushException, webpush

from accounts.models import PushSubscription, User

logger = logging.getLogger(__name__)
GONE = {404, 410}
TTL_SECONDS = 24 * 3600  # a turn notice older than a day is not worth showing


def enabled() -> bool:
    return bool(settings.WEBPUSH_VAPID_PUBLIC_KEY and settings.WEBPUSH_VAPID_PRIVATE_KEY)


def _base64url(value: object, limit: int) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= limit:
        raise ValidationError(_("This browser's subscription is incomplete."))
    try:
        base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except ValueError:
        raise ValidationError(_("This browser's subscription is malformed.")) from None
    return value


def subscribe(*, user: User, data: object) -> PushSubscription:
    """Record the subscription a browser sent (``PushSubscription.toJSON()``)."""
    if not enabled():
        raise ValidationError(_("Notifications are not available on this site."))
    if not isinstance(data, dict) or not isinstance(data.get("keys"), dict):
        raise ValidationError(_("This browser's subscription is incomplete."))
    endpoint = data.get("endpoint")
    if not isinstance(endpoint, str) or len(endpoint) > 1000 or not endpoint.startswith("https://"):
        raise ValidationError(_("This browser's push address is not valid."))
    URLValidator(schemes=["https"])(endpoint)
    keys = data["keys"]
    found, _created = PushSubscription.objects.update_or_create(  # atomic by itself
        endpoint=endpoint,
        defaults={
            "user": user,
            "p256dh": _base64url(keys.get("p256dh"), 200),
            "auth": _base64url(keys.get("auth"), 100),
        },
    )
    return found


def unsubscribe(*, user: User, endpoint: object) -> int:
    """Forget this device; how many subscriptions went."""
    if not isinstance(endpoint, str):
        return 0
    return PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()[0]


def send(user: User, *, title: str, body: str, url: str, tag: str) -> int:
    """Push one notice to every device of ``user``; how many took it. Devices that are
    gone are forgotten; any other failure is logged and that device skipped: a push is a
    second channel, at most once, and a failing push service must not hold back the turn
    mail, whose task would retry the whole lot."""
    if not enabled():
        return 0
    payload = json.dumps({"title": title, "body": body, "url": url, "tag": tag})
    delivered = 0
    for subscription in PushSubscription.objects.filter(user=user):
        try:
            webpush(
                subscription_info=subscription.info(),
                data=payload,
                vapid_private_key=settings.WEBPUSH_VAPID_PRIVATE_KEY,
                vapid_claims={"sub": settings.WEBPUSH_CONTACT},
                ttl=TTL_SECONDS,
                timeout=10,
            )
            delivered += 1
        except (WebPushException, OSError) as exc:  # OSError: the service is unreachable
            gone = getattr(getattr(exc, "response", None), "status_code", None) in GONE
            if gone:
                subscription.delete()
                continue
            logger.warning("Push to subscription %s failed: %s", subscription.pk, exc)
    return delivered


def new_keys() -> tuple[str, str]:
    """(public key for browsers, private key PEM) of a fresh VAPID key pair."""
    vapid = Vapid01()
    vapid.generate_keys()
    public = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(public).rstrip(b"=").decode(), vapid.private_pem().decode()
