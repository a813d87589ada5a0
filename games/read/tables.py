"""Lists of tables: my games, the lobby, waiting counts; one table for a viewer; chat."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import (
    Count,
    Exists,
    F,
    OuterRef,
    QuerySet,
    Subquery,
    prefetch_related_objects,
)
from django.db.models.functions import Coalesce

from accounts.follows import followed_ids
from games.models import ChatMessage, Game, LogNote, Seat
from games.read import pages
from games.read.clocks import annotate_clocks
from games.read.names import game_visible_to, list_seats_prefetch, seat_of, with_seats

FINISHED_SHOWN = 20  # finished games per page of "my games"; older ones a page at a time
SECTION_SHOWN = 20  # games in play or filling up per page of a section of "my games"
SECTIONS = ("to_act", "active", "open")


@dataclass
class MyGames:
    to_act: list[Game] = field(default_factory=list)  # longest waiting first
    active: list[Game] = field(default_factory=list)
    open: list[Game] = field(default_factory=list)
    finished: list[Game] = field(default_factory=list)  # one page, newest first
    older: str | None = None  # the cursor of the next page of finished games
    only: str = ""  # "": the whole dashboard; else the one section listed ("finished"…)
    more: dict[str, int] = field(default_factory=dict)  # section: its next page number

    @property
    def finished_only(self) -> bool:
        return self.only == "finished"

    def all(self) -> list[Game]:
        return self.to_act + self.active + self.open + self.finished


def my_games(
    *, user, older: object = None, only: str = "", page: int = 1, shown: int | None = None
) -> MyGames:
    """The user's games in the order they want them: where they must act first.

    Finished games come a page at a time by keyset (``older`` is the cursor of a later
    page, which lists finished games only). Games in play and open tables are all listed
    unless ``shown`` caps each section; then ``only`` (a section of ``SECTIONS``) lists
    its ``page``-th page alone. The user's seats are read by index, a few columns of
    each; whole rows only for the games shown, never the engine state."""
    if pages.parse_cursor(older) is not None:
        only = "finished"
    elif only not in SECTIONS:
        only = ""
    page = max(page, 1) if only in SECTIONS and shown else 1
    result = MyGames(only=only)
    shown_ids: list[int] = []
    if only != "finished":
        sections = current_sections(user)
        for name, ids in sections.items():
            if only and name != only:
                sections[name] = []
            elif shown:
                start = (page - 1) * shown
                if len(ids) > start + shown:
                    result.more[name] = page + 1
                sections[name] = ids[start : start + shown]
            shown_ids += sections[name]
    if only in ("", "finished"):
        rows = list(pages.players_finished(user, older, FINISHED_SHOWN))
        result.finished, result.older = pages.cut(rows, FINISHED_SHOWN)
    # The ids are the user's games already (their seats): no join with the seats again.
    listed = Game.objects.filter(pk__in=shown_ids).defer(*pages.LIST_DEFERRED)
    current = {game.pk: game for game in listed} if shown_ids else {}
    prefetch_related_objects([*current.values(), *result.finished], *list_seats_prefetch())
    for game in [*current.values(), *result.finished]:
        game.seat_list = list(game.seats.all())  # read once: rows and clocks use the list
        game.my_seat = seat_of(game, user)
    if only != "finished":
        for name in SECTIONS:
            setattr(result, name, [current[pk] for pk in sections[name] if pk in current])
    annotate_clocks(result.to_act + result.active)
    return result


def current_sections(user) -> dict[str, list[int]]:
    """Ids of the user's games in play (to act, others) and open tables, in list order."""
    # The ids first, from two indexes merged (the user's seats, the games in play), then
    # the few columns of those seats and games alone.
    current = Game.objects.filter(
        seats__user=user, status__in=[Game.Status.ACTIVE, Game.Status.OPEN]
    ).values("pk")
    rows = Seat.objects.filter(user=user, game__in=current).values_list(
        "game_id",
        "game__status",
        "must_act",
        "resigned_at",
        "waiting_since",
        "game__updated_at",
        "game__created_at",
    )
    to_act, active, waiting_open = [], [], []
    for pk, status, must_act, resigned_at, since, updated, created in rows:
        if status == Game.Status.OPEN:
            waiting_open.append((created, pk))
        elif must_act and not resigned_at:
            to_act.append((since is None, since or created, pk))
        else:
            active.append((updated, pk))
    to_act.sort()
    active.sort(reverse=True)
    waiting_open.sort(reverse=True)
    return {
        "to_act": [row[-1] for row in to_act],
        "active": [pk for _, pk in active],
        "open": [pk for _, pk in waiting_open],
    }


