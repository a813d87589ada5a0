"""Playing a move: the one place where the engine's state of a game changes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import events
from games.engine import Action, IllegalAction, deals
from games.errors import IllegalMove, NotYourTurn, StaleVersion
from games.models import Game, Seat
from games.play import ratings, results
from games.play.drafting import commit_draft, take_back_step
from games.play.locking import RETRYING, locked_game, one_transaction, require_active
from games.play.seats import playing_seat, take_back
from games.play.waiting import autoplay_due, update_waiting
from games.read import changes, drafts
from games.read.names import seat_names
from games.words import shown
from silkroad.rows import update_fields


@one_transaction
def game_act(
    *,
    game_id: int,
    action: Action,
    expected_version: int | None,
    user=None,
    seat: int | None = None,
) -> Game:
    """Play ``action`` for the user's seat (or, for the autoplay executor, for ``seat``).

    ``expected_version`` is the version the client saw; None skips the check (internal
    callers that act on what they just read under the lock). A player who acts in person
    takes their seat back from a stand-in. Run again after a lost connection, it finds
    its move made if the first run committed after all, and succeeds; a second post of
    the same move by the player is stale, as any other.

    The game returned holds its seats (``game.seats.all()`` reads no more), as they are
    after the move: the answer to the move is drawn from it without reading it again.
    """
    if (user is None) == (seat is None):
        raise TypeError("game_act needs either a user or a seat")
    game = locked_game(game_id, with_seats=True)  # seats by number, with their players
    seats = list(game.seats.all())
    logged, returned = game.version, False
    if user is not None:
        mine = playing_seat(game, seats, user)
        seat = mine.number
        returned = take_back(game, mine)
    shown = drafts.shown_version(game, seat)
    if expected_version is not None and expected_version != shown:
        if RETRYING.get() and _already_made(game, expected_version, seat, action):
            return game
        require_active(game)
        raise StaleVersion(shown)
    require_active(game)
    if action.type == drafts.UNDO:
        take_back_step(game, seat)
    else:
        apply_move(game, seats, seat, action, acted_by=user)
    if user is not None and not returned and game.version == logged:
        # A step kept as a draft or taken back: nobody else sees it, so only the mover's
        # pages are told (the others' would ask and find nothing new).
        game.touch.keep_to(user.pk)
    return game


# What a move changes in the game's row (``commit_draft``: the moves' number, the snapshot
# and the draft; the end: status, time and result), written alone: the whole row cost a
# third more CPU to send, for columns no move changes.
MOVE_CHANGES = ("state", "draft", "version", "status", "finished_at", "result", "updated_at")


def _already_made(game: Game, seen_version: int, seat: int, action: Action) -> bool:
    """True when the step right after ``seen_version`` is ``seat`` playing ``action``:
    the move of that number, or the seat's step not yet final there."""
    steps = drafts.draft_steps(game, seat)
    if steps and game.version + len(steps) == seen_version + 1:
        return Action.from_json(steps[-1]["action"]) == action
    made = game.moves.filter(seq=seen_version + 1, seat=seat).values_list("action", flat=True)
    return any(Action.from_json(json) == action for json in made)


def _stays_a_draft(rules, before, after, seat: int, action: Action) -> bool:
    """A step the seat may still take back: its turn goes on, alone, and the engine says
    nothing random or hidden came out of it."""
    return (
        rules.to_act(before) == (seat,)
        and rules.to_act(after) == (seat,)
        and rules.outcome(after) is None
        and rules.can_take_back(before, after, seat, action)
    )


