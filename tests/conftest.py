"""Shared fixtures. Engine tests under tests/engine need no database."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _empty_cache():
    """Presence marks and rate limits live in the cache: every test starts without any."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """``with on_commit(): …`` runs what commits deliver: events → tasks (eager) → mails."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
