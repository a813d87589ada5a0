"""Balance by self-play: bot games of Merchants of Araby and the figures that judge the
designed cards (``manage.py balance merchants-of-araby``).

Per player count it reports how often each Merchant Persona's holder wins against its fair
share (1 / players; a shared win counts as a fraction), for each card design how often it
was played in the games where some player drew it (held it in hand), how many rounds the
games lasted against the caravan stacks, and how many offers and standing orders the bots
made and took.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..bots import Budget, choose_action
from ..bots.arena import BotRecord, answer_offers
from ..bots.values import next_seed, win_shares
from ..rng import LocalRng
from ..simulate import count_deal
from . import RULES, data

FAIR_LIMIT = 1.5  # no persona wins more than this many times its fair share
PLAYED_LIMIT = 0.2  # every card played in at least this share of the games it was drawn


@dataclass
class BalanceReport:
    players: int
    level: str
    games: int = 0
    unfinished: int = 0
    errors: list[str] = field(default_factory=list)
    dealt: Counter = field(default_factory=Counter)  # persona name -> games dealt
    won: Counter = field(default_factory=Counter)  # persona name -> win shares
    drawn: Counter = field(default_factory=Counter)  # card name -> games drawn
    played: Counter = field(default_factory=Counter)  # card name -> of those, games played
    rounds: Counter = field(default_factory=Counter)  # rounds played -> games
    stacks: int = data.STACKS
    deals: Counter = field(default_factory=Counter)
    winning_coins: int = 0
    actions: int = 0

    def merge(self, other: BalanceReport) -> None:
        self.games += other.games
        self.unfinished += other.unfinished
        self.errors += other.errors
        self.actions += other.actions
        self.winning_coins += other.winning_coins
        for name in ("dealt", "won", "drawn", "played", "rounds", "deals"):
            getattr(self, name).update(getattr(other, name))

    def persona_ratio(self, persona: str) -> float | None:
        dealt = self.dealt[persona]
        return self.won[persona] / dealt * self.players if dealt else None

    def played_share(self, card: str) -> float | None:
        drawn = self.drawn[card]
        return self.played[card] / drawn if drawn else None

    def problems(self) -> list[str]:
        found = []
        for persona in sorted(self.dealt):
            ratio = self.persona_ratio(persona)
            if ratio is not None and ratio > FAIR_LIMIT:
                found.append(f"{persona} wins {ratio:.2f}x its fair share")
        for card in sorted(self.drawn):
            share = self.played_share(card)
            if share is not None and share < PLAYED_LIMIT:
                found.append(f"{card} is played in only {share:.0%} of the games it was drawn")
        if set(self.rounds) - {self.stacks}:
            found.append(f"games lasted {dict(self.rounds)} rounds, not {self.stacks}")
        if self.unfinished or self.errors:
            found.append(f"{self.unfinished} unfinished games, {len(self.errors)} errors")
        return found

    def lines(self) -> list[str]:
        games = max(1, self.games)
        out = [
            f"Merchants of Araby, {self.players} players, {self.games} games of {self.level} "
            f"bots: {self.actions / games:.0f} actions a game, winner's mean "
            f"{self.winning_coins / games:.1f} coins, rounds "
            + ", ".join(f"{r}: {n} games" for r, n in sorted(self.rounds.items()))
            + f" (stacks: {self.stacks})",
            "  deals: "
            + ", ".join(
                f"{what} {self.deals[what]}"
                for what in (
                    "offers made",
                    "offers accepted",
                    "offers declined",
                    "standing orders posted",
                    "standing orders taken",
                )
            ),
            f"  {'persona':<30} {'dealt':>6} {'won':>7} {'x fair':>7}",
        ]
        for persona in sorted(self.dealt):
            ratio = self.persona_ratio(persona)
            out.append(
                f"  {persona:<30} {self.dealt[persona]:>6} {self.won[persona]:>7.1f} "
                f"{ratio:>7.2f}"
            )
        out.append(f"  {'card':<30} {'drawn':>6} {'played':>7} {'share':>7}")
        for card in sorted(self.drawn, key=lambda c: (self.played_share(c) or 0, c)):
            out.append(
                f"  {card:<30} {self.drawn[card]:>6} {self.played[card]:>7} "
                f"{self.played_share(card):>7.0%}"
            )
        problems = self.problems()
        out.append("  " + ("; ".join(problems) if problems else "all within limits"))
        return out


def play_balance(
    players: int,
    games: int,
    seed: int = 0,
    level: str = "greedy",
    first_game: int = 0,
    max_actions: int = 5000,
    options: dict | None = None,
    iterations: int = 50,
) -> BalanceReport:
    """Games ``first_game``.. of ``level`` bots in every seat (game g uses seed + g)."""
    report = BalanceReport(players, level)
    report.stacks = int((options or {}).get("stacks", data.STACKS))
    budget = Budget(iterations=iterations)
    for number in range(first_game, first_game + games):
        try:
            _one(report, players, seed + number, level, budget, max_actions, options)
        except Exception as exc:  # noqa: BLE001  (a crash is a finding)
            report.games += 1
            report.errors.append(f"game seed {seed + number}: {type(exc).__name__}: {exc}")
    return report


def _one(report, players, seed, level, budget, max_actions, options) -> None:
    rules = RULES
    state = rules.setup(players, options or {}, seed)
    decisions = LocalRng(seed * 7919 + 17)
    seating = [BotRecord(f"seat {s + 1}", level) for s in range(players)]
    drawn: set[str] = set()
    played: set[str] = set()
    steps = 0
    while rules.outcome(state) is None and steps < max_actions:
        for hand in state["hands"]:
            drawn.update(hand)
        seat, action = _next(rules, state, seating, budget, decisions)
        if action.type in ("play", "react"):
            played.add(action["card"])
        count_deal(report.deals, state, action)
        state, _ = rules.apply(state, seat, action)
        steps += 1
    report.games += 1
    report.actions += steps
    outcome = rules.outcome(state)
    if outcome is None:
        report.unfinished += 1
        return
    shares = win_shares(outcome, players)
    for seat in range(players):
        # Personas never leave the entourage they were dealt to.
        for persona in (c for c in state["entourage"][seat] if c.startswith("p")):
            report.dealt[data.name(persona)] += 1
            report.won[data.name(persona)] += shares[seat]
    report.winning_coins += max(state["coins"])
    report.rounds[state["turn_no"] // players] += 1
    for card in {data.name(c) for c in drawn}:
        report.drawn[card] += 1
    for card in {data.name(c) for c in played}:
        if card in {data.name(c) for c in drawn}:
            report.played[card] += 1


def _next(rules, state, seating, budget, decisions):
    """As on the site: a seat with an offer to answer (or a standing order it wants)
    answers first; then the seat the game waits for moves."""
    answer = answer_offers(rules, state, seating, decisions)
    if answer is not None:
        return answer
    seat = rules.to_act(state)[0]
    level = seating[seat].level
    return seat, choose_action(rules, state, seat, level, next_seed(decisions), budget)
