"""A medium computer player answers within about a second on a newcomer's ``runsite``.

The issue's target is a median of at most 2 s from a person's move to the bot's answer
on their screen, with every setting at its default. The measured median is printed (run
with ``-s``; ``bench/bot_answer.py`` takes more samples); the test fails only above twice
the target, so a busy test machine does not make it flaky, while an answer that waits
for the page's 5-second poll again would fail it.
"""

from __future__ import annotations

import statistics

import pytest

from .bot_answer import RunsiteStack, bot_answer_times, start_against_one_bot
from .test_two_players_journey import sign_up

TARGET_SECONDS = 2.0


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    running = RunsiteStack(folder=tmp_path_factory.mktemp("runsite"), redis_url="")
    running.start()
    yield running
    running.stop()


def test_a_medium_bot_answers_a_move_within_a_second_or_two(stack, new_page):
    page = new_page(1280, 900)
    sign_up(page, stack, "quickplayer")
    start_against_one_bot(page, stack, "Silk Road")
    times = bot_answer_times(page, samples=6)
    median = statistics.median(times)
    print(
        f"\nbot answer under runsite: median {median:.2f} s over {len(times)}: "
        + ", ".join(f"{t:.2f}" for t in times)
    )
    assert median <= 2 * TARGET_SECONDS, times
