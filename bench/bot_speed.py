"""How fast the strong bot thinks: search iterations per second (CPU, one core), per title.

Seeded greedy games are played to fixed points; at each position where the seat to move
has a real choice, the strong level (``search``) decides with an iteration budget, and
the CPU time of the decision is measured. It prints, per title, the median iterations per
second, the median decision time and how many iterations the live bot's budget
(``BOT_SEARCH_BUDGET_MS``, 800 ms) holds at that pace. A title whose strong level plans
its turn instead of searching a tree (``plan_width`` in its ``bot_search_settings``)
prints decisions per second instead.

    uv run python bench/bot_speed.py                        # every title
    uv run python bench/bot_speed.py --slug samarkand --positions 30 --iterations 200
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import registry  # noqa: E402
from games.engine.bots import Budget, choose_action, game_settings, plans  # noqa: E402

LIVE_BUDGET_MS = 800


def positions(rules, count: int, seed: int) -> list[tuple[dict, int]]:
    """``count`` (state, seat) pairs from seeded greedy games, spread over each game."""
    found: list[tuple[dict, int]] = []
    game = 0
    while len(found) < count:
        state = rules.setup(rules.min_players, {}, seed + game)
        for step in range(2000):
            if rules.outcome(state) is not None:
                break
            seat = rules.to_act(state)[0]
            if step % 7 == 3 and len(rules.legal_actions(state, seat)) > 1:
                found.append((state, seat))
                if len(found) == count:
                    break
            action = choose_action(rules, state, seat, "greedy", seed=step)
            state, _ = rules.apply(state, seat, action)
        game += 1
    return found


def measure(slug: str, count: int, iterations: int, seed: int) -> str:
    rules = registry.get(slug)
    planning = plans("search", game_settings(rules))
    times = []
    for index, (state, seat) in enumerate(positions(rules, count, seed)):
        started = time.process_time()
        choose_action(
            rules, state, seat, "search", seed=index, budget=Budget(iterations=iterations)
        )
        times.append(time.process_time() - started)
    median = statistics.median(times)
    if planning:
        return f"{slug:20} {'(turn plan)':>14} {median * 1000:10.1f} {1 / median:14.0f} decisions/s"
    rate = iterations / median
    live = rate * LIVE_BUDGET_MS / 1000
    return f"{slug:20} {rate:14,.0f} {median * 1000:10.1f} {live:14,.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slug", choices=registry.slugs(), help="one title (default: all)")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=100, help="per decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"{args.positions} positions per title, {args.iterations} iterations a decision, CPU time"
    )
    print(f"{'title':20} {'iterations/s':>14} {'decision ms':>10} {'in 800 ms':>14}")
    for slug in [args.slug] if args.slug else registry.slugs():
        print(measure(slug, args.positions, args.iterations, args.seed), flush=True)


if __name__ == "__main__":
    main()
