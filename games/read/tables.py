"""Lists of tables: my games, the lobby, waiting counts; one table for a viewer; chat."""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass

from django.db import connection
from django.db.models import F, Q, QuerySet
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import get_language

from accounts.follows import followed_by
from games.models import ChatMessage, Game, LogNote, Seat, Vacation
from games.read import pages
from games.read.clocks import seat_clock_from
from games.read.names import (
    game_visible_to,
    read_game,
    read_seat_names_of,
    read_seats,
    read_seats_of,
    seat_of,
)
from games.read.playing_rows import PlayingRow, playing_rows
from silkroad.rows import columns, placeholders, read_values, select_rows

FINISHED_SHOWN = 20  # finished games per page of "my games"; older ones a page at a time
SECTION_SHOWN = 20  # games in play or filling up per page of a section of "my games"
SECTIONS = ("to_act", "active", "open")


# The parts of "my games" drawn and kept in the cache apart, and the sections of each:
# a move changes the games in play, and time their clocks and waiting times, but neither
# changes the open tables or the finished games, which are not drawn again for it.
GROUPS = {"current": ("to_act", "active"), "open": ("open",), "finished": ("finished",)}


@dataclass(frozen=True)
class DrawnRow:
    """A game in play whose row of "my games" was found drawn (``MyGames.row_keys``): only
    its id is known, and nothing else is needed."""

    pk: int


Listed = Game | PlayingRow | DrawnRow  # a game as a list of "my games" holds it


class MyGames:
    """A user's games as "my games" lists them. What the lists show is read only when a
    list is first asked for, and only for the groups (``GROUPS``) whose drawing is not
    known already: a page whose groups are all in the cache under their ``cache_keys``
    (``games/mine.jinja``) never reads the games, seats or players."""

    def __init__(
        self,
        *,
        only: str,
        older: str | None,
        more: dict[str, int],
        cache_keys: dict[str, str],
        row_keys: dict[int, str],
        load,
        waiting: int | None = None,
    ) -> None:
        self.only = only  # "": the whole dashboard; else the one section listed ("finished"…)
        self.older = older  # the cursor of the next page of finished games
        self.more = more  # section: its next page number
        self.cache_keys = cache_keys  # group: a key that changes with anything it shows
        self.row_keys = row_keys  # game in play: a key that changes with anything its row shows
        self._load = load
        self.waiting = waiting  # games waiting for the user (the header's count), if counted
        self._lists: dict[str, list[Listed]] | None = None
        self._drawn: set[str] = set()
        self._drawn_rows: set[int] = set()

    def already_drawn(self, groups) -> None:
        """These groups are drawn already (found in the cache): their games are not read."""
        self._drawn.update(groups)

    def rows_already_drawn(self, game_ids) -> None:
        """The rows of these games in play are drawn already: their games are not read."""
        self._drawn_rows.update(game_ids)

    def _loaded(self) -> dict[str, list[Listed]]:
        if self._lists is None:
            self._lists = self._load(set(GROUPS) - self._drawn, self._drawn_rows)
        return self._lists

    @property
    def to_act(self) -> list[Listed]:  # longest waiting first
        return self._loaded()["to_act"]

    @property
    def active(self) -> list[Listed]:
        return self._loaded()["active"]

    @property
    def open(self) -> list[Listed]:
        return self._loaded()["open"]

    @property
    def finished(self) -> list[Listed]:  # one page, newest first
        return self._loaded()["finished"]

    @property
    def finished_only(self) -> bool:
        return self.only == "finished"

    def all(self) -> list[Listed]:
        return self.to_act + self.active + self.open + self.finished


