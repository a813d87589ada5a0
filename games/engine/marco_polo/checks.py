"""Consistency checks run after every step of random playouts."""

from __future__ import annotations

from collections import Counter

from . import data
from .state import State, vp_total


def violations(state: State) -> list[str]:
    return _resources(state) + _contracts(state) + _dice(state) + _posts(state) + _goals(state)


def _resources(state: State) -> list[str]:
    found = []
    for key in data.RESOURCES:
        held = [s[key] for s in state["seats"]]
        if state["supply"][key] + sum(held) != data.SUPPLY_LEDGER:
            found.append(f"{key} are not conserved")
        if min(held) < 0:
            found.append(f"a seat holds a negative number of {key}")
    for seat, seat_state in enumerate(state["seats"]):
        if vp_total(seat_state) < 0:
            found.append(f"seat {seat} has negative victory points")
    return found


def _contracts(state: State) -> list[str]:
    cards = [n for n in state["contracts"] if n is not None]
    cards += [n for pile in state["piles"] for n in pile] + state["special"] + state["removed"]
    found = []
    for seat, seat_state in enumerate(state["seats"]):
        cards += seat_state["contracts"] + seat_state["done"]
        cards += [p["contract"] for p in seat_state["pending"] if p["kind"] == "special_contract"]
        if len(seat_state["contracts"]) > 2:
            found.append(f"seat {seat} holds more than 2 active contracts")
    if sorted(cards) != list(range(len(data.CONTRACTS))):
        found.append("contracts are not conserved")
    if state["special_unseen"] > len(state["special"]):
        found.append("more unseen special contracts than the pile holds")
    return found


def _dice(state: State) -> list[str]:
    count: Counter = Counter()
    for seat, seat_state in enumerate(state["seats"]):
        for kind, _ in seat_state["dice"]:
            count[(seat, kind)] += 1
    for space, placements in state["spaces"].items():
        for placement in placements:
            for kind, value in placement["dice"]:
                count[(placement["seat"], kind)] += 1
                if kind != "neutral" and space != "bag" and not 1 <= value <= 6:
                    found_value = f"a die on {space} shows {value}"
                    return [found_value]
    found = []
    black = state["black_pool"] + sum(n for (_, kind), n in count.items() if kind == "black")
    if black != data.BLACK_DICE[state["players"]]:
        found.append("black dice are not conserved")
    for seat, seat_state in enumerate(state["seats"]):
        if count[(seat, "colour")] != data.DICE_PER_PLAYER:
            found.append(f"seat {seat}'s dice are not conserved")
        white = 1 if seat_state["character"] == "matteo" else 0
        if count[(seat, "white")] != white:
            found.append(f"seat {seat}'s white die is not where it should be")
    if count[(-1, "neutral")] != len(data.NEUTRAL_DICE[state["players"]]):
        found.append("neutral dice are not conserved")
    return found


def _posts(state: State) -> list[str]:
    found = []
    for seat, seat_state in enumerate(state["seats"]):
        posts = seat_state["posts"]
        stock = data.TRADING_POSTS + (
            data.WILLIAM_EXTRA_POSTS if seat_state["character"] == "william" else 0
        )
        if len(posts) + seat_state["post_stock"] != stock or seat_state["post_stock"] < 0:
            found.append(f"seat {seat}'s trading posts are not conserved")
        if len(set(posts)) != len(posts):
            found.append(f"seat {seat} has two trading posts in one city")
        if (data.BEIJING in posts) != (seat in state["beijing"]):
            found.append(f"seat {seat}'s Beijing post is not on a Beijing space")
        if data.START in posts or any(p in data.OASES for p in posts):
            found.append(f"seat {seat} has a trading post outside a city")
    return found


def _goals(state: State) -> list[str]:
    goals = list(state["goal_deck"])
    for seat_state in state["seats"]:
        goals += seat_state["goals"] + seat_state["goal_offer"]
        if state["phase"] not in ("draft", "goals") and len(seat_state["goals"]) != data.GOALS_KEPT:
            return ["a seat does not hold exactly 2 goal cards"]
    if sorted(goals) != list(range(len(data.GOALS))):
        return ["goal cards are not conserved"]
    return []