@dataclass(frozen=True)
class LobbyFilter:
    title: str = ""
    players: int | None = None
    clock: str = ""  # "none": no time limit; "clock": any time limit; "": either
    rated: bool | None = None
    language: str = ""


LOBBY_PAGE = 50  # tables per page of the lobby


def with_seats_taken(games: QuerySet[Game]) -> QuerySet[Game]:
    """``games`` that still have a free seat, each with ``taken``: the seats taken.

    Counted per game through the seats' game index (a correlated subquery), not by joining
    every seat of every game and grouping: with a large history PostgreSQL otherwise
    scans the whole seat table for the lobby."""
    taken = (
        Seat.objects.filter(game=OuterRef("pk"))
        .order_by()
        .values("game")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return games.annotate(taken=Coalesce(Subquery(taken), 0)).filter(taken__lt=F("players"))


def lobby(
    *, user=None, only: LobbyFilter | None = None, start: int = 0, limit: int = 100
) -> list[Game]:
    """Public tables waiting for players: those of players ``user`` follows first, then
    the fullest; ``limit`` of them from the ``start``-th."""
    only = only or LobbyFilter()
    games = with_seats_taken(Game.objects.filter(status=Game.Status.OPEN, is_public=True))
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
    followed = followed_ids(user) if user is not None else set()
    games = games.annotate(
        by_followed=Exists(Seat.objects.filter(game=OuterRef("pk"), user__in=followed))
    ).order_by("-by_followed", "-taken", "created_at")
    games = list(with_seats(games.defer(*pages.LIST_DEFERRED))[start : start + limit])
    for game in games:
        game.joined = seat_of(game, user) is not None
    return games


def lobby_page(
    *, user=None, only: LobbyFilter | None = None, page: int = 1
) -> tuple[list[Game], int | None]:
    """One page of the lobby and the number of the next page (None on the last)."""
    page = max(page, 1)
    tables = lobby(user=user, only=only, start=(page - 1) * LOBBY_PAGE, limit=LOBBY_PAGE + 1)
    more = len(tables) > LOBBY_PAGE
    return tables[:LOBBY_PAGE], (page + 1 if more else None)


def quick_match_candidates(*, user, slug: str) -> list[int]:
    """Open public tables of ``slug`` that ``user`` could join, the best first."""
    games = with_seats_taken(
        Game.objects.filter(game=slug, status=Game.Status.OPEN, is_public=True).exclude(
            seats__user=user
        )
    ).order_by("-taken", "created_at")
    return list(games.values_list("pk", flat=True)[:20])


def chat_messages(game: Game, limit: int = 100) -> list[ChatMessage]:
    messages = game.chat.select_related("user").order_by("-pk")[:limit]
    return list(reversed(messages))


def last_note_id(game_id: int) -> int:
    """For the page's poll key: a new log note (a resignation, a vote) redraws the page."""
    notes = LogNote.objects.filter(game_id=game_id).order_by("-pk").values_list("pk", flat=True)
    return notes.first() or 0


def games_to_act_count(*, user) -> int:
    seats = Seat.objects.filter(user=user, must_act=True, game__status=Game.Status.ACTIVE)
    return seats.filter(resigned_at__isnull=True).count()


def game_for_user(*, game_id: int, user) -> Game | None:
    """The game with its seats, or None when it does not exist or is hidden from ``user``."""
    game = with_seats(Game.objects.filter(pk=game_id)).first()
    if game is None or not game_visible_to(game, user):
        return None
    return game
