"""The five games Silkroad plays, for the home page, whether or not their engine is ready.

The engine's own ``name``/``blurb`` win once a game is registered; these texts cover the
games still being built.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from games import engine
from games.words import translated


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str
    players: str
    blurb: str
    playable: bool
    #: How many computer opponents "Play against the computer" offers (1 to 4).
    opponent_counts: tuple[int, ...] = ()


CATALOGUE = (
    (
        "silk-road",
        _("Silk Road"),
        "2–6",
        _(
            "Caravans race between China and Arabia buying goods, dodging bandits and trading "
            "cards freely. First to 25 coins wins."
        ),
    ),
    (
        "samarkand",
        _("Samarkand: Routes to Riches"),
        "2–5",
        _(
            "Marry into merchant families, spread their caravans across the map and deliver goods "
            "where their routes meet."
        ),
    ),
    (
        "merchant-lord",
        _("Merchant Lord"),
        "2–4",
        _(
            "Roll the caravan dice, sell goods for profit or favours and lure merchants into your "
            "village. Nine stalls ends the game."
        ),
    ),
    (
        "marco-polo",
        _("The Voyages of Marco Polo"),
        "2–4",
        _(
            "Place dice to travel from Venice to Beijing, fulfil contracts and build trading posts "
            "along the way."
        ),
    ),
    (
        "merchants-of-araby",
        _("Merchants of Araby"),
        "2–5",
        _(
            "Gather merchants, allies and djinn, negotiate shrewdly and invest in caravans to "
            "become the richest prince of Araby."
        ),
    ),
)


def games() -> list[GameInfo]:
    """Every game: registered ones from their engine, the rest from the texts above."""
    registered = set(engine.slugs())
    infos = []
    for slug, name, players, blurb in CATALOGUE:
        if slug in registered:
            rules = engine.get(slug)
            players = f"{rules.min_players}–{rules.max_players}"
            infos.append(
                GameInfo(
                    slug,
                    translated(rules.name),
                    players,
                    translated(rules.blurb) if rules.blurb else blurb,
                    True,
                    opponents(rules),
                )
            )
            continue
        infos.append(GameInfo(slug, name, players, blurb, False))
    known = {info.slug for info in infos}
    for slug in registered - known:  # a game registered under a name not listed above
        rules = engine.get(slug)
        infos.append(
            GameInfo(
                slug,
                translated(rules.name),
                f"{rules.min_players}–{rules.max_players}",
                translated(rules.blurb),
                True,
                opponents(rules),
            )
        )
    return infos


MAX_COMPUTER_OPPONENTS = 4
DEFAULT_COMPUTER_OPPONENTS = 2


def opponents(rules) -> tuple[int, ...]:
    """The numbers of computer opponents a game allows against one person (1 to 4)."""
    low = max(1, rules.min_players - 1)
    high = min(MAX_COMPUTER_OPPONENTS, rules.max_players - 1)
    return tuple(range(low, high + 1))


def playable() -> list[GameInfo]:
    return [info for info in games() if info.playable]
