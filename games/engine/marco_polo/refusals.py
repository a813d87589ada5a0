"""Why an action is refused, in the player's terms: the rule that forbids it now.

``explain`` runs only when ``apply`` refuses an action (never while listing actions), and
mirrors the checks that decide what is legal (``turn``, ``dice``, ``contracts``,
``travel``, ``cards``, ``rewards``) to name the one that fails: a choice a reward brought
comes first, dice go onto the space chosen, a colour goes once per space, an occupied
space costs the lowest die in coins, bonus actions come before or after the main action,
an action is carried out at least once... An action may come back with any parameters (a
stale button, a tampered request), so nothing here trusts them: a parameter of the wrong
kind is "no such ..." and never an error. Returns "" when no rule applies (the caller
falls back to the prompt).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..contract import Action, say, say_count
from . import board, cards, data, dice, travel, turn
from .state import State, can_pay, has_post
from .view import CHOICE_PROMPTS

# --- the answers each waiting choice takes (rewards.choices) -------------------------------------
_ANSWERS = {
    "compensation": ("compensate",),
    "good": ("take_good",),
    "two_goods": ("take_goods",),
    "any_bonus": ("choose_bonus",),
    "special_contract": ("discard_contract", "decline_contract"),
    "move": ("step", "skip_move"),
    "relocate": ("relocate_post",),
    "goals": ("keep_goals",),
}
_BONUS_ACTIONS = frozenset({"fulfil", "money_bag", "reroll", "adjust", "black_die"})
# Answers to waiting choices and draft picks, sent when nothing of the kind is waiting.
_NOT_WAITING = frozenset(
    {"compensate", "take_good", "take_goods", "choose_bonus", "discard_contract"}
    | {"decline_contract", "skip_move", "relocate_post", "keep_goals", "pick_character"}
)
# The choices of a main action's steps, sent when no such step is under way.
_NOT_UNDER_WAY = ("column", "take_contract", "done", "step", "stop", "use")
_DIE_KINDS = ("colour", "black", "white")

_FIRST = {kind: say("First: {prompt}", prompt=text) for kind, text in CHOICE_PROMPTS.items()}
_R = {
    # the turn and its one main action
    "action_taken": say("You have already taken your action this turn."),
    "act_first": say(
        "You must take an action first: as long as you have dice, each turn you place dice "
        "on one action space."
    ),
    "space_first": say("Dice go onto the action space you chose: choose a space first."),
    "nothing_back": say("There is nothing to go back from: you have not chosen an action space."),
    "done_back": say("Your action is carried out: it cannot be taken back."),
    "no_dice_left": say("You have no dice left."),
    "no_such_die": say("You have no such die."),
    "no_such_space": say("There is no such action space."),
    "bag_is_bonus": say(
        "The money bag is a bonus action: take {coins} coins with a die from your hand.",
        coins=data.MONEY_BAG,
    ),
    "unset": say("This die is not set yet: you set it to 1-6 when you place it."),
    "not_rolled": say("An unset die has nothing to reroll or turn: you set it when you place it."),
    "no_dice": say(
        "You have no dice you may place there, or cannot pay for it (your colour goes once "
        "per space)."
    ),
    "passed_main": say("You have taken your action this turn: end your turn instead of passing."),
    "pass_instead": say(
        "No action space can take your dice: pass for the rest of the round instead."
    ),
    # spaces
    "card_used": say("That city card has already been used this round."),
    "khan_full": say("All four spaces of the Khan's favor are taken."),
    "no_contracts": say("There are no contracts left on the contract spaces this round."),
    "bonus_card": say(
        "This city card gives the bonus of your small cities, and you have no trading post "
        "in a small city."
    ),
    # bonus actions
    "one_black": say("You may take only one black die per turn."),
    "no_black": say("No black die is left on the board this round."),
    "turn_by_one": say("A die is turned by one pip: up or down by 1."),
    "no_such_contract": say("You hold no such contract."),
    # the steps of an action, sent when no such action is under way
    "column": say(
        "You choose a Grand Bazaar column only after placing dice on a Grand Bazaar space."
    ),
    "take_contract": say("You take contracts only after placing a die on Take contracts."),
    "done": say("No contract or city card action is under way to finish."),
    "step": say("Figures move only during a Travel action or with a free step."),
    "stop": say("You are not travelling: there is no move to stop."),
    "use": say("You use a city card only after placing a die on it."),
    # ... and within their own step
    "one_contract": say(
        "Take at least one contract: an action is always carried out at least once."
    ),
    "one_use": say(
        "Use the city card at least once: an action is always carried out at least once."
    ),
    "one_step": say(
        "Travel at least one step before you stop: a Travel action always moves at least one step."
    ),
    "no_contract_space": say("There is no such contract space."),
    "position_one": say("Your die shows 1: you may take only the contract at position 1."),
    "room": say("You have room on your player board: there is nothing to discard."),
    "board_full": say(
        "Both contract spaces on your player board are full: discard one of your older "
        "contracts to make room."
    ),
    "older_only": say("You may discard only an older contract, not one taken in this action."),
    "no_extra": say("Only the contracts at positions 5 and 6 come with coins or camels."),
    "no_figure": say("You have no such figure."),
    "no_place": say("There is no such place on the map."),
    "no_trade": say("This city card has no such trade."),
    "same_trade": say(
        "This city card keeps the trade of its first use: use it the same way again, or stop."
    ),
    "pay_with_yours": say("Pay with goods you hold, as the uses shown offer."),
    "coin_per_use": say("Each use of this city card costs 1 coin, and you have none."),
    # waiting choices that are not waiting
    "compensate": say(
        "Compensation is taken only right after the dice are rolled, by a player whose dice "
        "show less than {limit} in all.",
        limit=data.COMPENSATION_LIMIT,
    ),
    "take_good": say("No good of your choice is waiting for you."),
    "take_goods": say("No two goods of your choice are waiting for you."),
    "choose_bonus": say("No city bonus of your choice is waiting for you."),
    "discard_contract": say(
        "No contract drawn from the special pile is waiting for room on your board."
    ),
    "skip_move": say("You have no free step to give up."),
    "relocate_post": say(
        "A trading post moves only when all of yours are placed and you must place another."
    ),
    "keep_goals": say("Goal cards are chosen only at the start of an expert game."),
    "pick_character": say("Characters are chosen only at the start of an expert game."),
    # answers to a waiting choice with something it does not offer
    "good_choice": say(
        "Choose one of the goods: {pepper}, {silk} or {gold}.",
        **{good: data.RESOURCE_NAMES[good] for good in data.GOODS},
    ),
    "two_different": say(
        "Choose two different goods of {pepper}, {silk} and {gold}.",
        **{good: data.RESOURCE_NAMES[good] for good in data.GOODS},
    ),
    "not_any": say("Choose the bonus of another small city, not the marker that chooses one."),
    "no_bonus": say("There is no such city bonus."),
    "keep_two": say("Keep 2 different goal cards of those you were dealt."),
    "draft_first": say("The game starts with the character draft: choose your character first."),
    "no_character": say("There is no such character."),
}
_R["decline_contract"] = _R["discard_contract"]


def explain(state: State, seat: int, action: Action, prompt: str) -> str:
    """Why ``seat`` (whom the game waits for) may not take ``action`` now; "" when no
    particular rule says it (``prompt`` is what the game expects of the seat)."""
    seat_state = state["seats"][seat]
    kind = action.type
    if seat_state["pending"]:
        return _answer(state, seat, seat_state["pending"][0], action)
    if state["phase"] == "draft":
        return _pick(state, action) if kind == "pick_character" else _R["draft_first"]
    current = state["turn"]
    if current is None or state["phase"] != "turns":
        return ""
    step = current["step"]
    if kind == "step" and step != "travel":
        return _R["step"]
    if kind in _NOT_WAITING:
        return _R[kind]
    if step == "free":
        return _free(state, seat, current, action)
    return _during(state, seat, current, action, prompt)


# --- answers to a waiting choice ------------------------------------------------------------------
def _answer(state: State, seat: int, item: dict[str, Any], action: Action) -> str:
    kind = item["kind"]
    if action.type not in _ANSWERS[kind]:
        return _FIRST[kind]
    if kind == "compensation":
        return _compensation(item["points"])
    if kind == "good":
        return _R["good_choice"]
    if kind == "two_goods":
        return _R["two_different"]
    if kind == "any_bonus":
        return _R["not_any"] if action.get("bonus") == "any" else _R["no_bonus"]
    if kind == "special_contract":  # only a discard can be wrong
        old = _int(action, "contract")
        if old is None:
            return _R["no_such_contract"]
        return say(
            "You do not hold contract {old}: discard one of your active contracts, or put "
            "contract {new} under the special pile.",
            old=old,
            new=item["contract"],
        )
    if kind == "move":  # only a step can be wrong
        return _step(state, seat, action, None)
    if kind == "relocate":
        city = action.get("city")
        if city in data.PLACES:
            return say("You have no trading post in {city} to move.", city=board.name(city))
        return _R["no_place"]
    if kind == "goals":
        return _R["keep_two"]
    return ""


@lru_cache(maxsize=32)
def _compensation(points: int) -> str:
    return say_count(
        points,
        "Your compensation is {n} point: take it as 1 camel or 1 coin.",
        "Your compensation is {n} points: take from 0 to {n} camels, the rest in coins.",
    )


def _pick(state: State, action: Action) -> str:
    key = action.get("character")
    if key not in data.CHARACTERS:
        return _R["no_character"]
    picks = state["draft"]["picks"]
    if key in picks:
        return say(
            "{character} has already been chosen by {player}.",
            character=data.CHARACTERS[key],
            player=board.seat_tag(picks.index(key)),
        )
    return say(
        "{character} is not among the characters offered in this game.",
        character=data.CHARACTERS[key],
    )


# --- the turn: before or after the main action ------------------------------------------------------
# The steps an action's own choices belong to (turn.options).
_OWN_STEP = {
    "die": ("dice",),
    "back": ("dice",),
    "column": ("column",),
    "take_contract": ("contracts",),
    "done": ("contracts", "card"),
    "step": ("travel",),
    "stop": ("travel",),
    "use": ("card",),
}


def _free(state: State, seat: int, current: dict[str, Any], action: Action) -> str:
    kind = action.type
    main = current["main"]
    if kind == "space":
        return _R["action_taken"] if main else _space(state, seat, action.get("space"))
    if kind == "die":
        return _R["action_taken"] if main else _R["space_first"]
    if kind == "back":
        return _R["done_back"] if main else _R["nothing_back"]
    if kind == "end_turn":  # listed once the main action is taken
        return _R["pass_instead"] if _open_space(state, seat) is None else _R["act_first"]
    if kind == "pass":
        if main:
            return _R["passed_main"]
        space = _open_space(state, seat)
        if space is None:
            return ""
        return say(
            "You may pass only when none of your dice can go on an action space; {space} "
            "can still take them.",
            space=board.space_name(space),
        )
    if kind in _BONUS_ACTIONS:
        return _bonus(state, seat, current, action)
    return _R[kind] if kind in _NOT_UNDER_WAY else ""


def _open_space(state: State, seat: int) -> str | None:
    """The first main action space the seat's dice could still go on (None: none)."""
    for space in turn.main_spaces(state):
        if dice.available(state, seat, space):
            return space
    return None


