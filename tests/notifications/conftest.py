"""The toy game and its tables from the platform tests; mails built with a public SITE_URL."""

import pytest

from tests.games.conftest import ana, ben, cy, duo, make_game, toy_game  # noqa: F401

SITE_URL = "https://silkroad.example"


@pytest.fixture(autouse=True)
def _site_url(settings):
    settings.SITE_URL = SITE_URL
