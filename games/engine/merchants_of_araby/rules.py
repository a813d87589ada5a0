"""Merchants of Araby's ``GameRules``: wires the turn, the moves, the deals and the view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import deals
from ..contract import (
    Action,
    GameRules,
    LogEntry,
    Option,
    Outcome,
    SeatScore,
    State,
    rank_scores,
    term,
)
from . import checks, data, offers
from .moves import HANDLERS, choices, perform
from .state import EMPTY, copy_state, new_state
from .turn import begin_turn
from .view import prompt, view, waiting_for

STACK_CHOICES = tuple(str(n) for n in range(data.STACKS, 11))


class MerchantsOfArabyRules(GameRules):
    slug = "merchants-of-araby"
    name = term("Merchants of Araby")
    min_players = 2
    max_players = 5
    options = (
        Option(
            "stacks",
            "Caravan stacks",
            tuple((n, f"{n} rounds") for n in STACK_CHOICES),
            str(data.STACKS),
            "One round per caravan stack; add stacks for a longer game (20 caravan cards in all).",
        ),
    )
    deal_kinds = offers.KINDS
    bot_rollout = 0
    anytime_moves = frozenset({"play", "task", "camel"})
    blurb = term(
        "Negotiate for everything: build an entourage, invest camels in each other's "
        "caravans and hide the most coins in your tent."
    )

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError("Merchants of Araby is for 2-5 players.")
        stacks = options.get("stacks", str(data.STACKS))
        if stacks not in STACK_CHOICES or int(stacks) * players > len(data.CARAVANS):
            raise ValueError(
                f"With {players} players there are at most "
                f"{len(data.CARAVANS) // players} caravan stacks."
            )
        state = new_state(players, options, seed)
        begin_turn(state, [])
        return state

    def to_act(self, state: State) -> tuple[int, ...]:
        return tuple(waiting_for(state))

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return choices(state, seat) + self.deal_responses(state, seat)

    def is_listed(self, state: State, seat: int, action: Action) -> bool:
        if action.type in ("play", "task", "camel", "end_turn"):
            return action in choices(state, seat, action)
        return super().is_listed(state, seat, action)

    def copy_state(self, state: State) -> State:
        return copy_state(state)

    def perform(self, state: State, seat: int, action: Action) -> list[LogEntry]:
        logs: list[LogEntry] = []
        perform(state, seat, action, logs)
        return logs

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def prompt(self, state: State, seat: int | None) -> str:
        return prompt(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        keys = [(state["coins"][s], len(state["entourage"][s])) for s in range(state["players"])]
        ranks = rank_scores(keys)
        scores = tuple(
            SeatScore(
                s,
                keys[s][0],
                (("Coins", keys[s][0]), ("Entourage (tie-break)", keys[s][1])),
                ranks[s],
            )
            for s in range(state["players"])
        )
        winners = tuple(s for s in range(state["players"]) if ranks[s] == 1)
        best = keys[winners[0]][0]
        reason = f"{' and '.join(f'{{p{s}}}' for s in winners)} revealed {best} coins."
        return Outcome(winners, scores, reason)

    def default_action(self, state: State, seat: int) -> Action:
        """Let a caravan resolve, end the turn, take the first choice offered."""
        legal = choices(state, seat)
        for preferred in ("pass", "end_turn"):
            for action in legal:
                if action.type == preferred:
                    return action
        if legal:
            return legal[0]
        return super().default_action(state, seat)

    def explain(self, state: State, seat: int, action: Action) -> str:
        if state["phase"] == "over":
            return "The game is over."
        kind = action.type
        if kind not in HANDLERS:
            return f"There is no move called '{kind}' in Merchants of Araby."
        if state["pending"] and state["pending"][0]["seat"] != seat:
            return f"Waiting for {{p{state['pending'][0]['seat']}}} to choose."
        if state["phase"] == "window" and kind not in ("react", "pass"):
            return (
                "Only cards that mention Bandits or Payouts may be played while a caravan resolves."
            )
        card = action.get("card")
        if kind == "play" and isinstance(card, str) and card in data.CARDS:
            info = data.CARDS[card]
            if card not in state["hands"][seat]:
                return f"You do not hold {info['name']}."
            if info["kind"] != "djinn" and seat != state["turn"]:
                return f"A {data.KIND_NAMES[info['kind']]} can only be played on your turn."
            if info["effect"][0] in data.REACTIONS:
                return f"{info['name']} is played only while a caravan resolves."
            return f"You cannot pay for {info['name']} that way ({data.cost_text(card)})."
        if kind == "task" and isinstance(card, str):
            if card not in state["entourage"][seat]:
                return "You can only task cards in your own entourage."
            return "That card is already tasked; it refreshes at the start and end of your turn."
        if kind == "camel":
            return _camel_reason(state, seat, action)
        if kind in ("end_turn", "draft") and seat != state["turn"]:
            return "It is not your turn."
        return super().explain(state, seat, action)

    # --- deals -----------------------------------------------------------------------
    def deal_terms(self, state: State, seat: int) -> deals.DealTerms | None:
        return offers.terms(state, seat)

    def deal_obstacle(self, state: State, deal: dict[str, Any], taker: int | None) -> str:
        return offers.obstacle(state, deal, taker)

    def deal_execute(
        self, state: State, deal: dict[str, Any], taker: int, logs: list[LogEntry]
    ) -> None:
        offers.execute(state, deal, taker, logs)

    def deal_epoch(self, state: State) -> Any:
        return state["turn_no"]

    def sample_offer(self, state: State, seat: int, rng_seed: int) -> Action | None:
        return offers.sample(state, seat, rng_seed)

    # --- bots and checks -------------------------------------------------------------
    def evaluate(self, state: State, seat: int) -> float:
        value = float(state["coins"][seat]) + 0.5 * len(state["entourage"][seat])
        value += 0.3 * len(state["hands"][seat])
        for caravan in state["caravans"]:
            if caravan is not None:
                value += 2.0 * caravan["spaces"].count(seat)
        return value

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return checks.determinize(state, seat, seed)

    def invariant_violations(self, state: State) -> list[str]:
        return checks.violations(state)


def _camel_reason(state: State, seat: int, action: Action) -> str:
    owner, space = action.get("owner"), action.get("space")
    if type(owner) is not int or not 0 <= owner < state["players"]:
        return "Choose whose caravan to put the camel on."
    caravan = state["caravans"][owner]
    if caravan is None:
        return "That player has no caravan now."
    if type(space) is not int or not 1 <= space <= 9:
        return "Caravan spaces are numbered 1 to 9."
    if not state["camels"][seat]:
        return "All five of your camels are already on caravans."
    if caravan["spaces"][space - 1] != EMPTY:
        return "That space already holds a camel."
    product = data.GRIDS[caravan["card"]][space - 1]
    if not state["products"][seat].get(product):
        return (
            f"Space {space} needs {data.PRODUCT_NAMES[product]} you have produced this "
            "turn (discarded cards never make products for caravans)."
        )
    if owner != seat:
        return "You need that player's permission to invest in their caravan."
    return "Your caravan is locked to you outside your turn unless the active player lets you."
