"""A tiny complete game for the platform's tests: race to a target score.

Each seat holds a hidden hand of coloured cards (red 1, green 2, blue 3). On your turn you
play one card for its points (and draw one) or pass (and draw one); a red card
lets you play again. The player whose turn
it is may offer a trade of cards to another seat, who accepts or declines; the proposer may
withdraw it. First to the target (option, default 10) wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import rng
from games.engine.contract import (
    Action,
    GameRules,
    LogEntry,
    Option,
    Outcome,
    SeatScore,
    State,
    log,
    rank_scores,
)
from games.engine.decks import count_by_kind, draw

VALUES = {"red": 1, "green": 2, "blue": 3}


class ToyRules(GameRules):
    slug = "toy"
    name = "Toy Race"
    min_players = 2
    max_players = 4
    blurb = "Race to the target score with a hand of coloured cards."
    options = (Option("target", "Target score", (("10", "10 points"), ("15", "15 points")), "10"),)

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        state: State = {
            "players": players,
            "rng": rng.seed_state(seed),
            "target": int(options.get("target", "10")),
            "deck": [kind for kind in VALUES for _ in range(12)],
            "discard": [],
            "scores": [0] * players,
            "turn": 0,
            "offer": None,
        }
        rng.shuffle(state, state["deck"])
        state["hands"] = [draw(state, 3) for _ in range(players)]
        return state

    def to_act(self, state: State) -> tuple[int, ...]:
        if self.outcome(state) is not None:
            return ()
        if state["offer"]:
            return (state["offer"]["to"],)
        return (state["turn"],)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if self.outcome(state) is not None:
            return []
        offer = state["offer"]
        if offer:
            if seat == offer["to"]:
                actions = [Action.make("decline", label="Decline the offer")]
                if _holds(state["hands"][seat], offer["ask"]):
                    actions.insert(0, Action.make("accept", label="Accept the offer"))
                return actions
            if seat == offer["from"]:
                return [Action.make("withdraw", label="Withdraw your offer")]
            return []
        if seat != state["turn"]:
            return []
        plays = [
            Action.make("play", label=f"Play {kind} (+{VALUES[kind]})", card=kind)
            for kind in sorted(set(state["hands"][seat]))
        ]
        return [*plays, Action.make("pass", label="Pass and draw")]

    def perform(self, state: State, seat: int, action: Action) -> list[LogEntry]:
        hands = state["hands"]
        if action.type == "play":
            kind = action["card"]
            hands[seat].remove(kind)
            state["discard"].append(kind)
            state["scores"][seat] += VALUES[kind]
            entries = [log(f"{{p{seat}}} played {kind} for {VALUES[kind]}.")]
            return entries + self._draw_and_pass(state, seat, again=kind == "red")
        if action.type == "pass":
            return [log(f"{{p{seat}}} passed.")] + self._draw_and_pass(state, seat)
        if action.type == "offer":
            state["offer"] = {
                "from": seat,
                "to": action["to"],
                "give": list(action["give"]),
                "ask": list(action["ask"]),
            }
            return [log(f"{{p{seat}}} offered {{p{action['to']}}} a trade.")]
        offer = state["offer"]
        state["offer"] = None
        if action.type == "accept":
            for card in offer["give"]:
                hands[offer["from"]].remove(card)
                hands[offer["to"]].append(card)
            for card in offer["ask"]:
                hands[offer["to"]].remove(card)
                hands[offer["from"]].append(card)
            return [log(f"{{p{seat}}} accepted the trade with {{p{offer['from']}}}.")]
        verb = "declined" if action.type == "decline" else "withdrew"
        return [log(f"{{p{seat}}} {verb} the offer.")]

    def _draw_and_pass(self, state: State, seat: int, again: bool = False) -> list[LogEntry]:
        cards = draw(state, 1)
        state["hands"][seat].extend(cards)
        if not again:
            state["turn"] = (seat + 1) % state["players"]
        drawn = cards[0] if cards else "nothing"
        return [log(f"{{p{seat}}} drew a card.", **{f"p{seat}": f"{{p{seat}}} drew {drawn}."})]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "players": state["players"],
            "target": state["target"],
            "scores": list(state["scores"]),
            "turn": state["turn"],
            "hand": sorted(state["hands"][seat]) if seat is not None else None,
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "deck_size": len(state["deck"]),
            "offer": dict(state["offer"]) if state["offer"] else None,
        }

    def outcome(self, state: State) -> Outcome | None:
        scores = state["scores"]
        if max(scores) < state["target"]:
            return None
        ranks = rank_scores([[s] for s in scores])
        return Outcome(
            winners=tuple(i for i, r in enumerate(ranks) if r == 1),
            scores=tuple(
                SeatScore(i, s, (("Cards played", s),), ranks[i]) for i, s in enumerate(scores)
            ),
            reason="The target score was reached.",
        )

    def prompt(self, state: State, seat: int | None) -> str:
        if self.outcome(state) is not None:
            return "The game is over."
        waiting = self.to_act(state)[0]
        if seat == waiting:
            return "Answer the offer." if state["offer"] else "Play a card or pass."
        return f"Waiting for {{p{waiting}}}."

    def offer_terms(self, state: State, seat: int) -> dict[str, Any] | None:
        if state["offer"] or seat != state["turn"] or self.outcome(state) is not None:
            return None
        return {
            "to": [s for s in range(state["players"]) if s != seat],
            "give": count_by_kind(state["hands"][seat]),
            "ask": {kind: 3 for kind in VALUES},
        }

    def check_offer(self, state: State, seat: int, action: Action) -> str | None:
        terms = self.offer_terms(state, seat)
        if terms is None:
            return "You cannot make an offer now."
        give, ask = action.get("give"), action.get("ask")
        if action.get("to") not in terms["to"]:
            return "Choose another player to trade with."
        if not isinstance(give, tuple) or not isinstance(ask, tuple):
            return "An offer lists the cards to give and to ask for."
        if not give and not ask:
            return "An offer must give or ask for something."
        if any(card not in VALUES for card in (*give, *ask)):
            return "There is no such card."
        if not _holds(state["hands"][seat], give):
            return "You do not hold those cards."
        return None


def _holds(hand: list[str], cards) -> bool:
    have = count_by_kind(hand)
    return all(have.get(kind, 0) >= n for kind, n in count_by_kind(list(cards)).items())


RULES = ToyRules()
