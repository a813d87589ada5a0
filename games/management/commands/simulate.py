"""``manage.py simulate silk-road --games 500 --players 2-6 --seed 1``

Random playouts with every invariant checked after every step (a thin wrapper over
``games.engine.simulate``). Prints, per player count, the games played, finished and cut
off by ``--max-actions``, errors, mean actions per game and steps per second; exits
non-zero when any game went wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import TypeVar

from django.core.management.base import BaseCommand, CommandError

from games.engine import registry
from games.engine.simulate import SimulationReport, simulate

SHOWN_ERRORS = 10
Report = TypeVar("Report")


def player_counts(text: str, low: int, high: int) -> list[int]:
    """``"3"`` → [3], ``"2-6"`` → [2, 3, 4, 5, 6], each within ``low..high``."""
    first, _, last = text.partition("-")
    try:
        counts = list(range(int(first), int(last or first) + 1))
    except ValueError:
        raise CommandError(f"--players takes a number or a range like 2-6, not {text!r}.") from None
    if not counts or counts[0] < low or counts[-1] > high:
        raise CommandError(f"This game takes {low} to {high} players.")
    return counts


def game_options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise CommandError(f"--option takes name=value, not {pair!r}.")
        options[name] = value
    return options


def in_slices(run: Callable[[int, int], Report], games: int, jobs: int) -> list[Report]:
    """``run(first, count)`` over contiguous slices of the game numbers 0..games-1, one
    slice a job, in worker processes when there is more than one (``run`` must pickle: a
    module-level function or a ``partial`` of one). Game numbers fix the seeds, so the
    merged result does not depend on ``jobs``."""
    jobs = max(1, min(jobs, games))
    bounds = [games * job // jobs for job in range(jobs + 1)]
    slices = [(lo, hi - lo) for lo, hi in zip(bounds, bounds[1:], strict=False) if hi > lo]
    if len(slices) <= 1:
        return [run(0, games)]
    firsts, counts = zip(*slices, strict=True)
    with ProcessPoolExecutor(len(slices)) as pool:
        return list(pool.map(run, firsts, counts))


def merge(reports: list[SimulationReport]) -> SimulationReport:
    total = SimulationReport(reports[0].slug, reports[0].players)
    for report in reports:
        total.games += report.games
        total.finished += report.finished
        total.unfinished += report.unfinished
        total.errors += report.errors
        total.actions += report.actions
        total.seconds += report.seconds  # CPU spent over all workers
        total.lengths += report.lengths
        total.deals.update(report.deals)
    return total


def _run(slug, players, seed, max_actions, check, options, first, count) -> SimulationReport:
    return simulate(slug, count, players, seed + first, max_actions, check, options)


class Command(BaseCommand):
    help = "Play random games with invariant checks and report errors and speed."

    def add_arguments(self, parser):
        parser.add_argument("slug", choices=registry.engine_slugs())
        parser.add_argument("--games", type=int, default=100, help="games per player count")
        parser.add_argument("--players", default="2", help="a count, or a range such as 2-6")
        parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
        parser.add_argument(
            "--max-actions", type=int, default=5000, help="cut a game off after this many"
        )
        parser.add_argument(
            "--option", action="append", default=[], metavar="NAME=VALUE", help="game option"
        )
        parser.add_argument("--no-check", action="store_true", help="skip invariant checks")
        parser.add_argument("--jobs", type=int, default=1, help="processes to spread games over")

    def handle(self, *args, **opts):
        rules = registry.get(opts["slug"])
        counts = player_counts(opts["players"], rules.min_players, rules.max_players)
        options = game_options(opts["option"])
        games, jobs = opts["games"], opts["jobs"]
        if games < 1:
            raise CommandError("--games must be at least 1.")
        failed = 0
        for players in counts:
            run = partial(
                _run,
                opts["slug"],
                players,
                opts["seed"],
                opts["max_actions"],
                not opts["no_check"],
                options,
            )
            reports = in_slices(run, games, jobs)
            report = merge(reports)
            self.stdout.write(report.summary())
            for error in report.errors[:SHOWN_ERRORS]:
                self.stdout.write(f"  {error}")
            if len(report.errors) > SHOWN_ERRORS:
                self.stdout.write(f"  … and {len(report.errors) - SHOWN_ERRORS} more")
            failed += len(report.errors)
        if failed:
            raise CommandError(f"{failed} game(s) went wrong.")
