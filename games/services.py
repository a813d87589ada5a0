"""Every change to a table or a game goes through here: one write path.

Each service runs in one transaction that first locks the game row
(``select_for_update``), checks who may do what, changes the rows and queues its signals
with ``transaction.on_commit``. Refusals are ``games.errors.GameError`` subclasses carrying
the HTTP status the views and the API answer with.
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from functools import partial

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import engine, selectors, signals
from games.clocks import presence, seat_clock
from games.clocks.control import clean_time_control
from games.engine import Action, GameRules, IllegalAction
from games.engine.bots import LEVELS as BOT_LEVELS
from games.engine.contract import fill_names
from games.errors import (
    Conflict,
    Forbidden,
    GameNotFound,
    IllegalMove,
    InvalidInput,
    NotAPlayer,
    NotYourTurn,
    StaleVersion,
)
from games.models import ChatMessage, Game, Move, Seat

MAX_INVITES = 10
CHAT_MAX_LENGTH = 500
_RENUMBER_OFFSET = 1000  # above any seat number, so renumbering never collides


# --- helpers ---------------------------------------------------------------------------


def rules_for(slug: object) -> GameRules:
    if not isinstance(slug, str) or slug not in engine.slugs():
        raise InvalidInput("There is no such game.")
    try:
        return engine.get(slug)
    except ImportError:  # registered but its engine is not written yet
        raise InvalidInput("That game cannot be played yet.") from None


def clean_options(rules: GameRules, options: object) -> dict[str, str]:
    """The table options with defaults filled in; refuses unknown names and values."""
    options = {} if options is None else options
    if not isinstance(options, Mapping):
        raise InvalidInput("Options must be an object of option names and values.")
    known = {option.name: option for option in rules.options}
    if any(name not in known for name in options):
        raise InvalidInput(f"{rules.name} has no such option.")
    cleaned = {}
    for option in rules.options:
        value = options.get(option.name, option.default)
        if value not in {choice for choice, _ in option.choices}:
            raise InvalidInput(f"That is not a choice for “{option.label}”.")
        cleaned[option.name] = value
    return cleaned


def clean_bot_seats(bots: object, players: int) -> dict[int, str]:
    """Seat number → bot level, from a list (a level or null per seat) or an object.

    ``["search", None, "random"]`` and ``{"0": "search", "2": "random"}`` say the same.
    At least one seat is left for a person: the creator sits there.
    """
    if bots is None:
        return {}
    if isinstance(bots, (list, tuple)):
        if len(bots) != players:
            raise InvalidInput(f"'bots' lists one entry per seat: {players} here.")
        pairs = [(number, level) for number, level in enumerate(bots) if level is not None]
    elif isinstance(bots, Mapping):
        pairs = [(_seat_number(key, players), level) for key, level in bots.items()]
    else:
        raise InvalidInput("'bots' is a list with a level or null per seat, or an object.")
    if any(level not in BOT_LEVELS for _, level in pairs):
        raise InvalidInput(f"A bot's level is one of {', '.join(BOT_LEVELS)}.")
    if len(pairs) >= players:
        raise InvalidInput("Leave at least one seat for a person: you sit there.")
    return dict(pairs)


def _seat_number(key: object, players: int) -> int:
    number = -1
    if isinstance(key, str) and key.isdigit():
        number = int(key)
    elif isinstance(key, int) and not isinstance(key, bool):
        number = key
    if not 0 <= number < players:
        raise InvalidInput(f"Bot seats are numbered 0 to {players - 1}.")
    return number


def _locked_game(game_id: object) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=int(game_id))
    except (Game.DoesNotExist, TypeError, ValueError):
        raise GameNotFound("There is no such game.") from None


def _require_open(game: Game) -> None:
    if game.status == Game.Status.CANCELLED:
        raise Conflict("This table was cancelled.")
    if game.status != Game.Status.OPEN:
        raise Conflict("This game has already started.")


def _require_active(game: Game) -> None:
    messages = {
        Game.Status.OPEN: "The game has not started yet.",
        Game.Status.FINISHED: "The game is over.",
        Game.Status.CANCELLED: "This table was cancelled.",
    }
    if game.status != Game.Status.ACTIVE:
        raise Conflict(messages[game.status])


def _resolve_invitees(invite: Iterable[str]) -> list[int | str]:
    """Usernames or emails → a user's id when they have an account, else the email."""
    User = get_user_model()
    resolved: list[int | str] = []
    for raw in invite:
        if not isinstance(raw, str):
            raise InvalidInput("Invite people by username or email.")
        name = raw.strip()
        if not name:
            continue
        user = User.objects.filter(Q(username__iexact=name) | Q(email__iexact=name)).first()
        if user is not None:
            target: int | str = user.pk
        else:
            try:
                validate_email(name)
            except ValidationError:
                raise InvalidInput(
                    "Invite people by email or by the username of a player."
                ) from None
            target = name
        if target not in resolved:
            resolved.append(target)
    if len(resolved) > MAX_INVITES:
        raise InvalidInput(f"Invite at most {MAX_INVITES} people at a time.")
    return resolved


