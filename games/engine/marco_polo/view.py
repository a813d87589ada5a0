"""What one seat (or a spectator) may see, and the prompts and refusals in words.

Hidden: the generator, the order and contents of the round piles and of the special pile
(only their sizes), the goal cards of other players (and the goal cards still in the box),
a seat's own goal offer from everybody else. Everything else is on the table.
"""

from __future__ import annotations

from typing import Any

from ..contract import Action
from . import board, contracts, data, rewards, scoring, travel
from .state import State, vp_total

_PLACES = [
    {"id": place, "name": name, "kind": board.kind(place), "x": x, "y": y}
    for place, (name, x, y) in data.PLACES.items()
]
_ROUTES = [
    {
        "from": a,
        "to": b,
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
        "travel_plan": _plan(state, seat) if mine else [],
        # Niccolo's two figures may share one move's steps, paid as all steps together.
        "travel_split": mine and len(state["seats"][seat]["figures"]) > 1,
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


def _plan(state: State, seat: int) -> list[dict[str, Any]]:
    """The travel planner: the cheapest path to every place, in the order of the map;
    with two figures (Niccolo) each figure's own, since a move may split its steps."""
    figures = len(state["seats"][seat]["figures"])
    if figures == 1:
        by_figure = [travel.plan(state, seat)]
    else:
        by_figure = [travel.plan_figure(state, seat, figure) for figure in range(figures)]
    found, listed = [], set()
    for plans in by_figure:
        for place in data.PLACES:
            if place not in plans:
                continue
            found.append(
                {
                    "place": place,
                    "name": data.PLACES[place][0],
                    **plans[place],
                    "via": " → ".join(data.PLACES[p][0] for p in plans[place]["path"]),
                    "from": data.PLACES[plans[place]["path"][0]][0],
                    "post_names": [data.PLACES[city][0] for city in plans[place]["posts"]],
                    "anchor": place not in listed,  # where a tap on the map leads
                }
            )
            listed.add(place)
    return found


def _action_spaces(state: State) -> list[dict[str, Any]]:
    """Every action space in board order, with the dice on it and what it gives."""
    found = []
    for space in board.ALL_SPACES:
        placed = state["spaces"][space]
        slot = board.card_slot(space)
        card = board.card_text(state["cards"][slot]) if slot and slot in state["cards"] else ""
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
        "another city's bonus"
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
_CHOICE_PROMPTS = {
    "compensation": "You rolled less than 15: choose your compensation in camels and coins.",
    "good": "Choose a good.",
    "two_goods": "Choose two different goods.",
    "any_bonus": "Choose the city bonus you take.",
    "special_contract": "Both contract spaces are full: discard a contract or decline the new one.",
    "move": "Take your free step (route costs are paid) or give it up.",
    "relocate": "All your trading posts are placed: choose the post that moves.",
    "goals": "Choose the 2 goal cards you keep.",
}
_STEP_PROMPTS = {
    "dice": "Choose the dice for {space}.",
    "column": "Choose the column of the Grand Bazaar.",
    "contracts": "Take contracts (up to 2).",
    "travel": "Move step by step, then stop.",
    "card": "Use the city card, or stop.",
}


def prompt(state: State, seat: int | None, waiting: tuple[int, ...]) -> str:
    if state["phase"] == "over":
        return "The game is over."
    if seat not in waiting:
        names = ", ".join(f"{{p{n}}}" for n in waiting)
        return f"Waiting for {names}."
    pending = state["seats"][seat]["pending"]
    if pending:
        return _CHOICE_PROMPTS[pending[0]["kind"]]
    if state["phase"] == "draft":
        return "Choose your character."
    current = state["turn"]
    if current["step"] == "free":
        if current["main"]:
            return "Bonus actions if you like, then end your turn."
        return "Choose an action space (bonus actions before or after)."
    return _STEP_PROMPTS[current["step"]].format(
        space=board.space_name(current["space"] or "coins")
    )


def explain(state: State, seat: int, action: Action) -> str:
    """A sharper reason for common refusals ("" when there is none)."""
    seat_state = state["seats"][seat]
    current = state["turn"]
    kind = action.type
    if seat_state["pending"]:
        return f"First: {_CHOICE_PROMPTS[seat_state['pending'][0]['kind']]}"
    if current is None:
        return ""
    if kind == "space" and current["main"]:
        return "You have already taken your action this turn."
    if kind == "space" and action.get("space") in state["spaces"]:
        space = action["space"]
        if space.startswith("card-") and state["spaces"][space]:
            return "That city card has already been used this round."
        if space.startswith("card-"):
            return "You need a trading post in that city (and what the card asks) to use it."
        if space == "khan" and len(state["spaces"]["khan"]) >= 4:
            return "All four spaces of the Khan's favor are taken."
        return "You have no dice you may place there, or cannot pay for it (your colour goes once per space)."
    if kind == "black_die" and current["black"]:
        return "You may take only one black die per turn."
    if kind in ("reroll", "adjust", "black_die"):
        return "You do not have enough camels for that."
    if kind == "fulfil":
        return "You do not have the camels and goods that contract asks."
    if kind == "end_turn" and not current["main"]:
        return "You must take an action first."
    return ""
