"""axe-core finds no violation on the pages a player meets, game pages of every title
included: on my turn, while waiting, with an offer open, after the game and in its
replay, and the site's own pages for a guest and for a signed-in player."""

from __future__ import annotations

import re

import pytest

from games.engine import registry

from .axe import describe, violations
from .moves import open_table_for_two, play_against_computer
from .test_two_players_journey import seat_to_move, sign_up


def _clean(page, where: str) -> None:
    found = violations(page)
    assert not found, f"{where} ({page.url}):\n{describe(found)}"


@pytest.mark.parametrize("slug", registry.slugs())
def test_a_game_of_every_title_has_no_accessibility_violations(stack, new_page, slug):
    page = new_page(1280, 900)
    sign_up(page, stack, "axe" + re.sub(r"[^a-z]", "", slug))
    play_against_computer(page, stack, registry.get(slug).name)
    page.wait_for_selector(".prompt.your-turn", timeout=30_000)
    _clean(page, f"{slug}: my turn")
    page.get_by_role("link", name="Rules", exact=True).click()  # beside the board
    page.wait_for_selector("#rules-panel-body #rules-body")
    assert page.evaluate("() => document.activeElement.id") == "rules-panel-title"
    _clean(page, f"{slug}: the rules open beside the board")
    page.keyboard.press("Escape")
    assert page.locator("#rules-panel").is_hidden()
    assert page.evaluate("() => document.activeElement.textContent.trim()") == "Rules"
    page.get_by_text("Resign", exact=True).click()
    page.get_by_role("button", name="Resign for good").click()
    page.wait_for_selector("section.result")
    _clean(page, f"{slug}: finished")
    page.get_by_role("link", name="Replay").click()
    page.wait_for_url(re.compile(r"/replay\?move=0$"))
    _clean(page, f"{slug}: replay")


def test_the_site_pages_have_no_accessibility_violations(stack, new_page):
    guest = new_page(1280, 900)
    for path in ("/", "/lobby/", "/accounts/login/", "/accounts/signup/", "/fair-dice/"):
        guest.goto(stack.url + path)
        _clean(guest, f"{path} for a guest")
    page = new_page(1280, 900)
    sign_up(page, stack, "axepages")
    paths = [
        "/",
        "/lobby/",
        "/games/",
        "/games/new/",
        "/archive/",
        "/me/settings/",
        "/players/axepages/",
    ]
    for slug in registry.slugs():
        paths += [f"/rules/{slug}/", f"/ratings/{slug}/"]
    for path in paths:
        page.goto(stack.url + path)
        _clean(page, path)


def test_waiting_for_the_other_player_and_an_open_offer_have_no_violations(stack, new_page):
    ana, bo = new_page(1280, 900), new_page(390, 844)
    sign_up(ana, stack, "axeana")
    sign_up(bo, stack, "axebo")
    open_table_for_two(ana, bo, stack)
    mover = seat_to_move([ana, bo])
    waiter = bo if mover is ana else ana
    waiter.reload()
    _clean(waiter, "waiting for the other player")

    composer = mover.locator(".deals details.deal-form")
    assert composer.count(), "Silk Road offers a trade composer on your turn"
    composer.locator("summary").click()
    _clean(mover, "the trade composer open")
    give = mover.locator(".deal-side[data-side=give] .stepper").first
    give.get_by_role("button", name=re.compile(r"^One more ")).click()
    mover.locator(".deal-send").click()
    mover.wait_for_selector(".deal-list .deal.mine")
    _clean(mover, "my offer open")
    waiter.reload()
    waiter.wait_for_selector(".deal-list .deal.to-me")
    _clean(waiter, "an offer to me open")
