"""The toy game and its tables from the platform tests; mails built with a public SITE_URL,
and checked for names their templates cannot find."""

import pytest

from tests.games.conftest import ana, ben, cy, duo, make_game, toy_game  # noqa: F401
from tests.unknown_names import show_unknown_names, unknown_names

SITE_URL = "https://silkroad.example"


@pytest.fixture(autouse=True)
def _site_url(settings):
    settings.SITE_URL = SITE_URL


@pytest.fixture(autouse=True)
def _mails_know_their_names(settings, monkeypatch, mailoutbox):
    """No mail shows a name its template cannot find: every mail these tests send is
    checked, in its subject, its text and its HTML."""
    show_unknown_names(settings, monkeypatch)
    yield
    for sent in mailoutbox:
        parts = [sent.subject, sent.body, *(str(content) for content, _ in sent.alternatives)]
        assert not [name for part in parts for name in unknown_names(part)], sent.subject