def my_games(
    *,
    user,
    older: object = None,
    only: str = "",
    page: int = 1,
    shown: int | None = None,
    whole_games: bool = False,
) -> MyGames:
    """The user's games in the order they want them: where they must act first.

    Finished games come a page at a time by keyset (``older`` is the cursor of a later
    page, which lists finished games only). Games in play and open tables are all listed
    unless ``shown`` caps each section; then ``only`` (a section of ``SECTIONS``) lists
    its ``page``-th page alone. The ids come first, from the user's seats (a few columns
    of each, by index); then for each group of sections (``GROUPS``) a key made of
    everything its rows show (``cache_keys``); the games themselves, never their engine
    state, only when a list is read, and only those of groups not drawn already. The games
    in play come as the rows show them (``games.read.playing_rows``) unless
    ``whole_games`` (the API's summaries) asks for them as models."""
    if pages.parse_cursor(older) is not None:
        only = "finished"
    elif only not in SECTIONS:
        only = ""
    page = max(page, 1) if only in SECTIONS and shown else 1
    more: dict[str, int] = {}
    sections: dict[str, list[int]] = {name: [] for name in SECTIONS}
    waiting = None
    if only != "finished":
        found = current_sections(user)
        waiting = len(found["to_act"])
        for name, ids in found.items():
            if only and name != only:
                continue
            if shown:
                start = (page - 1) * shown
                if len(ids) > start + shown:
                    more[name] = page + 1
                ids = ids[start : start + shown]
            sections[name] = ids
    finished_ids: list[int] = []
    older_cursor = None
    if only in ("", "finished"):
        finished_ids, older_cursor = pages.players_finished_ids(user, older, FINISHED_SHOWN)
    shown_ids = [pk for name in SECTIONS for pk in sections[name]]
    sections["finished"] = finished_ids

    def load(groups: set[str], drawn_rows: set[int]) -> dict[str, list[Listed]]:
        wanted = {name for group in groups for name in GROUPS[group]}
        ids = [pk for name in wanted for pk in sections[name]]
        in_rows = {} if whole_games else playing
        to_draw = {pk: in_rows[pk] for pk in ids if pk in in_rows and pk not in drawn_rows}
        games: dict[int, Listed] = dict(playing_rows(to_draw, user.pk, now))
        games.update((pk, DrawnRow(pk)) for pk in drawn_rows)
        others = [pk for pk in ids if pk not in games]  # open tables, finished games…
        listed = Game.objects.filter(pk__in=others).defer(*pages.LIST_DEFERRED)
        found = list(listed) if others else []
        read_seats_of(found)
        for game in found:
            game.seat_list = list(game.seats.all())  # read once: the rows use the list
            game.my_seat = seat_of(game, user)
            games[game.pk] = game
        return {
            name: [games[pk] for pk in sections[name] if pk in games] if name in wanted else []
            for name in (*SECTIONS, "finished")
        }

    seats = [] if whole_games else _shown_state(shown_ids)  # the API draws no rows
    language, zone, now = get_language(), timezone.get_current_timezone_name(), timezone.now()
    current = {pk for name in GROUPS["current"] for pk in sections[name]}
    rows = _rows_by_game(seats, current)
    playing = {pk: [dict(zip(SHOWN_NAMES, row, strict=True)) for row in rows[pk]] for pk in rows}
    row_keys = {
        pk: _key([user.pk, language, zone, pk, rows[pk], _times_shown(playing[pk], user.pk, now)])
        for pk in rows
    }
    common = [user.pk, only, page, shown, language, zone]
    keys = {}
    for group, names in GROUPS.items():
        ids = {pk for name in names for pk in sections[name]}
        shows = [[name, sections[name], more.get(name)] for name in names]
        if group == "current":  # each row's key: who sits, must act, clocks, times shown
            shows.append([row_keys[pk] for name in names for pk in sections[name]])
        else:
            shows += [row for row in seats if row[0] in ids]  # who sits there…
        if group == "finished":
            shows.append(older_cursor)
        keys[group] = _key(common + shows)
    return MyGames(
        only=only,
        older=older_cursor,
        more=more,
        cache_keys=keys,
        row_keys=row_keys,
        load=load,
        waiting=waiting,
    )


def _key(shown: list) -> str:
    return hashlib.sha256(repr(shown).encode()).hexdigest()


def _rows_by_game(seats: list[list], game_ids: set[int]) -> dict[int, list[list]]:
    """The seat rows (``SHOWN_SQL``) of each of ``game_ids``, by number: for each game
    in play, what its row shows but the time."""
    found: dict[int, list[list]] = {pk: [] for pk in game_ids}
    for row in seats:
        if row[0] in found:
            found[row[0]].append(row)
    return found


