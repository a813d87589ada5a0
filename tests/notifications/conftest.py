"""The toy game and its tables from the platform tests; mails built with a public SITE_URL."""

import pytest

from tests.games.conftest import ana, ben, cy, duo, make_game, toy_game  # noqa: F401

SITE_URL = "https://silkroad.example"


@pytest.fixture(autouse=True)
def _site_url(settings):
    settings.SITE_URL = SITE_URL


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """Run what the services queue on commit (signals → tasks, eager in tests → mails)."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
