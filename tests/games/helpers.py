"""Helpers for the platform tests."""

from __future__ import annotations

from jinja2 import ChainableUndefined
from jinja2.utils import missing

from games.play import acting
from games.read import drafts
from games.read.names import seat_of


def seen_by(game, user) -> tuple[int, dict]:
    """(version, state) as ``user``'s page shows them: with their own steps not yet
    final (``games.read.drafts``), which is what a client posts back."""
    mine = seat_of(game, user)
    seat = mine.number if mine is not None else None
    return drafts.shown_version(game, seat), drafts.drafted_state(game, seat)


def act(game, user, type_, version=None, **params):
    """Play ``type_`` for ``user`` through the service; returns the refreshed game."""
    from games.engine import Action

    game.refresh_from_db()
    acting.game_act(
        game_id=game.pk,
        user=user,
        action=Action.make(type_, **params),
        expected_version=seen_by(game, user)[0] if version is None else version,
    )
    game.refresh_from_db()
    return game


def set_hands(game, *hands, scores=None):
    """Put known cards in the seats' hands (and scores) of a toy game in play."""
    state = game.state
    for seat, hand in enumerate(hands):
        state["hands"][seat] = list(hand)
    if scores is not None:
        state["scores"] = list(scores)
    game.state = state
    game.save(update_fields=["state"])


def play_randomly(table, users: dict, chooser, moves: int):
    """Seated people play ``moves`` random legal moves through the write path (fewer if
    the game ends first); returns the refreshed table."""
    from games.engine import registry
    from games.models import Game

    rules = registry.get(table.game)
    for _ in range(moves):
        table.refresh_from_db()
        if table.status != Game.Status.ACTIVE:
            break
        seat = chooser.choice(rules.to_act(table.state))  # drafts never change whose turn
        version, state = seen_by(table, users[seat])
        action = chooser.choice(rules.legal_actions(state, seat))
        acting.game_act(game_id=table.pk, user=users[seat], action=action, expected_version=version)
    table.refresh_from_db()
    return table


class NamesNotGiven(ChainableUndefined):
    """Undefined as the Jinja templates' own (a missing part is ""), noting each top-level
    name a template used that its context never gave: a misspelt variable, where a
    missing key of a dict is only a part the view does not have."""

    found: set[str] = set()

    def __init__(self, hint=None, obj=missing, name=None, exc=None):
        super().__init__(hint, obj, name, exc)
        if obj is missing and name is not None:
            NamesNotGiven.found.add(name)
