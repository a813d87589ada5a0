"""Steps a player may still take back ("Undo"), as Board Game Arena allows: their own
steps of this turn since the last roll, draw or anything else final, kept in
``Game.draft`` beside the game until they become final.

``Game.draft`` is ``{}`` or ``{"seat": n, "steps": [{"action": …, "log": […]}, …]}``.
Only seat ``n`` plays on the drafted state (the snapshot with its steps applied again);
everyone else, the log, the replay and the export see the snapshot, so a step that is
taken back is never seen by anyone else. Which steps can be taken back is the engine's
word (``GameRules.can_take_back``); ``games.play.acting`` writes the draft.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.engine import Action
from games.engine.contract import State
from games.models import Game

#: The platform's own action type: take the last drafted step back. Engines never see it.
UNDO = "undo"


def steps_in(draft: dict | None, status: str, seat: int | None) -> list[dict[str, Any]]:
    """``seat``'s steps not yet final (oldest first) in a game's ``draft`` column while
    its ``status`` is active; none for anyone else. Read from raw column values too (the
    page's cheap poll)."""
    draft = draft or {}
    if seat is None or draft.get("seat") != seat or status != Game.Status.ACTIVE:
        return []
    return list(draft.get("steps", []))


def draft_steps(game: Game, seat: int | None) -> list[dict[str, Any]]:
    """``seat``'s steps not yet final (oldest first); none for anyone else."""
    return steps_in(game.draft, game.status, seat)


def drafted_state(game: Game, seat: int | None) -> State:
    """The state ``seat`` plays on: the snapshot, then its own steps not yet final."""
    state = game.snapshot
    for step in draft_steps(game, seat):
        state, _ = game.rules.apply(state, seat, Action.from_json(step["action"]))
    return state


def shown_version(game: Game, seat: int | None) -> int:
    """The version ``seat`` sees and posts back: each of its steps not yet final counts,
    as it will once they are final (they become moves ``version + 1``, ``+ 2``, …)."""
    return game.version + len(draft_steps(game, seat))


def undo_action(game: Game, seat: int | None) -> Action | None:
    """ "Undo <the last step>" when ``seat`` has a step to take back, else None."""
    steps = draft_steps(game, seat)
    if not steps:
        return None
    last = steps[-1]["action"].get("label") or _("the last step")
    return Action.make(UNDO, label=_("Undo: %(step)s") % {"step": last})
