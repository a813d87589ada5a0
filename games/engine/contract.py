"""The contract every game engine fulfils.

A game is a :class:`GameRules` subclass registered under a slug. Its state is a plain
JSON-compatible ``dict`` (so a snapshot is just ``json.dumps(state)``) that carries its own
seeded random generator; nothing here reads a clock, does I/O or imports Django.

The life of a game::

    state = rules.setup(players=3, options={}, seed=42)
    while rules.outcome(state) is None:
        seat = rules.to_act(state)[0]              # who the game waits for
        action = rules.legal_actions(state, seat)[0]
        state, log = rules.apply(state, seat, action)   # new state, old one untouched
    rules.outcome(state).winners

``legal_actions`` is the one source of truth: ``apply`` refuses anything not in it (with a
reason a player understands), the UI draws its buttons from it and bots choose from it.
The single exception is a *new deal offer*, whose space is too large to list: games that
let players trade declare what may change hands (``deal_kinds``, ``deal_terms``) and the
generic deal code (``games.engine.deals``) checks, records, executes and expires offers.
Answers to offers (accept, decline, withdraw) are ordinary listed actions: a game that has
deals adds ``deal_responses`` to its ``legal_actions``.

Seats are numbered ``0..players-1``. ``view(state, seat)`` (``seat=None`` for a spectator)
returns only what that viewer may know: never the generator, the deck order or another
seat's hidden cards.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from . import deals
from .rng import seed_state
from .vocabulary import (  # noqa: F401  (the contract's vocabulary, imported from here)
    Action,
    IllegalAction,
    LogEntry,
    MalformedAction,
    Option,
    Outcome,
    Said,
    SeatScore,
    Spectator,
    State,
    clone,
    fill_names,
    listed,
    listed_and,
    log,
    rank_scores,
    say,
    say_count,
    term,
)


class GameRules(ABC):
    """Base class of every game: subclasses implement the abstract methods."""

    slug: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    blurb: ClassVar[str] = ""
    #: Random actions a search bot plays past a new position before trusting ``evaluate``:
    #: a few help where one step says little (Silk Road's long trips); 0 where random
    #: moves only add noise to a heuristic that already looks far enough.
    bot_rollout: ClassVar[int] = 8
    #: Action types that only take back the acting seat's own unfinished steps ("Back",
    #: "take the tucked cards back"): a convenience for people. Bots leave them aside
    #: while anything else is legal, since a stateless player that can undo may undo and
    #: redo for ever.
    undo_types: ClassVar[frozenset[str]] = frozenset()
    #: Action types other seats may also take off-turn that still move the game on and
    #: run out by themselves (tasking a card, playing a card): bots keep them on their
    #: own turn instead of leaving them aside like answers to offers.
    anytime_moves: ClassVar[frozenset[str]] = frozenset()
    #: The layout of this game's state; raise it whenever a stored snapshot of the old
    #: layout could no longer be read, so the platform refuses (or migrates) old snapshots.
    state_format: ClassVar[int] = 1

    # --- to implement -----------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """A new game; the state must hold ``players`` and its generator under ``rng``."""

    @abstractmethod
    def to_act(self, state: State) -> tuple[int, ...]:
        """Seats the game is waiting for (several when decisions are simultaneous)."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Everything ``seat`` may do now, including optional moves off-turn."""

    @abstractmethod
    def perform(self, state: State, seat: int, action: Action) -> list[LogEntry]:
        """Carry out a legal action on ``state`` (a private copy) in place."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see, as JSON; nothing the rules hide."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """None while the game goes on; then the winners and every seat's breakdown."""

    @abstractmethod
    def prompt(self, state: State, seat: int | None) -> str:
        """What the game expects, in words: "Choose goods to buy" / "Waiting for {p1}"."""

    # --- optional hooks with sensible defaults ----------------------------------------
    def default_action(self, state: State, seat: int) -> Action:
        """What a timed-out seat does: pass / decline / keep. Override per game."""
        legal = self.legal_actions(state, seat)
        for preferred in ("pass", "decline", "keep", "skip", "done", "end"):
            for action in legal:
                if action.type == preferred:
                    return action
        return legal[0]

    def explain(self, state: State, seat: int, action: Action) -> str:
        """Why ``action`` is not allowed, for the player. Override for sharper reasons."""
        if seat not in self.to_act(state) and not self.legal_actions(state, seat):
            return say("It is not your turn.")
        return say("You cannot do that now. {prompt}", prompt=self.prompt(state, seat))

    # --- deals (games.engine.deals): a game that lets players trade overrides these ----
    #: Everything that may ever change hands in a deal (labels, hidden or public).
    deal_kinds: ClassVar[tuple[deals.Term, ...]] = ()

    def deal_terms(self, state: State, seat: int) -> deals.DealTerms | None:
        """What ``seat`` may propose now (the schema of a deal), or None: no offer now."""
        return None

    def deal_obstacle(self, state: State, deal: dict[str, Any], taker: int | None) -> str:
        """Why ``deal`` cannot be carried out now, or "" when it can.

        ``taker`` None: only what its proposer can know (at proposal, and while it stays
        open); otherwise also whether ``taker`` holds what is asked of it.
        """
        return "This game has no deals."

    def deal_execute(
        self, state: State, deal: dict[str, Any], taker: int, logs: list[LogEntry]
    ) -> None:
        """Move what ``deal`` says between its proposer and ``taker`` (already checked)."""
        raise NotImplementedError(f"{self.name} has no deals.")

    def deal_epoch(self, state: State) -> Any:
        """Offers made under another epoch expire (e.g. the turn number); default: never."""
        return None

    def after_deal(self, state: State, logs: list[LogEntry]) -> None:  # noqa: B027
        """What the game's own turn logic does once things changed hands (a hand limit…);
        by default nothing."""

    def sample_offer(self, state: State, seat: int, rng_seed: int) -> Action | None:
        """A random offer for random playouts (``sample_deal`` checks it); by default none."""
        return None

    def deal_responses(self, state: State, seat: int) -> list[Action]:
        """The answers ``seat`` may give to open deals now; games add them to legal_actions."""
        return deals.responses(self, state, seat) if deals.open_deals(state) else []

    def turn_closing(self, state: State) -> int | None:
        """The seat that announced the end of its turn while open offers may still be
        accepted, or None. The platform then waits ``closing_seconds`` (never past the
        seat's clock) and plays ``default_action`` for that seat, which must end the turn."""
        return None

    def closing_seconds(self, options: Mapping[str, str]) -> int:
        """How long open offers stay open after the end of a turn is announced (a table
        option); 0: the game has no such window."""
        return 0

    def evaluate(self, state: State, seat: int) -> float:
        """A heuristic of how well ``seat`` stands (bots); default: its current score."""
        return 0.0

    def determinize(self, state: State, seat: int, seed: int) -> State:
        """A full state consistent with what ``seat`` can see, for bots to search.

        Unknown hands and deck order are redealt from ``seed``, nothing already seen is
        re-rolled, and the generator is replaced so future dice are unknown too. This
        default suits games whose only secret is the generator; games with hidden cards
        override it.
        """
        copy = clone(state)
        copy["rng"] = seed_state(seed)
        return copy

    def hidden_parts(self, state: State) -> Any:
        """What chance decides or nobody may see (the generator, the decks' order): a step
        that changes it (a roll, a shuffle, a draw) is final, since taking it back would
        let a player see the future and choose again. None (the default) makes every step
        final: a game lets players take steps back only once it says what is hidden."""
        return None

    def can_take_back(self, before: State, after: State, seat: int, action: Action) -> bool:
        """Whether ``seat`` may still take back ``action`` (which led from ``before`` to
        ``after``) later in the same turn: nothing random or hidden came out of it, and it
        involves nobody else (a deal). The platform keeps such steps aside, unseen by the
        other players, until a final step or the end of the turn."""
        if action.type in deals.DEAL_TYPES:
            return False
        hidden = self.hidden_parts(before)
        return hidden is not None and hidden == self.hidden_parts(after)

    def invariant_violations(self, state: State) -> list[str]:
        """Game-specific consistency checks used by ``simulate`` (cards conserved…)."""
        return []

    # --- provided ---------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[LogEntry]]:
        """Check and carry out ``action`` for ``seat``; returns (new state, log lines)."""
        if self.outcome(state) is not None:
            raise IllegalAction(say("The game is over."))
        if not 0 <= seat < state["players"]:
            raise IllegalAction(say("There is no such seat in this game."))
        is_deal = bool(self.deal_kinds) and action.type in deals.DEAL_TYPES
        if is_deal:
            reason = deals.check(self, state, seat, action)
            if reason:
                raise IllegalAction(reason)
        elif not self.is_listed(state, seat, action):
            raise IllegalAction(self.explain(state, seat, action))
        new_state = self.copy_state(state)
        return new_state, self.carry_out(new_state, seat, action)

    def sample_deal(self, state: State, seat: int, rng_seed: int) -> Action | None:
        """A random offer that could be proposed now, for random playouts; None when the
        game's ``sample_offer`` has none or its offer could not be proposed."""
        action = self.sample_offer(state, seat, rng_seed)
        if action is None or deals.proposal(self, state, seat, action)[0] is None:
            return None
        return action

    def is_listed(self, state: State, seat: int, action: Action) -> bool:
        """Whether ``action`` is among ``legal_actions(state, seat)``. Games may answer
        faster by listing only the actions of its kind, never differently."""
        return action in self.legal_actions(state, seat)

    def copy_state(self, state: State) -> State:
        """A deep copy of ``state``, equal to ``clone(state)`` and sharing nothing mutable
        with it (``apply`` carries actions out on it). Games may override it with a faster
        copy that knows their layout."""
        return clone(state)

    def carry_out(self, state: State, seat: int, action: Action) -> list[LogEntry]:
        """Carry out a legal action in place, deals included, without checking it again.

        ``apply`` checks, copies and calls this; bots call it on their own copies.
        """
        if self.deal_kinds and action.type in deals.DEAL_TYPES:
            logs = deals.perform(self, state, seat, action)
        else:
            logs = self.perform(state, seat, action)
        if self.deal_kinds:
            deals.lapse(self, state, logs)
        return logs