def _send_invites(game: Game, invitees: Sequence[int | str]) -> None:
    for target in invitees:
        transaction.on_commit(
            partial(
                signals.player_invited.send,
                sender=Game,
                game_id=game.pk,
                email_or_user_id=target,
            )
        )


def _update_waiting(game: Game, seats: Sequence[Seat], waiting: Iterable[int]) -> list[Seat]:
    """Denormalise who must act onto the seats; returns the seats that just started waiting.

    ``waiting_since`` is kept while a seat stays waiting, so "longest waiting" is honest.
    """
    waiting = set(waiting) if game.status == Game.Status.ACTIVE else set()
    now = timezone.now()
    newly = []
    for seat in seats:
        must = seat.number in waiting
        if must == seat.must_act:
            continue
        seat.must_act = must
        seat.waiting_since = now if must else None
        clock_fields = seat_clock.waiting_changed(game, seat, now)
        seat.save(update_fields=["must_act", "waiting_since", *clock_fields])
        if must:
            newly.append(seat)
    return newly


# --- tables ----------------------------------------------------------------------------


def game_create(
    *,
    creator,
    game: str,
    players: int,
    options: Mapping[str, str] | None = None,
    public: bool = True,
    random_seat_order: bool = True,
    invite: Sequence[str] = (),
    time_control: Mapping[str, object] | None = None,
    bots: Sequence[str | None] | Mapping[str, str] | None = None,
) -> Game:
    """Open a table for ``game`` with the creator in the first seat that is not a bot's.

    ``bots`` (see ``clean_bot_seats``) seats computer players; a table they fill starts.
    """
    rules = rules_for(game)
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidInput("Say how many players the table is for.")
    if not rules.min_players <= players <= rules.max_players:
        raise InvalidInput(
            f"{rules.name} is for {rules.min_players} to {rules.max_players} players."
        )
    cleaned = clean_options(rules, options)
    bot_seats = clean_bot_seats(bots, players)
    invitees = _resolve_invitees(invite)
    with transaction.atomic():
        table = Game.objects.create(
            game=game,
            players=players,
            options=cleaned,
            is_public=bool(public),
            random_seat_order=bool(random_seat_order),
            creator=creator,
            **clean_time_control(time_control),
        )
        for number, level in bot_seats.items():
            Seat.objects.create(game=table, number=number, bot_level=level)
        first_free = min(set(range(players)) - set(bot_seats))
        Seat.objects.create(game=table, number=first_free, user=creator)
        if len(bot_seats) == players - 1:
            game_start(game=table)
        _send_invites(table, invitees)
    return table