def _space(state: State, seat: int, space: Any) -> str:
    """Why the seat's dice cannot go on ``space`` (in the order ``dice.available`` checks)."""
    if space not in turn.main_spaces(state):
        return _R["bag_is_bonus"] if space == "bag" else _R["no_such_space"]
    name = board.space_name(space)
    slot = board.card_slot(space)
    if slot:
        if state["spaces"][space]:
            return _R["card_used"]
        city = board.CARD_SLOT_CITY[slot]
        if not has_post(state, seat, city):
            return say(
                "You need a trading post in {city} to use its city card.", city=board.name(city)
            )
    if space == "khan" and len(state["spaces"]["khan"]) >= 4:
        return _R["khan_full"]
    hand = state["seats"][seat]["dice"]
    if not hand:
        return _R["no_dice_left"]
    remaining = dice.pool(state, seat, space)
    needed = board.dice_needed(space)
    if len(remaining) < needed:
        if len(remaining) < len(hand):  # the colour is there already
            if not remaining:
                return _colour_there(space)
            return say(
                "You already placed your colour on {space} this round; only black or white "
                "dice may join it, and you have too few of them for its {needed} dice.",
                space=name,
                needed=needed,
            )
        return say(
            "{space} takes {needed} dice and you have only {have} left.",
            space=name,
            needed=needed,
            have=len(remaining),
        )
    if space == "khan":
        low = max(value or 6 for _, value in remaining)  # an unset die can show 6
    else:
        low = min(value or 1 for _, value in remaining)  # the lowest die costs least
    return _obstacle(state, seat, space, low) or _R["no_dice"]


