"""The six phases of a turn and how play moves on between them.

Draw happens by itself at the start of a turn. Every other phase waits for a decision only
when there is one to make (you are at a market with something to buy, you hold a road
card…); ``advance`` moves past the rest, so a turn never asks for a pointless click.
"""

from __future__ import annotations

from functools import lru_cache

from .. import decks
from ..contract import LogEntry, State, log, say, say_count
from . import data
from .choices import PHASE_CHOICES
from .scoring import cap_reason, richest
from .state import add, private, seat_tag, take


def begin_turn(state: State, logs: list[LogEntry]) -> None:
    """Draw phase: 3 cards (the Guide 1 more on a road space), then on to buying."""
    seat = state["turn"]
    count = data.DRAW
    if state["personality"][seat] == "guide" and state["pos"][seat] not in data.BUYS_AT:
        count += data.GUIDE_EXTRA
    drawn = draw_into_hand(state, seat, count)
    mine = say("{player} drew {cards}.", player=seat_tag(seat), cards=data.card_names(drawn))
    logs.append(log(_drew(seat, len(drawn)), **private(seat, mine)))
    state["phase"] = "buy"
    state["bought"] = None
    state["move_dir"] = 0
    state["move_kind"] = None


@lru_cache(maxsize=256)  # every turn starts with it: said once
def _drew(seat: int, count: int) -> str:
    return say_count(
        count, "{player} drew {n} card.", "{player} drew {n} cards.", player=seat_tag(seat)
    )


def draw_into_hand(state: State, seat: int, count: int) -> list[str]:
    drawn = decks.draw(state, count)
    hand = state["hands"][seat]
    for kind in drawn:
        add(hand, kind)
    return drawn


def end_travel(state: State) -> None:
    state["phase"] = "bandit"


def finish(state: State, winners: list[int], reason: str, logs: list[LogEntry]) -> None:
    """End the game; the state keeps the reason as plain English (``scoring.reason``
    says it again, translatable, from the state)."""
    state["phase"] = "over"
    state["over"] = {"reason": str(reason), "winners": winners}
    state["deals"] = []  # the game is over: no offer stays open
    logs.append(log(reason))


def finish_by_coins(state: State, logs: list[LogEntry]) -> None:
    """The round limit is reached: the richest merchants win."""
    winners = richest(state)
    finish(state, winners, cap_reason(winners, state["coins"][winners[0]]), logs)


def end_turn(state: State, logs: list[LogEntry]) -> None:
    """Pass the turn to the left; a new round starts when it returns to the first player."""
    seat = state["turn"]
    state["grown"][seat] = False
    state["turn"] = nxt = (seat + 1) % state["players"]
    if nxt == state["first"]:
        state["round"] += 1
        if state["round"] > data.MAX_ROUNDS:
            finish_by_coins(state, logs)
            return
    begin_turn(state, logs)


def advance(state: State, logs: list[LogEntry]) -> None:
    """Move past every phase without a decision until someone has one, or the game ends.

    This cannot loop for ever: a turn without decisions still draws, so hands grow until
    someone must discard; and when deck and discard pile are both empty every road card is
    in a hand, and whoever holds one can always travel. The round limit bounds it anyway.
    """
    while True:
        phase = state["phase"]
        if phase == "over" or PHASE_CHOICES[phase](state):
            return
        if phase == "robbed":
            lose_only_good(state, logs)
        if phase == "end":
            end_turn(state, logs)
        else:
            state["phase"] = _NEXT_PHASE[phase]


_NEXT_PHASE = {
    "buy": "travel",
    "travel": "bandit",
    "bandit": "sell",
    "robbed": "sell",
    "sell": "end",
}


def lose_only_good(state: State, logs: list[LogEntry]) -> None:
    """The robbed caravan holds one kind of goods and no Guards answer: that good goes."""
    seat = state["turn"]
    caravan = state["caravans"][seat]
    if not caravan:
        logs.append(
            log(say("The Bandits find nothing on {player}'s caravan.", player=seat_tag(seat)))
        )
        return
    kind = next(iter(caravan))
    lose_good(state, seat, kind, logs)


def lose_good(state: State, seat: int, kind: str, logs: list[LogEntry]) -> None:
    take(state["caravans"][seat], kind)
    state["discard"].append(kind)
    text = say(
        "Bandits took 1 {good} from {player}'s caravan.",
        good=data.NAMES[kind],
        player=seat_tag(seat),
    )
    logs.append(log(text))