def _times_shown(seats: list[dict], user_id: int, now) -> list:
    """What the row of a game in play shows of its ``seats`` that changes with time alone
    (its key has the rest): how long the user has been waiting to move, and each running
    clock's time left and urgency. "My games" keeps each row drawn under a key of all it
    shows, so that a minute on only the rows whose words changed are drawn again."""
    shown: list = []
    for seat in seats:
        if seat["user_id"] == user_id and seat["must_act"] and seat["waiting_since"]:
            shown.append(timesince(seat["waiting_since"], now))
        if seat["clock_days"] and seat["must_act"]:
            clock = seat_clock_from(seat, now)
            shown.append((clock.left_text, clock.urgent) if clock.left is not None else None)
    return shown


# Everything about the seats of some games that a row of "my games" shows, and whether
# each player is away: written out once, since the ORM cost more to build it (its ``IN``
# list and its ``EXISTS``) than the database to run it.
SHOWN_FIELDS = (
    "game_id",
    "number",
    "user_id",
    "controller",
    "controller_level",
    "must_act",
    "waiting_since",
    "deadline",
    "move_time",
    "time_left",
    "resigned_at",
    "wants_end",
)
SHOWN_NAMES = (*SHOWN_FIELDS, "title", "status", "players", "clock_days", "weekends_zone")
SHOWN_NAMES += ("username", "away")  # a row of SHOWN_SQL
# After the seat's fields: its table's title, status and size, its clock (days per move)
# and, with weekends off, the zone of the seat's player (whose weekends stop the clock);
# the player's username (read by key: a join hashed every user) and whether they are away.
USERS = Seat.user.field.related_model._meta.db_table
SHOWN_SQL = f"""SELECT {{columns}}, g.game, g.status, g.players, g.clock_days,
        CASE WHEN g.weekends_off THEN COALESCE((SELECT u.timezone
            FROM {USERS} u WHERE u.id = s.user_id), 'UTC') END,
        (SELECT u.username FROM {USERS} u WHERE u.id = s.user_id),
        EXISTS (SELECT 1 FROM {Vacation._meta.db_table} v
            WHERE v.user_id = s.user_id AND v.started_at IS NOT NULL)
    FROM {Seat._meta.db_table} s INNER JOIN {Game._meta.db_table} g ON g.id = s.game_id
    WHERE s.game_id IN ({{games}})
    ORDER BY s.game_id, s.number"""


def _shown_state(game_ids: list[int]) -> list[list]:
    """Everything about the seats of ``game_ids`` that a row of "my games" shows (who
    sits, who must act and since when, clocks, who left), as plain values for a cache key
    (the order of the rows is in the sections' ids) and for drawing the rows of games in
    play (``games.read.playing_rows``), each with what its row shows of its table and
    whether its player is away. One query."""
    if not game_ids:
        return []
    sql = SHOWN_SQL.replace("{games}", placeholders(len(game_ids)))
    return read_values(Seat, "s", SHOWN_FIELDS, sql, game_ids)


# The query of ``current_sections``, written out once: built by the ORM on every request,
# its five ordering expressions cost ten times the CPU of running it. It starts from the
# user's seats of games not finished (the ``seat_current`` index: a few entries, however
# long their history), then reads each of those games by its key. Before that index it
# had to walk every game in play to find the user's (a plain join hashed them all).
SECTIONS_SQL = f"""
    SELECT game_id, section FROM (
        SELECT s.game_id, s.waiting_since, g.created_at, g.updated_at,
            CASE WHEN g.status = %(open)s THEN 2
                 WHEN s.must_act AND s.resigned_at IS NULL THEN 0 ELSE 1 END AS section
        FROM {Seat._meta.db_table} s INNER JOIN {Game._meta.db_table} g ON g.id = s.game_id
        WHERE s.user_id = %(user)s AND s.finished_at IS NULL
            AND g.status IN (%(active)s, %(open)s)
    ) mine
    ORDER BY section,
        CASE WHEN section = 0 AND waiting_since IS NULL THEN 1 ELSE 0 END,
        CASE WHEN section = 0 THEN COALESCE(waiting_since, created_at) END,
        CASE WHEN section = 0 THEN game_id END,
        CASE WHEN section = 1 THEN updated_at END DESC,
        CASE WHEN section = 2 THEN created_at END DESC,
        game_id DESC"""
