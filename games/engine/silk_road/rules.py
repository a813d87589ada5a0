"""Silk Road's ``GameRules``: wires the phases, trade offers, view and scoring together."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import deals
from ..contract import Action, GameRules, LogEntry, Option, Outcome, State, say, say_count, term
from . import data, offers, sampling, scoring
from .choices import PHASE_CHOICES, sellable
from .invariants import violations
from .moves import HANDLERS
from .state import acting_seat, capacity, new_state, size
from .turn import advance, begin_turn
from .view import PHASE_NAMES, prompt, view, waiting_for

# The phase in which each action type is a choice, for telling a player why not now.
_PHASE_OF = {
    "buy": "buy",
    "trade_draw": "buy",
    "road": "travel",
    "guard": "travel",
    "stop": "travel",
    "bandit": "bandit",
    "negate": "robbed",
    "lose": "robbed",
    "sell": "sell",
    "keep": "sell",
    "discard": "end",
}
# A player timing out at the End phase discards the kind held most; ties go in this order.
_DISCARD_RANK = {
    kind: -rank for rank, kind in enumerate(("bandit", *data.GOODS, *data.ROADS, "guard", "trade"))
}


class SilkRoadRules(GameRules):
    slug = "silk-road"
    name = term("Silk Road")
    min_players = 2
    max_players = 6
    options = (
        Option(
            "personalities",
            term("Personalities"),
            (("off", term("Off")), ("on", term("On"))),
            "off",
            term("Each merchant draws a public personality card with a special ability."),
        ),
    )
    deal_kinds = offers.KINDS
    state_format = 2  # 2: trade offers kept as generic deals ("deals", "next_deal")
    blurb = term(
        "Caravan merchants carry goods back and forth between China and Arabia; "
        "the first to 25 coins wins."
    )

    def hidden_parts(self, state: State) -> tuple:
        # What is random or unseen (a step that changes it is final):
        # the generator and the deck's order (discards and caravans are open).
        return tuple(state[key] for key in ("rng", "deck"))

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Silk Road is for {self.min_players}-{self.max_players} players.")
        if options.get("personalities", "off") not in ("off", "on"):
            raise ValueError("The personalities option is 'off' or 'on'.")
        state = new_state(players, options, seed)
        begin_turn(state, [])
        advance(state, [])
        return state

    def to_act(self, state: State) -> tuple[int, ...]:
        return tuple(waiting_for(state))

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        phase = state["phase"]
        if phase == "over":
            return []
        acts = PHASE_CHOICES[phase](state) if seat == acting_seat(state) else []
        return acts + self.deal_responses(state, seat)

    def perform(self, state: State, seat: int, action: Action) -> list[LogEntry]:
        logs: list[LogEntry] = []
        HANDLERS[action.type](state, seat, action, logs)
        advance(state, logs)
        return logs

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state)

    def prompt(self, state: State, seat: int | None) -> str:
        return prompt(state, seat)

    def default_action(self, state: State, seat: int) -> Action:
        """Buy nothing, stay, let caravans pass, keep one's goods, sell, shed spare cards."""
        legal = self.legal_actions(state, seat)
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action.type, []).append(action)
        for preferred in ("negate", "sell", "pass", "stop"):
            if preferred in by_type:
                return by_type[preferred][0]
        if "lose" in by_type:
            # Lose a good of the kind carried most, so the fewest types are lost.
            caravan = state["caravans"][seat]
            return max(by_type["lose"], key=lambda a: caravan[a["good"]])
        if "discard" in by_type:
            hand = state["hands"][seat]
            return max(
                by_type["discard"], key=lambda a: (hand[a["card"]], _DISCARD_RANK[a["card"]])
            )
        if "decline" in by_type:
            return by_type["decline"][0]
        return legal[0]

    def explain(self, state: State, seat: int, action: Action) -> str:
        if state["over"] is not None:
            return _GAME_OVER
        kind = action.type
        phase = _PHASE_OF.get(kind)
        if kind == "pass":  # done buying, or letting a caravan pass the Bandits
            phase = state["phase"] if state["phase"] in ("buy", "bandit") else "buy"
        if phase is None:
            return say("There is no move called '{move}' in Silk Road.", move=kind)
        if seat not in waiting_for(state):
            return _NOT_YOUR_TURN
        if phase != state["phase"]:
            return say(
                "That belongs to the {phase} phase; now it is the {now} phase. {prompt}",
                phase=_phase_word(phase),
                now=_phase_word(state["phase"]),
                prompt=prompt(state, seat),
            )
        # The seat is waiting, so the generic reason would be "You cannot do that now…":
        # said here, where it can be translated.
        return _explain_phase(state, seat, action) or say(
            "You cannot do that now. {prompt}", prompt=prompt(state, seat)
        )

    def deal_terms(self, state: State, seat: int) -> deals.DealTerms | None:
        return offers.terms(state, seat)

    def deal_obstacle(self, state: State, deal: dict[str, Any], taker: int | None) -> str:
        return offers.obstacle(state, deal, taker)

    def deal_execute(
        self, state: State, deal: dict[str, Any], taker: int, logs: list[LogEntry]
    ) -> None:
        offers.execute(state, deal, taker, logs)

    def after_deal(self, state: State, logs: list[LogEntry]) -> None:
        advance(state, logs)  # a hand that shrank below its limit may end the End phase

    def sample_offer(self, state: State, seat: int, rng_seed: int) -> Action | None:
        return offers.sample(state, seat, rng_seed)

    def evaluate(self, state: State, seat: int) -> float:
        return scoring.evaluate(state, seat)

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return sampling.determinize(state, seat, seed)

    def invariant_violations(self, state: State) -> list[str]:
        return violations(state)


