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
from ..contract import Action, LogEntry, log, say
from . import board, cards, contracts, data, dice, rewards, travel
from .board import seat_tag
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


def _a(action_type: str, label: str, /, **params: Any) -> Action:
    # Actions are immutable and the same few hundred come up again and again: the
    # builders below are cached on what the action depends on, so each is made once.
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


# Each main space alone, for "is this space listed?" (the main spaces are always these).
_ONE_SPACE = {space: (space,) for space in _MAIN_SPACES}
# The city-card slot of each card space (its card's number is in ``state["cards"]``).
_CARD_SLOT = {space: board.card_slot(space) for space in _MAIN_SPACES if board.card_slot(space)}


# --- what may be done ------------------------------------------------------------------------------
def options(state: State, seat: int, want: Action | None = None) -> list[Action]:
    """The active seat's options; with ``want``, at least those that might equal it (its
    type, its space, its die), which is enough to tell whether ``want`` is listed."""
    turn = state["turn"]
    step = turn["step"]
    if step == "free":
        return free_options(state, seat, want)
    if step == "dice":
        space = turn["space"]
        only = None
        if want is not None:
            if want.type != "die":
                return [_BACK]
            only = (want.get("kind"), want.get("value"))
        picks = dice.pick_options(state, seat, space, turn["picked"], only)
        found = [_die_action(space, kind, value) for kind, value in picks]
        return found + [_BACK]
    if step == "column":
        kind = turn["space"][7:]
        return [_column_action(kind, n) for n in range(1, turn["column"] + 1)]
    if step == "contracts":
        return contracts.options(state, seat)
    if step == "travel":
        figures = state["seats"][seat]["figures"]
        several = len(figures) > 1
        found = [
            travel.step_action(figure, several, figures[figure], end, extra)
            for figure, end, extra in travel.step_options(state, seat)
        ]
        moves = turn["travel"]["moves"]
        if moves:
            found.append(_stop_action(moves))
        return found
    return cards.options(state, seat)


def free_options(state: State, seat: int, want: Action | None = None) -> list[Action]:
    """Bonus actions, a space for the main action, ending the turn; with ``want``, the
    actions that cannot equal it (another type, another space) may be left out."""
    turn = state["turn"]
    seat_state = state["seats"][seat]
    only = None if want is None else want.type
    found = []
    if not turn["main"] and (only is None or only in _SPACE_OR_PASS):
        candidates = main_spaces(state)
        if only == "space":  # the wanted space alone, if it is a main space
            wanted = want.get("space")
            candidates = _ONE_SPACE.get(wanted, ()) if wanted.__class__ is str else ()
        cards_on = state["cards"]
        for space in dice.open_spaces(state, seat, candidates):
            slot = _CARD_SLOT.get(space)
            found.append(_space_action(space, cards_on[slot] if slot else None))
    spaces = len(found)
    if only is None or only == "fulfil":
        for number in contracts.completable(state, seat):
            found.append(_fulfil_action(number))
    if only is None or only in _DIE_TYPES:
        camels = seat_state["camels"]
        found += _held_dice_actions(
            frozenset(map(tuple, seat_state["dice"])),
            camels >= data.REROLL_CAMELS,
            camels >= data.ADJUST_CAMELS,
        )
    if not turn["black"] and state["black_pool"] and seat_state["camels"] >= data.BLACK_DIE_CAMELS:
        found.append(_BLACK_DIE)
    if turn["main"]:
        found.append(_END_TURN)
    elif not spaces and (only is None or only == "pass"):
        found.append(_PASS)
    return found


_SPACE_OR_PASS = ("space", "pass")  # "pass" is offered when no space can be used
_DIE_TYPES = ("money_bag", "reroll", "adjust")


# The same few options come up again and again: each made once (actions are immutable).
_BACK = _a("back", say("Back"))
_BLACK_DIE = _a(
    "black_die", say("Take a black die ({camels} camels)", camels=data.BLACK_DIE_CAMELS)
)
_END_TURN = _a("end_turn", say("End your turn"))
_PASS = _a("pass", say("Pass: no action is possible (out for this round)"))


@lru_cache(maxsize=1024)
def _space_action(space: str, card: int | None) -> Action:
    return _a("space", say("Use {space}", space=board.space_name(space, card)), space=space)


@lru_cache(maxsize=1024)
def _die_action(space: str, kind: str, value: int) -> Action:
    text = say(
        "Place a {die} on {space}", die=board.die_text(kind, value), space=board.space_name(space)
    )
    return _a("die", text, kind=kind, value=value)


@lru_cache(maxsize=64)
def _column_action(kind: str, n: int) -> Action:
    reward = board.amounts_text(data.items(data.BAZAAR[kind][1][n - 1]))
    return _a("column", say("Take {reward}", reward=reward), n=n)