STATUSES = {"open": Game.Status.OPEN.value, "active": Game.Status.ACTIVE.value}  # SQL values


def current_sections(user) -> dict[str, list[int]]:
    """Ids of the user's games in play (to act, others) and open tables, in list order.

    The database sorts them and sends ids alone: a busy player sits at hundreds of current
    tables, and reading three timestamps of each to sort them here cost more than the rest
    of the page. To act: longest waiting first (those with no waiting time last, oldest
    first); waiting for others: latest change first; open tables: newest first."""
    found: dict[str, list[int]] = {name: [] for name in SECTIONS}
    with connection.cursor() as cursor:
        cursor.execute(SECTIONS_SQL, {**STATUSES, "user": user.pk})
        for pk, number in cursor.fetchall():
            found[SECTIONS[number]].append(pk)
    return found


@dataclass(frozen=True)
class LobbyFilter:
    title: str = ""
    players: int | None = None
    clock: str = ""  # "none": no time limit; "clock": any time limit; "": either
    rated: bool | None = None
    language: str = ""


LOBBY_PAGE = 50  # tables per page of the lobby


def _open_tables(only: LobbyFilter) -> QuerySet[Game]:
    """Public tables with a free seat that pass the lobby's filters, in the lobby's order:
    the fullest first, then the oldest (the ``game_lobby`` index, walked only as far as a
    page reaches)."""
    games = Game.objects.filter(
        status=Game.Status.OPEN, is_public=True, seats_taken__lt=F("players")
    )
    if only.title:
        games = games.filter(game=only.title)
    if only.players:
        games = games.filter(players=only.players)
    if only.clock == "none":
        games = games.filter(clock_days=0)
    elif only.clock == "clock":
        games = games.filter(clock_days__gt=0)
    if only.rated is not None:
        games = games.filter(rated=only.rated)
    if only.language:
        games = games.filter(language=only.language)
    return games.order_by("-seats_taken", "created_at", "pk").defer(*pages.LIST_DEFERRED)


def lobby(
    *,
    user=None,
    only: LobbyFilter | None = None,
    after: object = None,
    limit: int = 100,
    whole_seats: bool = False,
) -> list[Game]:
    """Public tables waiting for players: those of players ``user`` follows first, then
    the fullest; ``limit`` of them from after the table of the cursor ``after``
    (``lobby_cursor``; from the start without one). Each with ``by_followed``,
    ``joined`` (``user`` sits there) and who sits there: ``seat_names``
    (``read_seat_names_of``) or, with ``whole_seats``, its seats as ``read_seats_of``
    reads them (the API's summaries).

    Two walks of the lobby's order rather than one sort by "someone you follow": that sort
    had to count the seats of every open table on every page, so the lobby slowed as
    tables waited. The tables of followed players come from their current seats (a few
    each); the others from the index, leaving those out. A later page starts where its
    cursor points in one of the two, never walking what came before it: nothing closes
    a table nobody joins, so the lobby has no end in sight."""
    games = _open_tables(only or LobbyFilter())
    part, place = _parse_lobby_cursor(after)
    shown: list[Game] = []
    if user is not None and user.is_authenticated:
        followed_tables = pages.current_game_ids(followed_by(user))
        if part != "o":
            shown = _walk(games.filter(pk__in=followed_tables), place, limit)
            place = None  # the other tables from their start
        games = games.exclude(pk__in=followed_tables)
    first = {game.pk for game in shown}
    if len(shown) < limit:
        shown += _walk(games, place, limit - len(shown))
    if whole_seats:
        read_seats_of(shown)
        sits_at = {game.pk for game in shown if seat_of(game, user) is not None}
    else:
        read_seat_names_of(shown)
        sits_at = {game.pk for game in shown if user is not None and user.pk in game.seated_ids}
    for game in shown:
        game.by_followed = game.pk in first
        game.joined = game.pk in sits_at
    return shown