@lru_cache(maxsize=64)
def _colour_there(space: str) -> str:
    return say(
        "You already placed your colour on {space} this round; only black or white dice may "
        "join it.",
        space=board.space_name(space),
    )


def _obstacle(state: State, seat: int, space: str, low: int) -> str:
    """Why dice whose lowest is ``low`` cannot carry out ``space`` (``dice.space_ok``)."""
    seat_state = state["seats"][seat]
    cost = dice.fee(state, seat, space, low)
    if seat_state["coins"] < cost:
        return say(
            "An occupied space costs as many coins as your lowest die: {fee} to use {space}, "
            "and you have {coins}.",
            space=board.space_name(space),
            fee=board.counted("coins", cost),
            coins=board.counted("coins", seat_state["coins"]),
        )
    if space == "khan":
        if len(state["spaces"]["khan"]) >= 4:
            return _R["khan_full"]
        floor = dice.khan_floor(state)
        if low < floor:
            return say(
                "The Khan's favor takes only a die showing at least {value}, the highest die "
                "already there.",
                value=floor,
            )
        return ""
    if space == "contracts":
        return "" if state["contracts"] else _R["no_contracts"]
    if space == "travel":
        if travel.can_start(state, seat, cost):
            return ""
        if cost:
            return say(
                "You could not pay for a single step: after the fee of {fee} for the "
                "occupied space, one step costs {basic} plus its route's extra cost, and you "
                "have {coins}.",
                fee=board.counted("coins", cost),
                basic=board.counted("coins", data.TRAVEL_COST[1]),
                coins=board.counted("coins", seat_state["coins"]),
            )
        return say(
            "You could not pay for a single step: one step costs {basic} plus its route's "
            "extra cost, and you have {coins}.",
            basic=board.counted("coins", data.TRAVEL_COST[1]),
            coins=board.counted("coins", seat_state["coins"]),
        )
    slot = board.card_slot(space)
    if slot:
        if state["spaces"][space]:
            return _R["card_used"]
        if not has_post(state, seat, board.CARD_SLOT_CITY[slot]):
            return say(
                "You need a trading post in {city} to use its city card.",
                city=board.name(board.CARD_SLOT_CITY[slot]),
            )
        if not cards.usable(state, seat, slot):
            return _card_unusable(state, seat, slot)
    return ""


