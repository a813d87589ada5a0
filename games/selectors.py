"""Reads: my games, the lobby, what a viewer of a game may see, and replays."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, F, Prefetch

from games.clocks.display import annotate_clocks, clock_context
from games.engine import Action, LogEntry
from games.engine.contract import State, fill_names
from games.models import ChatMessage, Game, Seat

# Okabe–Ito: tells seats apart for colour-blind players too (boards add letters).
SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
FINISHED_SHOWN = 20


def seat_colours(players: int) -> list[str]:
    return [SEAT_COLOURS[n % len(SEAT_COLOURS)] for n in range(players)]


def with_seats(queryset):
    return queryset.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("number"))
    )


def seat_names(game: Game) -> list[str]:
    """Display names by seat number (plain text: templates escape them)."""
    names = [f"Seat {n + 1}" for n in range(game.players)]
    for seat in game.seats.all():
        if seat.number < game.players:
            names[seat.number] = seat.display_name
    return _number_twin_bots(game, names)


def _number_twin_bots(game: Game, names: list[str]) -> list[str]:
    """Two "Bot (greedy)" at a table become "Bot 1 (greedy)" and "Bot 2 (greedy)"."""
    bots = {s.number: s.bot_level for s in game.seats.all() if s.bot_level and not s.user_id}
    levels = list(bots.values())
    counted: dict[str, int] = {}
    for number in sorted(bots):
        level = bots[number]
        if levels.count(level) > 1 and number < len(names):
            counted[level] = counted.get(level, 0) + 1
            names[number] = f"Bot {counted[level]} ({level})"
    return names


def seat_of(game: Game, user) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return next((seat for seat in game.seats.all() if seat.user_id == user.pk), None)


def game_visible_to(game: Game, user) -> bool:
    """Public tables are open to everyone; private ones to their players."""
    return game.is_public or seat_of(game, user) is not None


# --- lists -----------------------------------------------------------------------------


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


def lobby(*, user=None) -> list[Game]:
    """Public tables waiting for players, the fullest first."""
    games = (
        Game.objects.filter(status=Game.Status.OPEN, is_public=True)
        .annotate(taken=Count("seats"))
        .filter(taken__lt=F("players"))
        .order_by("-taken", "created_at")
    )
    games = list(with_seats(games)[:100])
    for game in games:
        game.joined = seat_of(game, user) is not None
    return games


# --- one game --------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """A legal action as the templates see it (see docs/boards.md)."""

    type: str
    label: str
    params: dict[str, Any]
    json: str

    @classmethod
    def from_action(cls, action: Action, names: list[str] = ()) -> Choice:
        data = action.to_json()
        params = {key: value for key, value in data.items() if key != "type"}
        label = fill_names(str(action), names)
        return cls(action.type, label, params, json.dumps(data, sort_keys=True))


def legal_choices(game: Game, seat: int | None, names: list[str]) -> list[Choice]:
    """The seat's legal actions with players' names in their labels ("Offer Ana …")."""
    if seat is None or game.status != Game.Status.ACTIVE:
        return []
    actions = game.rules.legal_actions(game.state, seat)
    return [Choice.from_action(a, names) for a in actions]


def group_choices(choices: list[Choice]) -> dict[str, list[Choice]]:
    grouped: dict[str, list[Choice]] = {}
    for choice in choices:
        grouped.setdefault(choice.type, []).append(choice)
    return grouped


def game_log(game: Game, seat: int | None, names: list[str]) -> list[dict[str, Any]]:
    """Every log line as ``seat`` may read it, names filled in, oldest first."""
    lines = []
    for move in game.moves.all():
        for data in move.log:
            entry = LogEntry.from_json(data)
            text = fill_names(entry.for_viewer(seat), names)
            lines.append({"seq": move.seq, "seat": move.seat, "text": text, "at": move.created_at})
    for event in game.events.all():  # resignations, timeouts, votes: after their move
        text = fill_names(event.text, names)
        lines.append({"seq": event.seq, "seat": event.seat, "text": text, "at": event.created_at})
    lines.sort(key=lambda line: line["seq"])  # stable: a move's own lines stay first
    return lines


def game_result(game: Game, names: list[str]) -> dict[str, Any] | None:
    if not game.result:
        return None
    result = dict(game.result)
    result["reason"] = fill_names(result.get("reason", ""), names)
    result["winner_names"] = [names[s] for s in result.get("winners", [])]
    result["scores"] = sorted(
        ({**score, "name": names[score["seat"]]} for score in result.get("scores", [])),
        key=lambda score: (score["rank"], score["seat"]),
    )
    return result


def game_context(*, game: Game, user) -> dict[str, Any]:
    """Everything the game page, the board and the API show to ``user``."""
    mine = seat_of(game, user)
    started = game.state is not None
    seat = mine.number if mine is not None and started else None
    names = seat_names(game)
    context: dict[str, Any] = {
        "game": game,
        "rules": game.rules,
        "my_seat": mine,
        "seat": seat,
        "names": names,
        "colours": seat_colours(game.players),
        "version": game.version,
        "board_template": f"games/boards/{game.game}.html",
        # Seats of people that a bot plays while they are away.
        "away": [seat.number for seat in game.seats.all() if seat.bot_takeover_level],
    }
    if not started:
        return context
    rules, state = game.rules, game.state
    choices = legal_choices(game, seat, names)
    waiting = rules.to_act(state) if game.status == Game.Status.ACTIVE else ()
    offer_terms = None
    if seat is not None and game.status == Game.Status.ACTIVE:
        offer_terms = rules.offer_terms(state, seat)
    context.update(
        view=rules.view(state, seat),
        choices=choices,
        choices_by_type=group_choices(choices),
        to_act=list(waiting),
        to_act_names=[names[n] for n in waiting],
        my_turn=seat is not None and seat in waiting,
        prompt=fill_names(rules.prompt(state, seat), names),
        offer_terms=offer_terms,
        log=game_log(game, seat, names),
        result=game_result(game, names),
    )
    context.update(clock_context(game, mine))
    return context


def last_chat_id(game: Game) -> int:
    last = game.chat.order_by("-pk").values_list("pk", flat=True).first()
    return last or 0


def chat_messages(game: Game, limit: int = 100) -> list[ChatMessage]:
    messages = game.chat.select_related("user").order_by("-pk")[:limit]
    return list(reversed(messages))


def games_to_act_count(*, user) -> int:
    seats = Seat.objects.filter(user=user, must_act=True, game__status=Game.Status.ACTIVE)
    return seats.filter(resigned_at__isnull=True).count()


def game_for_user(*, game_id: int, user) -> Game | None:
    """The game with its seats, or None when it does not exist or is hidden from ``user``."""
    game = with_seats(Game.objects.filter(pk=game_id)).first()
    if game is None or not game_visible_to(game, user):
        return None
    return game


# --- replay ----------------------------------------------------------------------------


def replay(game: Game) -> State | None:
    """The state rebuilt from the seed and the move list (None before the game starts)."""
    if game.state is None:
        return None
    rules = game.rules
    state = rules.setup(game.players, dict(game.options), game.seed)
    for move in game.moves.order_by("seq"):
        state, _ = rules.apply(state, move.seat, Action.from_json(move.action))
    return state


def replay_problem(game: Game) -> str | None:
    """None when replaying the moves gives the stored snapshot, else what went wrong."""
    try:
        state = replay(game)
    except Exception as exc:  # a replay that crashes is exactly what this looks for
        return f"replay failed: {type(exc).__name__}: {exc}"
    if state != game.state:
        return "the replayed state differs from the stored snapshot"
    if game.moves.count() != game.version:
        return "the number of moves differs from the version"
    return None