def game_invite(*, game_id: int, user, invite: Sequence[str]) -> int:
    """A seated player invites people to an open table; returns how many were invited."""
    with transaction.atomic():
        table = _locked_game(game_id)
        if not table.seats.filter(user=user).exists():
            raise NotAPlayer("Only the players at this table can invite others.")
        _require_open(table)
        invitees = _resolve_invitees(invite)
        if not invitees:
            raise InvalidInput("Give a username or an email address.")
        _send_invites(table, invitees)
    return len(invitees)


def game_join(*, game_id: int, user, invite_code: str | None = None) -> Game:
    """Take the lowest free seat; the game starts when the last seat is taken."""
    with transaction.atomic():
        table = _locked_game(game_id)
        _require_open(table)
        if not table.is_public and not (
            isinstance(invite_code, str)
            and secrets.compare_digest(invite_code.encode(), table.invite_code.encode())
        ):
            raise Forbidden("This table is private: join it through its invite link.")
        seats = list(table.seats.all())
        if any(seat.user_id == user.pk for seat in seats):
            raise Conflict("You already sit at this table.")
        free = sorted(set(range(table.players)) - {seat.number for seat in seats})
        if not free:
            raise Conflict("This table is full.")
        Seat.objects.create(game=table, number=free[0], user=user)
        if len(free) == 1:
            game_start(game=table)
    return table


def game_leave(*, game_id: int, user) -> Game:
    """Give up a seat before the game starts (the creator cancels instead)."""
    with transaction.atomic():
        table = _locked_game(game_id)
        seat = table.seats.filter(user=user).first()
        if seat is None:
            raise NotAPlayer("You do not sit at this table.")
        _require_open(table)
        if table.creator_id == user.pk:
            raise Conflict("You created this table: cancel it instead of leaving.")
        seat.delete()
    return table


def game_cancel(*, game_id: int, user) -> Game:
    """The creator closes a table that has not started."""
    with transaction.atomic():
        table = _locked_game(game_id)
        if table.creator_id != user.pk:
            raise Forbidden("Only the player who opened this table can cancel it.")
        _require_open(table)
        table.status = Game.Status.CANCELLED
        table.save(update_fields=["status", "updated_at"])
    return table


def game_start(*, game: Game) -> None:
    """Deal the game of a full table. Call inside the transaction holding the game lock."""
    seats = list(game.seats.order_by("number"))
    if len(seats) != game.players:
        raise Conflict("The table is not full yet.")
    if game.random_seat_order:
        order = list(range(game.players))
        secrets.SystemRandom().shuffle(order)
        # Two passes: the unique (game, number) constraint is checked row by row.
        for seat, number in zip(seats, order, strict=True):
            seat.number = number + _RENUMBER_OFFSET
            seat.save(update_fields=["number"])
        for seat in seats:
            seat.number -= _RENUMBER_OFFSET
            seat.save(update_fields=["number"])
    rules = game.rules
    game.state = rules.setup(game.players, dict(game.options), game.seed)
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    game.version = 0
    game.save()
    _update_waiting(game, seats, rules.to_act(game.state))
    transaction.on_commit(partial(signals.game_started.send, sender=Game, game_id=game.pk))


# --- play ------------------------------------------------------------------------------


