"""A player switches the site to German in the footer, mid-game: the board, the log and
the controls speak German, also after a move swaps the board, with no accessibility
violation."""

from __future__ import annotations

from .axe import describe, violations
from .moves import play_against_computer, play_first_choice
from .test_two_players_journey import sign_up


def test_a_player_switches_to_german_in_the_middle_of_a_silk_road_game(stack, new_page):
    page = new_page(1280, 900)
    sign_up(page, stack, "deutschspieler")
    play_against_computer(page, stack, "Silk Road")
    page.wait_for_selector(".prompt.your-turn", timeout=30_000)
    game_url = page.url

    page.select_option("#site-language", "de")
    page.get_by_role("button", name="Change").click()
    page.wait_for_load_state()
    assert page.url == game_url  # back at the table
    assert page.locator("html").get_attribute("lang") == "de"
    nav = page.locator(".site-nav").inner_text()
    assert "Neuer Tisch" in nav and "New table" not in nav
    assert "Nachziehstapel" in page.locator("#board").inner_text()
    found = violations(page)
    assert not found, describe(found)

    play_first_choice(page)  # the board is swapped in place, by HTMX
    assert page.locator("html").get_attribute("lang") == "de"
    assert "Nachziehstapel" in page.locator("#board").inner_text()
    assert page.get_by_role("button", name="Ändern").is_visible()
    log = page.locator(".log-lines").inner_text()
    assert " hat " in log and " drew " not in log and " bought " not in log
