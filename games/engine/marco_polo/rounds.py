"""The flow of the game: draft and goals (expert), round start, turns, round end.

After every action ``advance`` settles what needs no choice and moves the game on until
somebody has to decide something. Simultaneous decisions (goal cards, round-start bonus
choices, compensation) are each seat's waiting list: every seat with a choice waiting is
in ``to_act`` at once, and the game moves on when all lists are empty.
"""

from __future__ import annotations

from .. import rng
from ..contract import LogEntry, log, say
from . import cards, data, rewards, travel, turn
from .board import seat_tag
from .state import State, assign_characters, clear_spaces, dice_sum, push, roll_dice


# --- setup: characters and goals -----------------------------------------------------------------
def begin(state: State) -> list[LogEntry]:
    """Characters: the first-game assignment, or the expert draft."""
    players = state["players"]
    if not state["expert"]:
        assign_characters(state, list(data.FIRST_GAME_CHARACTERS[:players]))
        return start_round(state) + advance(state)
    keys = list(data.CHARACTERS)
    rng.shuffle(state, keys)
    # the last seat picks first, then in reverse seat order; the leftover goes to the box
    state["draft"] = {
        "offer": keys[: players + 1],
        "order": list(range(players - 1, -1, -1)),
        "picks": [None] * players,
    }
    state["phase"] = "draft"
    return [log(say("Characters are drafted: the last player picks first."))]


def drafting_seat(state: State) -> int:
    draft = state["draft"]
    return next(seat for seat in draft["order"] if draft["picks"][seat] is None)


def pick_character(state: State, seat: int, key: str) -> list[LogEntry]:
    draft = state["draft"]
    draft["picks"][seat] = key
    draft["offer"].remove(key)
    text = say(
        "{player} chooses {character}.", player=seat_tag(seat), character=data.CHARACTERS[key]
    )
    entries = [log(text)]
    if None in draft["picks"]:
        return entries
    assign_characters(state, draft["picks"])
    state["phase"] = "goals"
    for seat_state in state["seats"]:
        seat_state["pending"].append({"kind": "goals"})
    return entries + advance(state)


# --- rounds ----------------------------------------------------------------------------------------
def start_round(state: State) -> list[LogEntry]:
    """New start player, city and character bonuses (choices wait on the seats' lists)."""
    entries = [log(say("Round {round} begins.", round=state["round"]))]
    if state["traveller"] is not None:
        state["start"] = state["traveller"]
        text = say(
            "{player} travelled last and starts this round.", player=seat_tag(state["start"])
        )
        entries.append(log(text))
    state["traveller"] = None
    for seat, seat_state in enumerate(state["seats"]):
        seat_state["passed"] = False
        waiting = [
            {"kind": "city_bonus", "bonus": state["city_bonus"][city]}
            for city in seat_state["posts"]
            if city in data.SMALL_CITIES
        ]
        key = seat_state["character"]
        if key == "johannes":
            rewards.grant(state, seat, {"coins": data.JOHANNES_COINS}, "bonuses")
        elif key == "niccolo":
            rewards.grant(state, seat, {"camels": data.NICCOLO_CAMELS}, "bonuses")
        elif key == "matteo":
            waiting.append({"kind": "contract_top"})
        seat_state["pending"].extend(waiting)
    state["phase"] = "bonuses"
    return entries


def _roll_round(state: State) -> list[LogEntry]:
    roll_dice(state)
    state["phase"] = "compensation"
    entries = []
    for seat, seat_state in enumerate(state["seats"]):
        shown = ", ".join(str(value) for _, value in seat_state["dice"])
        if seat_state["character"] == "raschid":
            entries.append(
                log(say("{player} sets each die when placing it.", player=seat_tag(seat)))
            )
            continue
        entries.append(log(say("{player} rolls {dice}.", player=seat_tag(seat), dice=shown)))
        short = data.COMPENSATION_LIMIT - dice_sum(seat_state)
        if short > 0:
            push(state, seat, [{"kind": "compensation", "points": short}])
    return entries


def _first_turn(state: State) -> list[LogEntry]:
    state["phase"] = "turns"
    turn.new_turn(state, state["start"])
    return []


def end_turn(state: State) -> list[LogEntry]:
    """The next seat clockwise that still has dice; none: the round ends."""
    current = state["active"]
    players = state["players"]
    for offset in range(1, players + 1):
        seat = (current + offset) % players
        seat_state = state["seats"][seat]
        if seat_state["dice"] and not seat_state["passed"]:
            turn.new_turn(state, seat)
            return []
    return end_round(state)


def end_round(state: State) -> list[LogEntry]:
    """Contracts left go under the special pile, dice come back, the next pile is laid out."""
    state["special"].extend(number for number in state["contracts"] if number is not None)
    state["contracts"] = []
    state["turn"] = None
    clear_spaces(state)
    state["black_pool"] = data.BLACK_DICE[state["players"]]
    for seat_state in state["seats"]:
        seat_state["dice"] = [["colour", 0] for _ in range(data.DICE_PER_PLAYER)]
        if seat_state["character"] == "matteo":
            seat_state["dice"].append(["white", 0])
    entries = [log(say("Round {round} ends.", round=state["round"]))]
    if state["round"] == data.ROUNDS:
        state["phase"] = "over"
        return entries + [log(say("The fifth round is over: final scoring."))]
    state["round"] += 1
    state["contracts"] = state["piles"].pop(0)
    return entries + start_round(state)


# --- moving on -------------------------------------------------------------------------------------
def advance(state: State) -> list[LogEntry]:
    entries: list[LogEntry] = []
    while True:
        for seat, seat_state in enumerate(state["seats"]):
            if seat_state["pending"]:  # settle has nothing to do on an empty list
                entries += rewards.settle(state, seat)
        phase = state["phase"]
        if phase in ("draft", "over"):
            return entries
        if phase != "turns":
            if any(seat_state["pending"] for seat_state in state["seats"]):
                return entries
            step = {"goals": start_round, "bonuses": _roll_round, "compensation": _first_turn}
            entries += step[phase](state)
            continue
        seat = state["active"]
        if state["seats"][seat]["pending"]:
            return entries
        moved_on = _forced(state, seat)
        if moved_on is None:
            return entries
        entries += moved_on


def _forced(state: State, seat: int) -> list[LogEntry] | None:
    """Whatever the active seat has no real choice about, or None."""
    current = state["turn"]
    if current.get("ended"):
        return end_turn(state)
    step = current["step"]
    if step == "travel" and not travel.step_options(state, seat):
        entries = travel.stop(state, seat)
        turn.main_done(state)
        return entries
    if step == "card" and cards.finished(state, seat):
        turn.main_done(state)
        return []
    if step == "free":
        if state["seats"][seat]["dice"]:
            return None  # a die in hand can always take 3 coins: a real choice
        left = turn.free_options(state, seat)
        if len(left) == 1 and left[0].type in ("end_turn", "pass"):
            return turn.perform(state, seat, left[0])
    return None
