"""A player's turn: bonus actions, one main action in small steps, more bonus actions.

Steps of ``state["turn"]["step"]``:

    free       bonus actions; choose a space for the main action (once); end the turn
    dice       pick the dice for the chosen space one at a time (or go back)
    column     Grand Bazaar: choose the column (the lowest die's or a lower one)
    contracts  take up to 2 contracts (contracts.py)
    travel     step by step, then stop (travel.py)
    card       use a city card (cards.py)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .. import rng
from ..contract import Action, LogEntry, log
from . import board, cards, contracts, data, dice, rewards, travel
from .state import State, gain, pay, push, seat_with


def new_turn(state: State, seat: int) -> None:
    state["active"] = seat
    state["turn"] = {
        "seat": seat,
        "main": False,
        "black": False,  # a black die bought this turn (one per turn)
        "step": "free",
        "space": None,
        "picked": [],
        "column": 0,
        "contracts": None,
        "travel": None,
        "card": None,
    }


@lru_cache(maxsize=8192)
def _a(action_type: str, label: str, /, **params: Any) -> Action:
    # Actions are immutable and the same few hundred come up again and again: made once.
    return Action.make(action_type, label=label, **params)


_MAIN_SPACES = (
    "coins",
    *(f"bazaar-{kind}" for kind in data.BAZAAR),
    "khan",
    "contracts",
    "travel",
    *(f"card-{slot}" for slot in data.CARD_SLOTS),
)


def main_spaces(state: State) -> tuple[str, ...]:
    return _MAIN_SPACES


def _card_name(state: State, space: str) -> str:
    slot = board.card_slot(space)
    return board.card_text(state["cards"][slot]) if slot else ""


def _die_text(kind: str, value: int) -> str:
    colour = {"colour": "", "black": "black ", "white": "white "}[kind]
    return f"{colour}die ({value})" if value else f"{colour}die (not set)"


# --- what may be done ------------------------------------------------------------------------------
def options(state: State, seat: int) -> list[Action]:
    turn = state["turn"]
    step = turn["step"]
    if step == "free":
        return free_options(state, seat)
    if step == "dice":
        space = turn["space"]
        picks = dice.pick_options(state, seat, space, turn["picked"])
        found = [
            _a(
                "die",
                f"Place a {_die_text(kind, value)} on {board.space_name(space)}",
                kind=kind,
                value=value,
            )
            for kind, value in picks
        ]
        return found + [_a("back", "Back")]
    if step == "column":
        kind = turn["space"][7:]
        columns = data.BAZAAR[kind][1]
        return [
            _a("column", f"Take {board.amounts_text(data.items(columns[n - 1]))}", n=n)
            for n in range(1, turn["column"] + 1)
        ]
    if step == "contracts":
        return contracts.options(state, seat)
    if step == "travel":
        found = [
            _a(
                "step",
                rewards._step_label(state, seat, figure, end, extra, "Step"),
                figure=figure,
                to=end,
            )
            for figure, end, extra in travel.step_options(state, seat)
        ]
        trip = turn["travel"]
        if trip["moves"]:
            cost = data.TRAVEL_COST[trip["moves"]]
            found.append(_a("stop", f"Stop here ({trip['moves']} step(s): {cost} coins)"))
        return found
    return cards.options(state, seat)


def free_options(state: State, seat: int) -> list[Action]:
    turn = state["turn"]
    seat_state = state["seats"][seat]
    found = []
    if not turn["main"]:
        for space in main_spaces(state):
            if dice.available(state, seat, space):
                found.append(_space_action(space, _card_name(state, space)))
    spaces = len(found)
    for number in contracts.completable(state, seat):
        found.append(_a("fulfil", f"Complete {contracts.label(number)}", contract=number))
    held = sorted(
        {(kind, value) for kind, value in seat_state["dice"]}, key=lambda d: (d[0] != "colour", d)
    )
    found += [_money_bag_action(kind, value) for kind, value in held]
    camels = seat_state["camels"]
    can_reroll, can_adjust = camels >= data.REROLL_CAMELS, camels >= data.ADJUST_CAMELS
    for kind, value in held:
        found += _die_actions(kind, value, can_reroll, can_adjust)
    if not turn["black"] and state["black_pool"] and seat_state["camels"] >= data.BLACK_DIE_CAMELS:
        found.append(_a("black_die", "Take a black die (3 camels)"))
    if turn["main"]:
        found.append(_a("end_turn", "End your turn"))
    elif not spaces:
        found.append(_a("pass", "Pass: no action is possible (out for this round)"))
    return found


# The same few options come up again and again: each made once (actions are immutable).
@lru_cache(maxsize=1024)
def _space_action(space: str, card_name: str) -> Action:
    return _a("space", f"Use {board.space_name(space, card_name)}", space=space)


@lru_cache(maxsize=256)
def _money_bag_action(kind: str, value: int) -> Action:
    return _a("money_bag", f"Take 3 coins with a {_die_text(kind, value)}", kind=kind, value=value)


@lru_cache(maxsize=1024)
def _die_actions(kind: str, value: int, can_reroll: bool, can_adjust: bool) -> tuple[Action, ...]:
    """Rerolling a held die and turning it one pip up or down, as far as camels allow."""
    if not value:
        return ()  # Raschid's unset die: nothing to reroll or turn
    found = []
    if can_reroll:
        found.append(
            _a("reroll", f"Reroll a {_die_text(kind, value)} (1 camel)", kind=kind, value=value)
        )
    for by in (-1, 1):
        if can_adjust and 1 <= value + by <= 6:
            text = f"Turn a {_die_text(kind, value)} to {value + by} (2 camels)"
            found.append(_a("adjust", text, kind=kind, value=value, by=by))
    return tuple(found)


# --- carrying out ----------------------------------------------------------------------------------
def perform(state: State, seat: int, action: Action) -> list[LogEntry]:
    turn = state["turn"]
    kind = action.type
    if kind == "space":
        turn["step"], turn["space"], turn["picked"] = "dice", action["space"], []
        return []
    if kind == "back":
        turn["step"], turn["space"], turn["picked"] = "free", None, []
        return []
    if kind == "die":
        turn["picked"].append([action["kind"], action["value"]])
        if len(turn["picked"]) < board.dice_needed(turn["space"]):
            return []
        return _place(state, seat)
    if kind == "column":
        return _bazaar(state, seat, action["n"])
    if kind == "take_contract":
        entries = contracts.take(state, seat, action)
        return entries + (_contracts_done(state) if contracts.finished(state) else [])
    if kind == "done" and turn["step"] == "contracts":
        return _contracts_done(state)
    if kind == "step":
        return travel.take_step(state, seat, action["figure"], action["to"])
    if kind == "stop":
        entries = travel.stop(state, seat)
        main_done(state)
        return entries
    if kind == "use":
        return cards.use(state, seat, action)
    if kind == "done":
        main_done(state)
        return []
    return _bonus_action(state, seat, action)


def main_done(state: State) -> None:
    turn = state["turn"]
    turn.update(main=True, step="free", space=None, picked=[], column=0, card=None)


def _contracts_done(state: State) -> list[LogEntry]:
    entries = contracts.finish(state)
    main_done(state)
    return entries


def _place(state: State, seat: int) -> list[LogEntry]:
    turn = state["turn"]
    space = turn["space"]
    low, fee = dice.place(state, seat, space, turn["picked"])
    shown = ", ".join(str(value) for _, value in turn["picked"])
    paid = f", paying {fee} coin(s) as the space is occupied" if fee else ""
    entries = [log(f"{{p{seat}}} places dice ({shown}) on {board.space_name(space)}{paid}.")]
    if space == "coins":
        gain(state, seat, "coins", data.TAKE_COINS)
        entries += _mercator(state, seat, "coins", data.MERCATOR_COINS_GIFT[state["players"]])
        main_done(state)
    elif space.startswith("bazaar-"):
        turn["step"], turn["column"] = "column", low
        if low == 1:
            entries += _bazaar(state, seat, 1)
    elif space == "khan":
        gain(state, seat, "camels", 2)
        push(state, seat, [{"kind": "good"}])
        entries += _mercator(state, seat, "camels", data.MERCATOR_KHAN_CAMELS[state["players"]])
        main_done(state)
    elif space == "contracts":
        contracts.begin(state, low)
    elif space == "travel":
        travel.begin(state, seat, low)
    else:
        entries += cards.begin(state, seat, board.card_slot(space), low)
        if turn["step"] != "card":  # a card that only gives is done at once
            main_done(state)
    return entries


def _bazaar(state: State, seat: int, column: int) -> list[LogEntry]:
    kind = state["turn"]["space"][7:]
    text = data.BAZAAR[kind][1][column - 1]
    entries = rewards.grant(state, seat, data.items(text), "bazaar")
    first = next(iter(data.items(text)))
    entries += _mercator(state, seat, first, 1)
    main_done(state)
    return entries


def _mercator(state: State, seat: int, key: str, count: int) -> list[LogEntry]:
    """Mercator ex Tabriz profits from another player's bazaar, Khan's favor or 5 coins."""
    mercator = seat_with(state, "mercator")
    if mercator is None or mercator == seat or not count:
        return []
    gain(state, mercator, key, count)
    return [log(f"{{p{mercator}}} (Mercator ex Tabriz) receives {count} {key}.")]


def _bonus_action(state: State, seat: int, action: Action) -> list[LogEntry]:
    kind = action.type
    seat_state = state["seats"][seat]
    if kind == "fulfil":
        entries, reward = contracts.complete(state, seat, action["contract"])
        return entries + rewards.grant(state, seat, reward, "contracts")
    if kind == "money_bag":
        die = dice.take_out(seat_state["dice"], action["kind"], action["value"])
        state["spaces"]["bag"].append({"seat": seat, "dice": [die]})
        gain(state, seat, "coins", data.MONEY_BAG)
        return [log(f"{{p{seat}}} takes 3 coins with the money bag.")]
    if kind == "reroll":
        pay(state, seat, "camels", data.REROLL_CAMELS)
        die = dice.take_out(seat_state["dice"], action["kind"], action["value"])
        die[1] = rng.roll(state)
        seat_state["dice"].append(die)
        return [log(f"{{p{seat}}} pays a camel to reroll a {action['value']}: {die[1]}.")]
    if kind == "adjust":
        pay(state, seat, "camels", data.ADJUST_CAMELS)
        die = dice.take_out(seat_state["dice"], action["kind"], action["value"])
        die[1] += action["by"]
        seat_state["dice"].append(die)
        return [log(f"{{p{seat}}} pays 2 camels to turn a {action['value']} into a {die[1]}.")]
    if kind == "black_die":
        pay(state, seat, "camels", data.BLACK_DIE_CAMELS)
        state["turn"]["black"] = True
        return rewards.take_black_die(state, seat)
    if kind == "pass":
        seat_state["passed"] = True
        state["turn"]["ended"] = True
        return [log(f"{{p{seat}}} passes for the rest of the round.")]
    if kind == "end_turn":
        state["turn"]["ended"] = True
        return []
    raise AssertionError(f"unhandled action {kind}")
