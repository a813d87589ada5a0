"""Shared fixtures. Engine tests under tests/engine need no database."""

from contextlib import contextmanager

import pytest
from django.core.cache import cache
from django.utils import translation


@pytest.fixture(autouse=True)
def _empty_cache():
    """Presence marks and rate limits live in the cache: every test starts without any."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _default_language():
    """A page request activates its reader's language in the test's thread and leaves it
    active: every test starts, and leaves, in the site's default language."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture
def django_capture_on_commit_callbacks(django_capture_on_commit_callbacks):
    """pytest-django's, and then the relay's next run (``games.events.relay``): the events
    a commit leaves to the relay (the mails of a move) are delivered as they would be a
    second later."""

    @contextmanager
    def capture(*, using="default", execute=False):
        from games import events
        from games.models import OutboxEvent

        # As before the relay: what committed outside a capture is never delivered.
        last = OutboxEvent.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        with django_capture_on_commit_callbacks(using=using, execute=execute) as callbacks:
            yield callbacks
        if execute:
            events.relay(after=last)

    return capture


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """``with on_commit(): …`` runs what commits deliver: events → tasks (eager) → mails,
    the relay's included."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
