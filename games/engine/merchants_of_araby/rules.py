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
    listed_and,
    rank_scores,
    say,
    say_count,
    term,
)
from . import checks, data, foresight, offers, trading
from .moves import HANDLERS, choices, perform
from .state import EMPTY, copy_state, new_state, who
from .turn import begin_turn
from .view import prompt, view, waiting_for

STACK_CHOICES = tuple(str(n) for n in range(data.STACKS, 11))
END_WINDOWS = ("1", "2", "5", "15", "60")  # minutes


# Moves that only answer something the game asks for, refused when nothing asks.
_OUT_OF_PLACE = {
    "give": say(
        "There is nothing to give away now: only a card you drew by a card's effect can be given."
    ),
    "choose": say("There is no product to choose now."),
    "react": say("Cards that mention Bandits or Payouts are played only while a caravan resolves."),
    "pass": say("There is nothing to pass on: no caravan is resolving."),
    "draft": say(
        "You take cards from the draft line after ending your turn, or when a card lets you."
    ),
}
# What a seat that owes a choice must do first, by the kind of choice.
_OWED_FIRST = {
    "product": say("First choose which product to produce."),
    "draft": say("First take a card from the draft line."),
    "give": say("First give away one of the cards you drew."),
}
# Why a card of a kind played on its owner's turn only is refused on another's.
_OWN_TURN_ONLY = {
    "merchant": say("A Merchant can only be played on your turn."),
    "ally": say("An Ally can only be played on your turn."),
    "virtue": say("A Virtue can only be played on your turn."),
}
_NO_LONGER_ON_THE_LINE = say("That card is no longer on the draft line.")
_GAME_OVER = say("The game is over.")


def _owed_reason(owed: str, kind: str) -> str:
    """Why ``kind`` is refused while the seat owes a choice of the kind ``owed``."""
    if kind == "draft" and owed == "draft":
        return _NO_LONGER_ON_THE_LINE
    if kind == "give" and owed == "give":
        return say("You can give away only a card you just drew, to another player.")
    if kind == "choose" and owed == "product":
        return say("Choose one of the four products.")
    return _OWED_FIRST.get(owed) or say("First finish the choice you owe.")