@lru_cache(maxsize=16)
def _stop_action(moves: int) -> Action:
    text = say(
        "Stop here ({moves} step(s): {cost} coins)", moves=moves, cost=data.TRAVEL_COST[moves]
    )
    return _a("stop", text)


@lru_cache(maxsize=64)
def _fulfil_action(number: int) -> Action:
    return _a(
        "fulfil", say("Complete {contract}", contract=contracts.label(number)), contract=number
    )


@lru_cache(maxsize=256)
def _money_bag_action(kind: str, value: int) -> Action:
    text = say(
        "Take {coins} coins with a {die}", coins=data.MONEY_BAG, die=board.die_text(kind, value)
    )
    return _a("money_bag", text, kind=kind, value=value)


@lru_cache(maxsize=4096)
def _held_dice_actions(
    held: frozenset[tuple[str, int]], can_reroll: bool, can_adjust: bool
) -> tuple[Action, ...]:
    """What the distinct dice held allow, the colour's first (sorted as (not colour, kind,
    value)): the money bag with each, then rerolling and turning each. Asked at almost
    every step for the same few hands: worked out once for each."""
    ordered = sorted((kind != "colour", kind, value) for kind, value in held)
    found = [_money_bag_action(kind, value) for _, kind, value in ordered]
    for _, kind, value in ordered:
        found += _die_actions(kind, value, can_reroll, can_adjust)
    return tuple(found)


@lru_cache(maxsize=1024)
def _die_actions(kind: str, value: int, can_reroll: bool, can_adjust: bool) -> tuple[Action, ...]:
    """Rerolling a held die and turning it one pip up or down, as far as camels allow."""
    if not value:
        return ()  # Raschid's unset die: nothing to reroll or turn
    found = []
    if can_reroll:
        text = say("Reroll a {die} (1 camel)", die=board.die_text(kind, value))
        found.append(_a("reroll", text, kind=kind, value=value))
    for by in (-1, 1):
        if can_adjust and 1 <= value + by <= 6:
            text = say(
                "Turn a {die} to {value} (2 camels)",
                die=board.die_text(kind, value),
                value=value + by,
            )
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
    entries = [_placed(seat, tuple(value for _, value in turn["picked"]), space, fee)]
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


@lru_cache(maxsize=4096)
def _placed(seat: int, values: tuple[int, ...], space: str, fee: int) -> LogEntry:
    tag, shown = seat_tag(seat), ", ".join(str(value) for value in values)
    name = board.space_name(space)
    if fee:
        text = say(
            "{player} places dice ({dice}) on {space}, paying {fee} coin(s) as the space is "
            "occupied.",
            player=tag,
            dice=shown,
            space=name,
            fee=fee,
        )
    else:
        text = say("{player} places dice ({dice}) on {space}.", player=tag, dice=shown, space=name)
    return log(text)


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
    text = say(
        "{player} ({character}) receives {count} {resource}.",
        player=seat_tag(mercator),
        character=data.CHARACTERS["mercator"],
        count=count,
        resource=data.RESOURCE_NAMES[key],
    )
    return [log(text)]


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
        return [_money_bag_log(seat)]
    if kind == "reroll":
        pay(state, seat, "camels", data.REROLL_CAMELS)
        die = dice.take_out(seat_state["dice"], action["kind"], action["value"])
        die[1] = rng.roll(state)
        seat_state["dice"].append(die)
        text = say(
            "{player} pays a camel to reroll a {value}: {rolled}.",
            player=seat_tag(seat),
            value=action["value"],
            rolled=die[1],
        )
        return [log(text)]
    if kind == "adjust":
        pay(state, seat, "camels", data.ADJUST_CAMELS)
        die = dice.take_out(seat_state["dice"], action["kind"], action["value"])
        die[1] += action["by"]
        seat_state["dice"].append(die)
        text = say(
            "{player} pays 2 camels to turn a {value} into a {turned}.",
            player=seat_tag(seat),
            value=action["value"],
            turned=die[1],
        )
        return [log(text)]
    if kind == "black_die":
        pay(state, seat, "camels", data.BLACK_DIE_CAMELS)
        state["turn"]["black"] = True
        return rewards.take_black_die(state, seat)
    if kind == "pass":
        seat_state["passed"] = True
        state["turn"]["ended"] = True
        return [log(say("{player} passes for the rest of the round.", player=seat_tag(seat)))]
    if kind == "end_turn":
        state["turn"]["ended"] = True
        return []
    raise AssertionError(f"unhandled action {kind}")


@lru_cache(maxsize=8)
def _money_bag_log(seat: int) -> LogEntry:
    text = say(
        "{player} takes {coins} coins with the money bag.",
        player=seat_tag(seat),
        coins=data.MONEY_BAG,
    )
    return log(text)
