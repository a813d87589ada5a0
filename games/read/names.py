"""Who sits where, as every page, mail and refusal names them; who may see a table."""

from __future__ import annotations

import functools
import re

from django.db import connection
from django.db.models import Prefetch
from django.utils.functional import lazy
from django.utils.translation import gettext as _

from games.models import BOT_LEVEL_NAMES, Game, LogNote, Seat, Vacation, seat_name
from silkroad.rows import columns, placeholders, read_rows, select_rows


def _computer(name: str) -> str:
    return _("Computer: %(name)s") % {"name": name}


computer_label = lazy(_computer, str)
# What people call the bot levels of ``games.engine.bots.LEVELS`` (in the reader's language).
BOT_LEVEL_CHOICES = [(level, computer_label(name)) for level, name in BOT_LEVEL_NAMES.items()]

# Okabe–Ito: tells seats apart for colour-blind players too (boards add letters).
SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
FINISHED_SHOWN = 20


def seat_colours(players: int) -> list[str]:
    return [SEAT_COLOURS[n % len(SEAT_COLOURS)] for n in range(players)]


def acted_by(text: str, mover: int | None) -> int | None:
    """The seat whose colour a log line's dot shows, None for a neutral marker.

    A move's log holds more than the mover's own deed: the game goes on by itself in the
    same move (a round begins, the caravans arrive, the next player draws, a caravan
    resolves). Engines write a player's deed with that player as its subject first
    ("{p1} sold…"), so a line is the mover's when it opens with the mover's name and a
    space (read in the engine's English, before any translation moves the name), and the
    game's own otherwise: "{p1}'s caravan resolves" is the game's doing.
    """
    if mover is not None and str(text).startswith(f"{{p{mover}}} "):
        return mover
    return None


# Notes of what the player did themselves; the others (ran out of time, a clock paused
# for a vacation, the game ended) the site wrote on its own and show no player's colour.
OWN_NOTES = frozenset({LogNote.Kind.RESIGNED, LogNote.Kind.VOTE, LogNote.Kind.RETURNED})


def note_by(note: LogNote) -> int | None:
    """The seat whose colour a log note's dot shows, None for a neutral marker."""
    return note.seat if note.kind in OWN_NOTES else None


def seats_prefetch() -> Prefetch:
    """A game's seats with their players (and who of them is on vacation, for the clocks),
    by seat number: one query for any number of games."""
    seats = Seat.objects.select_related("user", "user__vacation").order_by("number")
    return Prefetch("seats", queryset=seats)


def read_game(game_id: object, *, lock: bool = False) -> Game | None:
    """The game of id ``game_id`` (None: no such game, or no id at all), every column;
    with ``lock``, its row locked until the transaction ends (SQLite has no row locks:
    its single writer lock serializes the writes instead).

    Written out once: every move and every game page reads it, and the ORM spent twice
    its running building it (0.5 ms of CPU against 0.2)."""
    try:
        pk = int(game_id)  # "12", 12; anything else raises
    except (TypeError, ValueError, OverflowError):
        return None
    if not -(2**63) <= pk < 2**63:  # beyond the column's range: no such game
        return None
    sql = f"SELECT {{columns}} FROM {Game._meta.db_table} g WHERE g.id = %s"
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    found = read_rows(Game, "g", sql, [pk])
    return found[0] if found else None


@functools.cache
def _seats_sql() -> tuple[str, tuple]:
    """The seats' statement and its columns (seat, player, vacation), built once."""
    seat, user, vacation = (
        columns(Seat, "s"),
        columns(Seat.user.field.related_model, "u"),
        columns(Vacation, "v"),
    )
    sql = f"""SELECT {seat.select}, {user.select}, {vacation.select}
        FROM {Seat._meta.db_table} s
        LEFT JOIN {user.model._meta.db_table} u ON u.id = s.user_id
        LEFT JOIN {Vacation._meta.db_table} v ON v.user_id = u.id
        WHERE s.game_id = %s ORDER BY s.number"""
    return sql, (seat, user, vacation)