def apply_move(game: Game, seats: Sequence[Seat], seat: int, action: Action, *, acted_by=None):
    """Check and apply ``action`` for ``seat`` under the game lock; append, save, publish.

    A person's step that can still be taken back is kept in the game's draft instead
    (``games.read.drafts``); the next final step writes the drafted steps first. Anyone
    or anything else acting (another seat, a clock, a bot) makes the draft final first.
    """
    rules = game.rules
    in_person = acted_by is not None and (game.draft or {}).get("seat") in (None, seat)
    if not in_person:
        commit_draft(game)
    state = drafts.drafted_state(game, seat)
    legal = rules.legal_actions(state, seat)
    if seat not in rules.to_act(state) and not legal and action.type != deals.OFFER:
        raise NotYourTurn(_("It is not your turn."))
    try:
        new_state, entries = rules.apply(state, seat, action)
    except IllegalAction as exc:
        raise IllegalMove(shown(exc.reason, seat_names(game))) from exc
    listed = next((a for a in legal if a == action), action)  # keeps the label
    step = {
        "action": listed.to_json(with_label=True),
        "log": [entry.to_json() for entry in entries],
    }
    if in_person and _stays_a_draft(rules, state, new_state, seat, action):
        game.draft = {"seat": seat, "steps": [*drafts.draft_steps(game, seat), step]}
        update_fields([game], ["draft", "updated_at"])  # a step kept aside
        return
    # ``state`` is the drafted state (no need to work it out again); the drafted steps and
    # this one are written together.
    commit_draft(game, state, then=(seat, step))
    game.state = new_state
    outcome = rules.outcome(new_state)
    if outcome is not None:
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
        game.result = results.from_outcome(outcome, new_state).to_json()
    update_fields([game], MOVE_CHANGES)
    _remember_view(game, seat, new_state)
    if game.status == Game.Status.FINISHED:
        ratings.rate(game, seats)
    newly = update_waiting(game, seats, rules.to_act(new_state))
    _publish_move(game, seats, seat, action, acted_by, newly)
    if game.status == Game.Status.ACTIVE and rules.turn_closing(state) is None:
        _announce_closing(game, seats, new_state)


def _announce_closing(game: Game, seats: Sequence[Seat], state) -> None:
    """The move announced the end of a turn: open offers get the table's window (never
    past the seat's clock), then ``games.play.turn_closing`` ends the turn."""
    rules = game.rules
    closer = rules.turn_closing(state)
    if closer is None:
        return
    now = timezone.now()
    due = now + timedelta(seconds=rules.closing_seconds(game.options or {}))
    seat = next((s for s in seats if s.number == closer), None)
    if seat is not None and seat.deadline is not None:
        due = min(due, max(seat.deadline, now))
    events.publish(
        events.TurnClosing(
            game_id=game.pk, seat=closer, epoch=rules.deal_epoch(state), due=due.isoformat()
        )
    )


def _remember_view(game: Game, seat: int, state) -> None:
    """The mover's view after their move, for the marks of "what changed since your last
    move" on their next page (``games.read.changes``), so that page replays nothing. Kept
    once the move is committed: a move rolled back leaves nothing behind."""
    view = game.rules.view(state, seat)
    version = game.version
    transaction.on_commit(lambda: changes.remember_view_after(game, seat, version, view))


def _publish_move(game, seats, seat, action, acted_by, newly) -> None:
    acted_by_id = acted_by.pk if acted_by is not None else None
    waiting = tuple(
        s.user_id for s in newly if s.user_id and s.played_by_player and s.user_id != acted_by_id
    )
    events.publish(
        events.MoveMade(
            game_id=game.pk,
            seq=game.version,
            seat=seat,
            acted_by_user_id=acted_by_id,
            waiting_user_ids=waiting,
            autoplay=autoplay_due(game, seats),
        )
    )
    if action.type == deals.OFFER:
        to_user_ids = _deal_recipients(seats, seat, action)
        if to_user_ids:
            events.publish(
                events.DealOffered(game_id=game.pk, seq=game.version, to_user_ids=to_user_ids)
            )
    if game.status == Game.Status.FINISHED:
        events.publish(events.GameEnded(game_id=game.pk, termination=game.result["termination"]))


def _deal_recipients(seats: Sequence[Seat], proposer: int, action: Action) -> tuple[int, ...]:
    """The people a deal is offered to: its ``to`` seat, or everyone for a standing order."""
    to = action.get("to")
    numbers = {to} if isinstance(to, int) and not isinstance(to, bool) else None
    return tuple(
        s.user_id
        for s in seats
        if s.user_id
        and s.played_by_player
        and s.number != proposer
        and (numbers is None or s.number in numbers)
    )
