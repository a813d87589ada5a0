"""Merchant Lord's cards in a browser: a card drawn with its name cut short shows its full
text on keyboard focus and on a long press, not only on hover; and buying a card from the
row asks once more (Buy … — Confirm / Cancel) before anything is spent."""

from __future__ import annotations

import re

from .axe import describe, violations
from .moves import CHOICE, VERSION_CHANGED, play_against_computer, wait_until_current
from .test_two_players_journey import sign_up

TIP_SHOWN = "tip => tip.getBoundingClientRect().width > 40"
# Played until I may buy: sell when I can (coins), else end the turn or finish buying.
PLAYS = re.compile(r"^\s*(Sell|End|Done)")


def _blur(page) -> None:
    page.evaluate("() => document.activeElement && document.activeElement.blur()")


def _version(page) -> str:
    return page.locator("input[name=version]").first.input_value()


def test_a_row_card_shows_its_full_text_on_focus_and_buying_it_asks_first(stack, new_page):
    page = new_page(1280, 900)
    sign_up(page, stack, "merchantcards")
    game_id = play_against_computer(page, stack, "Merchant Lord", opponents="1")

    # The keyboard reaches a row card, and its full text shows beside it. (On my turn,
    # once the page has caught up: no move of the computer's swaps the board meanwhile.)
    page.wait_for_selector(".prompt.your-turn", timeout=30_000)
    wait_until_current(page, stack, game_id)
    card = page.locator(".ml-cards .ml-card").first
    tip = card.locator(".card-tip")
    assert not tip.evaluate(TIP_SHOWN)  # only read out until then
    text = tip.inner_text()
    assert re.search(r".+: left side .+ pays .+; right side .+ pays .+\.", text), text
    card.focus()
    assert tip.evaluate(TIP_SHOWN) and tip.inner_text() == text
    _blur(page)
    assert not tip.evaluate(TIP_SHOWN)
    # On a phone it shows whole, along the bottom of the screen, even for the last card.
    page.set_viewport_size({"width": 390, "height": 844})
    last = page.locator(".ml-cards .ml-card").last
    last.focus()
    box = last.locator(".card-tip").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    _blur(page)
    page.set_viewport_size({"width": 1280, "height": 900})
    # A long press of a finger shows it too.
    card.dispatch_event("pointerdown", {"pointerType": "touch", "bubbles": True})
    page.wait_for_function(
        "() => document.querySelector('.ml-cards .card-tip').getBoundingClientRect().width > 40",
        timeout=3_000,
    )
    card.dispatch_event("pointerup", {"pointerType": "touch", "bubbles": True})
    _blur(page)

    # Play on until I may buy a card of the row.
    hits = page.locator(".ml-cards .ml-hit")
    for _ in range(60):
        page.wait_for_selector(".prompt.your-turn", timeout=30_000)
        if hits.count():
            break
        choices = page.locator(CHOICE, has_text=PLAYS)
        version = _version(page)
        (choices.first if choices.count() else page.locator(CHOICE).first).click()
        page.wait_for_function(VERSION_CHANGED, arg=version)
    assert hits.count(), "never had the coins to buy a card"

    # The first tap asks, and sends nothing.
    version = _version(page)
    hits.first.click()
    asked = page.locator(".confirm-move")
    asked.wait_for()
    assert re.search(r"Buy .+ \(\d+ coins\)", asked.inner_text())
    confirm = asked.get_by_role("button", name="Confirm")
    assert page.evaluate("() => document.activeElement.textContent.trim()") == "Confirm"
    assert page.locator(".ml-cards .ml-chosen").count() == 1
    assert _version(page) == version
    found = violations(page)
    assert not found, describe(found)
    asked.get_by_role("link", name="Cancel").click()
    asked.wait_for(state="detached")
    assert _version(page) == version and page.locator(".ml-cards .ml-chosen").count() == 0

    # Asked again, Confirm buys it.
    bought = hits.first.get_attribute("aria-label")
    hits.first.click()
    confirm.click()
    page.wait_for_function(VERSION_CHANGED, arg=version)
    assert page.locator(".confirm-move").count() == 0
    name = re.match(r"Buy (.+) \(", bought).group(1)
    assert name in page.get_by_label("Your hand").inner_text()
