"""Random form posts to every page that takes a POST: a 4xx or a redirect, never a 5xx.

Beside the API's Schemathesis run, Hypothesis fills the real field names of each form (and
some made-up ones) with odd values — empty, huge, NUL bytes, other scripts, JSON that is
not an action, numbers out of range — as a plain post and as an HTMX post. Marked slow:
CI runs it once, in the PostgreSQL pass.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts.models import ApiToken
from games.play import tables
from tests.factories import UserFactory

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

ODD = st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40),
    st.sampled_from(
        [
            "",
            "0",
            "-1",
            "1",
            "99999999999999999999",
            "true",
            "null",
            "[]",
            "{}",
            "\x00",
            '{"type": "pass"}',
            '{"type": "offer", "to": 1, "give_cards": ["red"]}',
            '{"type": ["x"]}',
            "x" * 5000,
            "anyone",
            "1.5",
            "NaN",
        ]
    ),
)
# Each route with the fields its form really has.
FORMS = {
    "games:act": ["action", "version"],
    "games:deal": [
        "version",
        "deal-to",
        "deal-give-cards-red",
        "deal-get-cards-blue",
        "deal-answers",
        "deal-uses",
    ],
    "games:chat": ["text"],
    "games:join": ["code"],
    "games:leave": [],
    "games:cancel": [],
    "games:invite_people": ["invite"],
    "games:resign": [],
    "games:vote_end": ["agree"],
    "games:come_back": [],
    "games:create": [
        "game",
        "players",
        "public",
        "seat_order",
        "invite",
        "clock_days",
        "bank_cap_days",
        "on_timeout",
        "bot_level",
        "seat_1",
    ],
    "games:play_computer": ["game", "level"],
    "games:vacation_start": [],
    "games:vacation_stop": [],
    "accounts:settings": ["timezone", "turn_mail", "digest_hour", "notify_invited"],
    "accounts:token_create": ["name"],
    "accounts:token_revoke": [],
}


@pytest.fixture
def seated(db):
    ana, ben = UserFactory(username="fuzz-ana"), UserFactory(username="fuzz-ben")
    game = tables.game_create(creator=ana, game="toy", players=2, random_seat_order=False)
    tables.game_join(game_id=game.pk, user=ben)
    token, _ = ApiToken.issue(user=ana, name="fuzz")
    client = Client()
    client.force_login(ana)
    return client, game, token


def _url(name: str, game, token) -> str:
    if name == "accounts:token_revoke":
        return reverse(name, args=[token.pk])
    if name.startswith("games:") and name not in (
        "games:create",
        "games:play_computer",
        "games:vacation_start",
        "games:vacation_stop",
    ):
        return reverse(name, args=[game.pk])
    return reverse(name)


@pytest.mark.parametrize("name", sorted(FORMS))
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_no_form_post_breaks_a_page(seated, name, data):
    client, game, token = seated
    fields = FORMS[name] + ["unexpected"]
    form = data.draw(st.dictionaries(st.sampled_from(fields), ODD, max_size=len(fields)))
    htmx = data.draw(st.booleans())
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(_url(name, game, token), form, headers=headers)
    assert response.status_code < 500, (name, form, response.status_code)