class MerchantsOfArabyRules(GameRules):
    slug = "merchants-of-araby"
    name = term("Merchants of Araby")
    min_players = 2
    max_players = 5
    options = (
        Option(
            "stacks",
            term("Caravan stacks"),
            tuple((n, say_count(int(n), "{n} round", "{n} rounds")) for n in STACK_CHOICES),
            str(data.STACKS),
            term(
                "One round per caravan stack; add stacks for a longer game "
                "(20 caravan cards in all)."
            ),
        ),
        Option(
            "end_window",
            term("Time for open offers after the end of a turn is announced"),
            tuple((n, say_count(int(n), "{n} minute", "{n} minutes")) for n in END_WINDOWS),
            "2",
            term(
                "When the active player announces the end of the turn, open offers may still "
                "be accepted this long (never past the player's clock); then the turn ends."
            ),
        ),
    )
    deal_kinds = offers.KINDS
    bot_rollout = 0
    # The strong level plans its own turn two steps deep over the six best steps, rather
    # than a tree search: a turn chains many plays, tasks and camels, each card with dozens
    # of ways to pay, and the tree search did no better than greedy (docs/bots.md).
    bot_search_settings = {"plan_width": 6, "plan_depth": 2}
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
        if action.type in ("play", "task", "camel", "end_turn", "announce_end"):
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
                ((term("Coins"), keys[s][0]), (term("Entourage (tie-break)"), keys[s][1])),
                ranks[s],
            )
            for s in range(state["players"])
        )
        winners = tuple(s for s in range(state["players"]) if ranks[s] == 1)
        best = keys[winners[0]][0]
        reason = say_count(
            best,
            "{players} revealed {n} coin.",
            "{players} revealed {n} coins.",
            players=listed_and([who(s) for s in winners]),
        )
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
            return _GAME_OVER
        kind = action.type
        if kind not in HANDLERS:
            return say("There is no move called '{move}' in Merchants of Araby.", move=kind)
        if state["pending"] and state["pending"][0]["seat"] != seat:
            return say("Waiting for {player} to choose.", player=who(state["pending"][0]["seat"]))
        if state["pending"]:  # this seat owes a choice first
            return _owed_reason(state["pending"][0]["kind"], kind)
        if state["phase"] == "window" and kind not in ("react", "pass"):
            return say(
                "Only cards that mention Bandits or Payouts may be played while a caravan resolves."
            )
        if state["phase"] == "window":
            asked = state["resolving"]["asked"]
            if asked and asked[0] != seat:
                return say("Waiting for {player} to decide whether to react.", player=who(asked[0]))
        if state["phase"] == "draft" and seat == state["turn"]:
            if kind == "draft":
                return _NO_LONGER_ON_THE_LINE
            return say("You ended your turn: take your cards from the draft line.")
        card = action.get("card")
        if kind == "play" and isinstance(card, str) and card in data.CARDS:
            info = data.CARDS[card]
            if card not in state["hands"][seat]:
                return say("You do not hold {card}.", card=info["name"])
            if info["kind"] != "djinn" and seat != state["turn"]:
                return _OWN_TURN_ONLY[info["kind"]]
            if info["effect"][0] in data.REACTIONS:
                return say("{card} is played only while a caravan resolves.", card=info["name"])
            return say(
                "You cannot pay for {card} that way ({cost}).",
                card=info["name"],
                cost=data.cost_text(card),
            )
        if kind == "task" and isinstance(card, str):
            if card not in state["entourage"][seat]:
                return say("You can only task cards in your own entourage.")
            return say(
                "That card is already tasked; it refreshes at the start and end of your turn."
            )
        if kind == "camel":
            return _camel_reason(state, seat, action)
        if kind in ("end_turn", "draft", "announce_end") and seat != state["turn"]:
            return say("It is not your turn.")
        if kind in _OUT_OF_PLACE and state["phase"] != "window":
            return _OUT_OF_PLACE[kind]
        if kind == "announce_end":
            if state.get("closing"):
                return say("You already announced the end of your turn.")
            return say("There is no open offer to wait for: end your turn.")
        if seat == state["turn"] and state.get("closing"):
            return say("You announced the end of your turn: you can only end it now.")
        return super().explain(state, seat, action)

    def turn_closing(self, state: State) -> int | None:
        return state["turn"] if state.get("closing") and state["phase"] == "play" else None

    def closing_seconds(self, options: Mapping[str, str]) -> int:
        minutes = options.get("end_window", "2")
        return 60 * int(minutes if minutes in END_WINDOWS else "2")

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
        return trading.evaluate(state, seat)

    def bot_plan_evaluate(self, state: State, seat: int) -> float:
        """What the strong level's turn plan weighs positions by (``foresight``)."""
        return foresight.evaluate(state, seat)

    def bot_proposal(self, state: State, seat: int, seed: int) -> Action | None:
        """The offer a bot at ``seat`` makes now (``state`` as the seat sees it), or None."""
        return trading.bot_proposal(self, state, seat, seed)

    def bot_plan_proposal(self, state: State, seat: int, seed: int) -> Action | None:
        """The strong level's offers: judged by its own measure (``foresight``), and never
        a standing order, which only the taker's own interest decides whether to take
        (with two players the opponent takes a product or a permit exactly when it
        completes a line of theirs worth far more than the coin it pays)."""
        return trading.bot_proposal(
            self, state, seat, seed, judge=foresight.evaluate, standing_orders=False
        )

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return checks.determinize(state, seat, seed)

    def invariant_violations(self, state: State) -> list[str]:
        return checks.violations(state)


def _camel_reason(state: State, seat: int, action: Action) -> str:
    owner, space = action.get("owner"), action.get("space")
    if type(owner) is not int or not 0 <= owner < state["players"]:
        return say("Choose whose caravan to put the camel on.")
    caravan = state["caravans"][owner]
    if caravan is None:
        return say("That player has no caravan now.")
    if type(space) is not int or not 1 <= space <= 9:
        return say("Caravan spaces are numbered 1 to 9.")
    if not state["camels"][seat]:
        return say("All five of your camels are already on caravans.")
    if caravan["spaces"][space - 1] != EMPTY:
        return say("That space already holds a camel.")
    product = data.GRIDS[caravan["card"]][space - 1]
    if not state["products"][seat].get(product):
        return say(
            "Space {space} needs {product} you have produced this turn (discarded cards "
            "never make products for caravans).",
            space=space,
            product=data.PRODUCT_NAMES[product],
        )
    if owner != seat:
        return say("You need that player's permission to invest in their caravan.")
    return say("Your caravan is locked to you outside your turn unless the active player lets you.")