def read_seats(game: Game) -> list[Seat]:
    """``game``'s seats with their players and their vacations, by number, kept on the game
    as ``seats_prefetch`` keeps them: ``game.seats.all()``, ``seat.user`` and
    ``seat.user.vacation`` read nothing more.

    Every move reads them under the game's lock. The statement is written out once:
    the ORM spent three times its running building the join and the prefetch (1.0 ms of
    CPU against 0.3). Keeping the list where the prefetch would uses Django's own
    places for it (the queryset's result cache, the related objects' caches);
    ``tests/games/test_read_seats.py`` checks that nothing is read again."""
    sql, listed_columns = _seats_sql()
    seats = []
    for seat, user, vacation in select_rows(sql, [game.pk], *listed_columns):
        _attach(seat, game, user, vacation)
        seats.append(seat)
    _keep_seats(game, seats)
    return seats


def read_seats_of(games: list[Game]) -> None:
    """The seats of each of ``games`` (a list: the lobby, "my games") with their players
    and vacations, kept on each game as ``read_seats`` keeps them. Two statements for all:
    the seats, then their players by id (one join would hash every user for a long list);
    Django's prefetch did the same but made a queryset for each game, and cost the lobby
    more CPU than its query."""
    if not games:
        return
    by_id = {game.pk: game for game in games}
    seat_columns = columns(Seat, "s")
    found: dict[int, list[Seat]] = {pk: [] for pk in by_id}
    sql = (
        f"SELECT {seat_columns.select} FROM {Seat._meta.db_table} s WHERE s.game_id IN "
        f"({placeholders(len(by_id))}) ORDER BY s.game_id, s.number"
    )
    seats = [seat for (seat,) in select_rows(sql, list(by_id), seat_columns)]
    players = _players({seat.user_id for seat in seats if seat.user_id is not None})
    for seat in seats:
        user, vacation = players.get(seat.user_id, (None, None))
        _attach(seat, by_id[seat.game_id], user, vacation)
        found[seat.game_id].append(seat)
    for pk, listed in found.items():
        _keep_seats(by_id[pk], listed)


def _players(user_ids: set[int]) -> dict[int, tuple]:
    """Players by id, each with their vacation (None: never took one)."""
    if not user_ids:
        return {}
    _, (_, user_columns, vacation_columns) = _seats_sql()
    sql = (
        f"SELECT {user_columns.select}, {vacation_columns.select} "
        f"FROM {user_columns.model._meta.db_table} u "
        f"LEFT JOIN {Vacation._meta.db_table} v ON v.user_id = u.id "
        f"WHERE u.id IN ({placeholders(len(user_ids))})"
    )
    rows = select_rows(sql, sorted(user_ids), user_columns, vacation_columns)
    return {user.pk: (user, vacation) for user, vacation in rows}


# Who sits where at some tables, as a list shows it (the lobby, the archive): plain
# values, since making the seats and their players as models cost ten times this read.
# The username is read by key for each seat (a subquery, not a join): for a page of 80
# tables' seats PostgreSQL chose to hash every user to join them, 8 ms with 20,000.
SEAT_NAMES_SQL = f"""SELECT s.game_id, s.user_id,
        (SELECT u.username FROM {Seat.user.field.related_model._meta.db_table} u
            WHERE u.id = s.user_id),
        s.controller, s.controller_level
    FROM {Seat._meta.db_table} s
    WHERE s.game_id IN ({{games}}) ORDER BY s.game_id, s.number"""


