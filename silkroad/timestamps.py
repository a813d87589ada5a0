"""Read PostgreSQL timestamps with psycopg's compiled parser.

Django (5.2) reads every ``timestamptz`` through a subclass of psycopg's pure-Python
loader, only to set the time zone on the result; the compiled loader of ``psycopg[binary]``
cannot be subclassed. A "my games" page reads several hundred timestamps, and parsing
them in Python was most of the time it spent on its queries. This loader parses with the
compiled loader and sets the same time zone, so Django gets the very same values (aware,
in the connection's zone) about three times faster. Without the compiled loader (a
pure-Python psycopg), or on another database, nothing changes.
"""

from __future__ import annotations

import functools

from django.db.backends.signals import connection_created

try:  # the compiled loader exists only with psycopg's binary or C package
    import psycopg
    from psycopg.adapt import Loader
    from psycopg.pq import Format
    from psycopg_binary._psycopg import TimestamptzLoader as CompiledLoader
except ImportError:  # pragma: no cover - depends on how psycopg was installed
    CompiledLoader = None


if CompiledLoader is not None:

    class CompiledTzLoader(Loader):
        """Django's timestamptz loader (its ``timezone`` attribute included, which Django
        compares on every cursor), parsing with the compiled loader."""

        timezone = None

        def __init__(self, oid, context=None):
            super().__init__(oid, context)
            self._parse = CompiledLoader(oid, context).load

        def load(self, data):
            return self._parse(data).replace(tzinfo=self.timezone)


def use_compiled_timestamps(sender, connection, **kwargs) -> None:
    """On each new PostgreSQL connection: replace Django's loader by one in the same zone."""
    if connection.vendor != "postgresql" or CompiledLoader is None:
        return
    adapters = connection.connection.adapters
    oid = psycopg.postgres.types["timestamptz"].oid
    zone = getattr(adapters.get_loader(oid, Format.TEXT), "timezone", None)
    adapters.register_loader("timestamptz", _loader_in(zone))


@functools.cache
def _loader_in(zone):
    """The loader class for ``zone``: one per zone, not one per connection."""
    return type("CompiledZoneLoader", (CompiledTzLoader,), {"timezone": zone})


def connect() -> None:
    connection_created.connect(use_compiled_timestamps, dispatch_uid="compiled-timestamps")