_GAME_OVER = say("The game is over.")
_NOT_YOUR_TURN = say("It is not your turn.")
_NO_TRADE = say("You hold no Trade card.")
_NO_GUARDS = say("You hold no Guards card.")
# The phases as a refusal names them (the view's names; "over" never comes up there).
_PHASE_WORDS = {phase: name for phase, name in PHASE_NAMES.items() if phase != "over"}


def _phase_word(phase: str) -> str:
    return _PHASE_WORDS.get(phase) or phase.title()


def _explain_phase(state: State, seat: int, action: Action) -> str:
    """The specific reason a move of the current phase is not allowed, or ''."""
    kind = action.type
    hand = state["hands"][seat]
    pos = state["pos"][seat]
    if kind in ("buy", "trade_draw") and pos not in data.BUYS_AT:
        return say("You can only buy goods, or use Trade to draw, in Arabia or China.")
    if kind == "buy":
        good, count = action.get("good"), action.get("count")
        allowed = data.BUYS_AT[pos]
        if good not in allowed:
            names = data.listed([data.NAMES[k] for k in allowed])
            return say(
                "In {place} you can buy only {goods}.", place=data.space_name(pos), goods=names
            )
        if state["bought"] not in (None, good):
            return say(
                "You already bought {good}: one type per turn.", good=data.NAMES[state["bought"]]
            )
        if type(count) is not int or count < 1:
            return say("Buy at least one good.")
        if hand.get(good, 0) < count:
            held = hand.get(good, 0)
            return say_count(
                held,
                "You hold only {n} {good}.",
                "You hold only {n} {good}.",
                good=data.NAMES[good],
            )
        room = capacity(state, seat) - size(state["caravans"][seat])
        if count > room:
            return say_count(
                room,
                "Your caravan has room for only {n} more good.",
                "Your caravan has room for only {n} more goods.",
            )
        if count * data.GOOD_PRICE > state["coins"][seat]:
            return say_count(
                state["coins"][seat], "You have only {n} coin.", "You have only {n} coins."
            )
    if kind == "trade_draw" and "trade" not in hand:
        return _NO_TRADE
    if kind == "road":
        card, toward = action.get("card"), action.get("toward")
        if card not in data.ROADS:
            return say("Travel needs a road card: Steppes, Desert or Mountains.")
        if card not in hand:
            return say("You hold no {card}.", card=data.NAMES[card])
        if state["move_kind"] not in (None, card):
            return say(
                "All road cards played in a turn must be of one type: {road}.",
                road=data.NAMES[state["move_kind"]],
            )
        step = data.TOWARD.get(toward)
        if step is None:
            return say("Travel toward 'arabia' or 'china'.")
        if state["move_dir"] not in (0, step):
            return say("You travel in one direction per turn.")
        if not 0 <= pos + step < data.SPACES:
            return say("You cannot travel past {place}.", place=data.space_name(pos))
    if kind == "guard":
        if "guard" not in hand:
            return _NO_GUARDS
        if not state["move_dir"]:
            return say("Play a road card first: Guards give 1 extra space.")
    if kind == "negate" and "guard" not in hand:
        return _NO_GUARDS
    if kind in ("sell", "keep") and not sellable(state):
        return say("There is nothing to sell here.")
    if kind == "sell" and action.get("trade") is not None:
        if "trade" not in hand:
            return _NO_TRADE
        return say("Play Trade on a type of goods you are selling.")
    if kind == "discard" and action.get("card") not in hand:
        return say("You do not hold that card.")
    return ""
