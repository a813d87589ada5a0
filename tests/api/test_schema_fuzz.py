"""Schemathesis against the API's own OpenAPI document: every operation, with a token.

No input may make the API answer 5xx, and every answer must match the schema (status
documented, body of the documented shape). Bounded (examples per operation, no deadline,
derandomized) so it runs in CI in a couple of minutes; marked slow: CI runs it once, in
the PostgreSQL pass.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi import checks

from games.play import acting, tables
from silkroad.wsgi import application  # noqa: F401  (settings are already configured)
from tests.api.conftest import token_for
from tests.factories import UserFactory

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", application)
EXAMPLES = 50


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """Called as a plain WSGI app, Django would close the database connection after each
    request (as between real requests); the test's transaction needs it, as Django's own
    test client arranges."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def bearer(db):
    """A player with a token, and tables of every kind with small ids the fuzzer will hit."""
    ana, ben = UserFactory(username="fuzz-ana"), UserFactory(username="fuzz-ben")
    tables.game_create(creator=ana, game="toy", players=3)  # open
    active = tables.game_create(creator=ana, game="toy", players=2, random_seat_order=False)
    tables.game_join(game_id=active.pk, user=ben)
    acting.game_act(game_id=active.pk, user=ana, action=_pass(), expected_version=0)
    tables.game_create(creator=ben, game="toy", players=2, public=False)  # private
    cancelled = tables.game_create(creator=ana, game="toy", players=2)
    tables.game_cancel(game_id=cancelled.pk, user=ana)
    return {"Authorization": f"Bearer {token_for(ana)}"}


def _pass():
    from games.engine import Action

    return Action.make("pass")


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_no_input_breaks_the_api_or_its_schema(case, bearer):
    # The schema says what is well-formed; the rules say what is allowed: a well-formed
    # table for a game that does not exist is rightly refused with a 400.
    case.call_and_validate(headers=bearer, excluded_checks=[checks.positive_data_acceptance])
