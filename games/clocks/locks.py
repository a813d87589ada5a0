"""Row locks for the periodic scans."""

from __future__ import annotations

from django.db.models import QuerySet


def lock_unless_busy(queryset: QuerySet, of: tuple[str, ...] = ()) -> QuerySet:
    """``SELECT … FOR UPDATE SKIP LOCKED``: rows another worker holds are left to it.

    Call inside a transaction. SQLite has no row locks: Django leaves the clause out and
    the database's single writer lock serializes the scans instead.
    """
    return queryset.select_for_update(skip_locked=True, of=of)
