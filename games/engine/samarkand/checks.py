"""Consistency checks run after every step of random playouts."""

from __future__ import annotations

from collections import Counter

from . import board, data
from .state import State, hand_count


def violations(state: State) -> list[str]:
    found = []
    found += _cards(state)
    found += _money(state)
    found += _camels(state)
    found += _tiles_and_markers(state)
    return found


def _cards(state: State) -> list[str]:
    found = []
    seats = state["seats"]
    cards = list(state["deck"]) + list(state["discard"])
    for seat_state in seats:
        cards += seat_state["hand"] + seat_state["sold"]
    if sorted(cards) != board.CARDS:
        found.append("goods cards are not conserved")
    for seat, seat_state in enumerate(seats):
        over = hand_count(seat_state) > state["hand_limit"]
        if over and not (state["step"] == "discard" and state["active"] == seat):
            found.append(f"seat {seat} holds more cards than the hand limit")
        if sorted(seat_state["sell"]) != sorted(str(card) for card in seat_state["hand"]):
            found.append(f"seat {seat}'s sell choices do not match the hand")
    markers = list(state["goods_left"]) + [n for s in seats for n in s["goods"]]
    if sorted(markers) != board.CARDS:
        found.append("goods markers are not conserved")
    for number in board.CARDS:
        occupied = bool(state["camels"][board.GOODS[number]])
        if occupied == (number in state["goods_left"]):
            found.append(f"goods marker {number} is on the map only if its space is empty")
    return found


def _money(state: State) -> list[str]:
    amounts = [state["supply"]] + [s["money"] for s in state["seats"]]
    amounts += [stock["treasury"] for stock in state["families"].values()]
    found = []
    if sum(amounts) != data.TOTAL_MONEY:
        found.append("money is not conserved")
    if min(amounts) < 0:
        found.append("someone holds a negative amount of money")
    return found


def _camels(state: State) -> list[str]:
    found = []
    on_map = Counter()
    for space, occupants in state["camels"].items():
        if len(occupants) > 2:
            found.append(f"{space} holds more than 2 camels")
        if len(set(occupants)) != len(occupants):
            found.append(f"{space} holds two camels of one colour")
        on_map.update(occupants)
    for key, stock in state["families"].items():
        if on_map[key] + stock["camels"] != data.CAMELS_PER_FAMILY or stock["camels"] < 0:
            found.append(f"the {key} camels are not conserved")
    return found


def _tiles_and_markers(state: State) -> list[str]:
    found = []
    owned = Counter(tile for s in state["seats"] for tile in s["tiles"])
    taken = Counter(marker[0] for s in state["seats"] for marker in s["markers"])
    green = Counter(
        marker[0] for s in state["seats"] for marker in s["markers"] if marker[1] == "green"
    )
    out = Counter(state["bag"]) + Counter(state["removed"])
    for key, stock in state["families"].items():
        if stock["tiles"] + owned[key] + out[key] != data.TILES_PER_FAMILY:
            found.append(f"the {key} family tiles are not conserved")
        if stock["markers"] + taken[key] != data.MARKERS_PER_FAMILY:
            found.append(f"the {key} relationship markers are not conserved")
        if green[key] != (1 if taken[key] else 0):
            found.append(f"the {key} dark green marker was not taken first")
    relations = Counter(key for pair in state["relations"] for key in pair)
    for key in state["families"]:
        if min(relations[key], data.MARKERS_PER_FAMILY) != taken[key]:
            found.append(f"the {key} markers taken do not match the family's relationships")
    return found
