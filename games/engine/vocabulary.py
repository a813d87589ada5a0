"""The words every engine speaks: actions, log lines, outcomes, options, a state's copy.

``games.engine.contract`` (the ``GameRules`` base) and ``games.engine.deals`` build on
these; engines import them through ``contract``.
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

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
_PLAIN = frozenset(_SCALARS)  # exact types that ``_freeze`` returns unchanged


def _freeze(value: Any, where: str) -> Any:
    if isinstance(value, _SCALARS) and not isinstance(value, float):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(item, where) for item in value)
    raise MalformedAction(say("The value of '{field}' is not allowed in an action.", field=where))


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
        # Keys are unique, so sorting the pairs sorts by key alone; plain strings and
        # integers (the usual parameters) need no freezing.
        frozen = tuple(
            [
                (key, value if value.__class__ in _PLAIN else _freeze(value, key))
                for key, value in sorted(params.items())
            ]
        )
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
            raise MalformedAction(say("An action must be a JSON object."))
        kind = data.get("type")
        if not isinstance(kind, str) or not kind or len(kind) > 40:
            raise MalformedAction(say("An action needs a 'type'."))
        if len(data) > 20:
            raise MalformedAction(say("That action has too many fields."))
        params = {}
        for key, value in data.items():
            if key in ("type", "label"):
                continue
            if not isinstance(key, str) or len(key) > 40:
                raise MalformedAction(say("An action's field names must be short strings."))
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
        data: dict[str, Any] = {"text": self.text, "private": {str(s): t for s, t in self.private}}
        if isinstance(self.text, Said) or any(isinstance(t, Said) for _, t in self.private):
            data["said"] = {
                "text": said_to_json(self.text),
                "private": {str(s): said_to_json(t) for s, t in self.private},
            }
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LogEntry:
        said = data.get("said") or {}
        said_private = said.get("private", {})
        private = tuple(
            (int(s), said_from_json(t, said_private.get(s)))
            for s, t in data.get("private", {}).items()
        )
        return cls(said_from_json(data["text"], said.get("text")), private)


# --- texts that can be said again in another language --------------------------------------
# The engines write English. A sentence with parameters is built with ``say`` (a plain
# ``str`` of the English text that also remembers its message id and parameters), so the
# site can translate it without the engine knowing of any language; a name (a good, a
# space) is marked with ``term`` and translated where it is shown. Neither goes into a
# state: states hold data, never words.
_SEATS = {f"p{seat}": f"{{p{seat}}}" for seat in range(8)}  # "{p0}" stays for fill_names


class Said(str):
    """English text with its message id (``msgid``, and ``plural`` with ``count`` for a
    count) and parameters (``args``: strings, numbers or other ``Said`` texts)."""

    __slots__ = ("msgid", "plural", "count", "args")
    msgid: str
    plural: str | None
    count: int | None
    args: dict[str, Any]

    def __reduce__(self) -> tuple:  # pickled (a cache) as the plain English text
        return (str, (str(self),))


def _said(english: str, msgid: str, plural: str | None, count: int | None, args: dict) -> Said:
    said = Said(english)
    said.msgid, said.plural, said.count, said.args = msgid, plural, count, args
    return said


def say(msgid: str, /, **args: Any) -> Said:
    """``say("{p0} buys {good} for {price}", good=term("Tea"), price=2)``: the English text
    now, the message id and parameters for a translation later. ``{p0}``… stay for the
    player names."""
    return _said(msgid.format(**_SEATS, **args), msgid, None, None, args)


def say_count(count: int, singular: str, plural: str, /, **args: Any) -> Said:
    """A sentence that agrees with a count ``n``: ``say_count(3, "{n} coin", "{n} coins")``."""
    args = {"n": count, **args}
    chosen = singular if count == 1 else plural
    return _said(chosen.format(**_SEATS, **args), singular, plural, count, args)


def term(name: str) -> str:
    """Marks a name (a good, a place, a card) as a word to translate where it is shown;
    the name itself is returned unchanged."""
    return name


def listed(texts: Sequence[str]) -> str:
    """'Tea, Tea, Desert': texts (at least one) joined by commas, as a text a translation
    may punctuate its own way."""
    text = texts[0]
    for item in texts[1:]:
        text = say("{list}, {item}", list=text, item=item)
    return text


def listed_and(texts: Sequence[str]) -> str:
    """'{p0} and {p1}': texts (at least one) joined by "and"."""
    text = texts[0]
    for item in texts[1:]:
        text = say("{list} and {item}", list=text, item=item)
    return text


def said_to_json(text: str) -> Any:
    """The JSON form of a text: a ``Said`` as its message, anything else as it is."""
    if not isinstance(text, Said):
        return text
    data: dict[str, Any] = {
        "id": text.msgid,
        "args": {k: said_to_json(v) for k, v in text.args.items()},
    }
    if text.plural is not None:
        data.update(plural=text.plural, count=text.count)
    return data


def said_from_json(english: str, data: Any) -> str:
    """The text back from its English form and ``said_to_json``'s message (if any)."""
    if not isinstance(data, Mapping):
        return english
    args = {
        key: said_from_json("", value) if isinstance(value, Mapping) else value
        for key, value in data.get("args", {}).items()
    }
    return _said(english, data["id"], data.get("plural"), data.get("count"), args)


def log(text: str, **private_by_seat: str) -> LogEntry:
    """``log("{p0} drew 3 cards", p0="{p0} drew Tea, Tea, Desert")``."""
    return LogEntry(text, tuple((int(key[1:]), value) for key, value in private_by_seat.items()))


def amount(count: int, singular: str, plural: str | None = None) -> str:
    """ "1 coin", "3 coins", "1 step", "0 steps": a count with its noun agreeing."""
    return f"{count} {singular if count == 1 else (plural or singular + 's')}"


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
                {
                    "seat": s.seat,
                    "total": s.total,
                    "rank": s.rank,
                    "breakdown": [[label, points] for label, points in s.breakdown],
                }
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


class OtherLayout(Exception):
    """A part of a state is not laid out as a game's own copy expects (see ``copied``)."""


def copied(copy_layout: Callable[[State], State], state: State) -> State:
    """``copy_layout(state)``: a game's copy built from its state's layout, a few times
    faster than ``clone``. A state of another layout (a missing key: KeyError; a part of
    another type; ``OtherLayout`` raised by the copy's own checks) is copied by ``clone``."""
    try:
        return copy_layout(state)
    except (OtherLayout, KeyError, AttributeError, TypeError):
        return clone(state)
