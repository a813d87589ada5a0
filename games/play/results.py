"""One shape for every ending: how the game ended, and each seat's place, score, breakdown.

Stored as ``Game.result``::

    {"termination": "finished", "reason": "{p0} reached 25 coins.", "winners": [0],
     "scores": [{"seat": 0, "place": 1, "score": 25, "breakdown": [["Coins", 25]],
                 "left": false}, …]}

``termination`` is one of ``TERMINATIONS``. Games that end by the rules keep the engine's
scores; games that end otherwise (resigned, timed out, abandoned, agreed) have no final
score, so none is invented: ``score`` is None and places say who stayed and who left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext_noop

from games.engine import Outcome

FINISHED = "finished"  # by the rules
ROUND_CAP = "round_cap"  # by the engine's safety limit on rounds
RESIGNED = "resigned"  # everyone but one resigned
TIMED_OUT = "timed_out"  # a clock ran out at a table whose policy ends the game
ABANDONED = "abandoned"  # no person is left playing
AGREED = "agreed"  # everyone still playing voted to end it, no winner
TERMINATIONS = (FINISHED, ROUND_CAP, RESIGNED, TIMED_OUT, ABANDONED, AGREED)


@dataclass(frozen=True)
class SeatResult:
    seat: int
    place: int  # 1 = winner; equal places share it
    score: int | None
    breakdown: tuple[tuple[str, int], ...] = ()
    left: bool = False  # resigned or timed out

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "place": self.place,
            "score": self.score,
            "breakdown": [[label, points] for label, points in self.breakdown],
            "left": self.left,
        }


@dataclass(frozen=True)
class Result:
    termination: str
    reason: str
    winners: tuple[int, ...]
    scores: tuple[SeatResult, ...] = field(default=())

    def to_json(self) -> dict:
        return {
            "termination": self.termination,
            "reason": self.reason,
            "winners": list(self.winners),
            "scores": [score.to_json() for score in self.scores],
        }


def places(result: dict | None) -> dict[int, int]:
    """Each seat's place in a stored result (``Game.result``), by seat number."""
    return {score["seat"]: score["place"] for score in (result or {}).get("scores", [])}


def from_outcome(outcome: Outcome, state: dict | None = None) -> Result:
    """The result of a game the engine ended (by its rules, or by its round cap)."""
    return Result(
        termination=ROUND_CAP if outcome.round_cap else FINISHED,
        reason=outcome.reason,
        winners=tuple(outcome.winners),
        scores=tuple(
            SeatResult(s.seat, s.rank, s.total, tuple(s.breakdown)) for s in outcome.scores
        ),
    )


def left_early(players: int, staying: Sequence[int], termination: str, reason: str) -> Result:
    """Those staying share first place, those who left rank last; nobody has a score."""
    last = len(staying) + 1
    return Result(
        termination=termination,
        reason=reason,
        winners=tuple(sorted(staying)),
        scores=tuple(
            SeatResult(n, 1 if n in staying else last, None, (), n not in staying)
            for n in range(players)
        ),
    )


def agreed(players: int) -> Result:
    """Everyone agreed to stop: no winner, everyone shares the place."""
    return Result(
        termination=AGREED,
        reason=gettext_noop("Ended by agreement, no winner."),  # translated when read
        winners=(),
        scores=tuple(SeatResult(n, 1, None) for n in range(players)),
    )
