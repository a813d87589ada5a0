"""Python's cyclic garbage collector in a web process.

A full collection walks every object the process holds, and most of them are what loading
the site made (modules, URL patterns, settings, model classes, translations), alive as long
as the process. On a 2-core machine a full collection took 150–290 ms: a lobby, archive or
profile page in about fifty paid it, and those pages' p99 was 250–350 ms where their median
was 40–75 ms (``bench/dashboard.py``, docs/performance.md). Frozen, they are left out of
every collection; what requests make is collected as before.
"""

from __future__ import annotations

import gc


def freeze_loaded_objects() -> int:
    """Leave every object alive now out of the collector's walks (after collecting what is
    already garbage, so no garbage is frozen with them); how many are frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
