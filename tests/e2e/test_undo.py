"""Undo in a browser: a Merchant Lord player takes back a marked die (the board is as it
was), then marks one and rerolls: the roll is final, and nothing before it can be undone."""

from __future__ import annotations

import re

from .bot_answer import MY_TURN_OR_OVER, start_against_one_bot
from .moves import CHOICE, VERSION_CHANGED, play_first_choice
from .test_two_players_journey import sign_up

MARK = re.compile(r"^\s*Mark a")


def _click_and_wait(page, locator) -> None:
    version = page.locator("input[name=version]").first.input_value()
    locator.click()
    page.wait_for_function(VERSION_CHANGED, arg=version)


def test_undo_takes_back_my_steps_up_to_the_dice_roll_and_not_past_it(stack, new_page):
    page = new_page(1280, 900)
    sign_up(page, stack, "undoer")
    start_against_one_bot(page, stack, "Merchant Lord")
    undo = page.locator(".choices button.choice", has_text="Undo")
    for _ in range(40):  # play on until a turn of mine offers to mark a die
        page.wait_for_function(MY_TURN_OR_OVER, timeout=30_000)
        if page.locator(CHOICE, has_text=MARK).count():
            break
        play_first_choice(page)
    assert undo.count() == 0  # the dice were just rolled: nothing to take back yet
    board = page.locator("#board").inner_text()

    _click_and_wait(page, page.locator(CHOICE, has_text=MARK).first)
    assert undo.count() == 1 and "Undo: Mark a" in undo.inner_text()
    _click_and_wait(page, undo)
    assert undo.count() == 0
    assert page.locator("#board").inner_text() == board

    _click_and_wait(page, page.locator(CHOICE, has_text=MARK).first)
    _click_and_wait(page, page.locator(CHOICE, has_text=re.compile(r"^\s*Reroll")).first)
    assert undo.count() == 0  # past the roll: the mark and the roll are final
    assert page.locator(".log-lines li.draft").count() == 0
