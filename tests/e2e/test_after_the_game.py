"""Coming back to a table and leaving it: what happened since your last turn is marked
in the log and on the board, a finished game of every title steps back and forth with
the arrow keys, and a rematch with the same opponents starts with one click."""

from __future__ import annotations

import re

import pytest

from games import engine
from games.engine import registry

from .moves import VERSION_CHANGED, play_against_computer, play_first_choice
from .test_two_players_journey import sign_up

TITLES = registry.slugs()


def _play_against_bots(page, stack, slug: str) -> str:
    play_against_computer(page, stack, engine.get(slug).name)
    return page.url


def _my_turn(page) -> None:
    page.wait_for_selector(".prompt.your-turn, section.result", timeout=30_000)


@pytest.mark.parametrize("slug", TITLES)
def test_a_finished_game_steps_through_with_the_arrow_keys_and_offers_a_rematch(
    stack, new_page, slug
):
    page = new_page(1280, 900)
    sign_up(page, stack, f"after{slug.replace('-', '')}")
    game_url = _play_against_bots(page, stack, slug)

    # Play until the computers have moved after one of mine: what they did is marked.
    moved = False
    for _ in range(30):
        _my_turn(page)
        drafted = page.locator(".log-lines li.draft").count()  # steps only I see yet
        if moved and not drafted and page.locator(".since-turn").count():
            break
        ending = page.locator(".choices button.choice", has_text=re.compile(r"^\s*End"))
        if ending.count():  # first choices may only mark and unmark a die for ever
            version = page.locator("input[name=version]").first.input_value()
            ending.first.click()
            page.wait_for_function(VERSION_CHANGED, arg=version)
        else:
            play_first_choice(page)
        moved = True
    assert page.locator(".since-turn summary").inner_text().endswith("since your last turn")
    assert page.locator(".log-lines li.new").count() >= 1
    assert page.locator("#board .changed").count() >= 1  # and on the board

    # Resign: the game is over, with a result, a replay and a rematch.
    page.get_by_text("Resign", exact=True).click()
    page.get_by_role("button", name="Resign for good").click()
    page.wait_for_selector("section.result")
    page.get_by_role("link", name="Replay").click()
    page.wait_for_url(re.compile(r"/replay\?move=0$"))
    page.locator("body").press("ArrowRight")
    page.wait_for_url(re.compile(r"move=1$"))
    page.locator("body").press("ArrowRight")
    page.wait_for_url(re.compile(r"move=2$"))
    page.locator("body").press("ArrowLeft")
    page.wait_for_url(re.compile(r"move=1$"))
    assert page.locator("#board, .board").count()

    page.goto(game_url)
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    assert page.url != game_url
    _my_turn(page)  # the same computer opponents: the rematch starts at once
