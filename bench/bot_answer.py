"""How long a medium computer player takes to answer, as a person sees it, under runsite.

Starts ``manage.py runsite`` with every setting at its default (SQLite, the file broker,
mail to files, live updates through files) in a fresh folder, signs up in Chromium, opens
"Play against the computer" with one medium opponent and times each answer: from the
click on a move that hands over the turn to the page showing the person's turn again.
Prints the median and the spread::

    uv run python bench/bot_answer.py [--game "Silk Road"] [--samples 20]

Needs Debian's chromium (``/usr/bin/chromium``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.bot_answer import RunsiteStack, bot_answer_times, start_against_one_bot  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.e2e.test_two_players_journey import sign_up  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="Silk Road")
    parser.add_argument("--samples", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="silkroad-bench-") as folder:
        stack = RunsiteStack(folder=Path(folder), redis_url="")
        stack.start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.set_default_timeout(30_000)
                sign_up(page, stack, "benchplayer")
                times: list[float] = []
                while len(times) < args.samples:  # a game may end first: start another
                    start_against_one_bot(page, stack, args.game)
                    times += bot_answer_times(page, samples=args.samples - len(times))
                browser.close()
        finally:
            stack.stop()
    times.sort()
    print(f"{args.game}, one medium bot, {len(times)} answers under runsite (defaults):")
    print(
        f"  median {statistics.median(times):.2f} s, fastest {times[0]:.2f} s, "
        f"slowest {times[-1]:.2f} s"
    )


if __name__ == "__main__":
    main()
