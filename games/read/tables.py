"""Lists of tables: my games, the lobby, waiting counts; one table for a viewer; chat."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Exists, F, OuterRef

from accounts.follows import followed_ids
from games.models import ChatMessage, Game, LogNote, Seat
from games.read.clocks import annotate_clocks
from games.read.names import game_visible_to, seat_of, with_seats

FINISHED_SHOWN = 20


@dataclass
class MyGames:
    to_act: list[Game] = field(default_factory=list)  # longest waiting first
    active: list[Game] = field(default_factory=list)
    open: list[Game] = field(default_factory=list)
    finished: list[Game] = field(default_factory=list)

    def all(self) -> list[Game]:
        return self.to_act + self.active + self.open + self.finished


def my_games(*, user) -> MyGames:
    """The user's games in the order they want them: where they must act first."""
    seats = Seat.objects.filter(user=user).select_related("game")
    mine = {seat.game_id: seat for seat in seats}
    games = with_seats(Game.objects.filter(pk__in=mine)).exclude(status=Game.Status.CANCELLED)
    result = MyGames()
    for game in games:
        seat = mine[game.pk]
        game.my_seat = seat
        if game.status == Game.Status.ACTIVE:
            waiting = seat.must_act and not seat.resigned_at
            (result.to_act if waiting else result.active).append(game)
        elif game.status == Game.Status.OPEN:
            result.open.append(game)
        else:
            result.finished.append(game)
    result.to_act.sort(key=lambda g: (g.my_seat.waiting_since is None, g.my_seat.waiting_since))
    result.active.sort(key=lambda g: g.updated_at, reverse=True)
    result.open.sort(key=lambda g: g.created_at, reverse=True)
    result.finished.sort(key=lambda g: g.finished_at or g.updated_at, reverse=True)
    result.finished = result.finished[:FINISHED_SHOWN]
    annotate_clocks(result.to_act + result.active)
    return result


@dataclass(frozen=True)
class LobbyFilter:
    title: str = ""
    players: int | None = None
    clock: str = ""  # "none": no time limit; "clock": any time limit; "": either
    rated: bool | None = None
    language: str = ""


def lobby(*, user=None, only: LobbyFilter | None = None) -> list[Game]:
    """Public tables waiting for players: those of players ``user`` follows first, then
    the fullest."""
    only = only or LobbyFilter()
    games = (
        Game.objects.filter(status=Game.Status.OPEN, is_public=True)
        .annotate(taken=Count("seats"))
        .filter(taken__lt=F("players"))
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
    followed = followed_ids(user) if user is not None else set()
    games = games.annotate(
        by_followed=Exists(Seat.objects.filter(game=OuterRef("pk"), user__in=followed))
    ).order_by("-by_followed", "-taken", "created_at")
    games = list(with_seats(games)[:100])
    for game in games:
        game.joined = seat_of(game, user) is not None
    return games


def quick_match_candidates(*, user, slug: str) -> list[int]:
    """Open public tables of ``slug`` that ``user`` could join, the best first."""
    games = (
        Game.objects.filter(game=slug, status=Game.Status.OPEN, is_public=True)
        .exclude(seats__user=user)
        .annotate(taken=Count("seats"))
        .filter(taken__lt=F("players"))
        .order_by("-taken", "created_at")
    )
    return list(games.values_list("pk", flat=True)[:20])


def last_chat_id(game: Game) -> int:
    last = game.chat.order_by("-pk").values_list("pk", flat=True).first()
    return last or 0


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
