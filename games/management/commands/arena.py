"""``manage.py arena silk-road --bots search,random --games 100 --players 2 --seed 1``

Plays computer players against each other with seats rotated and prints each bot's win
rate (shared wins as fractions), mean score, mean decision time and win rate by seat.
"""

from __future__ import annotations

from functools import partial

from django.core.management.base import BaseCommand, CommandError

from games.engine import registry
from games.engine.bots import LEVELS, Budget
from games.engine.bots.arena import run_arena
from games.management.commands.simulate import in_slices


def _play(common: dict, first: int, count: int):
    return run_arena(**common, games=count, first_game=first)


class Command(BaseCommand):
    help = "Play bots against each other and report win rates, scores and thinking time."

    def add_arguments(self, parser):
        parser.add_argument("slug", choices=registry.engine_slugs())
        parser.add_argument(
            "--bots",
            default="search,random",
            help=f"comma-separated levels, one per bot ({', '.join(LEVELS)})",
        )
        parser.add_argument("--games", type=int, default=20)
        parser.add_argument("--players", type=int, default=2)
        parser.add_argument("--seed", type=int, default=0)
        limit = parser.add_mutually_exclusive_group()
        limit.add_argument("--budget-ms", type=int, help="thinking time per move (at most 1000)")
        limit.add_argument("--iterations", type=int, help="search iterations per move")
        parser.add_argument(
            "--max-actions",
            type=int,
            default=5000,
            help="cut a game off (a win for nobody) after this many actions",
        )
        parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")

    def handle(self, *args, **opts):
        levels = [level.strip() for level in opts["bots"].split(",") if level.strip()]
        if len(levels) < 1 or any(level not in LEVELS for level in levels):
            raise CommandError(f"--bots takes levels among {', '.join(LEVELS)}.")
        rules = registry.get(opts["slug"])
        if not rules.min_players <= opts["players"] <= rules.max_players:
            raise CommandError(
                f"{rules.name} takes {rules.min_players} to {rules.max_players} players."
            )
        try:
            if opts["iterations"]:
                budget = Budget(iterations=opts["iterations"])
            else:
                budget = Budget(seconds=(opts["budget_ms"] or 1000) / 1000)
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        games, jobs = opts["games"], opts["jobs"]
        common = dict(
            game=opts["slug"],
            levels=levels,
            players=opts["players"],
            seed=opts["seed"],
            budget=budget,
            max_actions=opts["max_actions"],
        )
        # Game numbers fix seeds and seating: with an iteration budget the result does
        # not depend on --jobs.
        reports = in_slices(partial(_play, common), games, jobs)
        report = reports[0]
        for other in reports[1:]:
            report.merge(other)
        limit = (
            f"{budget.iterations} iterations"
            if budget.iterations
            else f"{budget.seconds * 1000:.0f} ms"
        )
        self.stdout.write(f"Search budget: {limit} per move; seed {opts['seed']}.")
        for line in report.lines():
            self.stdout.write(line)