def _card_unusable(state: State, seat: int, slot: str) -> str:
    card = cards.spec(state, slot)
    if card["kind"] in ("bonus", "paid_bonus"):
        if not any(city in data.SMALL_CITIES for city in state["seats"][seat]["posts"]):
            return _R["bonus_card"]
        return _R["coin_per_use"]
    return say(
        "You cannot pay what this city card asks: {card}.",
        card=board.card_text(state["cards"][slot]),
    )


def _die(action: Action) -> tuple[str, int] | None:
    """The (kind, value) an action names, if it could be one of a player's dice."""
    kind, value = action.get("kind"), _int(action, "value")
    if kind not in _DIE_KINDS or value is None or not 0 <= value <= 6:
        return None
    return kind, value


def _bonus(state: State, seat: int, current: dict[str, Any], action: Action) -> str:
    kind = action.type
    seat_state = state["seats"][seat]
    if kind == "black_die":
        if current["black"]:
            return _R["one_black"]
        if not state["black_pool"]:
            return _R["no_black"]
        if seat_state["camels"] < data.BLACK_DIE_CAMELS:
            return say(
                "Taking a black die costs {cost}, and you have {camels}.",
                **_camels(data.BLACK_DIE_CAMELS, seat_state["camels"]),
            )
        return ""
    if kind == "fulfil":
        return _fulfil(seat_state, action)
    hand = seat_state["dice"]
    if not hand:
        return _R["no_dice_left"]
    die = _die(action)
    if die is None:
        return _R["no_such_die"]
    if list(die) not in hand:
        return say("You have no {die} in your hand.", die=board.die_text(*die))
    if kind == "money_bag":
        return ""
    if not die[1]:
        return _R["not_rolled"]
    if kind == "reroll":
        if seat_state["camels"] < data.REROLL_CAMELS:
            return say(
                "Rerolling a die costs {cost}, and you have {camels}.",
                **_camels(data.REROLL_CAMELS, seat_state["camels"]),
            )
        return ""
    by = _int(action, "by")
    if by not in (-1, 1):
        return _R["turn_by_one"]
    if not 1 <= die[1] + by <= 6:
        return say(
            "A die cannot be turned from {value} to {turned}: it shows 1 to 6, and a 6 never "
            "becomes a 1 nor a 1 a 6.",
            value=die[1],
            turned=die[1] + by,
        )
    if seat_state["camels"] < data.ADJUST_CAMELS:
        return say(
            "Turning a die by 1 costs {cost}, and you have {camels}.",
            **_camels(data.ADJUST_CAMELS, seat_state["camels"]),
        )
    return ""


