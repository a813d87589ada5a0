"""Writing a few fields of rows already read: one statement, built once per shape.

``QuerySet.bulk_update`` builds one ``CASE WHEN id = … THEN …`` expression per field over
every row, through the ORM, on every call. For the two to five seats a move changes,
building that statement cost more CPU than everything else the move wrote (2.4 ms against
0.4 ms for saving the whole game row). ``update_fields`` sends one plain
``UPDATE … WHERE pk = %s`` per row instead, with ``executemany`` (psycopg pipelines the
rows in one round trip), its text built once for each model, set of fields and database.

Like ``bulk_update``, it writes the values as they are on the objects: no ``pre_save``
(``auto_now`` fields are not touched unless listed and set), no signals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Field, Model


@cache
def _statement(model: type[Model], names: tuple[str, ...], using: str) -> tuple[str, tuple]:
    """The UPDATE's text and the fields of its placeholders, in order."""
    meta = model._meta
    quote = connections[using].ops.quote_name
    fields: tuple[Field, ...] = tuple(meta.get_field(name) for name in names)
    for field in fields:
        if not field.concrete or field.primary_key or field.many_to_many:
            raise ValueError(f"{meta.label}.{field.name} is not a column that can be updated")
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    pk = quote(meta.pk.column)
    return f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {pk} = %s", fields


def update_fields(
    objs: Sequence[Model], names: Iterable[str], *, using: str = DEFAULT_DB_ALIAS
) -> None:
    """Write the fields ``names`` of each of ``objs`` (one model, saved rows) to its row."""
    if not objs:
        return
    connection = connections[using]
    sql, fields = _statement(type(objs[0]), tuple(sorted(names)), using)
    rows = [
        [field.get_db_prep_save(getattr(obj, field.attname), connection) for field in fields]
        + [obj.pk]
        for obj in objs
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)
