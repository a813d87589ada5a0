"""Running one job in several threads at once, each with its own database connection, as
several workers would: for tests of row locks, which need PostgreSQL."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

WORKERS = 4


def require_postgres(
    why: str = "concurrent workers need PostgreSQL: SQLite has no row locks and the "
    "in-memory test database has a single connection",
) -> None:
    if connection.vendor != "postgresql":
        pytest.skip(why)


def at_once(job) -> list:
    """Run ``job`` in WORKERS threads released together; their results."""
    start = threading.Barrier(WORKERS)
    results, errors = [], []

    def work():
        try:
            start.wait()
            results.append(job())
        except Exception as exc:  # reported below, with the thread's own error
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=work) for _ in range(WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    return results
