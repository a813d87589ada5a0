"""Samarkand: Routes to Riches as a :class:`GameRules`.

A turn is a few small steps: choose marry or expand, then the family, then (expanding) the
space of each camel, or (marrying, when cards were drawn) the cards to discard. Besides
that, every player may at any time set a standing choice on each goods card in hand: sell it
when the first camel reaches its space, keep it, or sell unless the camel is of one of the
holder's families. The sale then happens on its own, so nobody learns who keeps a card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import Action, GameRules, LogEntry, Outcome, State, log
from . import board, data, heuristics, moves, sampling, scoring
from . import view as views
from .checks import violations
from .state import (
    DEFAULT_SELL_MODE,
    can_marry,
    can_place_second,
    copy_state,
    expandable,
    hand_count,
    marriable,
    new_game,
    targets,
)

# the sell choice cycles: sell unless own family (the default) -> keep -> always sell
NEXT_SELL_MODE = {"auto": "keep", "keep": "sell", "sell": "auto"}
SELL_LABELS = {
    "auto": "sell unless one of my families' camels arrives",
    "sell": "always sell",
    "keep": "keep",
}


def _a(kind: str, label: str, **params: Any) -> Action:
    return Action.make(kind, label=label, **params)


# Actions are immutable and their labels depend on their parameters alone, so each one is
# made once and the same object is listed again whenever it is legal.
_PASS = _a("pass", "Pass (you can neither marry nor expand)")
_MARRY = _a("marry", "Marry into a family")
_EXPAND = _a("expand", "Expand a trading route")
_BACK = _a("back", "Back")
_STOP = _a("stop", "End your turn with one camel")
_KEEP_CARDS = _a("keep_cards", "Keep these cards")
_MARRY_FAMILY = {
    key: _a(
        "marry_family",
        f"Marry into the {board.family_name(key)} family ({board.FAMILIES[key]['portion']} Dirham)",
        family=key,
    )
    for key in board.FAMILY_ORDER
}
_EXPAND_FAMILY = {
    key: _a("expand_family", f"Expand the {board.family_name(key)} trading route", family=key)
    for key in board.FAMILY_ORDER
}
_DISCARD = {
    card: _a("discard", f"Discard {board.goods_label(card)}", card=card) for card in board.CARDS
}


def _place_action(family: str, space: str, second: bool) -> Action:
    name = board.family_name(family)
    if not second:
        return _a("place", f"Place a {name} camel on {board.space_label(space)}", space=space)
    return _a(
        "place",
        f"Place a second {name} camel on {board.space_label(space)} "
        f"({data.SECOND_CAMEL_COST} Dirham from the {name} treasury)",
        space=space,
    )


# (family, space, second camel?) -> the place action
_PLACE = {
    (family, space, second): _place_action(family, space, second)
    for family in board.FAMILY_ORDER
    for space in board.SPACE_ORDER
    for second in (False, True)
}


def _sell_choice(card: int, mode: str) -> Action:
    """The action that moves a card's standing choice on from ``mode``."""
    after = NEXT_SELL_MODE[mode]
    label = f"{board.goods_label(card)}: change to {SELL_LABELS[after]}"
    return _a("sell_choice", label, card=card, mode=after)


# (card, its current standing choice) -> the action that changes it
_SELL_CHOICE = {
    (card, mode): _sell_choice(card, mode) for card in board.CARDS for mode in NEXT_SELL_MODE
}


