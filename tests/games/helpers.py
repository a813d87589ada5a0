"""Helpers for the platform tests."""

from __future__ import annotations

from games.play import acting


def act(game, user, type_, version=None, **params):
    """Play ``type_`` for ``user`` through the service; returns the refreshed game."""
    from games.engine import Action

    game.refresh_from_db()
    acting.game_act(
        game_id=game.pk,
        user=user,
        action=Action.make(type_, **params),
        expected_version=game.version if version is None else version,
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
        seat = chooser.choice(rules.to_act(table.state))
        action = chooser.choice(rules.legal_actions(table.state, seat))
        acting.game_act(
            game_id=table.pk, user=users[seat], action=action, expected_version=table.version
        )
    table.refresh_from_db()
    return table
