"""Samarkand: Routes to Riches as a :class:`GameRules`.

A turn is a few small steps: choose marry or expand, then the family, then (expanding) the
space of each camel, or (marrying, when cards were drawn) the cards to discard. Besides
that, every player may at any time set a standing choice on each goods card in hand: sell it
when the first camel reaches its space, keep it, or sell unless the camel is of one of the
holder's families. The sale then happens on its own, so nobody learns who keeps a card.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ..contract import Action, GameRules, LogEntry, Outcome, State, log, say, say_count, term
from . import board, data, heuristics, moves, refusals, sampling, scoring
from . import view as views
from .checks import violations
from .state import (
    DEFAULT_SELL_MODE,
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


def _a(kind: str, label: str, **params: Any) -> Action:
    return Action.make(kind, label=label, **params)


# Actions are immutable and their labels depend on their parameters alone, so each one is
# made once and the same object is listed again whenever it is legal.
_PASS = _a("pass", say("Pass (you can neither marry nor expand)"))
_MARRY = _a("marry", say("Marry into a family"))
_EXPAND = _a("expand", say("Expand a trading route"))
_BACK = _a("back", say("Back"))
_STOP = _a("stop", say("End your turn with one camel"))
_KEEP_CARDS = _a("keep_cards", say("Keep these cards"))
_MARRY_FAMILY = {
    key: _a(
        "marry_family",
        say(
            "Marry into the {family} family ({portion} Dirham)",
            family=board.family_name(key),
            portion=board.FAMILIES[key]["portion"],
        ),
        family=key,
    )
    for key in board.FAMILY_ORDER
}
_EXPAND_FAMILY = {
    key: _a(
        "expand_family",
        say("Expand the {family} trading route", family=board.family_name(key)),
        family=key,
    )
    for key in board.FAMILY_ORDER
}
_DISCARD = {
    card: _a("discard", say("Discard {card}", card=board.goods_label(card)), card=card)
    for card in board.CARDS
}


def _place_action(family: str, space: str, second: bool) -> Action:
    name = board.family_name(family)
    where = board.space_label(space)
    if not second:
        if board.takes_an(family):
            label = say("Place an {family} camel on {space}", family=name, space=where)
        else:
            label = say("Place a {family} camel on {space}", family=name, space=where)
        return _a("place", label, space=space)
    label = say(
        "Place a second {family} camel on {space} ({cost} Dirham from the {family} treasury)",
        family=name,
        space=where,
        cost=data.SECOND_CAMEL_COST,
    )
    return _a("place", label, space=space)


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
    name = board.goods_label(card)
    if after == "auto":
        label = say("{card}: change to sell unless one of my families' camels arrives", card=name)
    elif after == "sell":
        label = say("{card}: change to always sell", card=name)
    else:
        label = say("{card}: change to keep", card=name)
    return _a("sell_choice", label, card=card, mode=after)


# (card, its current standing choice) -> the action that changes it
_SELL_CHOICE = {
    (card, mode): _sell_choice(card, mode) for card in board.CARDS for mode in NEXT_SELL_MODE
}


# --- the prompts and log lines said often (each said once) ------------------------------------
_GAME_OVER = say("The game is over.")
_NOT_YOUR_TURN = say("It is not your turn.")
_MUST_PASS = say("You can neither marry nor expand: pass.")
_MARRY_OR_EXPAND = say("Marry into a family or expand a trading route.")
_CHOOSE_MARRY = say("Choose the family to marry into.")
_CHOOSE_EXPAND = say("Choose the family whose trading route you expand.")


@lru_cache(maxsize=16)
def _waiting_for(seat: int) -> str:
    return say("Waiting for {player}.", player=f"{{p{seat}}}")


@lru_cache(maxsize=64)
def _place_prompt(family: str, second: bool) -> str:
    name = board.family_name(family) if family else ""
    if not second:
        if family and board.takes_an(family):
            return say("Place an {family} camel next to its trading route.", family=name)
        return say("Place a {family} camel next to its trading route.", family=name)
    return say(
        "Place a second {family} camel ({cost} Dirham from the {family} treasury) or end your "
        "turn.",
        family=name,
        cost=data.SECOND_CAMEL_COST,
    )


@lru_cache(maxsize=256)
def _discard_prompt(held: int, limit: int, left: int) -> str:
    # held is at least 2 here: the discard step comes only after drawing 2 or 3 cards
    return say_count(
        held,
        "You hold {n} card (limit {limit}): discard up to {left} or keep them.",
        "You hold {n} cards (limit {limit}): discard up to {left} or keep them.",
        limit=limit,
        left=left,
    )


@lru_cache(maxsize=16)
def _passed(seat: int) -> LogEntry:
    return log(say("{player} can neither marry nor expand, and passes.", player=f"{{p{seat}}}"))


class SamarkandRules(GameRules):
    slug = "samarkand"
    name = term("Samarkand: Routes to Riches")
    min_players = 2
    max_players = 5
    blurb = term(
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
            return [_passed(seat)] + moves.end_turn(state, passed=True)
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
            return _GAME_OVER
        active = state["active"]
        if seat != active:
            return _waiting_for(active)
        step = state["step"]
        if step == "turn":
            if not (marriable(state, seat) or expandable(state, seat)):
                return _MUST_PASS
            return _MARRY_OR_EXPAND
        if step == "marry":
            return _CHOOSE_MARRY
        if step == "expand":
            return _CHOOSE_EXPAND
        if step == "place":
            return _place_prompt(state["family"] or "", bool(state["placed"]))
        held = hand_count(state["seats"][seat])
        left = moves.max_discards(state) - state["discarded"]
        return _discard_prompt(held, state["hand_limit"], left)

    def explain(self, state: State, seat: int, action: Action) -> str:
        if state["end"]:
            return _GAME_OVER
        if action.type == "sell_choice":
            return refusals.sell_choice(state, seat, action)
        if seat != state["active"]:
            return _NOT_YOUR_TURN
        reason = refusals.BY_TYPE.get(action.type)
        if reason is not None:
            return reason(state, seat, action)
        return say("You cannot do that now. {prompt}", prompt=self.prompt(state, seat))

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
