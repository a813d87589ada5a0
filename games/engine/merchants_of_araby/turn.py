"""The turn's frame: starting a turn, caravan resolution, the end of the turn, game end.

Starting a turn: resolve the caravan the player started last turn, take the next caravan
card, refresh the entourage. Ending it (after "End turn"): take two cards of the draft line,
refill it, refresh the entourage; products and permissions of the turn are gone. When no
caravan card is left to begin another round the game ends: two cards off the deck are
discarded and every caravan still out resolves, clockwise from the first player.

A resolution may stop for a reaction window: seats holding a card that mentions Bandits or
Payouts, and able to pay for it, are asked in turn (clockwise from the caravan's owner);
a seat that lets its time run out passes.
"""

from __future__ import annotations

from ..contract import LogEntry, State, listed, log, say, say_count
from . import data
from .paying import can_react
from .state import EMPTY, draw, gain, others, refill_draft, who


def begin_turn(state: State, logs: list[LogEntry]) -> None:
    """The active seat starts its turn: its old caravan resolves first."""
    seat = state["turn"]
    state["after"] = "start"
    if state["caravans"][seat] is not None:
        state["queue"] = [seat]
    proceed(state, logs)


def proceed(state: State, logs: list[LogEntry]) -> None:
    """Run resolutions until one waits for reactions; then carry on with the turn."""
    if not resolve_queue(state, logs):
        return
    if state["after"] == "final":
        state["phase"] = "over"
        state["over"] = True
        logs.append(log(say("Every caravan has resolved: the players reveal their coins.")))
        return
    seat = state["turn"]
    caravan = next((stack.pop() for stack in state["stacks"] if stack), None)
    if caravan is not None:
        state["caravans"][seat] = {"card": caravan, "spaces": [EMPTY] * 9}
        logs.append(log(say("{player} takes a new caravan.", player=who(seat))))
    state["tasked"][seat] = []
    state["phase"] = "play"


def end_turn(state: State, logs: list[LogEntry]) -> None:
    """After the draft picks: refill, refresh, forget the turn's products and permissions."""
    seat = state["turn"]
    refill_draft(state)
    state["tasked"][seat] = []
    state["products"] = [{} for _ in range(state["players"])]
    state["permits"] = [[0] * state["players"] for _ in range(state["players"])]
    state["picked"] = 0
    state["turn_no"] += 1
    if not any(state["stacks"]):
        _final(state, logs)
        return
    state["turn"] = (seat + 1) % state["players"]
    begin_turn(state, logs)


def _final(state: State, logs: list[LogEntry]) -> None:
    state["discard"] += draw(state, data.FINAL_DISCARD)
    logs.append(log(say("No caravan is left to begin another round: the game ends.")))
    state["after"] = "final"
    state["queue"] = [
        seat for seat in range(state["players"]) if state["caravans"][seat] is not None
    ]
    proceed(state, logs)


def resolve_queue(state: State, logs: list[LogEntry]) -> bool:
    """Resolve queued caravans; False when a reaction window now waits for a seat."""
    while state["queue"] or state["resolving"]:
        resolving = state["resolving"]
        if resolving is None:
            resolving = _open(state, state["queue"].pop(0), logs)
            if resolving is None:
                continue
        if resolving["asked"]:
            state["phase"] = "window"
            return False
        _finish(state, resolving, logs)
        state["resolving"] = None
    return True


def _open(state: State, owner: int, logs: list[LogEntry]) -> dict | None:
    """Steps 1 and 2: strand camels off complete lines, draw the resolution card."""
    caravan = state["caravans"][owner]
    spaces = caravan["spaces"]
    kept = stranded_spaces(spaces)
    for space in kept:
        state["camels"][spaces[space]] += 1
        spaces[space] = EMPTY
    if kept:
        logs.append(
            log(
                say(
                    "Stranded camels go home from {owner}'s caravan: spaces {spaces}.",
                    owner=who(owner),
                    spaces=listed([str(s + 1) for s in kept]),
                )
            )
        )
    drawn = draw(state, 1)
    if not drawn:  # deck and discard pile both empty: nothing attacks, nothing pays
        _release(state, owner)
        return None
    card_id = drawn[0]
    bandit, *pays = data.CARDS[card_id]["resolution"]
    logs.append(
        log(
            say(
                "{owner}'s caravan resolves: Bandits at space {space}, rows pay {top}, "
                "{middle} and {bottom}.",
                owner=who(owner),
                space=bandit,
                top=pays[0],
                middle=pays[1],
                bottom=pays[2],
            )
        )
    )
    resolving = {
        "owner": owner,
        "card": card_id,
        "ward": False,
        "bonus": [0] * state["players"],
        "asked": [],
    }
    state["resolving"] = resolving
    if any(seat != EMPTY for seat in spaces):
        resolving["asked"] = [s for s in [owner, *others(state, owner)] if can_react(state, s)]
    return resolving


def stranded_spaces(spaces: list[int]) -> list[int]:
    """Occupied spaces (0-8) that belong to no complete row or column."""
    safe = {s for line in data.LINES if all(spaces[i] != EMPTY for i in line) for s in line}
    return [s for s in range(9) if spaces[s] != EMPTY and s not in safe]


def _finish(state: State, resolving: dict, logs: list[LogEntry]) -> None:
    """Steps 3 and 4: Bandits, Payouts; camels home, card out, resolution card back on top."""
    owner = resolving["owner"]
    spaces = state["caravans"][owner]["spaces"]
    bandit, *pays = data.CARDS[resolving["card"]]["resolution"]
    victim = spaces[bandit - 1]
    if victim != EMPTY:
        if resolving["ward"]:
            logs.append(log(say("The Bandits are turned away: no camel is attacked.")))
        else:
            state["camels"][victim] += 1
            spaces[bandit - 1] = EMPTY
            logs.append(
                log(
                    say(
                        "Bandits attack {player}'s camel on space {space}.",
                        player=who(victim),
                        space=bandit,
                    )
                )
            )
    earned = [0] * state["players"]
    for space, seat in enumerate(spaces):
        if seat != EMPTY:
            earned[seat] += pays[space // 3] + resolving["bonus"][seat]
    for seat, coins in enumerate(earned):
        if coins:
            paid = gain(state, seat, coins)
            logs.append(
                log(
                    say_count(
                        paid,
                        "Payouts: {player} earns {n} coin.",
                        "Payouts: {player} earns {n} coins.",
                        player=who(seat),
                    )
                )
            )
    _release(state, owner)
    state["deck"].append(resolving["card"])  # back on top, unseen


def _release(state: State, owner: int) -> None:
    caravan = state["caravans"][owner]
    for seat in caravan["spaces"]:
        if seat != EMPTY:
            state["camels"][seat] += 1
    state["spent"].append(caravan["card"])
    state["caravans"][owner] = None
