"""Writing a seat's draft (``games.read.drafts``): a step kept aside, taken back, or made
final as moves. Callers hold the game lock."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.engine.contract import State
from games.errors import IllegalMove
from games.models import Game, Move
from games.read import drafts
from silkroad.rows import insert_rows, update_fields


def take_back_step(game: Game, seat: int) -> None:
    """Undo ``seat``'s last step not yet final: nobody else ever saw it."""
    steps = drafts.draft_steps(game, seat)
    if not steps:
        raise IllegalMove(
            _(
                "There is nothing to take back: only your own steps of this turn since the "
                "last roll, draw or card revealed can be undone."
            )
        )
    steps.pop()
    game.draft = {"seat": seat, "steps": steps} if steps else {}
    update_fields([game], ["draft", "updated_at"])  # the step taken back


def commit_draft(
    game: Game, drafted: State | None = None, *, then: tuple[int, dict] | None = None
) -> bool:
    """Make the drafted steps final: they become moves, in order, and the snapshot moves
    on to ``drafted`` (the drafted state, worked out here unless the caller has it; the
    caller saves the game). Called before anything else changes the game (another seat,
    a clock, a bot). ``then``: a (seat, step) made final right after them, written with
    them in one statement. True when there were drafted steps."""
    seat = (game.draft or {}).get("seat")
    steps = drafts.draft_steps(game, seat)
    made = [(seat, step) for step in steps]
    if steps:
        if drafted is None:
            drafted = drafts.drafted_state(game, seat)
        game.state = drafted
    game.draft = {}
    if then is not None:
        made.append(then)
    append_moves(game, made)
    return bool(steps)


def settle_draft(game: Game) -> None:
    """``commit_draft`` and save: the steps a player made before something else takes
    the seat over (a clock running out, a stand-in, default moves) stand."""
    if commit_draft(game):
        game.save()


def append_moves(game: Game, made: list[tuple[int, dict]]) -> None:
    """Append each (seat, step) as the game's next move, in order, in one INSERT, its text
    built once for each number of rows (``bulk_create`` spent 0.6 ms of CPU building
    its own)."""
    if not made:
        return
    first = game.version + 1
    game.version += len(made)
    moves = [
        Move(game=game, seq=seq, seat=seat, action=step["action"], log=step["log"])
        for seq, (seat, step) in enumerate(made, start=first)
    ]
    insert_rows(moves, MOVE_FIELDS)


MOVE_FIELDS = ("game", "seq", "seat", "action", "log", "created_at")