def _walk(games: QuerySet[Game], place: tuple | None, limit: int) -> list[Game]:
    """``limit`` of ``games`` (in the lobby's order) after ``place`` (seats taken,
    opening time, id), from the start without one. The order goes from the fullest, so
    what follows ``place`` is the rest of its fullness, then the emptier tables: two
    ranges of the ``game_lobby`` index, each walked from where it starts."""
    if place is None:
        return list(games[:limit])
    seats, created, pk = place
    later = Q(created_at__gt=created) | Q(created_at=created, pk__gt=pk)
    # created_at >= as well, which the index can start from (the "or" alone it cannot)
    found = list(games.filter(later, seats_taken=seats, created_at__gte=created)[:limit])
    if len(found) < limit:
        found += list(games.filter(seats_taken__lt=seats)[: limit - len(found)])
    return found


def lobby_cursor(game: Game) -> str:
    """The cursor of the lobby's page after ``game``: which part of the lobby it is in
    ("f": a followed player's table, "o": the others), then its place in the order."""
    part = "f" if game.by_followed else "o"
    return f"{part}{game.seats_taken}_{pages.cursor_at(game.created_at, game.pk)}"


def _parse_lobby_cursor(cursor: object) -> tuple[str | None, tuple | None]:
    """The part and place of a cursor; (None, None) for anything that is not one."""
    if not isinstance(cursor, str) or len(cursor) > 60 or cursor[:1] not in ("f", "o"):
        return None, None
    seats, _, rest = cursor[1:].partition("_")
    place = pages.parse_cursor(rest)
    if place is None or not seats.isdigit() or len(seats) > 2:
        return None, None
    return cursor[0], (int(seats), *place)


def lobby_page(
    *, user=None, only: LobbyFilter | None = None, after: object = None
) -> tuple[list[Game], str | None]:
    """One page of the lobby and the cursor of the next (None on the last)."""
    tables = lobby(user=user, only=only, after=after, limit=LOBBY_PAGE + 1)
    return pages.cut(tables, LOBBY_PAGE, lobby_cursor)


def quick_match_candidates(*, user, slug: str) -> list[int]:
    """Open public tables of ``slug`` that ``user`` could join, the best first."""
    games = _open_tables(LobbyFilter(title=slug)).exclude(pk__in=pages.current_game_ids([user]))
    return list(games.values_list("pk", flat=True)[:20])


# The chat lines a reader may read: the table's, and private ones written by or to them
# (spectators and the other players never see a private message). Written out once, for
# the lines of every game page and the newest line's id that every move's answer and every
# poll reads: the ORM spent 1.4 ms and 0.6 ms of CPU building those two statements.
CHAT_SHOWN = (
    "c.game_id = %(game)s AND (c.recipient_id IS NULL OR %(user)s IN (c.user_id, c.recipient_id))"
)
LAST_CHAT_SQL = f"SELECT MAX(c.id) FROM {ChatMessage._meta.db_table} c WHERE {CHAT_SHOWN}"
CHAT_SQL = """SELECT {line}, {writer}, {recipient} FROM {lines} c
    INNER JOIN {users} w ON w.id = c.user_id
    LEFT JOIN {users} r ON r.id = c.recipient_id
    WHERE {shown} ORDER BY c.id DESC LIMIT %(limit)s"""


def _chat_params(game_id: int, user, **more) -> dict:
    signed_in = user is not None and user.is_authenticated
    return {"game": game_id, "user": user.pk if signed_in else None, **more}


@functools.cache
def _chat_sql() -> tuple[str, tuple]:
    """The chat lines' statement and its columns (line, writer, recipient), built once."""
    users = ChatMessage.user.field.related_model
    listed = columns(ChatMessage, "c"), columns(users, "w"), columns(users, "r")
    sql = CHAT_SQL.format(
        line=listed[0].select,
        writer=listed[1].select,
        recipient=listed[2].select,
        lines=ChatMessage._meta.db_table,
        users=users._meta.db_table,
        shown=CHAT_SHOWN,
    )
    return sql, listed


