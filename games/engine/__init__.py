"""Pure-Python game engines: the contract (``contract``), the registry and one package per game.

Nothing under this package may import Django or read the clock; see ``contract`` first.
"""

from .contract import (
    Action,
    GameRules,
    IllegalAction,
    LogEntry,
    MalformedAction,
    Option,
    Outcome,
    SeatScore,
)
from .registry import all_games, engine_slugs, get, slugs

__all__ = [
    "Action",
    "GameRules",
    "IllegalAction",
    "LogEntry",
    "MalformedAction",
    "Option",
    "Outcome",
    "SeatScore",
    "all_games",
    "engine_slugs",
    "get",
    "slugs",
]