class SamarkandRules(GameRules):
    slug = "samarkand"
    name = "Samarkand: Routes to Riches"
    min_players = 2
    max_players = 5
    blurb = (
        "Marry into merchant families, stretch their camel routes across the map, collect "
        "goods and be there when two families first meet."
    )
    # Random camels, marriages and sales only blur an evaluation that already counts
    # what each card and camel is likely to earn (measured: docs/bots.md).
    bot_rollout = 0
    undo_types = frozenset({"back"})

    # --- setup and turn order -------------------------------------------------------------

    def hidden_parts(self, state: State) -> tuple:
        # What is random or unseen (a step that changes it is final):
        # the generator, the deck's order and the bag of unused families.
        return tuple(state[key] for key in ("rng", "deck", "bag"))

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Samarkand is played by 2 to 5 players.")
        return new_game(players, seed)

    def to_act(self, state: State) -> tuple[int, ...]:
        return () if state["end"] else (state["active"],)

    def copy_state(self, state: State) -> State:
        return copy_state(state)

    # --- legal actions --------------------------------------------------------------------
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["end"]:
            return []
        if seat != state["active"]:
            return self._sell_choices(state, seat)
        # mid-turn the choices stay on the turn's steps; sell choices wait for its start
        actions = self._turn_actions(state)
        return actions + self._sell_choices(state, seat) if state["step"] == "turn" else actions

    def _turn_actions(self, state: State) -> list[Action]:
        seat = state["active"]
        step = state["step"]
        if step == "turn":
            actions = []
            if marriable(state, seat):
                actions.append(_MARRY)
            if expandable(state, seat):
                actions.append(_EXPAND)
            return actions or [_PASS]
        if step == "marry":
            return [_MARRY_FAMILY[key] for key in marriable(state, seat)] + [_BACK]
        if step == "expand":
            return [_EXPAND_FAMILY[key] for key in expandable(state, seat)] + [_BACK]
        if step == "place":
            return self._place_actions(state)
        return self._discard_actions(state, seat)

    def _place_actions(self, state: State) -> list[Action]:
        family = state["family"]
        if not state["placed"]:
            return [_PLACE[family, space, False] for space in targets(state, family)] + [_BACK]
        return [_PLACE[family, space, True] for space in targets(state, family)] + [_STOP]

    def _discard_actions(self, state: State, seat: int) -> list[Action]:
        seat_state = state["seats"][seat]
        actions = []
        if state["discarded"] < moves.max_discards(state):
            actions = [_DISCARD[card] for card in sorted(seat_state["hand"])]
        if hand_count(seat_state) <= state["hand_limit"]:
            actions.append(_KEEP_CARDS)
        return actions

    def _sell_choices(self, state: State, seat: int) -> list[Action]:
        """One action per card whose space is still empty (the sale chance comes with the
        first camel): it moves the card's standing choice on to the next one."""
        seat_state = state["seats"][seat]
        hand = seat_state["hand"]
        if not hand:
            return []
        left = set(state["goods_left"])
        sell = seat_state["sell"]
        return [
            _SELL_CHOICE[card, sell.get(str(card), DEFAULT_SELL_MODE)]
            for card in sorted(hand)
            if card in left
        ]

    # --- carrying out -----------------------------------------------------------------------
    def perform(self, state: State, seat: int, action: Action) -> list[LogEntry]:
        kind = action.type
        if kind == "sell_choice":
            state["seats"][seat]["sell"][str(action["card"])] = action["mode"]
            return []  # a private standing order: nothing in the log
        if kind in ("marry", "expand"):
            state["step"] = kind
            return []
        if kind == "back":
            state["step"] = "turn"
            state["family"] = None
            return []
        if kind == "pass":
            return [log(f"{{p{seat}}} can neither marry nor expand, and passes.")] + (
                moves.end_turn(state, passed=True)
            )
        if kind == "marry_family":
            state["family"] = action["family"]
            return moves.marry(state, seat, action["family"])
        if kind == "discard":
            return moves.discard(state, seat, action["card"])
        if kind == "keep_cards":
            return moves.end_turn(state)
        if kind == "expand_family":
            state["family"] = action["family"]
            state["step"] = "place"
            return []
        if kind == "place":
            entries = moves.place_camel(state, seat, action["space"])
            if len(state["placed"]) == 2 or not can_place_second(state):
                entries.extend(moves.end_turn(state))
            return entries
        if kind == "stop":
            return moves.end_turn(state)
        raise AssertionError(f"unhandled action {kind}")

    # --- what players see -------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state) if state["end"] else None

    def prompt(self, state: State, seat: int | None) -> str:
        if state["end"]:
            return "The game is over."
        active = state["active"]
        if seat != active:
            return f"Waiting for {{p{active}}}."
        step = state["step"]
        family = board.family_name(state["family"]) if state["family"] else ""
        if step == "turn":
            if not (marriable(state, seat) or expandable(state, seat)):
                return "You can neither marry nor expand: pass."
            return "Marry into a family or expand a trading route."
        if step == "marry":
            return "Choose the family to marry into."
        if step == "expand":
            return "Choose the family whose trading route you expand."
        if step == "place" and not state["placed"]:
            return f"Place a {family} camel next to its trading route."
        if step == "place":
            return (
                f"Place a second {family} camel ({data.SECOND_CAMEL_COST} Dirham from the "
                f"{family} treasury) or end your turn."
            )
        held = hand_count(state["seats"][seat])
        left = moves.max_discards(state) - state["discarded"]
        return (
            f"You hold {held} cards (limit {state['hand_limit']}): discard up to {left} "
            "or keep them."
        )

    def explain(self, state: State, seat: int, action: Action) -> str:
        if state["end"]:
            return "The game is over."
        seat_state = state["seats"][seat]
        if action.type == "sell_choice":
            if action.get("card") not in seat_state["hand"]:
                return "That goods card is not in your hand."
            return "Choose sell, keep, or sell unless one of your families' camels arrives."
        if seat != state["active"]:
            return "It is not your turn."
        if action.type == "marry_family" and state["step"] == "marry":
            key = action.get("family")
            if key not in board.FAMILIES:
                return "There is no such family."
            if state["families"][key]["tiles"] < 1:
                return f"No {board.family_name(key)} family tile is left to marry."
            if key in seat_state["tiles"] and not can_marry(state, seat, key):
                return f"You are already married into the {board.family_name(key)} family."
            return (
                f"You cannot afford the marriage portion of "
                f"{board.FAMILIES[key]['portion']} Dirham."
            )
        if action.type == "expand_family" and state["step"] == "expand":
            key = action.get("family")
            if key not in seat_state["tiles"]:
                return "You can only expand the routes of families you married into."
            return "That family has no camel left or no free space next to its route."
        if action.type == "place" and state["step"] == "place":
            return self._explain_place(state, action.get("space"))
        if action.type == "keep_cards" and state["step"] == "discard":
            return f"You must get down to your hand limit of {state['hand_limit']} cards."
        return f"You cannot do that now. {self.prompt(state, seat)}"

    def _explain_place(self, state: State, space: Any) -> str:
        family = state["family"]
        if space not in board.SPACES:
            return "There is no such space."
        if state["placed"] and state["families"][family]["treasury"] < data.SECOND_CAMEL_COST:
            return "The family treasury is empty: only 1 camel this turn."
        occupants = state["camels"][space]
        if family in occupants:
            return "The camels on a space must be of different colours."
        if len(occupants) >= 2:
            return "No more than 2 camels may occupy a space."
        return "A camel must go next to a camel of the same colour."

    # --- defaults and bots ------------------------------------------------------------------
    def default_action(self, state: State, seat: int) -> Action:
        """Timed out: expand by one free camel where it helps most, else marry the cheapest
        family, discard the weakest cards only when over the limit, never spend treasuries."""
        legal = [
            action for action in self.legal_actions(state, seat) if action.type != "sell_choice"
        ]
        by_type = {action.type: action for action in legal}
        step = state["step"]
        if step == "turn":
            return by_type.get("expand") or by_type.get("marry") or by_type["pass"]
        if step == "marry":
            options = [action for action in legal if action.type == "marry_family"]
            return min(options, key=lambda a: board.FAMILIES[a["family"]]["portion"])
        if step == "expand":
            options = [action for action in legal if action.type == "expand_family"]
            return max(options, key=lambda a: self._best_target(state, seat, a["family"])[0])
        if step == "place":
            if state["placed"]:
                return by_type["stop"]
            space = self._best_target(state, seat, state["family"])[1]
            return next(a for a in legal if a.type == "place" and a["space"] == space)
        if "keep_cards" in by_type:
            return by_type["keep_cards"]
        hand = state["seats"][seat]["hand"]
        worst = min(hand, key=lambda card: heuristics.card_prospect(state, seat, card))
        return next(a for a in legal if a.type == "discard" and a["card"] == worst)

    def _best_target(self, state: State, seat: int, family: str) -> tuple[float, str]:
        return max(
            (heuristics.placement_value(state, seat, family, space), space)
            for space in targets(state, family)
        )

    def evaluate(self, state: State, seat: int) -> float:
        return heuristics.evaluate(state, seat)

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return sampling.determinize(state, seat, seed)

    # --- consistency --------------------------------------------------------------------------
    def invariant_violations(self, state: State) -> list[str]:
        return violations(state)
