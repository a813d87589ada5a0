"""Shared fixtures. Engine tests under tests/engine need no database."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _empty_cache():
    """Presence marks and rate limits live in the cache: every test starts without any."""
    cache.clear()
    yield
    cache.clear()