def _camels(cost: int, have: int) -> dict[str, str]:
    return {"cost": board.counted("camels", cost), "camels": board.counted("camels", have)}


def _fulfil(seat_state: dict[str, Any], action: Action) -> str:
    number = _int(action, "contract")
    if number is None or number not in board.CONTRACTS:
        return _R["no_such_contract"]
    if number in seat_state["done"]:
        return say("You have already completed contract {number}.", number=number)
    if number not in seat_state["contracts"]:
        return say(
            "Contract {number} is not on your player board: you complete only your active "
            "contracts.",
            number=number,
        )
    cost = board.CONTRACTS[number][0]
    if can_pay(seat_state, cost):
        return ""
    missing = {key: count - seat_state[key] for key, count in cost.items() if key in data.RESOURCES}
    missing = {key: count for key, count in missing.items() if count > 0}
    return say(
        "To complete contract {number} you still need {missing}.",
        number=number,
        missing=board.amounts_text(missing),
    )


# --- the turn: during the main action ---------------------------------------------------------------
def _during(state: State, seat: int, current: dict[str, Any], action: Action, prompt: str) -> str:
    kind = action.type
    step = current["step"]
    space = current["space"]
    if step in _OWN_STEP.get(kind, ()):
        return _own_step(state, seat, current, action)
    if kind in ("space", "end_turn", "pass"):
        if step == "dice":
            return say(
                "You are choosing the dice for {space}: place them, or go back to choose "
                "another space.",
                space=board.space_name(space),
            )
        return say("Finish your action first. {prompt}", prompt=prompt)
    if kind in _BONUS_ACTIONS:
        return say(
            "Bonus actions come before or after your main action, not during it. {prompt}",
            prompt=prompt,
        )
    if kind == "die":
        return say(
            "Your dice are already on {space}. {prompt}",
            space=board.space_name(space),
            prompt=prompt,
        )
    if kind == "back":
        return _R["done_back"]
    return _R[kind] if kind in _NOT_UNDER_WAY else ""


