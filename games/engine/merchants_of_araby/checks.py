"""Consistency checks run after every step of a random playout, and determinization."""

from __future__ import annotations

from collections import Counter

from .. import deals, rng
from ..contract import State, clone
from . import data
from .offers import obstacle
from .view import view

_MASK = (1 << 64) - 1


def violations(state: State) -> list[str]:
    problems = []
    players = state["players"]
    if sum(state["coins"]) + state["bank"] != data.COIN_TOTAL or min(state["coins"]) < 0:
        problems.append(f"coins are not conserved: {state['coins']} and {state['bank']}")
    places = state["deck"] + state["discard"] + state["draft"]
    for seat in range(players):
        places += state["hands"][seat] + state["entourage"][seat]
        if not set(state["tasked"][seat]) <= set(state["entourage"][seat]):
            problems.append(f"seat {seat} has tasked cards outside its entourage")
        on = sum(c["spaces"].count(seat) for c in state["caravans"] if c is not None)
        if state["camels"][seat] + on != data.CAMELS or state["camels"][seat] < 0:
            problems.append(f"seat {seat}'s camels are not conserved")
        if any(n <= 0 for n in state["products"][seat].values()):
            problems.append(f"seat {seat} holds an empty product pile")
    if state["resolving"] is not None:
        places.append(state["resolving"]["card"])
    counts = Counter(places + [c for c in state["box"] if not c.startswith("c")])
    if counts != Counter(data.DECK_IDS + data.PERSONA_IDS):
        problems.append("cards are not conserved")
    caravans = [c["card"] for c in state["caravans"] if c is not None]
    caravans += [c for stack in state["stacks"] for c in stack] + state["spent"]
    caravans += [c for c in state["box"] if c.startswith("c")]
    if sorted(caravans) != list(data.CARAVAN_IDS):
        problems.append("caravan cards are not conserved")
    for deal in state["deals"]:
        reason = "" if deals.used_up(deal) else obstacle(state, deal, None)
        if reason:
            problems.append(f"offer {deal['id']} is open but impossible: {reason}")
    return problems + view_leaks(state)


def view_leaks(state: State) -> list[str]:
    """Each view must not change when what its viewer cannot know changes: other tents,
    other hands (swapped with deck cards) and the deck order below its top card."""
    problems = []
    for viewer in [None, *range(state["players"])]:
        other = clone(state)
        other["rng"] = (state["rng"] + 1) & _MASK
        if state["phase"] != "over":  # the coins are revealed at the end
            other["coins"] = [c if s == viewer else c + 7 for s, c in enumerate(state["coins"])]
        deck = other["deck"]
        for seat in range(state["players"]):
            if seat == viewer:
                continue
            hand = other["hands"][seat]
            for index in range(min(len(hand), len(deck) - 1)):
                hand[index], deck[index] = deck[index], hand[index]
        if deck[:-1]:
            deck[:-1] = list(reversed(deck[:-1]))
        if _public(view(state, viewer)) != _public(view(other, viewer)):
            problems.append(f"the view for seat {viewer} reveals hidden coins or cards")
    return problems


def _public(shown: dict) -> dict:
    shown = dict(shown)
    shown.pop("deals")  # deals are checked by the generic deals tests
    return shown


def determinize(state: State, seat: int, seed: int) -> State:
    """Other hands and the deck redealt from what ``seat`` cannot place; the top card keeps
    its known back where possible; a new generator."""
    copy = clone(state)
    gen = rng.LocalRng(seed)
    others = [o for o in range(copy["players"]) if o != seat]
    pool = sorted(copy["deck"] + [c for o in others for c in copy["hands"][o]])
    rng.shuffle(gen, pool)
    top = None
    if copy["deck"]:  # the top card's back is public: keep a card with that back on top
        back = data.CARDS[copy["deck"][-1]]["resolution"]
        top = pool.pop(next(i for i, c in enumerate(pool) if data.CARDS[c]["resolution"] == back))
    for o in others:
        size = len(copy["hands"][o])
        copy["hands"][o], pool = pool[:size], pool[size:]
    copy["deck"] = pool + ([top] if top is not None else [])
    for deal in copy["deals"]:
        if seat not in (deal["from"], deal["to"]):
            deal["give"].pop("cards", None)
            deal["get"].pop("cards", None)
            if not deal["give"] and not deal["get"]:
                deal["get"]["coins"] = ["coin"]
    copy["deals"] = [d for d in copy["deals"] if not obstacle(copy, d, None)]
    copy["rng"] = rng.seed_state(rng.randbelow(gen, 1 << 62))
    return copy
