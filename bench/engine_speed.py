"""How many legal_actions + apply steps per second an engine makes on one core.

Plays random games (no invariant checks) for every player count and reports the median of
several runs, in CPU time of this process (steady on a busy machine) and in wall time::

    uv run python bench/engine_speed.py [--slug silk-road] [--games 20] [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import registry  # noqa: E402
from games.engine.simulate import play_random_game  # noqa: E402


def one_run(slug: str, games: int, seed: int) -> tuple[int, float, float]:
    """(steps, CPU seconds, wall seconds) over ``games`` games at each player count."""
    rules = registry.get(slug)
    steps = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for players in range(rules.min_players, rules.max_players + 1):
        for number in range(games):
            _, taken, problems = play_random_game(rules, players, seed + number, check=False)
            if problems:
                raise SystemExit(f"{slug}, {players} players, seed {seed + number}: {problems}")
            steps += taken
    return steps, time.process_time() - cpu, time.perf_counter() - wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slug", default="silk-road")
    parser.add_argument("--games", type=int, default=20, help="games per player count per run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cpu_rates, wall_rates = [], []
    for run in range(args.runs):
        steps, cpu, wall = one_run(args.slug, args.games, args.seed)
        cpu_rates.append(steps / cpu)
        wall_rates.append(steps / wall)
        print(f"run {run + 1}: {steps} steps, {steps / cpu:,.0f}/s CPU, {steps / wall:,.0f}/s wall")
    print(
        f"{args.slug}: median {statistics.median(cpu_rates):,.0f} steps/s (CPU time), "
        f"{statistics.median(wall_rates):,.0f} steps/s (wall time) over {args.runs} runs"
    )


if __name__ == "__main__":
    main()
