"""A tiny complete game for the platform's tests: race to a target score.

Each seat holds a hidden hand of coloured cards (red 1, green 2, blue 3). On your turn you
play one card for its points (and draw one) or pass (and draw one); a red card
lets you play again. The player whose turn
it is may offer a trade of cards to another seat (a deal of the engine contract: hidden hand
cards), and the game waits for that seat to accept or decline; the proposer may withdraw
it. First to the target (option, default 10) wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import deals, rng
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
CARDS = deals.Term(
    "cards", "Hand cards", tuple((k, k) for k in VALUES), hidden=True, unit=("card", "cards")
)


class ToyRules(GameRules):
    slug = "toy"
    name = "Toy Race"
    min_players = 2
    max_players = 4
    blurb = "Race to the target score with a hand of coloured cards."
    options = (Option("target", "Target score", (("10", "10 points"), ("15", "15 points")), "10"),)
    deal_kinds = (CARDS,)

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        state: State = {
            "players": players,
            "rng": rng.seed_state(seed),
            "target": int(options.get("target", "10")),
            "deck": [kind for kind in VALUES for _ in range(12)],
            "discard": [],
            "scores": [0] * players,
            "turn": 0,
            "deals": [],
            "next_deal": 1,
        }
        rng.shuffle(state, state["deck"])
        state["hands"] = [draw(state, 3) for _ in range(players)]
        return state

    def to_act(self, state: State) -> tuple[int, ...]:
        if self.outcome(state) is not None:
            return ()
        if state["deals"]:
            return (state["deals"][0]["to"],)
        return (state["turn"],)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if self.outcome(state) is not None:
            return []
        if state["deals"]:
            return self.deal_responses(state, seat)
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
        return [log(f"{{p{seat}}} passed.")] + self._draw_and_pass(state, seat)

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
            "deals": deals.visible(self.deal_kinds, state, seat),
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
            return "Answer the offer." if state["deals"] else "Play a card or pass."
        return f"Waiting for {{p{waiting}}}."

    def deal_terms(self, state: State, seat: int) -> deals.DealTerms | None:
        if state["deals"] or seat != state["turn"] or self.outcome(state) is not None:
            return None
        others = tuple(s for s in range(state["players"]) if s != seat)
        return deals.DealTerms(
            partners=others,
            terms=self.deal_kinds,
            give={"cards": count_by_kind(state["hands"][seat])},
            get={other: {"cards": {kind: 3 for kind in VALUES}} for other in others},
            max_items=6,
            max_open=1,
        )

    def deal_obstacle(self, state: State, deal: dict, taker: int | None) -> str:
        if not _holds(state["hands"][deal["from"]], deal["give"].get("cards", [])):
            return "You do not hold those cards."
        if taker is not None and not _holds(state["hands"][taker], deal["get"].get("cards", [])):
            return "You do not hold the cards asked for."
        return ""

    def deal_execute(self, state: State, deal: dict, taker: int, logs: list[LogEntry]) -> None:
        hands = state["hands"]
        for card in deal["give"].get("cards", []):
            hands[deal["from"]].remove(card)
            hands[taker].append(card)
        for card in deal["get"].get("cards", []):
            hands[taker].remove(card)
            hands[deal["from"]].append(card)


def _holds(hand: list[str], cards) -> bool:
    have = count_by_kind(hand)
    return all(have.get(kind, 0) >= n for kind, n in count_by_kind(list(cards)).items())


RULES = ToyRules()
