"""Cutting real PostgreSQL connections, as a database restart or a failover would.

A test holds a game row locked from a connection of its own, waits until the code under
test is blocked on that lock (in the middle of its transaction), terminates that
backend on the server and lets the lock go.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from django.db import connection

from games.models import Game
from tests import concurrency


def require_postgres() -> None:
    concurrency.require_postgres(
        "cutting connections needs PostgreSQL (run with DATABASE_URL=postgres://…)"
    )


def dsn() -> str:
    """The test database, for connections of the test's own (and for child processes)."""
    db = connection.settings_dict
    host, port = db["HOST"] or "127.0.0.1", db["PORT"] or "5432"
    password = f":{db['PASSWORD']}" if db["PASSWORD"] else ""
    return f"postgresql://{db['USER']}{password}@{host}:{port}/{db['NAME']}"


@contextmanager
def row_locked(game_id: int) -> Iterator[psycopg.Connection]:
    """The game row locked by another connection until the block ends."""
    with psycopg.connect(dsn()) as holder:
        holder.execute(f"SELECT 1 FROM {Game._meta.db_table} WHERE id = %s FOR UPDATE", [game_id])
        yield holder
        holder.rollback()


def terminate(holder: psycopg.Connection | None, where: str, timeout: float = 20.0) -> int:
    """Terminate the first backend of this database matching ``where`` (never ``holder``,
    nor the test's own); its pid."""
    query = (
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
        f"AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND {where}"
    )
    deadline = time.monotonic() + timeout
    with psycopg.connect(dsn(), autocommit=True) as killer:
        while time.monotonic() < deadline:
            row = killer.execute(query).fetchone()
            if row is not None and (holder is None or row[0] != holder.info.backend_pid):
                killer.execute("SELECT pg_terminate_backend(%s)", [row[0]])
                return row[0]
            time.sleep(0.05)
    raise AssertionError(f"no backend matched {where!r} within {timeout} s")


WAITING_FOR_A_LOCK = "wait_event_type = 'Lock'"
IDLE_IN_TRANSACTION = "state = 'idle in transaction'"
