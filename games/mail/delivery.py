"""One mail to one address, sent at most once: ``Mail`` and ``deliver``.

Each mail is recorded as a ``SentNotification`` in the same transaction as the decision to
send it, so a retried task never mails anyone twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import InterfaceError, OperationalError, connection, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.functional import lazy
from django.utils.translation import gettext

from accounts.models import Notification, SentNotification, User
from accounts.unsubscribe import unsubscribe_url
from games.models import Game
from games.play.locking import one_transaction

logger = logging.getLogger(__name__)


def absolute_url(path: str) -> str:
    """Links in mail are built from SITE_URL: tasks run in a worker, with no request."""
    return settings.SITE_URL + path


# A mail speaks its recipient's language, which is active only while the mail is built
# (``Mail.message``), not while a task decides who gets which mail. So the texts a task
# prepares (subjects, and values the templates show) are lazy: made when shown.


def _call(function: Callable[..., str], args: tuple, kwargs: dict) -> str:
    return function(*args, **kwargs)


_lazy_call = lazy(_call, str)


def when_shown(function: Callable[..., str], /, *args, **kwargs) -> str:
    """``function(*args, **kwargs)`` called when the text is shown (in the language
    active then), not now: ``when_shown(duration_text, left)``."""
    return _lazy_call(function, args, kwargs)


def _fill(message: str, params: dict) -> str:
    return str(message) % params


def filled(message: str, /, **params) -> str:
    """``message % params`` when shown: ``filled(gettext_lazy("Your move in %(title)s"),
    title=…)``; lazy params are shown in the same language."""
    return when_shown(_fill, message, params)


def _names_text(names: list[str]) -> str:
    text = names[0] if names else ""
    for name in names[1:]:
        text = gettext("%(names)s and %(name)s") % {"names": text, "name": name}
    return text


def names_text(names: list[str]) -> str:
    """``ana and ben``, when shown."""
    return when_shown(_names_text, list(names))


@dataclass(frozen=True)
class Mail:
    """One mail to one address: ``template`` names ``emails/<template>.txt`` and ``.html``.

    ``subject`` and the context's texts may be lazy (``filled``, ``when_shown``): they are
    made in the language active when ``message`` builds the mail."""

    kind: Notification
    template: str
    subject: str
    context: dict

    def message(self, *, email: str, user: User | None) -> EmailMultiAlternatives:
        """The mail in the recipient's language (their choice, else the site's)."""
        language = (user.language if user is not None else "") or settings.LANGUAGE_CODE
        with translation.override(language):
            return self._message(email=email, user=user)

    def _message(self, *, email: str, user: User | None) -> EmailMultiAlternatives:
        unsubscribe = unsubscribe_url(kind=self.kind, user=user, email=email)
        context = {
            **self.context,
            "recipient": user,
            "kind_label": self.kind.label,
            "unsubscribe_url": unsubscribe,
            "settings_url": absolute_url(reverse("accounts:settings")),
            "site_url": settings.SITE_URL,
        }
        message = EmailMultiAlternatives(
            subject=settings.ACCOUNT_EMAIL_SUBJECT_PREFIX + self.subject,
            body=render_to_string(f"emails/{self.template}.txt", context),
            to=[email],
            headers={
                "List-Unsubscribe": f"<{unsubscribe}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            },
        )
        message.attach_alternative(
            render_to_string(f"emails/{self.template}.html", context), "text/html"
        )
        return message


def deliver(
    mail: Mail, *, game: Game, key: str = "", user: User | None = None, email: str = ""
) -> bool:
    """Send ``mail`` unless it was sent before; True when it went out now.

    The record and the sending share a transaction: when sending fails the record is rolled
    back and the task's retry tries again; once it is committed, no retry sends again. When
    the database connection is lost while the mail server takes the mail, the record is
    written again on a new connection, so the retry still finds it.
    """
    email = user.email if user is not None else email
    if not email:
        return False
    record = {"user": user, "kind": mail.kind, "game": game, "key": key}
    return send_once(record, email, lambda: mail.message(email=email, user=user).send())


def send_once(record: dict, email: str, send: Callable[[], object]) -> bool:
    """Call ``send`` unless a ``SentNotification`` matching ``record`` exists; True when
    it was sent now. ``deliver``'s guarantees, for any channel (mail, Web Push)."""
    sent = False
    try:
        with transaction.atomic():
            _, created = SentNotification.objects.get_or_create(**record, defaults={"email": email})
            if created:
                send()
                sent = True
    except (OperationalError, InterfaceError):
        if not sent or connection.in_atomic_block:
            raise
        logger.warning(
            "%s to user %s sent; recording it on a new connection", record["key"], record["user"]
        )
        connection.close()
        _record_sent(record, email)
    return created


@one_transaction
def _record_sent(record: dict, email: str) -> None:
    SentNotification.objects.get_or_create(**record, defaults={"email": email})
