"""The Voyages of Marco Polo as a :class:`GameRules`.

A turn is a series of small steps (see ``turn``): choose an action space, pick its dice
one by one, then the action's own choices (a bazaar column, contracts, each travel step, a
city card's uses); bonus actions come before or after; "End your turn" passes play on.
Choices that rewards bring (a good of your choice, a free step...) wait on the seat's list
and come first (see ``rewards``). Round-start choices and compensation are simultaneous.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import Action, GameRules, LogEntry, Option, Outcome, State, say, term
from . import data, estimates, heuristics, refusals, rewards, rounds, sampling, scoring, turn
from . import view as views
from .checks import violations
from .copying import copy_state
from .state import new_game


class MarcoPoloRules(GameRules):
    slug = "marco-polo"
    name = term("The Voyages of Marco Polo")
    min_players = 2
    max_players = 4
    blurb = term(
        "Place dice to travel from Venice to Beijing, fulfil contracts and build trading "
        "posts along the way. Five rounds; most points wins."
    )
    options = (
        Option(
            "expert",
            term("Variant"),
            (("off", term("First game (fixed characters, 2 goal cards)")),
             ("on", term("Expert (character draft, keep 2 of 4 goals, shuffled city bonuses)"))),
            "off",
            help=term("The expert variant of the rulebook, all three distributions together."),
        ),
    )  # fmt: skip
    undo_types = frozenset({"back"})
    bot_rollout = 0

    # --- setup and whose turn -------------------------------------------------------------

    def hidden_parts(self, state: State) -> tuple:
        # What is random or unseen (a step that changes it is final):
        # the generator (the dice), the contract piles, the special contracts and the goal cards.
        return tuple(state[key] for key in ("rng", "piles", "special", "goal_deck"))

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("The Voyages of Marco Polo is played by 2 to 4 players.")
        expert = options.get("expert", "off")
        if expert not in ("on", "off"):
            raise ValueError("The variant is 'on' (expert) or 'off'.")
        state = new_game(players, seed, expert == "on")
        rounds.begin(state)
        return state

    def to_act(self, state: State) -> tuple[int, ...]:
        phase = state["phase"]
        if phase == "over":
            return ()
        if phase == "draft":
            return (rounds.drafting_seat(state),)
        if phase == "turns":
            return (state["active"],)
        return tuple(seat for seat, s in enumerate(state["seats"]) if s["pending"])

    # --- legal actions --------------------------------------------------------------------
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["phase"] == "turns":  # to_act, for the phase of most steps
            if seat != state["active"]:
                return []
        elif seat not in self.to_act(state):
            return []
        if state["seats"][seat]["pending"]:
            return rewards.choices(state, seat)
        if state["phase"] == "draft":
            return [_PICK_CHARACTER[key] for key in state["draft"]["offer"]]
        return turn.options(state, seat)

    def is_listed(self, state: State, seat: int, action: Action) -> bool:
        # The active seat's own steps (most of a game): only the options of the action's
        # type are listed, which answers the same, faster.
        if (
            state["phase"] == "turns"
            and seat == state["active"]
            and not state["seats"][seat]["pending"]
        ):
            return action in turn.options(state, seat, action)
        return action in self.legal_actions(state, seat)

    def copy_state(self, state: State) -> State:
        return copy_state(state)

    def perform(self, state: State, seat: int, action: Action) -> list[LogEntry]:
        if state["seats"][seat]["pending"]:
            entries = rewards.resolve(state, seat, action)
        elif action.type == "pick_character":
            return rounds.pick_character(state, seat, action["character"])
        else:
            entries = turn.perform(state, seat, action)
        return entries + rounds.advance(state)

    # --- what players see -------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state) if state["phase"] == "over" else None

    def prompt(self, state: State, seat: int | None) -> str:
        return views.prompt(state, seat, self.to_act(state))

    def explain(self, state: State, seat: int, action: Action) -> str:
        if state["phase"] == "over":
            return _GAME_OVER
        if seat not in self.to_act(state):
            return _NOT_YOUR_TURN
        prompt = self.prompt(state, seat)
        return refusals.explain(state, seat, action, prompt) or say(
            "You cannot do that now. {prompt}", prompt=prompt
        )

    # --- defaults and bots ------------------------------------------------------------------
    def default_action(self, state: State, seat: int) -> Action:
        """Timed out: finish what is under way the cheapest way, never spend more."""
        legal = self.legal_actions(state, seat)
        for preferred in ("end_turn", "done", "stop", "skip_move", "decline_contract", "pass"):
            for action in legal:
                if action.type == preferred:
                    return action
        if legal[0].type == "column":
            return legal[-1]
        return legal[0]

    def evaluate(self, state: State, seat: int) -> float:
        value = heuristics.evaluate(state, seat)
        if state["phase"] == "turns" and state["active"] == seat:
            value += estimates.in_progress(state, seat)  # a main action under way
        return value

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return sampling.determinize(state, seat, seed)

    def invariant_violations(self, state: State) -> list[str]:
        return violations(state)


_GAME_OVER = say("The game is over.")
_NOT_YOUR_TURN = say("It is not your turn.")
_PICK_CHARACTER = {
    key: Action.make(
        "pick_character",
        label=say("{character}: {power}", character=name, power=data.CHARACTER_POWERS[key]),
        character=key,
    )
    for key, name in data.CHARACTERS.items()
}
