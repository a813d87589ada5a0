"""Rows read and written by statements built once, for those the site runs on every move.

The ORM builds every statement anew, and on a move's path building them cost more CPU than
running them: ``QuerySet.bulk_update`` spent 2.4 ms building its ``CASE WHEN id = …``
expressions for the two seats a move changed, against 0.4 ms for saving the whole game
row. Here each statement's text is built once for each model, fields and database:

- ``columns``: a model's columns for a written-out SELECT, and the instance a row's values
  make, as the ORM makes it (the database's and the fields' converters, ``Model.from_db``);
  ``select_rows``: the instances of each row of a written-out SELECT (of one model, or of
  several joined), ``read_rows`` those of one model; ``read_values``: some fields of each
  row, converted as the ORM converts them, with no instance made (as ``values_list``);
- ``update_fields``: writes fields of rows already read, as ``save(update_fields=…)``
  would (each field's ``pre_save``: a listed ``auto_now`` field gets the time now), one
  plain ``UPDATE … WHERE pk = %s`` per row, sent together;
- ``insert_rows``: new rows in one INSERT, as ``bulk_create`` would.

None of them sends the ``pre_save``/``post_save`` signals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Field, Model
from django.db.models.expressions import Col


@dataclass(frozen=True)
class Columns:
    """A model's concrete columns (or some of them) as a written-out SELECT lists them
    (``select``, under a table alias), and the making of an instance from their values."""

    model: type[Model]
    select: str
    attnames: tuple[str, ...]
    pk_index: int | None  # None: the primary key is not among them (no instance made)
    converted: tuple[tuple[int, Field, Col], ...]  # the columns whose values need converting
    using: str

    def __len__(self) -> int:
        return len(self.attnames)

    def converters(self) -> list[tuple[int, list, Col]]:
        """The converters of this database connection for the columns that have any,
        worked out once per read (the ORM does so once per query), not once per row."""
        connection = connections[self.using]
        return [(i, _converters(connection, f, col), col) for i, f, col in self.converted]

    def instance(self, values: Sequence, converters: list) -> Model | None:
        """The model instance of a row's values for these columns (``converters``: theirs,
        from ``converters()``); None when its primary key is NULL (no row on the right of a
        LEFT JOIN)."""
        if values[self.pk_index] is None:
            return None
        return self.model.from_db(self.using, self.attnames, self.convert(values, converters))

    def convert(self, values: Sequence, converters: list) -> list:
        """A row's values for these columns converted as the ORM converts them
        (``converters``: from ``converters()``)."""
        values = list(values)
        connection = connections[self.using]
        for index, functions, expression in converters:
            for convert in functions:
                values[index] = convert(values[index], expression, connection)
        return values


def select_rows(sql: str, params, *listed: Columns, using: str = DEFAULT_DB_ALIAS) -> list[tuple]:
    """Run a written-out SELECT whose columns are ``listed``'s, one after the other, and
    give each row as a tuple of instances, one per ``Columns`` (None: no row on the right
    of a LEFT JOIN)."""
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    pieces, start = [], 0
    for found in listed:
        pieces.append((found, start, start + len(found), found.converters()))
        start += len(found)
    return [
        tuple(
            found.instance(row[begin:end], converters) for found, begin, end, converters in pieces
        )
        for row in rows
    ]


def read_rows(model: type[Model], alias: str, sql: str, params, *, using: str = DEFAULT_DB_ALIAS):
    """The instances of ``model`` that ``sql`` selects: its ``{columns}`` is filled with the
    model's columns under the table alias ``alias``."""
    found = columns(model, alias, using)
    return [
        one for (one,) in select_rows(sql.format(columns=found.select), params, found, using=using)
    ]


def read_values(
    model: type[Model],
    alias: str,
    names: tuple[str, ...],
    sql: str,
    params,
    *,
    using: str = DEFAULT_DB_ALIAS,
) -> list[list]:
    """The values of the fields ``names`` of each row ``sql`` selects (its ``{columns}`` is
    filled with their columns under the table alias ``alias``), converted as the ORM would
    (``values_list``): for reads of many rows whose instances nobody needs, where making
    them would cost more than the read."""
    found = columns(model, alias, using, names)
    converters = found.converters()
    with connections[using].cursor() as cursor:
        cursor.execute(sql.format(columns=found.select), params)
        rows = cursor.fetchall()
    return [found.convert(row, converters) for row in rows]


def _converters(connection, field: Field, expression) -> list:
    return connection.ops.get_db_converters(expression) + field.get_db_converters(connection)


