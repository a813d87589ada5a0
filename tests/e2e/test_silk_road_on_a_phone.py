"""A Silk Road game on a 375×812 phone: nothing overflows sideways, every target is tappable.

A person opens a game against the computer on a small phone. The page must not scroll
sideways (the road turns to run top to bottom), and each control of the board and of the
trade composer is at least 44 px in both directions. Screenshots of the board at phone and
desktop size are written to the stack's folder (and to $BOARD_SCREENSHOTS when set).
"""

from __future__ import annotations

import os
from pathlib import Path

from .moves import open_trade_composer, play_against_computer
from .test_two_players_journey import sign_up

PHONE = (375, 812)
MIN_TARGET = 44

# The board's and the trade composer's controls that a finger has to hit.
TARGETS = """() => Array.from(document.querySelectorAll(
  '#board button, #board summary, #board [role=button], .deals button:not([hidden]), .deals select,'
  + ' .deals summary, .deals input[type=radio]'
)).filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .map(el => {
    const target = el.matches('input[type=radio]') ? (el.closest('label') || el) : el;
    const box = target.getBoundingClientRect();
    return {what: (el.textContent || el.name || el.tagName).trim().slice(0, 40),
            width: Math.round(box.width), height: Math.round(box.height)};
  })"""

OVERFLOW = """() => ({
  page: document.documentElement.scrollWidth,
  wide: Array.from(document.querySelectorAll('#play *')).filter(el => {
    const box = el.getBoundingClientRect();
    return box.width && box.right > document.documentElement.clientWidth + 0.5;
  }).slice(0, 5).map(el => el.outerHTML.slice(0, 120)),
})"""


def screenshot(page, stack, name: str) -> None:
    folders = [stack.folder]
    if os.environ.get("BOARD_SCREENSHOTS"):
        folders.append(Path(os.environ["BOARD_SCREENSHOTS"]))
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / name), full_page=True)
    if os.environ.get("BOARD_SCREENSHOTS"):  # the page a screen at a time, to look at
        height = page.evaluate("document.documentElement.scrollHeight")
        view = page.viewport_size
        for number, top in enumerate(range(0, height, view["height"])):
            clip = {
                "x": 0,
                "y": top,
                "width": view["width"],
                "height": min(view["height"], height - top),
            }
            page.screenshot(path=str(folders[-1] / f"{number}-{name}"), full_page=True, clip=clip)


def open_silk_road_game(page, stack, username: str) -> None:
    sign_up(page, stack, username)
    play_against_computer(page, stack, "Silk Road")
    page.wait_for_selector(".sr-track")


def test_a_silk_road_game_fits_a_375_px_phone_with_44_px_targets(stack, new_page):
    page = new_page(*PHONE)
    open_silk_road_game(page, stack, "phonetrader")
    # Wait for the person's turn (the bots may move first), so the board has controls.
    page.wait_for_function("() => !!document.querySelector('.prompt.your-turn')", timeout=45_000)
    composer = page.locator(".deals details.deal-form")
    if composer.count():
        open_trade_composer(page)

    overflow = page.evaluate(OVERFLOW)
    assert overflow["page"] <= PHONE[0], overflow
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    targets = page.evaluate(TARGETS)
    assert targets, "the board shows no controls on the person's turn"
    small = [t for t in targets if t["width"] < MIN_TARGET or t["height"] < MIN_TARGET]
    assert not small, small

    # The composer: + steps a count of something held, and the trade is spelled out.
    give = page.locator(".deal-side[data-side=give] .stepper").first
    if give.count():
        label = give.get_attribute("data-label")
        give.get_by_role("button", name=f"One more {label}").click()
        assert give.locator("select").input_value() == "1"
        summary = page.locator("[data-summary]").inner_text()
        assert f"you give 1 {label}" in summary, summary
        assert page.locator(".deal-send").is_enabled()

    # Every hand card's full name is shown, never cut off.
    for name in page.locator(".sr-card-name").all():
        assert name.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), name.inner_text()
    screenshot(page, stack, "silk-road-375.png")

    # A playable card opens to its choices (the second tap sends one): still within the
    # screen, each choice a full-size target.
    playable = page.locator("details.sr-play")
    if playable.count():
        playable.first.locator("summary").click()
        choices = playable.first.locator(".sr-card-actions button")
        assert choices.count() > 0
        for button in choices.all():
            box = button.bounding_box()
            assert box["width"] >= MIN_TARGET and box["height"] >= MIN_TARGET, box
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        playable.first.scroll_into_view_if_needed()
        if os.environ.get("BOARD_SCREENSHOTS"):
            page.screenshot(path=str(Path(os.environ["BOARD_SCREENSHOTS"]) / "card-open-375.png"))

    desk = new_page(1280, 800)
    desk.context.add_cookies(page.context.cookies())
    desk.goto(page.url)
    desk.wait_for_selector(".sr-track")
    assert desk.evaluate("document.documentElement.scrollWidth") <= 1280
    screenshot(desk, stack, "silk-road-1280.png")

    # The trade composer as a page of its own (what its link opens without scripts) fits
    # the phone too, with the same targets.
    if composer.count():
        page.goto(page.url.split("#")[0].rstrip("/") + "/offer")
        page.wait_for_selector("form[data-composer]")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        targets = page.evaluate(TARGETS)
        small = [t for t in targets if t["width"] < MIN_TARGET or t["height"] < MIN_TARGET]
        assert targets and not small, small
        screenshot(page, stack, "silk-road-offer-375.png")
