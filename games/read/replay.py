"""Replays: a game rebuilt from its seed and move log must equal its stored snapshot."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from games.engine import Action, LogEntry
from games.engine.contract import State
from games.models import Game, Move


def replaying(
    game: Game, upto: int | None = None
) -> Iterator[tuple[Move | None, State, list[LogEntry]]]:
    """The game rebuilt from its seed: first the set-up state (with no move), then the
    state after each logged move, up to move ``upto`` (all when None), with its log."""
    rules = game.rules
    state = rules.setup(game.players, dict(game.options), game.seed)
    yield None, state, []
    moves = game.moves.order_by("seq")
    if upto is not None:
        moves = moves.filter(seq__lte=upto)
    for move in moves:
        state, entries = rules.apply(state, move.seat, Action.from_json(move.action))
        yield move, state, entries


def state_after(game: Game, upto: int | None = None) -> State:
    """The state after ``upto`` moves (all when None), rebuilt from the log."""
    ((_, state, _),) = deque(replaying(game, upto), maxlen=1)  # keeps only the last
    return state


def replay(game: Game) -> State | None:
    """The state rebuilt from the seed and the move list (None before the game starts)."""
    if game.state is None:
        return None
    return state_after(game)


def replay_problem(game: Game) -> str | None:
    """None when replaying the moves gives the stored snapshot, else what went wrong."""
    try:
        state = replay(game)
    except Exception as exc:  # a replay that crashes is exactly what this looks for
        return f"replay failed: {type(exc).__name__}: {exc}"
    if state != game.state:
        return "the replayed state differs from the stored snapshot"
    if game.state_format != game.rules.state_format:
        return f"the snapshot is in format {game.state_format}, not {game.rules.state_format}"
    if game.moves.count() != game.version:
        return "the number of moves differs from the version"
    return None
