"""A tiny game of simultaneous decisions for the clock tests: sealed bids.

Every round all seats bid 1 to 3 coins (or pass, bidding nothing) at the same time; when
the last bid is in, the single highest bidder scores a point. First to 3 points wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import rng
from games.engine.contract import (
    Action,
    GameRules,
    LogEntry,
    Outcome,
    SeatScore,
    State,
    log,
    rank_scores,
)

TARGET = 3


class SealedRules(GameRules):
    slug = "sealed"
    name = "Sealed Bids"
    min_players = 2
    max_players = 4

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        return {
            "players": players,
            "rng": rng.seed_state(seed),
            "bids": [None] * players,
            "scores": [0] * players,
        }

    def to_act(self, state: State) -> tuple[int, ...]:
        if self.outcome(state) is not None:
            return ()
        return tuple(seat for seat, bid in enumerate(state["bids"]) if bid is None)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        bids = [Action.make("bid", label=f"Bid {n}", amount=n) for n in (1, 2, 3)]
        return [*bids, Action.make("pass", label="Pass")]

    def perform(self, state: State, seat: int, action: Action) -> list[LogEntry]:
        state["bids"][seat] = action.get("amount", 0)
        entries = [log(f"{{p{seat}}} placed a bid.")]
        bids = state["bids"]
        if all(bid is not None for bid in bids):
            best = max(bids)
            top = [s for s, bid in enumerate(bids) if bid == best]
            if best and len(top) == 1:
                state["scores"][top[0]] += 1
                entries.append(log(f"{{p{top[0]}}} bid highest and scores."))
            state["bids"] = [None] * state["players"]
        return entries

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"scores": list(state["scores"]), "bid": [b is not None for b in state["bids"]]}

    def outcome(self, state: State) -> Outcome | None:
        scores = state["scores"]
        if max(scores) < TARGET:
            return None
        ranks = rank_scores([[s] for s in scores])
        return Outcome(
            winners=tuple(i for i, r in enumerate(ranks) if r == 1),
            scores=tuple(SeatScore(i, s, (("Rounds", s),), ranks[i]) for i, s in enumerate(scores)),
            reason="Three rounds won.",
        )

    def prompt(self, state: State, seat: int | None) -> str:
        return "Place your bid." if seat in self.to_act(state) else "Waiting for the bids."


RULES = SealedRules()
