"""Every title's board, as a player meets it, on a desktop and on a phone: the pictures
linked from docs/boards.md, and a check that nothing is cut off or overflows and that on
a phone every target of the board is at least 44 px each way.

For each site title a person plays against the computer: the board on their turn and,
after they resign, the finished game, at 1280×800 and at 375×812; and with two people at
a table, the board of the one waiting for the other and, where the game has trades, of
the one with an offer open to them (with axe-core's check of those two states). The pictures go to a
temporary folder, or, with ``UPDATE_BOARD_SCREENSHOTS=1``, to ``docs/boards/`` (the
copies the documentation links to).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from games.engine import registry

from .axe import describe, violations
from .moves import (
    open_table_for_two,
    open_trade_composer,
    play_against_computer,
    play_first_choice,
)
from .stack import ROOT
from .test_two_players_journey import seat_to_move, sign_up

SIZES = {"desktop": (1280, 800), "phone": (375, 812)}
# An element past the edge of the screen is cut off unless it sits in a region the player
# can pan (a map that scrolls sideways at its own size, so its targets stay large).
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const pannable = e => {
    for (let up = e.parentElement; up; up = up.parentElement) {
      const x = getComputedStyle(up).overflowX;
      if ((x === 'auto' || x === 'scroll') && up.scrollWidth > up.clientWidth) return true;
    }
    return false;
  };
  const wide = Array.from(document.querySelectorAll('#board *')).filter(e => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && (box.right > width + 1 || box.left < -1)
      && getComputedStyle(e).position !== 'fixed' && !pannable(e);
  }).map(e => e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined ? '.' + e.className : ''));
  return {page: document.documentElement.scrollWidth - width, cut: wide.slice(0, 5)};
}"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    if os.environ.get("UPDATE_BOARD_SCREENSHOTS") == "1":
        path = ROOT / "docs" / "boards"
        path.mkdir(exist_ok=True)
        return path
    return tmp_path_factory.mktemp("boards")


# What a finger has to hit on the board: its clickable targets and its own controls.
SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
  '#board [role=button], #board button, #board summary, #board a[href], #board select'
)).filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map(e => {
    const box = e.getBoundingClientRect();
    return {what: (e.getAttribute('aria-label') || e.textContent || e.tagName).trim().slice(0, 40),
            width: Math.round(box.width), height: Math.round(box.height)};
  }).filter(t => t.width < 44 || t.height < 44)"""


def _tappable(page, where: str) -> None:
    small = page.evaluate(SMALL_TARGETS)
    assert not small, f"{where}: targets under 44 px: {small[:8]}"


def _fits(page, where: str) -> None:
    found = page.evaluate(OVERFLOW)
    assert found["page"] <= 0 and not found["cut"], f"{where}: {found}"


@pytest.mark.parametrize("slug", registry.slugs())
def test_every_board_fits_a_desktop_and_a_phone_on_a_turn_and_at_the_end(
    stack, new_page, folder, slug
):
    rules = registry.get(slug)
    page = new_page(*SIZES["desktop"])
    sign_up(page, stack, "shots" + re.sub(r"[^a-z]", "", slug))
    play_against_computer(page, stack, rules.name)
    page.wait_for_selector(".prompt.your-turn", timeout=30_000)

    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.reload()
        page.wait_for_selector(".prompt.your-turn")
        _fits(page, f"{slug}, my turn, {size}")
        if size == "phone":
            _tappable(page, f"{slug}, my turn, {size}")
        page.locator("#board").screenshot(path=str(folder / f"{slug}-turn-{size}.png"))

    page.set_viewport_size({"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]})
    page.get_by_text("Resign", exact=True).click()
    page.get_by_role("button", name="Resign for good").click()
    page.wait_for_selector("section.result")
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.reload()
        _fits(page, f"{slug}, finished, {size}")
        page.screenshot(path=str(folder / f"{slug}-finished-{size}.png"), full_page=True)


def _shoot(page, folder: Path, slug: str, state: str, whole: bool = False) -> None:
    """The page at both sizes: nothing cut off, targets a finger's size on the phone;
    the picture is of the board, or of the ``whole`` page (an offer sits beside the board)."""
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.reload()
        page.wait_for_selector(".prompt")
        _fits(page, f"{slug}, {state}, {size}")
        if size == "phone":
            _tappable(page, f"{slug}, {state}, {size}")
        path = str(folder / f"{slug}-{state}-{size}.png")
        if whole:
            page.screenshot(path=path, full_page=True)
        else:
            page.locator("#board").screenshot(path=path)


@pytest.mark.parametrize("slug", registry.slugs())
def test_every_board_fits_while_you_wait_and_with_an_offer_open(stack, new_page, folder, slug):
    # Short and different for every title ("merchant" would name two of them).
    short = "".join(word[:3] for word in slug.split("-"))
    host, guest = new_page(*SIZES["desktop"]), new_page(*SIZES["desktop"])
    sign_up(host, stack, "wh" + short)
    sign_up(guest, stack, "wg" + short)
    open_table_for_two(host, guest, stack, slug)
    mover = seat_to_move([host, guest])
    waiter = guest if mover is host else host
    for _ in range(8):  # a phase where both act at once (Marco Polo's) ends first
        if not waiter.locator(".prompt.your-turn").count():
            break
        play_first_choice(waiter)
        waiter.reload()
    assert not waiter.locator(".prompt.your-turn").count(), "the game never waited for one"
    _shoot(waiter, folder, slug, "waiting")
    found = violations(waiter)
    assert not found, f"{slug}, waiting: {describe(found)}"

    composer = mover.locator(".deals details.deal-form")
    if not composer.count():
        return  # a game without trades
    mover.reload()
    open_trade_composer(mover)
    give = mover.locator(".deal-side[data-side=give] .stepper").first
    give.get_by_role("button", name=re.compile(r"^One more ")).click()
    mover.locator(".deal-send").click()
    mover.wait_for_selector(".deal-list .deal.mine")
    waiter.reload()
    waiter.wait_for_selector(".deal-list .deal.to-me")
    _shoot(waiter, folder, slug, "offer", whole=True)
    found = violations(waiter)
    assert not found, f"{slug}, an offer open: {describe(found)}"
