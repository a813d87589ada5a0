"""Lookups derived from ``data`` (spaces by id, goods by number, hex outlines) and its checks."""

from __future__ import annotations

import math
from collections import deque

from ..vocabulary import say
from . import data

SPACES = {space["id"]: space for space in data.SPACES}
SPACE_ORDER = [space["id"] for space in data.SPACES]
FAMILIES = {family["key"]: family for family in data.FAMILIES}
FAMILY_ORDER = [family["key"] for family in data.FAMILIES]
# goods card number -> the space showing that good
GOODS = {space["number"]: space["id"] for space in data.SPACES if space["kind"] == "goods"}
CARDS = sorted(GOODS)
START_OF = {family["key"]: family["start"] for family in data.FAMILIES}


def neighbours(space_id: str) -> list[str]:
    return SPACES[space_id]["adj"]


def is_land(space_id: str) -> bool:
    return SPACES[space_id]["kind"] != "water"


def family_name(key: str) -> str:
    return FAMILIES[key]["name"]


# English writes "an" before a vowel sound: "an Arabic camel", "an Indian tile"; "a Uyghur
# camel" keeps "a" (said "wee-"). Texts with the article have an "an" twin for these.
_TAKES_AN = frozenset(key for key, family in FAMILIES.items() if family["name"][0] in "AEIO")


def takes_an(key: str) -> bool:
    """Whether English says "an" (not "a") before the family's name."""
    return key in _TAKES_AN


def goods_label(number: int) -> str:
    """The rulebook's way of naming a good: "Diamond-22" (said once per good)."""
    return _GOODS_LABELS[number]


def space_label(space_id: str) -> str:
    """A space as texts name it: its good with the number, or its name."""
    return _SPACE_LABELS[space_id]


_GOODS_LABELS = {
    number: say("{good}-{number}", good=SPACES[space_id]["name"], number=number)
    for number, space_id in GOODS.items()
}
_SPACE_LABELS = {
    space["id"]: _GOODS_LABELS[space["number"]] if space["kind"] == "goods" else space["name"]
    for space in data.SPACES
}


def hex_points(x: int, y: int, radius: int = data.HEX_RADIUS) -> str:
    """The outline of a pointy-top hex as an SVG ``points`` string."""
    corners = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        corners.append(f"{x + radius * math.cos(angle):.1f},{y + radius * math.sin(angle):.1f}")
    return " ".join(corners)


def distances_from(start: str) -> dict[str, int]:
    """Steps from ``start`` to every space (through land and water alike)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours(here):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def problems() -> list[str]:
    """What is wrong with the designed data (empty when the board is valid)."""
    found = []
    if len(SPACES) != len(data.SPACES):
        found.append("two spaces share an id")
    for space in data.SPACES:
        if space["kind"] not in ("start", "goods", "land", "water"):
            found.append(f"{space['id']} has an unknown kind")
        for other in space["adj"]:
            if other not in SPACES:
                found.append(f"{space['id']} borders the unknown space {other}")
            elif space["id"] not in SPACES[other]["adj"]:
                found.append(f"{space['id']} borders {other} but not the other way round")
    if CARDS != list(range(1, 34)):
        found.append("the goods spaces are not numbered 1 to 33")
    names = [space["name"] for space in data.SPACES if space["kind"] == "goods"]
    if len(set(names)) != len(names):
        found.append("two goods share a name")
    if len(FAMILIES) != 10:
        found.append("there must be 10 families")
    for attribute in ("name", "letter", "colour", "start"):
        values = [family[attribute] for family in data.FAMILIES]
        if len(set(values)) != len(values):
            found.append(f"two families share a {attribute}")
    for family in data.FAMILIES:
        if not 3 <= family["portion"] <= 6:
            found.append(f"{family['name']}'s marriage portion is not 3 to 6 Dirham")
        if SPACES.get(family["start"], {}).get("kind") != "start":
            found.append(f"{family['name']}'s home is not a start space")
    starts = [space["id"] for space in data.SPACES if space["kind"] == "start"]
    if len(starts) != 10:
        found.append("there must be 10 start spaces")
    if SPACE_ORDER and len(distances_from(SPACE_ORDER[0])) != len(SPACES):
        found.append("the map is not connected")
    return found
