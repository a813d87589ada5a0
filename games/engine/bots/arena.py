"""Bots against bots: the engine-side half of ``manage.py arena``.

Seats rotate from game to game (in game ``g`` seat ``s`` is played by bot ``(s + g) % B``)
so no bot keeps the first seat. A shared win counts as a fraction (1/k to each of k
winners); a game cut off at ``max_actions`` counts as a win for nobody.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .. import registry
from ..contract import GameRules
from ..deals import ANSWERS
from ..rng import LocalRng
from . import LEVELS, Budget, SearchSettings, choose_action, respond_to_offers
from .budget import DEFAULT
from .search import DEFAULT_SETTINGS
from .values import next_seed, win_shares


@dataclass
class BotRecord:
    label: str
    level: str
    games: int = 0
    wins: float = 0.0
    score: int = 0
    decisions: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    seat_games: dict[int, int] = field(default_factory=dict)
    seat_wins: dict[int, float] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.score / self.games if self.games else 0.0

    @property
    def mean_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0

    def seat_rate(self, seat: int) -> float | None:
        games = self.seat_games.get(seat, 0)
        return self.seat_wins.get(seat, 0.0) / games if games else None


@dataclass
class ArenaReport:
    slug: str
    players: int
    bots: list[BotRecord]
    games: int = 0
    unfinished: int = 0
    actions: int = 0

    def merge(self, other: ArenaReport) -> None:
        self.games += other.games
        self.unfinished += other.unfinished
        self.actions += other.actions
        for mine, theirs in zip(self.bots, other.bots, strict=True):
            mine.games += theirs.games
            mine.wins += theirs.wins
            mine.score += theirs.score
            mine.decisions += theirs.decisions
            mine.seconds += theirs.seconds
            mine.slowest = max(mine.slowest, theirs.slowest)
            for seat, count in theirs.seat_games.items():
                mine.seat_games[seat] = mine.seat_games.get(seat, 0) + count
                mine.seat_wins[seat] = mine.seat_wins.get(seat, 0.0) + theirs.seat_wins[seat]

    def lines(self) -> list[str]:
        out = [
            f"{self.slug}, {self.players} players: {self.games} games, "
            f"{self.unfinished} cut off unfinished, "
            f"{self.actions / max(1, self.games):.0f} actions per game"
        ]
        for bot in self.bots:
            seats = ", ".join(
                f"seat {seat + 1} {rate:.0%}"
                for seat in range(self.players)
                if (rate := bot.seat_rate(seat)) is not None
            )
            out.append(
                f"  {bot.label:<10} wins {bot.win_rate:6.1%} ({bot.wins:g}/{bot.games})  "
                f"mean score {bot.mean_score:6.2f}  "
                f"decision {bot.mean_decision * 1000:7.1f} ms (slowest {bot.slowest:.2f} s)  "
                f"by seat: {seats}"
            )
        return out


def labels_for(levels: list[str]) -> list[str]:
    """``["search", "search"]`` -> ``["search", "search#2"]`` so each bot is told apart."""
    labels = []
    for index, level in enumerate(levels):
        repeats = levels[:index].count(level)
        labels.append(level if not repeats else f"{level}#{repeats + 1}")
    return labels


def run_arena(
    game: str | GameRules,
    levels: list[str],
    games: int,
    players: int,
    seed: int = 0,
    budget: Budget = DEFAULT,
    max_actions: int = 5000,
    options: dict | None = None,
    first_game: int = 0,
    settings: SearchSettings = DEFAULT_SETTINGS,
) -> ArenaReport:
    """Play ``games`` games numbered from ``first_game`` (game g uses seed ``seed + g``).

    ``game`` is a registered slug or a rules object.
    """
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"Unknown bot level {level!r}; choose from {', '.join(LEVELS)}.")
    rules = registry.get(game) if isinstance(game, str) else game
    report = ArenaReport(
        rules.slug,
        players,
        [BotRecord(label, level) for label, level in zip(labels_for(levels), levels, strict=True)],
    )
    for number in range(first_game, first_game + games):
        seating = [report.bots[(seat + number) % len(levels)] for seat in range(players)]
        _play_one(
            rules, seating, players, seed + number, budget, settings, max_actions, options, report
        )
    return report


def answer_offers(
    rules: GameRules, state, seating: list[BotRecord], decisions: LocalRng
) -> tuple[int, object] | None:
    """(seat, answer) of the first seat, in seat order, that answers an open offer (or
    takes a standing order) now, or None. Bots that never propose offers leave nothing to
    answer, and nothing is drawn from ``decisions`` then."""
    if not state.get("deals"):
        return None
    for seat, bot in enumerate(seating):
        if not any(a.type in ANSWERS for a in rules.legal_actions(state, seat)):
            continue
        started = time.perf_counter()
        answer = respond_to_offers(rules, state, seat, bot.level, next_seed(decisions))
        spent = time.perf_counter() - started
        bot.decisions += 1
        bot.seconds += spent
        bot.slowest = max(bot.slowest, spent)
        if answer is not None:
            return seat, answer
    return None


def _play_one(
    rules: GameRules,
    seating: list[BotRecord],
    players: int,
    seed: int,
    budget: Budget,
    settings: SearchSettings,
    max_actions: int,
    options: dict | None,
    report: ArenaReport,
) -> None:
    state = rules.setup(players, options or {}, seed)
    decisions = LocalRng(seed * 7919 + 17)
    steps = 0
    while rules.outcome(state) is None and steps < max_actions:
        answer = answer_offers(rules, state, seating, decisions)
        if answer is not None:  # as on the site: seats with offers to answer go first
            state, _ = rules.apply(state, *answer)
            steps += 1
            continue
        seat = rules.to_act(state)[0]
        bot = seating[seat]
        started = time.perf_counter()
        action = choose_action(
            rules, state, seat, bot.level, next_seed(decisions), budget, settings
        )
        spent = time.perf_counter() - started
        bot.decisions += 1
        bot.seconds += spent
        bot.slowest = max(bot.slowest, spent)
        state, _ = rules.apply(state, seat, action)
        steps += 1
    report.games += 1
    report.actions += steps
    outcome = rules.outcome(state)
    if outcome is None:
        report.unfinished += 1
    shares = win_shares(outcome, players) if outcome else [0.0] * players
    for seat, bot in enumerate(seating):
        # A bot holding several seats (more players than bots) counts once per seat.
        bot.games += 1
        bot.seat_games[seat] = bot.seat_games.get(seat, 0) + 1
        bot.seat_wins[seat] = bot.seat_wins.get(seat, 0.0) + shares[seat]
        bot.wins += shares[seat]
        if outcome:
            bot.score += outcome.scores[seat].total