def _own_step(state: State, seat: int, current: dict[str, Any], action: Action) -> str:
    kind = action.type
    if kind == "back":  # always possible while choosing dice
        return ""
    if kind == "die":
        return _die_refusal(state, seat, current["space"], current["picked"], action)
    if kind == "column":
        return say(
            "Your lowest die shows {low}: take its column or a lower one (1 to {low}).",
            low=current["column"],
        )
    if kind == "take_contract":
        return _take_contract(state, seat, current["contracts"], action)
    if kind == "done":
        return _R["one_contract"] if current["step"] == "contracts" else _R["one_use"]
    if kind == "step":
        return _step(state, seat, action, current["travel"])
    if kind == "stop":
        return _R["one_step"]
    return _use(state, seat, current["card"], action)


def _die_refusal(state: State, seat: int, space: str, picked: list[list], action: Action) -> str:
    die = _die(action)
    if die is None:
        return _R["no_such_die"]
    kind, value = die
    hand = [list(d) for d in state["seats"][seat]["dice"]]
    for picked_kind, picked_value in picked:
        dice.take_out(hand, picked_kind, picked_value)
    if not any(k == kind and v in (value, 0) for k, v in hand):
        return say("You have no {die} left in your hand.", die=board.die_text(kind, value))
    if not value:
        return _R["unset"]
    if kind == "colour" and dice.colour_placed(state, seat, space):
        return _colour_there(space)
    # the rest as dice.pick_options: the lowest completion decides fee and action
    remaining = dice.pool(state, seat, space)
    for picked_kind, picked_value in picked:
        dice.take_out(remaining, picked_kind, picked_value)
    dice.take_out(remaining, kind, value)
    need = board.dice_needed(space) - len(picked) - 1
    if len(remaining) < need:
        return say(
            "{space} takes {needed} dice and you have too few left.",
            space=board.space_name(space),
            needed=board.dice_needed(space),
        )
    lowest_picked = min((v for _, v in picked), default=7)
    low = min(value, lowest_picked, *sorted(v or 1 for _, v in remaining)[:need])
    return _obstacle(state, seat, space, low)


def _take_contract(state: State, seat: int, step: dict[str, Any], action: Action) -> str:
    position = _int(action, "position")
    board_spaces = state["contracts"]
    if position is None or not 1 <= position <= 6:
        return _R["no_contract_space"]
    if position > step["value"]:
        if step["value"] == 1:
            return _R["position_one"]
        return say(
            "Your die shows {value}: you may take only the contracts at positions 1 to {value}.",
            value=step["value"],
        )
    if position > len(board_spaces):
        return say("There is no contract at position {position}.", position=position)
    if board_spaces[position - 1] is None:
        return say(
            "You already took the contract at position {position} in this action.",
            position=position,
        )
    held = state["seats"][seat]["contracts"]
    old = action.get("discard")
    if len(held) < 2:
        if old is not None:
            return _R["room"]
    elif old is None:
        return _R["board_full"]
    elif old not in held:
        number = _int(action, "discard")
        if number is None:
            return _R["no_such_contract"]
        return say(
            "You do not hold contract {old}: discard one of your older contracts.", old=number
        )
    elif old in step["new"]:
        return _R["older_only"]
    extra = data.CONTRACT_EXTRA.get(position, 0)
    if not extra:
        return _R["no_extra"] if action.get("bonus") is not None else ""
    if action.get("bonus") not in ("coins", "camels"):
        return say_count(
            extra,
            "The contract at position {position} comes with {n} coin or camel: choose which.",
            "The contract at position {position} comes with {n} coins or camels: choose which.",
            position=position,
        )
    return ""


