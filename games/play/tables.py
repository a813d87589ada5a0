"""Tables: open one, invite people, join, leave, cancel, and deal the game when full.

Each function runs in one transaction that locks the game row, checks who may do what,
changes the rows and publishes what happened (``games.events``).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engine, events
from games.engine import GameRules
from games.engine.bots import LEVELS as BOT_LEVELS
from games.errors import Conflict, Forbidden, InvalidInput, NotAPlayer
from games.models import TABLE_LANGUAGES, Game, Seat
from games.play.locking import locked_game, one_transaction, require_open
from games.play.time_control import clean_time_control
from games.play.waiting import autoplay_due, update_waiting
from games.read import fairness
from games.read import tables as lists

MAX_INVITES = 10
_RENUMBER_OFFSET = 1000  # above any seat number, so renumbering never collides


# --- helpers ---------------------------------------------------------------------------


def rules_for(slug: object) -> GameRules:
    if not isinstance(slug, str) or slug not in engine.slugs():
        raise InvalidInput(_("There is no such game."))
    return engine.get(slug)


def clean_options(rules: GameRules, options: object) -> dict[str, str]:
    """The table options with defaults filled in; refuses unknown names and values."""
    options = {} if options is None else options
    if not isinstance(options, Mapping):
        raise InvalidInput(_("Options must be an object of option names and values."))
    known = {option.name: option for option in rules.options}
    if any(name not in known for name in options):
        raise InvalidInput(_("%(game)s has no such option.") % {"game": rules.name})
    cleaned = {}
    for option in rules.options:
        value = options.get(option.name, option.default)
        if not isinstance(value, str) or value not in {choice for choice, _label in option.choices}:
            raise InvalidInput(
                _("That is not a choice for “%(option)s”.") % {"option": option.label}
            )
        cleaned[option.name] = value
    return cleaned


def _check_fit(rules: GameRules, players: int, options: Mapping[str, str]) -> None:
    """Refuse, when the table is opened, options that do not fit its number of players
    (more caravan stacks than five players have cards for): the engine's setup says so
    with a ValueError, which would otherwise come only when the last seat is taken."""
    try:
        rules.setup(players, options, 0)
    except ValueError as error:
        raise InvalidInput(str(error)) from error


def clean_bot_seats(bots: object, players: int) -> dict[int, str]:
    """Seat number → bot level, from a list (a level or null per seat) or an object.

    ``["search", None, "random"]`` and ``{"0": "search", "2": "random"}`` say the same.
    At least one seat is left for a person: the creator sits there.
    """
    if bots is None:
        return {}
    if isinstance(bots, (list, tuple)):
        if len(bots) != players:
            raise InvalidInput(
                _("'bots' lists one entry per seat: %(players)d here.") % {"players": players}
            )
        pairs = [(number, level) for number, level in enumerate(bots) if level is not None]
    elif isinstance(bots, Mapping):
        pairs = [(_seat_number(key, players), level) for key, level in bots.items()]
    else:
        raise InvalidInput(_("'bots' is a list with a level or null per seat, or an object."))
    if any(level not in BOT_LEVELS for _seat, level in pairs):
        raise InvalidInput(
            _("A bot's level is one of %(levels)s.") % {"levels": ", ".join(BOT_LEVELS)}
        )
    if len(pairs) >= players:
        raise InvalidInput(_("Leave at least one seat for a person: you sit there."))
    return dict(pairs)


def _seat_number(key: object, players: int) -> int:
    number = -1
    if isinstance(key, str) and key.isdigit():
        number = int(key)
    elif isinstance(key, int) and not isinstance(key, bool):
        number = key
    if not 0 <= number < players:
        raise InvalidInput(_("Bot seats are numbered 0 to %(last)d.") % {"last": players - 1})
    return number


def _resolve_invitees(invite: Iterable[str]) -> list[int | str]:
    """Usernames or emails → a user's id when they have an account, else the email."""
    User = get_user_model()
    names = []
    for raw in invite:
        if not isinstance(raw, str) or len(raw) > 254 or not raw.isprintable():
            raise InvalidInput(_("Invite people by username or email."))
        if raw.strip():
            names.append(raw.strip())
        if len(names) > MAX_INVITES:  # refused before any lookup, however long the list
            raise InvalidInput(_too_many_invites())
    resolved: list[int | str] = []
    for name in names:
        user = User.objects.filter(Q(username__iexact=name) | Q(email__iexact=name)).first()
        if user is not None:
            target: int | str = user.pk
        else:
            try:
                validate_email(name)
            except ValidationError:
                raise InvalidInput(
                    _("Invite people by email or by the username of a player.")
                ) from None
            target = name
        if target not in resolved:
            resolved.append(target)
    if len(resolved) > MAX_INVITES:
        raise InvalidInput(_too_many_invites())
    return resolved


