"""Games by slug. Each game package registers its rules object on import."""

from __future__ import annotations

from importlib import import_module

from .contract import GameRules

# slug -> module that defines RULES; listed here so the registry needs no import magic.
_MODULES = {
    "silk-road": "games.engine.silk_road",
    "samarkand": "games.engine.samarkand",
    "merchant-lord": "games.engine.merchant_lord",
    "marco-polo": "games.engine.marco_polo",
}
_loaded: dict[str, GameRules] = {}


def get(slug: str) -> GameRules:
    """The rules of the game called ``slug``; KeyError when there is no such game."""
    if slug not in _loaded:
        module = import_module(_MODULES[slug])
        _loaded[slug] = module.RULES
    return _loaded[slug]


def slugs() -> list[str]:
    return list(_MODULES)


def all_games() -> list[GameRules]:
    return [get(slug) for slug in _MODULES]
