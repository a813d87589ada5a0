"""The toy game and its players, and a broker of the test's choosing, for the fault tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from silkroad.celery import app
from tests.games.conftest import ana, ben, cy, duo, make_game, toy_game  # noqa: F401


@contextmanager
def tasks_sent_to(broker_url: str, **conf) -> Iterator[None]:
    """Tasks published to ``broker_url`` (for a worker to run) instead of run in-process."""
    keys = ("broker_url", "task_always_eager", *conf)
    saved = {key: app.conf[key] for key in keys}
    app.conf.update(broker_url=broker_url, task_always_eager=False, **conf)
    new_pools()
    try:
        yield
    finally:
        app.conf.update(saved)
        new_pools()


def new_pools() -> None:
    """Celery keeps its connection and producer pools for the broker address it first saw."""
    app._pool = None
    app.amqp._producer_pool = None
