"""How long a computer player takes to answer, as a person sees it, under ``runsite``.

``RunsiteStack`` runs the site exactly as the README's first command does on a fresh
machine (SQLite, the file broker, mail to files, every setting at its default), and
``bot_answer_times`` plays against one medium computer player in the browser, timing each
answer from the click on a move that hands over the turn to the moment the page asks
for the next one. Used by a browser test and by ``bench/bot_answer.py``.
"""

from __future__ import annotations

import os
import time

from .moves import CHOICE, SHOWN, play_against_computer
from .stack import ROOT, Stack

MY_TURN_OR_OVER = "() => !!document.querySelector('.prompt.your-turn, section.result')"


class RunsiteStack(Stack):
    """``manage.py runsite`` with nothing configured: the defaults a newcomer gets."""

    def environment(self) -> dict[str, str]:
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("DATABASE_URL", "CELERY_", "LIVE_", "BOT_", "GAME_POLL"))
        }
        env.update(
            DJANGO_SETTINGS_MODULE="silkroad.settings.dev",
            SILKROAD_VAR_DIR=str(self.folder),
            PYTHONUNBUFFERED="1",
        )
        return env

    def start(self) -> None:
        self._spawn("runsite", "manage.py", "runsite", f"127.0.0.1:{self.port}")
        self._wait_until_up(timeout=120)


def start_against_one_bot(page, stack: Stack, game_name: str) -> None:
    play_against_computer(page, stack, game_name, opponents="1", level="greedy")  # medium


def bot_answer_times(page, samples: int, timeout_s: float = 30.0) -> list[float]:
    """Seconds from each click that hands the turn to the bot until the page shows the
    person's turn again (or the end), over ``samples`` such answers."""
    times: list[float] = []
    page.wait_for_function(MY_TURN_OR_OVER, timeout=timeout_s * 1000)
    while len(times) < samples and not page.locator("section.result").count():
        before = page.evaluate(SHOWN)
        clicked = time.monotonic()
        page.locator(CHOICE).first.click()
        page.wait_for_function(f"v => {SHOWN} !== v", arg=before, timeout=timeout_s * 1000)
        if page.locator(".prompt.your-turn").count():
            continue  # the turn goes on (a step of a longer turn): nothing to answer yet
        page.wait_for_function(MY_TURN_OR_OVER, timeout=timeout_s * 1000)
        times.append(time.monotonic() - clicked)
    return times


__all__ = ["ROOT", "RunsiteStack", "bot_answer_times", "start_against_one_bot"]