@cache
def columns(
    model: type[Model],
    alias: str,
    using: str = DEFAULT_DB_ALIAS,
    names: tuple[str, ...] | None = None,
) -> Columns:
    """The columns of ``model`` under the table alias ``alias``, for the database ``using``:
    all its concrete ones, or those of the fields ``names``, in that order."""
    connection = connections[using]
    quote = connection.ops.quote_name
    if names is None:
        fields = tuple(model._meta.concrete_fields)
    else:
        fields = tuple(model._meta.get_field(name) for name in names)
    table = model._meta.db_table
    return Columns(
        model=model,
        select=", ".join(f"{quote(alias)}.{quote(field.column)}" for field in fields),
        attnames=tuple(field.attname for field in fields),
        pk_index=fields.index(model._meta.pk) if model._meta.pk in fields else None,
        converted=tuple(
            (index, field, field.get_col(table))
            for index, field in enumerate(fields)
            if _converters(connection, field, field.get_col(table))
        ),
        using=using,
    )


def _fields(model: type[Model], names: tuple[str, ...]) -> tuple[Field, ...]:
    """The fields ``names`` of ``model``, each a column that a statement may write."""
    fields = tuple(model._meta.get_field(name) for name in names)
    for field in fields:
        if not field.concrete or field.primary_key or field.many_to_many:
            raise ValueError(
                f"{model._meta.label}.{field.name} is not a column that can be written"
            )
    return fields


@cache
def _update(model: type[Model], names: tuple[str, ...], using: str) -> tuple[str, tuple]:
    """The UPDATE's text and the fields of its placeholders, in order."""
    quote = connections[using].ops.quote_name
    fields = _fields(model, names)
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    pk = quote(model._meta.pk.column)
    return f"UPDATE {quote(model._meta.db_table)} SET {assignments} WHERE {pk} = %s", fields


def update_fields(
    objs: Sequence[Model], names: Iterable[str], *, using: str = DEFAULT_DB_ALIAS
) -> None:
    """Write the fields ``names`` of each of ``objs`` (one model, saved rows) to its row,
    as ``obj.save(update_fields=names)`` would, in one round trip for all."""
    if not objs:
        return
    connection = connections[using]
    sql, fields = _update(type(objs[0]), tuple(sorted(names)), using)
    rows = [
        [field.get_db_prep_save(field.pre_save(obj, False), connection) for field in fields]
        + [obj.pk]
        for obj in objs
    ]
    with connection.cursor() as cursor:
        if len(rows) == 1:  # most often: psycopg's executemany costs more for one row
            cursor.execute(sql, rows[0])
        else:
            cursor.executemany(sql, rows)


def placeholders(count: int) -> str:
    """``count`` parameters' places, for an ``IN (…)`` list or a row of values."""
    return ", ".join(["%s"] * count)


def stored_fields(model: type[Model]) -> tuple[str, ...]:
    """Every column of ``model`` but its primary key: what ``save()`` writes."""
    return tuple(f.name for f in model._meta.concrete_fields if not f.primary_key)


@lru_cache(maxsize=256)  # one per model, fields and number of rows
def _insert(model: type[Model], names: tuple[str, ...], rows: int, using: str) -> tuple[str, tuple]:
    meta = model._meta
    quote = connections[using].ops.quote_name
    fields = _fields(model, names)
    listed = ", ".join(quote(field.column) for field in fields)
    row = f"({placeholders(len(fields))})"
    values = ", ".join([row] * rows)
    sql = f"INSERT INTO {quote(meta.db_table)} ({listed}) VALUES {values}"
    if connections[using].features.can_return_rows_from_bulk_insert:
        sql += f" RETURNING {quote(meta.pk.column)}"
    return sql, fields


def insert_rows(
    objs: Sequence[Model], names: Iterable[str], *, using: str = DEFAULT_DB_ALIAS
) -> None:
    """Insert ``objs`` (one model, new rows) with the fields ``names``, in order, in one
    statement; as ``bulk_create`` would, each given its primary key where the database
    returns it (PostgreSQL, SQLite)."""
    if not objs:
        return
    connection = connections[using]
    sql, fields = _insert(type(objs[0]), tuple(names), len(objs), using)
    values = [
        field.get_db_prep_save(field.pre_save(obj, True), connection)
        for obj in objs
        for field in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        made = cursor.fetchall() if connection.features.can_return_rows_from_bulk_insert else ()
    for obj, (pk,) in zip(objs, made, strict=False):
        obj.pk = pk
        obj._state.adding = False
