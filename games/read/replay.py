"""Replays: a game rebuilt from its seed and move log must equal its stored snapshot."""

from __future__ import annotations

from games.engine import Action
from games.engine.contract import State
from games.models import Game


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
    if game.state_format != game.rules.state_format:
        return f"the snapshot is in format {game.state_format}, not {game.rules.state_format}"
    if game.moves.count() != game.version:
        return "the number of moves differs from the version"
    return None