def read_seat_names_of(games: list[Game]) -> None:
    """Each of ``games`` with, by seat number, ``seat_names`` (who sits there) and
    ``seat_usernames`` (their accounts, "" for bots: for profile links), and
    ``seated_ids`` (their players' ids); in one statement."""
    by_id = {game.pk: game for game in games}
    for game in games:
        game.seat_names, game.seat_usernames, game.seated_ids = [], [], set()
    if not games:
        return
    with connection.cursor() as cursor:
        cursor.execute(SEAT_NAMES_SQL.format(games=placeholders(len(by_id))), list(by_id))
        for game_id, user_id, username, controller, level in cursor.fetchall():
            game = by_id[game_id]
            game.seat_names.append(seat_name(username, controller, level))
            game.seat_usernames.append(username or "")
            if user_id is not None:
                game.seated_ids.add(user_id)


def _attach(seat: Seat, game: Game, user, vacation: Vacation | None) -> None:
    """The seat's game, player and the player's vacation, where the ORM keeps them."""
    if user is not None:
        type(user).vacation.related.set_cached_value(user, vacation)  # None: never took one
        if vacation is not None:
            Vacation.user.field.set_cached_value(vacation, user)
    Seat.user.field.set_cached_value(seat, user)
    Seat.game.field.set_cached_value(seat, game)


def _keep_seats(game: Game, seats: list[Seat]) -> None:
    """``seats`` as ``game.seats.all()``, where Django's prefetch keeps them."""
    listed = game.seats.all()
    listed._result_cache, listed._prefetch_done = seats, True
    if not hasattr(game, "_prefetched_objects_cache"):
        game._prefetched_objects_cache = {}
    game._prefetched_objects_cache[Seat.game.field.remote_field.cache_name] = listed


def with_seats(queryset):
    return queryset.prefetch_related(seats_prefetch())


def seat_names(game: Game) -> list[str]:
    """Display names by seat number (plain text: templates escape them)."""
    names = [_("Seat %(number)d") % {"number": n + 1} for n in range(game.players)]
    for seat in game.seats.all():
        if seat.number < game.players:
            names[seat.number] = seat.display_name
    return _number_twin_bots(game, names)


def seat_usernames(game: Game) -> list[str]:
    """The account behind each seat ("" for bots and empty seats), for profile links."""
    usernames = [""] * game.players
    for seat in game.seats.all():
        if seat.number < game.players and seat.user_id is not None:
            usernames[seat.number] = seat.user.username
    return usernames


def _number_twin_bots(game: Game, names: list[str]) -> list[str]:
    """Two "Bot (Medium)" at a table become "Bot 1 (Medium)" and "Bot 2 (Medium)"."""
    bots = {s.number: s.controller_level for s in game.seats.all() if s.is_bot}
    levels = list(bots.values())
    counted: dict[str, int] = {}
    for number in sorted(bots):
        level = bots[number]
        if levels.count(level) > 1 and number < len(names):
            counted[level] = counted.get(level, 0) + 1
            names[number] = _("Bot %(number)d (%(level)s)") % {
                "number": counted[level],
                "level": BOT_LEVEL_NAMES.get(level, level),
            }
    return names


def seat_of(game: Game, user) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return next((seat for seat in game.seats.all() if seat.user_id == user.pk), None)


def game_visible_to(game: Game, user) -> bool:
    """Public tables are open to everyone; private ones to their players."""
    return game.is_public or seat_of(game, user) is not None


_SEAT_NAME = re.compile(r"\{p\d+\}")


def site_text(text: str) -> str:
    """A sentence the site stored for the log or a result (a ``LogNote``, the reason a game
    ended other than by its rules), in the reader's language.

    It is stored in English with its player as ``{p0}``…, so every reader gets their own
    language: the msgid (marked where it is written, with ``gettext_noop``) names that
    player ``%(name)s``. Text with no translation, or not written by the site, is returned
    as it is."""
    seats = set(_SEAT_NAME.findall(text))
    if len(seats) > 1:
        return text
    if not seats:
        return _(text) if text else text
    (seat,) = seats
    msgid = text.replace("%", "%%").replace(seat, "%(name)s")
    translated = _(msgid)
    if translated == msgid:
        return text
    try:
        return translated % {"name": seat}
    except (KeyError, TypeError, ValueError):  # a broken translation: the English stands
        return text
