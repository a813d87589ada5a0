"""Moves the page asks a player to confirm before sending: where one stray tap is costly.

A Merchant Lord purchase spends coins on a card from the row, and Samarkand's second
camel is paid from the family's treasury. The first post of such a move, from the board
or from the list of choices, applies nothing: the page comes back with the move spelled
out and "Confirm" / "Cancel", and "Confirm" posts the same move again with
``confirmed``. Both are plain forms, so it works without JavaScript too. Only the site's
pages ask; the API and the bots send their moves as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.engine import Action
from games.models import Game
from games.read import drafts
from games.read.names import seat_of


def _second_camel(view: Mapping[str, Any], action: Action) -> bool:
    """A Samarkand placement while one camel already stands: the paid second one."""
    return len(view.get("placed") or ()) == 1


# Game → the move type it may ask about, and (the seat's view, the posted move) → must
# the player confirm it first?
ASK: dict[str, tuple[str, Callable[[Mapping[str, Any], Action], bool]]] = {
    "merchant-lord": ("buy", lambda view, action: True),
    "samarkand": ("place", _second_camel),
}


def may_ask(game_id: int, action: Action) -> bool:
    """Whether ``action`` is of a kind the game ``game_id`` may ask about: one small read
    by key, so that every other move (a Silk Road purchase, a Merchant Lord tuck) goes on
    without reading the game and working out the seat's view first."""
    games = [game for game, (kind, _) in ASK.items() if kind == action.type]
    return bool(games) and Game.objects.filter(pk=game_id, game__in=games).exists()


def to_confirm(game: Game, user, action: Action, version: int) -> Action | None:
    """The legal move (with its label) that ``user`` must confirm before ``action`` is
    applied, or None when it goes through at once: no such move in this game, or a post
    the game will refuse anyway (not their turn, a stale page), which is refused as usual.
    """
    kind, ask = ASK.get(game.game, (None, None))
    if ask is None or action.type != kind or game.status != Game.Status.ACTIVE:
        return None
    mine = seat_of(game, user)
    if mine is None or drafts.shown_version(game, mine.number) != version:
        return None
    state, rules = drafts.drafted_state(game, mine.number), game.rules
    if not ask(rules.view(state, mine.number), action):
        return None
    return next((a for a in rules.legal_actions(state, mine.number) if a == action), None)
