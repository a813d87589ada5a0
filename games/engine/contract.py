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
The single exception is a *new trade offer*, whose space is too large to list: games that
allow offers describe what may be proposed in ``offer_terms`` and check a proposal in
``check_offer``. Answers to offers (accept, decline, withdraw) are ordinary listed actions.

Seats are numbered ``0..players-1``. ``view(state, seat)`` (``seat=None`` for a spectator)
returns only what that viewer may know: never the generator, the deck order or another
seat's hidden cards.
"""

from __future__ import annotations

import json
import marshal
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .rng import seed_state

State = dict[str, Any]
Spectator = None


class IllegalAction(Exception):
    """Raised by ``apply`` when an action is not allowed; ``str(exc)`` is for the player."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class MalformedAction(IllegalAction):
    """The action is not even well-formed JSON of an action (missing type, odd values)."""


_SCALARS = (str, int, bool, type(None))


def _freeze(value: Any, where: str) -> Any:
    if isinstance(value, _SCALARS) and not isinstance(value, float):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(item, where) for item in value)
    raise MalformedAction(f"The value of '{where}' is not allowed in an action.")


def _thaw(value: Any) -> Any:
    return [_thaw(item) for item in value] if isinstance(value, tuple) else value


@dataclass(frozen=True, slots=True)
class Action:
    """One small step a seat takes, e.g. ``Action("buy", (("good", "tea"), ("count", 2)))``.

    Equality and hashing ignore ``label``, so an action posted back from JSON matches the
    listed one. The JSON form is flat: ``{"type": "buy", "good": "tea", "count": 2}``.
    """

    type: str
    params: tuple[tuple[str, Any], ...] = ()
    label: str = field(default="", compare=False)

    @classmethod
    def make(cls, type: str, label: str = "", **params: Any) -> Action:
        frozen = tuple(sorted((key, _freeze(value, key)) for key, value in params.items()))
        return cls(type, frozen, label)

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def __getitem__(self, name: str) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    def to_json(self, with_label: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        data.update((key, _thaw(value)) for key, value in self.params)
        if with_label:
            data["label"] = self.label
        return data

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Parse the JSON form; ``label`` is ignored so listed actions can be posted back."""
        if not isinstance(data, Mapping):
            raise MalformedAction("An action must be a JSON object.")
        kind = data.get("type")
        if not isinstance(kind, str) or not kind or len(kind) > 40:
            raise MalformedAction("An action needs a 'type'.")
        if len(data) > 20:
            raise MalformedAction("That action has too many fields.")
        params = {}
        for key, value in data.items():
            if key in ("type", "label"):
                continue
            if not isinstance(key, str) or len(key) > 40:
                raise MalformedAction("An action's field names must be short strings.")
            params[key] = value
        return cls.make(kind, **params)

    def __str__(self) -> str:
        return self.label or json.dumps(self.to_json(), sort_keys=True)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A line of the game log.

    ``text`` is safe for everyone. ``private`` holds fuller texts for the seats allowed to
    know more (the drawer sees which cards they drew). Player names are written as
    ``{p0}``, ``{p1}``… and filled in (escaped) by whoever shows the log.
    """

    text: str
    private: tuple[tuple[int, str], ...] = ()

    def for_viewer(self, seat: int | None) -> str:
        for owner, text in self.private:
            if owner == seat:
                return text
        return self.text

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "private": {str(s): t for s, t in self.private}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LogEntry:
        private = tuple((int(s), t) for s, t in data.get("private", {}).items())
        return cls(data["text"], private)


def log(text: str, **private_by_seat: str) -> LogEntry:
    """``log("{p0} drew 3 cards", p0="{p0} drew Tea, Tea, Desert")``."""
    return LogEntry(text, tuple((int(key[1:]), value) for key, value in private_by_seat.items()))


def fill_names(text: str, names: Sequence[str]) -> str:
    for seat, name in enumerate(names):
        text = text.replace(f"{{p{seat}}}", name)
    return text


@dataclass(frozen=True, slots=True)
class SeatScore:
    seat: int
    total: int
    breakdown: tuple[tuple[str, int], ...]  # (label, points) in display order
    rank: int  # 1 = winner; equal ranks share the place


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended; ``winners`` may hold several seats (a shared win)."""

    winners: tuple[int, ...]
    scores: tuple[SeatScore, ...]  # in seat order
    reason: str = ""  # "Ana reached 25 coins."
    #: True when the engine ended the game by its safety limit on rounds, not its rules.
    round_cap: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "scores": [
                {"seat": s.seat, "total": s.total, "rank": s.rank,
                 "breakdown": [[label, points] for label, points in s.breakdown]}
                for s in self.scores
            ],
        }


def rank_scores(totals: Sequence[Sequence[int]]) -> list[int]:
    """Competition ranks (1, 1, 3…) from per-seat tie-break tuples, highest first."""
    return [1 + sum(1 for other in totals if tuple(other) > tuple(mine)) for mine in totals]


@dataclass(frozen=True, slots=True)
class Option:
    """A setup choice shown when a table is created."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]  # (value, label)
    default: str
    help: str = ""


def clone(state: State) -> State:
    """A deep copy of a JSON-compatible state, fast (marshal runs in C)."""
    return marshal.loads(marshal.dumps(state))


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
            return "It is not your turn."
        return f"You cannot do that now. {self.prompt(state, seat)}"

    def offer_terms(self, state: State, seat: int) -> dict[str, Any] | None:
        """What ``seat`` may propose as a new offer now, or None when offers don't apply."""
        return None

    def check_offer(self, state: State, seat: int, action: Action) -> str | None:
        """None when the proposal is acceptable to make, else the reason it is not."""
        return "This game has no trade offers."

    def sample_offer(self, state: State, seat: int, rng_seed: int) -> Action | None:
        """A random well-formed proposal, for random playouts; None when there is none."""
        return None

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

    def invariant_violations(self, state: State) -> list[str]:
        """Game-specific consistency checks used by ``simulate`` (cards conserved…)."""
        return []

    # --- provided ---------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[LogEntry]]:
        """Check and carry out ``action`` for ``seat``; returns (new state, log lines)."""
        if self.outcome(state) is not None:
            raise IllegalAction("The game is over.")
        if not 0 <= seat < state["players"]:
            raise IllegalAction("There is no such seat in this game.")
        if action.type == "offer":
            reason = self.check_offer(state, seat, action)
            if reason is not None:
                raise IllegalAction(reason)
        elif action not in self.legal_actions(state, seat):
            raise IllegalAction(self.explain(state, seat, action))
        new_state = clone(state)
        return new_state, self.perform(new_state, seat, action)

    def is_over(self, state: State) -> bool:
        return self.outcome(state) is not None
