"""Computer players at tables: bot seats, and people's seats a bot plays while they are away.

A bot acts exactly as a person does, through ``services.game_act`` with its seat and the
version it decided on, but never on a web request: after every change that commits (the
start, each move, a takeover) ``queue_bot_moves`` queues one ``play_bot_move`` task per
bot-played seat that must act or has an offer to answer. The task is idempotent: for a
version that has moved on, a finished game or a seat no longer played by a bot it does
nothing, and it decides with a seed derived from (game seed, version, seat), so a retried
task decides the same.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import deque
from functools import partial

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.dispatch import receiver

from games import services, signals
from games.engine import Action
from games.engine.bots import LEVELS, Budget, choose_action, respond_to_offers
from games.errors import Conflict, IllegalMove, InvalidInput, NotYourTurn, StaleVersion
from games.models import Game, Seat

logger = logging.getLogger(__name__)

LEVEL_NAMES = {"random": "easy", "greedy": "medium", "search": "strong"}
LEVEL_CHOICES = [(level, f"Computer: {level} ({LEVEL_NAMES[level]})") for level in LEVELS]
MAX_SEARCH_MS = 1000
_eager = threading.local()  # the eager (test) path's queue of moves still to play


# --- deciding ----------------------------------------------------------------------------


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
    """What the bot at ``seat`` does now in ``game``, or None when it has nothing to do.

    An offer addressed to the seat is answered first; bots never make offers.
    """
    rules, state = game.rules, game.state
    seed = decision_seed(game.seed, game.version, seat)
    answer = respond_to_offers(rules, state, seat, level, seed)
    if answer is not None:
        return answer
    if seat not in rules.to_act(state) or not rules.legal_actions(state, seat):
        return None
    return choose_action(rules, state, seat, level, seed, search_budget())


def _must_play(game: Game, seat: int) -> bool:
    rules, state = game.rules, game.state
    if seat in rules.to_act(state):
        return bool(rules.legal_actions(state, seat))
    return any(a.type in ("accept", "decline") for a in rules.legal_actions(state, seat))


# --- queueing and playing ----------------------------------------------------------------


def queue_bot_moves(game: Game) -> int:
    """Queue a move for every bot-played seat that must act now; returns how many.

    Call it once the change that made them wait has committed.
    """
    if game.status != Game.Status.ACTIVE or game.state is None:
        return 0
    seats = Seat.objects.filter(game=game).exclude(bot_level="", bot_takeover_level="")
    numbers = [seat.number for seat in seats if _must_play(game, seat.number)]
    for number in numbers:
        _send(game.pk, number, game.version)
    return len(numbers)


def _send(game_id: int, seat: int, version: int) -> None:
    """Queue ``play_bot_move`` with its delay; run eagerly (tests) it loops, not recurses.

    Eagerly, each bot move commits and queues the next one from inside the previous task,
    so a game of bots would nest one call per move; instead the outermost call plays them
    one after the other.
    """
    args = (game_id, seat, version)
    countdown = float(getattr(settings, "BOT_MOVE_DELAY_SECONDS", 1.0))
    if not _runs_eagerly():
        play_bot_move.apply_async(args, countdown=countdown)
        return
    pending = getattr(_eager, "pending", None)
    if pending is not None:
        pending.append(args)
        return
    _eager.pending = pending = deque([args])
    try:
        while pending:
            play_bot_move.apply_async(pending.popleft(), countdown=countdown)
    finally:
        _eager.pending = None


def _runs_eagerly() -> bool:
    return bool(play_bot_move.app.conf.task_always_eager)


@shared_task(acks_late=True)
def play_bot_move(game_id: int, seat: int, version: int) -> int | None:
    """Play the bot's move at ``seat`` if the game is still at ``version``; the new version.

    Decides outside the lock (a search may think up to a second), then checks under it
    that nothing changed before acting through the one write path.
    """
    found = _bot_turn(game_id, seat, version, lock=False)
    if found is None:
        return None
    game, level = found
    try:
        action = decide(game, seat, level)
    except Exception:  # a bot's bug must not stall the table: play the default instead
        logger.exception("The bot at seat %s of game %s could not decide", seat, game_id)
        action = fallback_action(game, seat)
    if action is None:
        return None
    try:
        with transaction.atomic():
            if _bot_turn(game_id, seat, version, lock=True) != (game, level):
                return None
            try:
                played = _act(game_id, seat, version, action)
            except IllegalMove:
                logger.exception("The bot at seat %s of game %s chose %s", seat, game_id, action)
                played = _act(game_id, seat, version, fallback_action(game, seat))
    except (StaleVersion, NotYourTurn, Conflict):  # somebody moved first: nothing to do
        return None
    return played.version


def _act(game_id: int, seat: int, version: int, action: Action | None) -> Game:
    if action is None:
        raise NotYourTurn("The bot has nothing to do.")
    with transaction.atomic():  # a savepoint, so a refused action leaves nothing behind
        return services.game_act(
            game_id=game_id, action=action, expected_version=version, seat=seat
        )


def fallback_action(game: Game, seat: int) -> Action | None:
    """What the seat does when its bot fails: the game's default, or declining an offer."""
    rules, state = game.rules, game.state
    if seat in rules.to_act(state):
        return rules.default_action(state, seat)
    return next((a for a in rules.legal_actions(state, seat) if a.type == "decline"), None)