def _too_many_invites() -> str:
    return _("Invite at most %(count)d people at a time.") % {"count": MAX_INVITES}


def _clean_language(language: object) -> str:
    if language in ("", None):
        return ""
    if language not in dict(TABLE_LANGUAGES):
        raise InvalidInput(_("Choose the table's language from the list."))
    return language


def clean_entropy(entropy: object) -> str:
    """A player's own randomness: any printable text up to 64 characters, or nothing."""
    if entropy is None:
        return ""
    if not isinstance(entropy, str) or len(entropy) > fairness.ENTROPY_MAX_LENGTH:
        raise InvalidInput(
            _("Your randomness is a text of at most %(count)d characters.")
            % {"count": fairness.ENTROPY_MAX_LENGTH}
        )
    entropy = entropy.strip()
    if not entropy.isprintable():
        raise InvalidInput(_("Your randomness may only hold printable characters."))
    return entropy


def _code_matches(given: object, expected: str) -> bool:
    """Whether ``given`` is the table's invite code (compared in constant time)."""
    if not isinstance(given, str):
        return False
    try:
        return secrets.compare_digest(given.encode(), expected.encode())
    except UnicodeEncodeError:  # a lone surrogate: not a code we made
        return False


def _send_invites(game: Game, invitees: Sequence[int | str]) -> None:
    for target in invitees:
        events.publish(events.PlayerInvited(game_id=game.pk, email_or_user_id=target))


# --- tables ----------------------------------------------------------------------------


@one_transaction
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
    entropy: str = "",
    rated: bool = True,
    language: str = "",
) -> Game:
    """Open a table for ``game`` with the creator in the first seat that is not a bot's.

    ``bots`` (see ``clean_bot_seats``) seats computer players; a table they fill starts.
    ``entropy`` is the creator's own randomness for the seed (``games.read.fairness``).
    """
    rules = rules_for(game)
    entropy = clean_entropy(entropy)
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidInput(_("Say how many players the table is for."))
    if not rules.min_players <= players <= rules.max_players:
        raise InvalidInput(
            _("%(game)s is for %(fewest)d to %(most)d players.")
            % {"game": rules.name, "fewest": rules.min_players, "most": rules.max_players}
        )
    cleaned = clean_options(rules, options)
    _check_fit(rules, players, cleaned)
    bot_seats = clean_bot_seats(bots, players)
    invitees = _resolve_invitees(invite)
    table = Game.objects.create(
        game=game,
        players=players,
        options=cleaned,
        is_public=bool(public),
        random_seat_order=bool(random_seat_order),
        rated=bool(rated),
        language=_clean_language(language),
        creator=creator,
        seats_taken=len(bot_seats) + 1,  # the bots' and the creator's, seated below
        **clean_time_control(time_control),
    )
    for number, level in bot_seats.items():
        Seat.objects.create(
            game=table,
            number=number,
            controller=Seat.Controller.BOT,
            controller_level=level,
        )
    first_free = min(set(range(players)) - set(bot_seats))
    Seat.objects.create(game=table, number=first_free, user=creator, entropy=entropy)
    events.touched(table.pk, lobby=table.is_public)
    if len(bot_seats) == players - 1:
        game_start(game=table)
    _send_invites(table, invitees)
    return table


@one_transaction
def game_invite(*, game_id: int, user, invite: Sequence[str]) -> int:
    """A seated player invites people to an open table; returns how many were invited."""
    table = locked_game(game_id)
    if not table.seats.filter(user=user).exists():
        raise NotAPlayer(_("Only the players at this table can invite others."))
    require_open(table)
    invitees = _resolve_invitees(invite)
    if not invitees:
        raise InvalidInput(_("Give a username or an email address."))
    _send_invites(table, invitees)
    return len(invitees)


@one_transaction
def game_join(*, game_id: int, user, invite_code: str | None = None, entropy: str = "") -> Game:
    """Take the lowest free seat; the game starts when the last seat is taken."""
    entropy = clean_entropy(entropy)
    table = locked_game(game_id)
    require_open(table)
    if not table.is_public and not _code_matches(invite_code, table.invite_code):
        raise Forbidden(_("This table is private: join it through its invite link."))
    seats = list(table.seats.all())
    if any(seat.user_id == user.pk for seat in seats):
        raise Conflict(_("You already sit at this table."))
    free = sorted(set(range(table.players)) - {seat.number for seat in seats})
    if not free:
        raise Conflict(_("This table is full."))
    Seat.objects.create(game=table, number=free[0], user=user, entropy=entropy)
    _count_seats(table, len(seats) + 1)
    if len(free) == 1:
        game_start(game=table)
    return table


