"""``manage.py balance merchants-of-araby --games 500 --players 2-5 --seed 1 --jobs 2``

Balance by self-play: bots in every seat, and per player count the table that judges the
designed cards (``games.engine.merchants_of_araby.balance``): each Merchant Persona's wins
against its fair share, each card's share of the games where it was drawn in which it was
played, the games' length in rounds against the caravan stacks, and the deals made. Exits
non-zero when a figure misses its limit.
"""

from __future__ import annotations

from functools import partial

from django.core.management.base import BaseCommand, CommandError

from games.engine.merchants_of_araby import RULES
from games.engine.merchants_of_araby.balance import play_balance
from games.management.commands.simulate import game_options, in_slices, player_counts

GAMES = ("merchants-of-araby",)
LEVELS = ("greedy", "search", "random")


def _run(players, seed, level, options, iterations, first, count):
    return play_balance(
        players, count, seed, level, first, options=options, iterations=iterations
    )


class Command(BaseCommand):
    help = "Play bot games and report whether the designed cards are balanced."

    def add_arguments(self, parser):
        parser.add_argument("slug", choices=GAMES)
        parser.add_argument("--games", type=int, default=500, help="games per player count")
        parser.add_argument("--players", default="2-5", help="a count, or a range such as 2-5")
        parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
        parser.add_argument("--bots", default="greedy", choices=LEVELS, help="every seat's bot")
        parser.add_argument(
            "--iterations", type=int, default=50, help="search iterations (--bots search)"
        )
        parser.add_argument(
            "--option", action="append", default=[], metavar="NAME=VALUE", help="game option"
        )
        parser.add_argument("--jobs", type=int, default=1, help="processes to spread games over")

    def handle(self, *args, **opts):
        counts = player_counts(opts["players"], RULES.min_players, RULES.max_players)
        options = game_options(opts["option"])
        games, jobs = opts["games"], opts["jobs"]
        if games < 1:
            raise CommandError("--games must be at least 1.")
        failed = 0
        for players in counts:
            run = partial(_run, players, opts["seed"], opts["bots"], options, opts["iterations"])
            reports = in_slices(run, games, jobs)
            report = reports[0]
            for other in reports[1:]:
                report.merge(other)
            for line in report.lines():
                self.stdout.write(line)
            for error in report.errors[:10]:
                self.stdout.write(f"  {error}")
            failed += len(report.problems())
        if failed:
            raise CommandError(f"{failed} figure(s) missed their limits.")
