"""The executor: decide outside the lock, then act through the write path if nothing moved.

A task runs ``play_seat(game_id, seat, version)``. It is idempotent: for a version that has
moved on, a finished game, or a seat its player plays again, it does nothing; and it
decides with a seed derived from (game seed, version, seat), so a retried task decides the
same. A bot that fails to decide, or whose choice is refused, plays the game's default, so
the table never stalls.
"""

from __future__ import annotations

import hashlib
import logging

from django.conf import settings
from django.db import transaction

from games.engine import Action, deals
from games.engine.bots import Budget, choose_action, respond_to_offers
from games.errors import Conflict, IllegalMove, NotYourTurn, StaleVersion
from games.models import DEFAULTS, Game, Seat
from games.play.acting import game_act
from games.play.locking import one_transaction

logger = logging.getLogger(__name__)

MAX_SEARCH_MS = 1000


def decision_seed(game_seed: int, version: int, seat: int) -> int:
    """A seed for one decision: the same game, version and seat always give the same."""
    digest = hashlib.blake2b(f"{game_seed}:{version}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 2


def search_budget() -> Budget:
    """Iterations when ``BOT_SEARCH_ITERATIONS`` is set (tests), else milliseconds."""
    iterations = getattr(settings, "BOT_SEARCH_ITERATIONS", None)
    if iterations:
        return Budget(iterations=int(iterations))
    ms = min(max(int(getattr(settings, "BOT_SEARCH_BUDGET_MS", 800)), 1), MAX_SEARCH_MS)
    return Budget(seconds=ms / 1000)


def decide(game: Game, seat: int, level: str) -> Action | None:
    """What ``seat`` does now at ``level``, or None when it has nothing to do.

    A bot answers a deal offered to it first; bots never offer deals. The ``default``
    level plays the engine's default move and leaves deals unanswered.
    """
    rules, state = game.rules, game.snapshot
    waiting = seat in rules.to_act(state)
    if level == DEFAULTS:
        if not waiting or not rules.legal_actions(state, seat):
            return None
        return rules.default_action(state, seat)
    seed = decision_seed(game.seed, game.version, seat)
    answer = respond_to_offers(rules, state, seat, level, seed)
    if answer is not None:
        return answer
    if not waiting or not rules.legal_actions(state, seat):
        return None
    return choose_action(rules, state, seat, level, seed, search_budget())


def fallback_action(game: Game, seat: int) -> Action | None:
    """What the seat does when its bot fails: the game's default, or declining a deal."""
    rules, state = game.rules, game.snapshot
    if seat in rules.to_act(state):
        return rules.default_action(state, seat)
    legal = rules.legal_actions(state, seat)
    return next((a for a in legal if a.type == deals.DECLINE), None)


def play_seat(game_id: int, seat: int, version: int) -> int | None:
    """Play the move of ``seat`` if the game is still at ``version``; the new version.

    Decides outside the lock (a search may think up to a second), then checks under it
    that nothing changed before acting through the one write path.
    """
    found = _autoplay_turn(game_id, seat, version, lock=False)
    if found is None:
        return None
    game, level = found
    try:
        action = decide(game, seat, level)
    except Exception:  # a bot's bug must not stall the table: play the default instead
        logger.exception("The %s player at seat %s of game %s failed", level, seat, game_id)
        action = fallback_action(game, seat)
    if action is None:
        return None
    try:
        played = _play_if_unchanged(game, level, seat, version, action)
    except (StaleVersion, NotYourTurn, Conflict):  # somebody moved first: nothing to do
        return None
    return played.version if played is not None else None


@one_transaction
def _play_if_unchanged(
    game: Game, level: str, seat: int, version: int, action: Action
) -> Game | None:
    """Play ``action`` under the lock if the game is still where the bot decided it."""
    if _autoplay_turn(game.pk, seat, version, lock=True) != (game, level):
        return None
    try:
        return _act(game.pk, seat, version, action)
    except IllegalMove:
        logger.exception("The %s player at seat %s chose %s", level, seat, action)
        return _act(game.pk, seat, version, fallback_action(game, seat))


def _act(game_id: int, seat: int, version: int, action: Action | None) -> Game:
    if action is None:
        raise NotYourTurn("There is nothing to play.")
    with transaction.atomic():  # a savepoint, so a refused action leaves nothing behind
        return game_act(game_id=game_id, action=action, expected_version=version, seat=seat)


def _autoplay_turn(game_id: int, seat: int, version: int, *, lock: bool) -> tuple[Game, str] | None:
    """(game, level) when the game is in play at ``version`` and no person plays ``seat``."""
    games = Game.objects.select_for_update() if lock else Game.objects
    game = games.filter(pk=game_id, status=Game.Status.ACTIVE, version=version).first()
    row = Seat.objects.filter(game_id=game_id, number=seat).first() if game else None
    if row is None or not row.autoplay_level:
        return None
    return game, row.autoplay_level