# What a rematch keeps of the game it repeats (with the game, its options and its bots).
REMATCH_FIELDS = (
    "game",
    "players",
    "options",
    "rated",
    "language",
    "clock_days",
    "bank_cap_days",
    "weekends_off",
    "allow_vacation",
    "timeout_policy",
    "timeout_bot_level",
)


@one_transaction
def game_rematch(*, game_id: int, user) -> Game:
    """Offer a rematch of a finished game, or accept the one on offer: the new table.

    The rematch is a private table with the same game, options, time control and computer
    players; the first person to ask opens it and the others are invited. It starts when
    every person of the old game has accepted (seats drawn anew).
    """
    old = locked_game(game_id)
    if old.status != Game.Status.FINISHED:
        raise Conflict(_("A rematch is offered once the game is over."))
    people = list(old.seats.filter(user__isnull=False).select_related("user"))
    if not any(seat.user_id == user.pk for seat in people):
        raise NotAPlayer(_("Only the players of this game can ask for a rematch."))
    table = old.rematches.exclude(status=Game.Status.CANCELLED).order_by("pk").first()
    if table is not None:
        if table.status == Game.Status.OPEN and not table.seats.filter(user=user).exists():
            return game_join(game_id=table.pk, user=user, invite_code=table.invite_code)
        return table
    bots = [seat for seat in old.seats.all() if seat.is_bot]
    table = Game.objects.create(
        creator=user,
        is_public=False,
        random_seat_order=True,
        rematch_of=old,
        seats_taken=len(bots) + 1,  # the bots' and the asker's, seated below
        **{name: getattr(old, name) for name in REMATCH_FIELDS},
    )
    for number, seat in enumerate(bots):
        Seat.objects.create(
            game=table,
            number=number,
            controller=Seat.Controller.BOT,
            controller_level=seat.controller_level,
        )
    Seat.objects.create(game=table, number=len(bots), user=user)
    events.touched(table.pk)
    _send_invites(table, [seat.user_id for seat in people if seat.user_id != user.pk])
    if len(bots) + 1 == table.players:
        game_start(game=table)
    return table


def quick_match(*, user, slug: str) -> Game:
    """Seat ``user`` at the best open public table of ``slug`` (the fullest, then the
    oldest), or open a new one for two (or the fewest the game allows)."""
    rules = rules_for(slug)
    for game_id in lists.quick_match_candidates(user=user, slug=slug):
        try:
            return game_join(game_id=game_id, user=user)
        except (Conflict, Forbidden):  # taken or started meanwhile: the next one
            continue
    players = max(rules.min_players, min(2, rules.max_players))
    return game_create(creator=user, game=slug, players=players)


@one_transaction
def game_leave(*, game_id: int, user) -> Game:
    """Give up a seat before the game starts (the creator cancels instead)."""
    table = locked_game(game_id)
    seat = table.seats.filter(user=user).first()
    if seat is None:
        raise NotAPlayer(_("You do not sit at this table."))
    require_open(table)
    if table.creator_id == user.pk:
        raise Conflict(_("You created this table: cancel it instead of leaving."))
    seat.delete()
    _count_seats(table, table.seats.count())
    return table


def _count_seats(table: Game, taken: int) -> None:
    """Keep the table's count of its seats taken (the lobby's order) with its seats, as
    counted under the table's lock."""
    table.seats_taken = taken
    table.save(update_fields=["seats_taken", "updated_at"])


@one_transaction
def game_cancel(*, game_id: int, user) -> Game:
    """The creator closes a table that has not started."""
    table = locked_game(game_id)
    if table.creator_id != user.pk:
        raise Forbidden(_("Only the player who opened this table can cancel it."))
    require_open(table)
    table.status = Game.Status.CANCELLED
    table.save(update_fields=["status", "updated_at"])
    return table


def game_start(*, game: Game) -> None:
    """Deal the game of a full table. Call inside the transaction holding the game lock."""
    seats = list(game.seats.order_by("number"))
    if len(seats) != game.players:
        raise Conflict(_("The table is not full yet."))
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
    if game.seed_committed:
        game.seed = fairness.derived_seed(game.server_seed, [seat.entropy for seat in seats])
    game.state = rules.setup(game.players, dict(game.options), game.seed)
    game.state_format = rules.state_format
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    game.version = 0
    game.save()
    update_waiting(game, seats, rules.to_act(game.state))
    events.publish(
        events.GameStarted(game_id=game.pk, version=0, autoplay=autoplay_due(game, seats))
    )
