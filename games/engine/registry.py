"""Games by slug. Each game package registers its rules object on import.

``slugs()`` are the games the site offers (each has a drawn board); ``engine_slugs()``
adds the engines still without one, which the engine tests, ``simulate`` and ``arena``
exercise but nobody can open a table of.
"""

from __future__ import annotations

from importlib import import_module

from .contract import GameRules

# slug -> module that defines RULES; listed here so the registry needs no import magic.
_MODULES = {
    "silk-road": "games.engine.silk_road",
    "samarkand": "games.engine.samarkand",
    "merchant-lord": "games.engine.merchant_lord",
    "marco-polo": "games.engine.marco_polo",
    "merchants-of-araby": "games.engine.merchants_of_araby",
}
# Engines complete as rules but not yet on the site (no board to play them on).
_IN_DEVELOPMENT: dict[str, str] = {}
_loaded: dict[str, GameRules] = {}


def get(slug: str) -> GameRules:
    """The rules of the game called ``slug``; KeyError when there is no such game."""
    if slug not in _loaded:
        module = import_module({**_MODULES, **_IN_DEVELOPMENT}[slug])
        _loaded[slug] = module.RULES
    return _loaded[slug]


def slugs() -> list[str]:
    """The games the site offers."""
    return list(_MODULES)


def engine_slugs() -> list[str]:
    """Every engine, those not yet on the site included."""
    return [*_MODULES, *_IN_DEVELOPMENT]


def all_games() -> list[GameRules]:
    return [get(slug) for slug in _MODULES]