def chat_messages(game: Game, user, limit: int = 100) -> list[ChatMessage]:
    """The latest ``limit`` lines ``user`` may read, oldest first, with their writer and
    recipient (reading them reads nothing more)."""
    sql, listed = _chat_sql()
    messages = []
    for message, writer, recipient in reversed(
        select_rows(sql, _chat_params(game.pk, user, limit=limit), *listed)
    ):
        ChatMessage.user.field.set_cached_value(message, writer)
        ChatMessage.recipient.field.set_cached_value(message, recipient)
        messages.append(message)
    return messages


def last_chat_id(game_id: int, user) -> int:
    """For the page's poll key: the newest line ``user`` may read (0: none)."""
    with connection.cursor() as cursor:
        cursor.execute(LAST_CHAT_SQL, _chat_params(game_id, user))
        return cursor.fetchone()[0] or 0


# Written out once, as the chat's: the API's ETag reads it on every read of a game.
LAST_NOTE_SQL = f"SELECT MAX(n.id) FROM {LogNote._meta.db_table} n WHERE n.game_id = %(game)s"


def last_note_id(game_id: int) -> int:
    """For the page's poll key: a new log note (a resignation, a vote) redraws the page."""
    with connection.cursor() as cursor:
        cursor.execute(LAST_NOTE_SQL, {"game": game_id})
        return cursor.fetchone()[0] or 0


@dataclass(frozen=True)
class Polled:
    """What a game page's poll compares with what the page shows."""

    version: int
    status: str
    is_public: bool
    draft: dict
    seats: int  # seats taken, bots' included
    mine: int | None  # the reader's seat number; None: not seated
    last_note: int  # the newest log note's id (0: none)
    last_chat: int  # the newest chat line the reader may read (0: none)


# The poll asks every few seconds of every open page (and on every pulse): one statement,
# not one for the game, its seats, its notes and its chat each.
POLL_FIELDS = ("version", "status", "is_public", "draft")
POLL_SQL = f"""SELECT {{columns}},
    (SELECT COUNT(*) FROM {Seat._meta.db_table} s WHERE s.game_id = g.id),
    (SELECT MIN(s.number) FROM {Seat._meta.db_table} s
        WHERE s.game_id = g.id AND s.user_id = %(user)s),
    ({LAST_NOTE_SQL}),
    ({LAST_CHAT_SQL})
    FROM {Game._meta.db_table} g WHERE g.id = %(game)s"""


def polled(game_id: int, user) -> Polled | None:
    """The game as its page's poll compares it, as ``user`` may see it; None when there
    is no such game (whether ``user`` may see it at all is the caller's to check)."""
    rows = read_values(Game, "g", POLL_FIELDS, POLL_SQL, _chat_params(game_id, user))
    if not rows:
        return None
    version, status, is_public, draft, seats, mine, note, chat = rows[0]
    return Polled(version, status, is_public, draft or {}, seats, mine, note or 0, chat or 0)


TO_ACT_COUNT_SQL = f"""
    SELECT COUNT(*) FROM {Seat._meta.db_table} s
    INNER JOIN {Game._meta.db_table} g ON g.id = s.game_id
    WHERE s.user_id = %(user)s AND s.must_act AND s.resigned_at IS NULL
        AND g.status = %(active)s"""


def games_to_act_count(*, user) -> int:
    """The games in play waiting for ``user``'s move (the header shows it on every page):
    written out once, as ``current_sections`` is, since building it cost the ORM more
    than running it."""
    with connection.cursor() as cursor:
        cursor.execute(TO_ACT_COUNT_SQL, {**STATUSES, "user": user.pk})
        return cursor.fetchone()[0]


def game_for_user(*, game_id: int, user) -> Game | None:
    """The game with its seats, or None when it does not exist or is hidden from ``user``."""
    game = read_game(game_id)
    if game is None:
        return None
    read_seats(game)  # kept on the game: who may see it, and the page, read no more
    return game if game_visible_to(game, user) else None
