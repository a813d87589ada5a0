"""A real Celery worker on Redis and PostgreSQL, failing in the middle of sending a mail.

The worker runs in a child process against the test database; mail goes to a local SMTP
server that holds one mail half-sent, so the test can strike right then: kill the worker
(as a crash or the out-of-memory killer would), or cut its database connection. Every
mail must arrive once after recovery.
"""

from __future__ import annotations

import os
import time

import pytest

from accounts.models import SentNotification
from games.play import tables
from tests.e2e.stack import Stack
from tests.factories import UserFactory
from tests.faults.conftest import tasks_sent_to
from tests.faults.postgres import IDLE_IN_TRANSACTION, dsn, require_postgres, terminate
from tests.faults.smtp_sink import SmtpSink

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),  # the worker must see what the test commits
]

VISIBILITY_SECONDS = 3  # a dead worker's task is handed out again after this long
STARTED = "has started"


@pytest.fixture
def redis_url():
    url = os.environ.get("SILKROAD_TEST_REDIS_URL")
    if not url:
        pytest.skip("needs Redis: set SILKROAD_TEST_REDIS_URL=redis://127.0.0.1:6379/15")
    return url


@pytest.fixture
def sink():
    server = SmtpSink()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def stack(tmp_path, redis_url, sink):
    require_postgres()
    running = Stack(
        tmp_path,
        redis_url,
        database_url=dsn(),
        extra_env={
            "DEBUG": "0",
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(sink.port),
            "EMAIL_USE_TLS": "0",
            "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_SECONDS),
            "CELERY_RESTORE_INTERVAL": "1",
            "MAIL_RETRY_BACKOFF_SECONDS": "1",  # a retry that would mail twice does it soon
        },
    )
    prefix = {"global_keyprefix": running.broker_prefix}  # this test's tasks only
    with tasks_sent_to(redis_url, broker_transport_options=prefix):
        yield running
        running.stop()


def _start_with_bens_mail_held(stack: Stack, sink: SmtpSink):
    """Ana opens a two-player table and Ben joins: the game starts and the worker mails
    both; Ben's mail is held half-sent. (ana, ben)."""
    ana, ben = UserFactory(username="ana"), UserFactory(username="ben")
    sink.hold_next_mail_to(ben.email)
    stack.start_worker()
    table = tables.game_create(
        creator=ana,
        game="merchant-lord",
        players=2,
        options=None,
        public=True,
        random_seat_order=False,
    )
    tables.game_join(game_id=table.pk, user=ben, invite_code=table.invite_code)
    sink.wait_until_held()
    return ana, ben


def _settle(sink: SmtpSink) -> None:
    """Wait past the visibility timeout, so a mail that would be sent twice has been."""
    time.sleep(VISIBILITY_SECONDS + 3)


def test_a_worker_killed_while_sending_a_mail_sends_it_once_after_restart(stack, sink):
    ana, ben = _start_with_bens_mail_held(stack, sink)
    stack.kill_worker()  # in the middle of the SMTP conversation
    sink.release(accept=False)  # the half-sent mail never counts
    assert SentNotification.objects.filter(user=ben).count() == 0  # its record died too

    stack.start_worker()
    sink.wait_for(ben.email, STARTED)
    _settle(sink)
    assert sink.count() == {
        (ana.email, _subject(sink, ana)): 1,
        (ben.email, _subject(sink, ben)): 1,
    }
    assert SentNotification.objects.filter(kind="started").count() == 2


def test_a_database_connection_cut_while_sending_a_mail_sends_it_once(stack, sink):
    ana, ben = _start_with_bens_mail_held(stack, sink)
    # The worker has written the mail's record and waits for the mail server's answer:
    # its connection is idle inside that transaction. Cut it, then let the mail through.
    terminate(None, IDLE_IN_TRANSACTION)
    sink.release(accept=True)
    sink.wait_for(ben.email, STARTED)
    _wait_for_record(ben)
    _settle(sink)
    assert sink.count() == {
        (ana.email, _subject(sink, ana)): 1,
        (ben.email, _subject(sink, ben)): 1,
    }
    assert stack.worker.poll() is None  # the worker lived on


def _subject(sink: SmtpSink, user) -> str:
    return next(s for to, s in sink.accepted if to == user.email and STARTED in s)


def _wait_for_record(user, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if SentNotification.objects.filter(user=user, kind="started").exists():
            return
        time.sleep(0.2)
    raise AssertionError(f"the mail to {user} was sent but never recorded")
