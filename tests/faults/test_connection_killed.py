"""A database connection cut in the middle of a request or a task (PostgreSQL).

The cut comes from the server (``pg_terminate_backend``) while the request or the task is
inside its transaction, waiting for the game row. Nothing had committed, so the write path
runs again on a new connection: the player gets their move made, not an error, and the
move, its mail and the bot's answer each happen once.
"""

from __future__ import annotations

import threading

import pytest
from django.core import mail
from django.db import connection
from django.urls import reverse

from games import events, tasks
from games.models import Game, Move
from games.play import seats
from silkroad.celery import app
from tests.faults.postgres import WAITING_FOR_A_LOCK, require_postgres, row_locked, terminate

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _in_thread(work) -> dict:
    """Start ``work`` in a thread with its own database connection; its result, later."""
    outcome: dict = {}

    def run():
        try:
            outcome["result"] = work()
        except Exception as exc:  # reported by the test
            outcome["error"] = exc
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    outcome["thread"] = thread
    return outcome


def _finish(outcome: dict):
    outcome["thread"].join(timeout=60)
    assert "error" not in outcome, outcome.get("error")
    return outcome["result"]


def test_a_move_whose_connection_is_cut_mid_request_is_made_once_without_an_error(
    client, duo, ana, ben
):
    require_postgres()
    client.force_login(ana)
    mail.outbox.clear()
    with row_locked(duo.pk) as holder:
        request = _in_thread(
            lambda: client.post(
                reverse("games:act", args=[duo.pk]), {"action": '{"type": "pass"}', "version": "0"}
            )
        )
        terminate(holder, WAITING_FOR_A_LOCK)  # the request's connection, inside its transaction
    response = _finish(request)
    assert response.status_code == 302  # no error reaches the player
    assert Game.objects.get(pk=duo.pk).version == 1
    assert Move.objects.filter(game=duo).count() == 1
    events.relay()  # its next run: the move's mail
    assert [m.to for m in mail.outbox if "Your move" in m.subject] == [[ben.email]]


@pytest.fixture
def queued_not_run():
    """Tasks are queued to an in-memory broker nobody reads: the test runs them itself."""
    saved = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield
    app.conf.task_always_eager = saved


def test_a_bot_move_whose_connection_is_cut_mid_task_is_played_once(duo, ana, queued_not_run):
    require_postgres()
    seats.seat_stand_in(game_id=duo.pk, seat=0, level="random")  # ana is away: her stand-in plays
    with row_locked(duo.pk) as holder:
        task = _in_thread(lambda: tasks.play_seat.apply(args=(duo.pk, 0, 0)).result)
        terminate(holder, WAITING_FOR_A_LOCK)
    assert _finish(task) == 1
    assert Game.objects.get(pk=duo.pk).version == 1
    assert list(Move.objects.filter(game=duo).values_list("seat", flat=True)) == [0]


def test_a_chat_line_whose_connection_is_cut_mid_request_is_posted_once(client, duo, ana):
    require_postgres()
    client.force_login(ana)
    with row_locked(duo.pk) as holder:
        request = _in_thread(
            lambda: client.post(reverse("games:chat", args=[duo.pk]), {"text": "good luck"})
        )
        terminate(holder, WAITING_FOR_A_LOCK)
    assert _finish(request).status_code < 400
    assert list(duo.chat.values_list("text", flat=True)) == ["good luck"]
