"""What one seat (or a spectator) may see, and the prompts in words (refusals: ``refusals``).

Hidden: the generator, the order and contents of the round piles and of the special pile
(only their sizes), the goal cards of other players (and the goal cards still in the box),
a seat's own goal offer from everybody else. Everything else is on the table.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..contract import say
from . import board, contracts, data, dice, rewards, scoring, travel
from .board import seat_tag
from .state import State, vp_total

_PLACES = [
    {"id": place, "name": name, "kind": board.kind(place), "x": x, "y": y}
    for place, (name, x, y) in data.PLACES.items()
]
_ROUTES = [
    {
        "from": a,
        "to": b,
        "from_name": data.PLACES[a][0],  # what a person reads: "Oasis 1", not "o1"
        "to_name": data.PLACES[b][0],
        "cost": board.amounts_text(data.items(cost)) if cost else "",
        # ends and middle on the schematic map, so a board can draw the route
        "x1": data.PLACES[a][1],
        "y1": data.PLACES[a][2],
        "x2": data.PLACES[b][1],
        "y2": data.PLACES[b][2],
        "mx": (data.PLACES[a][1] + data.PLACES[b][1]) // 2,
        "my": (data.PLACES[a][2] + data.PLACES[b][2]) // 2,
    }
    for a, b, cost in data.ROUTES
]


def view(state: State, seat: int | None) -> dict[str, Any]:
    mine = seat is not None and 0 <= seat < state["players"]
    current = state["turn"]
    return {
        "players": state["players"],
        "expert": state["expert"],
        "round": state["round"],
        "rounds": data.ROUNDS,
        "phase": state["phase"],
        "start_player": state["start"],
        "active": state["active"] if state["phase"] == "turns" else None,
        "last_traveller": state["traveller"],
        "turn": _turn(current) if current else None,
        "places": _PLACES,
        "routes": _ROUTES,
        "action_spaces": _action_spaces(state),
        "spaces": {space: [dict(p) for p in placed] for space, placed in state["spaces"].items()},
        "black_dice_left": state["black_pool"],
        "contract_spaces": [
            {"position": i + 1, "number": n, "label": contracts.label(n) if n is not None else ""}
            for i, n in enumerate(state["contracts"])
        ],
        "round_piles_left": len(state["piles"]),
        "special_pile": len(state["special"]),
        "city_cards": [
            {
                "slot": slot,
                "city": board.CARD_SLOT_CITY[slot],
                "card": state["cards"][slot],
                "text": board.card_text(state["cards"][slot]),
            }
            for slot in data.CARD_SLOTS  # board order, not the stored mapping's
            if slot in state["cards"]
        ],
        "outpost_bonuses": {
            city: board.amounts_text(data.items(data.OUTPOST_BONUSES[bonus])) if bonus else None
            for city, bonus in state["outposts"].items()
        },
        "city_bonuses": {
            city: _city_bonus_text(bonus) for city, bonus in state["city_bonus"].items()
        },
        "beijing": [
            {"points": points, "seat": holder}
            for points, holder in zip(data.BEIJING_POINTS, state["beijing"], strict=True)
        ],
        "draft": (
            {"offer": list(state["draft"]["offer"]), "picks": list(state["draft"]["picks"])}
            if state["draft"]
            else None
        ),
        "seats": [_seat(state, n) for n in range(state["players"])],
        "goals": [_goal(g) for g in state["seats"][seat]["goals"]] if mine else [],
        **(_planner(state, seat) if mine else _NO_PLANNER),
        "travel_costs": [
            {"steps": steps, "coins": coins} for steps, coins in sorted(data.TRAVEL_COST.items())
        ],
        "goal_cities": (
            sorted({c for g in state["seats"][seat]["goals"] for c in data.GOALS[g][:2]})
            if mine
            else []
        ),
        "goal_offer": [_goal(g) for g in state["seats"][seat]["goal_offer"]] if mine else [],
        "score": [list(row) for row in scoring.breakdown(state, seat)] if mine else [],
    }


_NO_PLANNER: dict[str, Any] = {
    "travel_plan": [],
    "travel_split": False,
    "travel_reach": None,
    "travel_pairs": [],
    "travel_places": [],
}


def _planner(state: State, seat: int) -> dict[str, Any]:
    """The travel planner for the seat: how far its dice (or its Travel under way) reach,
    the cheapest path to every place, and for Niccolo the cheapest ways to split a move
    between his figures for two new posts, and with each place (``pair``) the cheapest
    split move within his dice that brings a figure there."""
    reach = travel_reach(state, seat)
    split = len(state["seats"][seat]["figures"]) > 1
    pairs_most = reach["most"] if reach["moving"] or reach["most"] else 6
    plan = _plan(state, seat, reach)
    # for each place, the cheapest split move that brings one of Niccolo's figures there
    splits = travel.split_to(state, seat, pairs_most, reach["done"]) if split else {}
    for trip in plan:
        found = splits.get(trip["place"])
        trip["pair"] = _pair(state, seat, found) if found else None
    return {
        "travel_plan": plan,
        "travel_places": [trip["place"] for trip in plan if trip["anchor"]],  # map links
        # Niccolo's two figures may share one move's steps, paid as all steps together.
        "travel_split": split,
        "travel_reach": reach,
        "travel_pairs": (
            [
                _pair(state, seat, pair)
                for pair in travel.split_pairs(state, seat, pairs_most, reach["done"])
            ]
            if split
            else []
        ),
    }


def travel_reach(state: State, seat: int) -> dict[str, Any]:
    """How many steps the seat's Travel may take: while it travels, the steps left (and
    those taken, whose basic cost is paid with the rest at the end); otherwise the lower of
    the two best dice it could still place there (with the dice already picked for it), 0
    when it has not two. The dice as they show: a reroll or a ±1 may change it."""
    turn = state["turn"] or {}
    if turn.get("seat") == seat and turn["step"] == "travel":
        trip = turn["travel"]
        return {"moving": True, "most": trip["most"] - trip["moves"], "done": trip["moves"]}
    remaining = dice.pool(state, seat, "travel")
    picked: list[int] = []
    if turn.get("seat") == seat and turn["step"] == "dice" and turn["space"] == "travel":
        for kind, value in turn["picked"]:
            dice.take_out(remaining, kind, value)
            picked.append(value)
    need = board.dice_needed("travel") - len(picked)
    best = sorted((dice.values_of(die)[-1] for die in remaining), reverse=True)[:need]
    most = min(picked + best) if len(best) == need else 0
    return {"moving": False, "most": most, "done": 0}


def _plan(state: State, seat: int, reach: dict[str, Any]) -> list[dict[str, Any]]:
    """The travel planner: the cheapest path to every place, in the order of the map;
    with two figures (Niccolo) each figure's own, since a move may split its steps.
    While travelling only what the steps left reach, costed for the whole move; before,
    everything up to 6 steps, each marked whether the seat's dice reach it and whether
    it could pay."""
    most, done = (reach["most"], reach["done"]) if reach["moving"] else (6, 0)
    figures = len(state["seats"][seat]["figures"])
    if figures == 1:
        by_figure = [travel.plan(state, seat, most, done)]
    else:
        by_figure = [travel.plan_figure(state, seat, f, most, done) for f in range(figures)]
    holds = state["seats"][seat]
    found, listed = [], set()
    for plans in by_figure:
        for place in data.PLACES:
            if place not in plans:
                continue
            trip = plans[place]
            found.append(
                {
                    "place": place,
                    "name": data.PLACES[place][0],
                    **trip,
                    "via": _via(trip),
                    "from": data.PLACES[trip["path"][0]][0],
                    "post_names": [data.PLACES[city][0] for city in trip["posts"]],
                    "anchor": place not in listed,  # where a tap on the map leads
                    "within": trip["steps"] <= reach["most"],
                    "affordable": holds["coins"] >= trip["coins"]
                    and holds["camels"] >= trip["camels"],
                }
            )
            listed.add(place)
    return found


def _via(trip: dict[str, Any]) -> str:
    return _path_text(tuple(trip["path"]))


@lru_cache(maxsize=4096)  # the planner shows the same paths view after view: said once each
def _path_text(path: tuple[str, ...]) -> str:
    """'Venezia → Oasis 1 → Moscow' (the places' names, translated where shown)."""
    text = board.name(path[0])
    for place in path[1:]:
        text = say("{path} → {place}", path=text, place=board.name(place))
    return text


def _pair(state: State, seat: int, pair: dict[str, Any]) -> dict[str, Any]:
    holds = state["seats"][seat]
    return {
        **pair,
        "trips": [
            {
                "figure": trip["figure"],
                "name": data.PLACES[trip["path"][-1]][0],
                "steps": trip["steps"],
                "via": _via(trip),
            }
            for trip in pair["trips"]
        ],
        "affordable": holds["coins"] >= pair["coins"] and holds["camels"] >= pair["camels"],
    }


def _action_spaces(state: State) -> list[dict[str, Any]]:
    """Every action space in board order, with the dice on it and what it gives."""
    found = []
    for space in board.ALL_SPACES:
        placed = state["spaces"][space]
        slot = board.card_slot(space)
        card = state["cards"][slot] if slot and slot in state["cards"] else None
        columns = []
        if space.startswith("bazaar-"):
            columns = [
                board.amounts_text(data.items(reward)) for reward in data.BAZAAR[space[7:]][1]
            ]
        found.append(
            {
                "id": space,
                "name": board.space_name(space, card),
                "dice_needed": board.dice_needed(space) if space != "bag" else 1,
                "occupied": bool(placed),
                "placed": [dict(p) for p in placed],
                "columns": columns,
            }
        )
    return found


def _city_bonus_text(bonus: str) -> str:
    return (
        rewards.ANY_BONUS
        if bonus == "any"
        else board.amounts_text(data.items(data.CITY_BONUSES[bonus]))
    )


def _goal(goal: int) -> dict[str, Any]:
    first, second, points = data.GOALS[goal]
    return {
        "number": goal,
        "cities": [first, second],
        "points": points,
        "label": rewards.goal_label(goal),
    }


def _turn(current: dict[str, Any]) -> dict[str, Any]:
    shown = {key: current[key] for key in ("seat", "main", "black", "step", "space", "column")}
    shown["picked"] = [list(die) for die in current["picked"]]
    return shown


def _seat(state: State, seat: int) -> dict[str, Any]:
    s = state["seats"][seat]
    key = s["character"]
    return {
        "seat": seat,
        "character": key,
        "character_name": data.CHARACTERS.get(key, ""),
        "power": data.CHARACTER_POWERS.get(key, ""),
        **{resource: s[resource] for resource in data.RESOURCES},
        "vp": vp_total(s),  # the score track: points scored during play
        "dice": [list(die) for die in s["dice"]],
        "figures": list(s["figures"]),
        "posts": list(s["posts"]),
        "posts_left": s["post_stock"],
        "contracts": [{"number": n, "label": contracts.label(n)} for n in s["contracts"]],
        "completed": list(s["done"]),
        "goal_cards": len(s["goals"]),
        "passed": s["passed"],
        # what the seat is deciding (the goal offer itself stays private)
        "waiting_for": [item["kind"] for item in s["pending"]],
    }


# --- words ---------------------------------------------------------------------------------------------
CHOICE_PROMPTS = {
    "compensation": say(
        "You rolled less than {limit}: choose your compensation in camels and coins.",
        limit=data.COMPENSATION_LIMIT,
    ),
    "good": say("Choose a good."),
    "two_goods": say("Choose two different goods."),
    "any_bonus": say("Choose the city bonus you take."),
    "special_contract": say(
        "Both contract spaces are full: discard a contract or decline the new one."
    ),
    "move": say("Take your free step (route costs are paid) or give it up."),
    "relocate": say("All your trading posts are placed: choose the post that moves."),
    "goals": say("Choose the 2 goal cards you keep."),
}
_STEP_PROMPTS = {
    "column": say("Choose the column of the Grand Bazaar."),
    "contracts": say("Take contracts (up to 2)."),
    "travel": say("Move step by step, then stop."),
    "card": say("Use the city card, or stop."),
}
_GAME_OVER = say("The game is over.")
_CHOOSE_CHARACTER = say("Choose your character.")
_BONUS_THEN_END = say("Bonus actions if you like, then end your turn.")
_CHOOSE_SPACE = say("Choose an action space (bonus actions before or after).")


@lru_cache(maxsize=64)
def _dice_prompt(space: str) -> str:
    return say("Choose the dice for {space}.", space=board.space_name(space))


@lru_cache(maxsize=256)
def _waiting(seats: tuple[int, ...]) -> str:
    players = board.listed([seat_tag(n) for n in seats]) if seats else ""
    return say("Waiting for {players}.", players=players)


def prompt(state: State, seat: int | None, waiting: tuple[int, ...]) -> str:
    if state["phase"] == "over":
        return _GAME_OVER
    if seat not in waiting:
        return _waiting(tuple(waiting))
    pending = state["seats"][seat]["pending"]
    if pending:
        return CHOICE_PROMPTS[pending[0]["kind"]]
    if state["phase"] == "draft":
        return _CHOOSE_CHARACTER
    current = state["turn"]
    if current["step"] == "free":
        if current["main"]:
            return _BONUS_THEN_END
        return _CHOOSE_SPACE
    if current["step"] == "dice":
        return _dice_prompt(current["space"] or "coins")
    return _STEP_PROMPTS[current["step"]]