def _bot_turn(game_id: int, seat: int, version: int, *, lock: bool) -> tuple[Game, str] | None:
    """(game, level) when the game is in play at ``version`` and a bot plays ``seat``."""
    games = Game.objects.select_for_update() if lock else Game.objects
    game = games.filter(pk=game_id, status=Game.Status.ACTIVE, version=version).first()
    row = Seat.objects.filter(game_id=game_id, number=seat).first() if game else None
    if row is None or not row.bot_controller:
        return None
    return game, row.bot_controller


# --- takeover ----------------------------------------------------------------------------


def take_over(game: Game | int, seat: int, level: str = "greedy") -> Seat:
    """Let a bot of ``level`` play a person's ``seat`` until they come back.

    Safe inside the caller's transaction (e.g. a timeout task holding the game lock).
    """
    if level not in LEVELS:
        raise InvalidInput(f"A bot's level is one of {', '.join(LEVELS)}.")
    game_id = game.pk if isinstance(game, Game) else game
    with transaction.atomic():
        table = Game.objects.select_for_update().get(pk=game_id)
        row = table.seats.filter(number=seat).first()
        if row is None or row.user_id is None:
            raise InvalidInput("Only a person's seat can be handed to a bot.")
        if row.bot_takeover_level != level:
            row.bot_takeover_level = level
            row.save(update_fields=["bot_takeover_level"])
        transaction.on_commit(partial(_queue_by_id, game_id))
    return row


def release(game: Game | int, seat: int) -> bool:
    """Give a seat back to its person; True when a bot was playing it."""
    game_id = game.pk if isinstance(game, Game) else game
    with transaction.atomic():
        Game.objects.select_for_update().filter(pk=game_id).first()
        changed = (
            Seat.objects.filter(game_id=game_id, number=seat)
            .exclude(bot_takeover_level="")
            .update(bot_takeover_level="")
        )
    return bool(changed)


def release_for(game: Game, user) -> bool:
    """The user opened or acted in the game: their seat is theirs again."""
    if user is None or not user.is_authenticated:
        return False
    mine = next((s for s in game.seats.all() if s.user_id == user.pk), None)
    if mine is None or not mine.bot_takeover_level:
        return False
    mine.bot_takeover_level = ""
    return release(game, mine.number)


# --- after every committed change ----------------------------------------------------------


def _queue_by_id(game_id: int) -> None:
    game = Game.objects.filter(pk=game_id).first()
    if game is not None:
        queue_bot_moves(game)


@receiver(signals.game_started, dispatch_uid="bots.game_started")
def _on_game_started(sender, game_id, **kwargs):
    _queue_by_id(game_id)


@receiver(signals.game_moved, dispatch_uid="bots.game_moved")
def _on_game_moved(sender, game_id, **kwargs):
    _queue_by_id(game_id)