def game_act(
    *,
    game_id: int,
    action: Action,
    expected_version: int | None,
    user=None,
    seat: int | None = None,
) -> Game:
    """Play ``action`` for the user's seat (or, for timeouts and bots, for ``seat``).

    ``expected_version`` is the version the client saw; None skips the check (internal
    callers that act on what they just read under the lock).
    """
    if (user is None) == (seat is None):
        raise TypeError("game_act needs either a user or a seat")
    with transaction.atomic():
        game = _locked_game(game_id)
        seats = list(game.seats.select_related("user"))
        if user is not None:
            mine = next((s for s in seats if s.user_id == user.pk), None)
            if mine is None:
                raise NotAPlayer("You are not playing in this game.")
            seat = mine.number
            presence.acting_in_person(game, mine)
            if mine.bot_takeover_level:  # back from being away: the seat is theirs again
                mine.bot_takeover_level = ""
                mine.save(update_fields=["bot_takeover_level"])
        _require_active(game)
        if expected_version is not None and expected_version != game.version:
            raise StaleVersion(game.version)
        rules = game.rules
        state = game.state
        legal = rules.legal_actions(state, seat)
        may_offer = action.type == "offer" and rules.offer_terms(state, seat) is not None
        if seat not in rules.to_act(state) and not legal and not may_offer:
            raise NotYourTurn("It is not your turn.")
        try:
            new_state, entries = rules.apply(state, seat, action)
        except IllegalAction as exc:
            raise IllegalMove(fill_names(exc.reason, selectors.seat_names(game))) from exc
        listed = next((a for a in legal if a == action), action)  # keeps the label
        game.version += 1
        Move.objects.create(
            game=game,
            seq=game.version,
            seat=seat,
            action=listed.to_json(with_label=True),
            log=[entry.to_json() for entry in entries],
        )
        game.state = new_state
        outcome = rules.outcome(new_state)
        if outcome is not None:
            game.status = Game.Status.FINISHED
            game.finished_at = timezone.now()
            game.result = outcome.to_json()
        game.save()
        newly = _update_waiting(game, seats, rules.to_act(new_state))
        _queue_move_signals(game, seats, seat, user, action, newly)
    return game


def _queue_move_signals(game, seats, seat, user, action, newly) -> None:
    acted_by = user.pk if user is not None else None
    transaction.on_commit(
        partial(
            signals.game_moved.send,
            sender=Game,
            game_id=game.pk,
            move_seq=game.version,
            acted_by_user_id=acted_by,
            # A resigned player's moves are played for them: no turn mail.
            newly_waiting_user_ids=[s.user_id for s in newly if s.user_id and not s.resigned_at],
        )
    )
    if action.type == "offer":
        for to_user_id in _offer_recipients(seats, seat, action, newly):
            transaction.on_commit(
                partial(
                    signals.offer_made.send,
                    sender=Game,
                    game_id=game.pk,
                    move_seq=game.version,
                    to_user_id=to_user_id,
                )
            )
    if game.status == Game.Status.FINISHED:
        transaction.on_commit(partial(signals.game_finished.send, sender=Game, game_id=game.pk))


def _offer_recipients(seats, proposer: int, action: Action, newly) -> list[int]:
    """The users an offer is addressed to: its ``to`` seat(s), else whoever must now answer."""
    to = action.get("to")
    if isinstance(to, int) and not isinstance(to, bool):
        numbers = {to}
    elif isinstance(to, tuple):
        numbers = {n for n in to if isinstance(n, int)}
    else:
        numbers = {s.number for s in newly}
    return [s.user_id for s in seats if s.number in numbers - {proposer} and s.user_id]


# --- chat ------------------------------------------------------------------------------


def clean_chat_text(text: object) -> str:
    if not isinstance(text, str):
        raise InvalidInput("Write a message first.")
    # Control characters (NUL in particular) have no place in chat; keep line breaks.
    text = "".join(
        ch for ch in text if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cs")
    ).strip()
    if not text:
        raise InvalidInput("Write a message first.")
    if len(text) > CHAT_MAX_LENGTH:
        raise InvalidInput(f"Keep messages under {CHAT_MAX_LENGTH} characters.")
    return text


def chat_post(*, game_id: int, user, text: str) -> ChatMessage:
    """A seated player writes to the table."""
    text = clean_chat_text(text)
    with transaction.atomic():
        game = _locked_game(game_id)
        if not game.seats.filter(user=user).exists():
            raise NotAPlayer("Only the players at this table can chat.")
        if game.status == Game.Status.CANCELLED:
            raise Conflict("This table was cancelled.")
        return ChatMessage.objects.create(game=game, user=user, text=text)