def _step(state: State, seat: int, action: Action, trip: dict[str, Any] | None) -> str:
    """A step of a Travel action under way (``trip``), or a free step (``trip`` None)."""
    seat_state = state["seats"][seat]
    figures = seat_state["figures"]
    figure = _int(action, "figure")
    if figure is None or not 0 <= figure < len(figures):
        return _R["no_figure"]
    if trip is not None and trip["moves"] >= trip["most"]:
        return say_count(
            trip["most"],
            "Your lowest die allows {n} step and you have taken it: stop here.",
            "Your lowest die allows {n} steps and you have taken them all: stop here.",
        )
    end = action.get("to")
    if end not in data.PLACES:
        return _R["no_place"]
    start = figures[figure]
    if end == start:
        return say(
            "Your figure is already in {place}: a step leads to a neighbouring place.",
            place=board.name(end),
        )
    if end not in travel.destinations(state, seat, start):
        return say(
            "{end} is not one step from {start}.", end=board.name(end), start=board.name(start)
        )
    extra = travel.extra_cost(state, seat, start, end)
    camels = extra.get("camels", 0)
    if seat_state["camels"] < camels:
        return say(
            "That route costs {cost} more, and you have {camels}.",
            cost=board.counted("camels", camels),
            camels=board.counted("camels", seat_state["camels"]),
        )
    coins = extra.get("coins", 0)
    have = board.counted("coins", seat_state["coins"])
    if trip is None:
        if seat_state["coins"] >= coins:
            return ""
        return say(
            "That route costs {cost}, and you have {coins}.",
            cost=board.counted("coins", coins),
            coins=have,
        )
    steps = trip["moves"] + 1
    basic = data.TRAVEL_COST[steps]
    if seat_state["coins"] >= basic + coins:
        return ""
    moved = say_count(steps, "{n} step", "{n} steps")
    if coins:
        return say(
            "You could not pay for that step: {steps} cost {basic} in all (paid when you "
            "stop), this route {cost} more, and you have {coins}.",
            steps=moved,
            basic=board.counted("coins", basic),
            cost=board.counted("coins", coins),
            coins=have,
        )
    return say(
        "You could not pay for that step: {steps} cost {basic} in all (paid when you stop), "
        "and you have {coins}.",
        steps=moved,
        basic=board.counted("coins", basic),
        coins=have,
    )


def _use(state: State, seat: int, step: dict[str, Any], action: Action) -> str:
    seat_state = state["seats"][seat]
    card = cards.spec(state, step["slot"])
    if step["left"] <= 0:
        return say_count(
            step["used"],
            "You have used this city card as often as your die allows ({n} time): stop using it.",
            "You have used this city card as often as your die allows ({n} times): stop using it.",
        )
    if card["kind"] in ("bonus", "paid_bonus"):
        city = action.get("city")
        if city not in data.PLACES:
            return _R["no_place"]
        if city not in data.SMALL_CITIES:
            return say(
                "{city} is not a small city: this card takes the bonus of a small city where "
                "you have a trading post.",
                city=board.name(city),
            )
        if city not in seat_state["posts"]:
            return say(
                "You have no trading post in {city}: this card takes the bonus of your own "
                "small cities.",
                city=board.name(city),
            )
        if city in step["cities"]:
            return say(
                "You already took the bonus of {city} with this card: each use takes another "
                "city's bonus.",
                city=board.name(city),
            )
        if card["kind"] == "paid_bonus" and seat_state["coins"] < 1:
            return _R["coin_per_use"]
        return ""
    trades = card["trades"]
    index = _int(action, "trade")
    if index is None or not 0 <= index < len(trades):
        return _R["no_trade"]
    if step["trade"] is not None and step["trade"] != index:
        return _R["same_trade"]
    cost = data.items(trades[index][0])
    if not cards.ways_to_pay(state, seat, cost):
        return say("You cannot pay {cost} for this trade.", cost=board.amounts_text(cost))
    if "good" in data.items(trades[index][1]) and action.get("good") not in data.GOODS:
        return _R["good_choice"]
    return _R["pay_with_yours"]


# --- parameters as they come ---------------------------------------------------------------------
def _int(action: Action, key: str) -> int | None:
    value = action.get(key)
    return value if value.__class__ is int else None
