"""Python's cyclic garbage collector in a web process.

A full collection walks every object the process holds, and most of them are what loading
the site made (modules, URL patterns, settings, model classes, translations), alive as long
as the process. On a 2-core machine a full collection took 150–290 ms: a lobby, archive or
profile page in about fifty paid it, and those pages' p99 was 250–350 ms where their median
was 40–75 ms (``bench/dashboard.py``, docs/performance.md). Frozen, they are left out of
every collection; what requests make is collected as before.

Some of what lives as long as the process is loaded by the first requests, not by loading
the site: the URL patterns with the views they name, and the compiled templates. They are
loaded before the freeze: left to the first requests, they were a third of what every full
collection walked afterwards (about 9,000 of 27,000 objects), and the pauses were a third
longer (docs/performance.md).
"""

from __future__ import annotations

import gc

from django.template import engines
from django.template.backends.jinja2 import Jinja2
from django.urls import get_resolver


def load_what_the_first_requests_would() -> None:
    """The URL patterns, every view module they name and their reverse lookups; every
    Jinja template, compiled."""
    get_resolver().reverse_dict  # noqa: B018 (reading it fills the resolver)
    for engine in engines.all():
        if isinstance(engine, Jinja2):
            for name in engine.env.list_templates(extensions=["jinja"]):
                engine.env.get_template(name)


def freeze_loaded_objects() -> int:
    """Leave every object alive now out of the collector's walks, once what the first
    requests would load is loaded (and after collecting what is already garbage, so no
    garbage is frozen with them); how many are frozen."""
    load_what_the_first_requests_would()
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
