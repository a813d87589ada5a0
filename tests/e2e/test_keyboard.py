"""A full turn of every title played with the keyboard alone: Tab reaches every control
and sends nothing, Enter presses a choice, Space presses a target drawn on the board,
each press sends one move, after each swap the focus stays in the play area instead of
falling back to the top of the page, and the others' moves are read out from a live
region."""

from __future__ import annotations

import re

import pytest

from games.engine import registry

from .moves import VERSION_CHANGED, play_against_computer
from .test_two_players_journey import sign_up

# Marks the control to reach next: an "End …" choice when there is one (a die may be
# marked and unmarked for ever), else the first choice that can be pressed.
PICK = """() => {
  document.querySelectorAll('[data-next]').forEach(e => e.removeAttribute('data-next'));
  const choices = Array.from(document.querySelectorAll('.choices button.choice:not([disabled])'));
  const pick = choices.find(b => /^\\s*End/.test(b.textContent)) || choices[0];
  if (pick) pick.setAttribute('data-next', '');
  return !!pick;
}"""
PICK_ON_BOARD = """() => {
  const target = document.querySelector('#board [role=button][hx-post]');
  if (target) target.setAttribute('data-next', '');
  return !!target;
}"""
# 1: the marked control has the focus; 0: not yet; -1: it is gone (a live update swapped
# the play area while we were on the way: pick again).
FOCUSED = """() => !document.querySelector('[data-next]') ? -1
  : document.activeElement && document.activeElement.hasAttribute('data-next') ? 1 : 0"""
IN_PLAY = "() => !!document.activeElement.closest('#play')"  # not the top of the page
WHERE_FOCUS_IS = "() => document.activeElement.outerHTML.slice(0, 200)"


def _tab_to_the_marked_control(page, moves_sent: list[str]) -> bool:
    """Tab until the marked control has the focus (True), or it is swapped away (False).
    Tab only moves the focus: passing a target on the board sends nothing."""
    sent = len(moves_sent)
    for _ in range(600):
        where = page.evaluate(FOCUSED)
        if where:
            assert moves_sent[sent:] == [], "Tab sent a move"
            return where == 1
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached the control")


def _press(page, key: str, moves_sent: list[str]) -> None:
    version = page.locator("input[name=version]").first.input_value()
    sent = len(moves_sent)
    page.keyboard.press(key)
    page.wait_for_function(VERSION_CHANGED, arg=version)
    assert len(moves_sent) == sent + 1, f"one key press sent {moves_sent[sent:]}"
    # Once the swap has settled; a loaded CI machine once took over 2 s to settle it
    # (the focus is still asserted to come back to the play area, never the page's top).
    try:
        page.wait_for_function(IN_PLAY, timeout=5_000)
    except Exception as error:
        raise AssertionError(f"the focus left the play area: {page.evaluate(WHERE_FOCUS_IS)}") from error


@pytest.mark.parametrize("slug", registry.slugs())
def test_a_full_turn_of_every_title_is_played_with_the_keyboard_alone(stack, new_page, slug):
    page = new_page(1280, 900)
    moves_sent: list[str] = []
    page.on(
        "request",
        lambda r: r.method == "POST" and r.url.endswith("/act") and moves_sent.append(r.post_data),
    )
    sign_up(page, stack, "keys" + re.sub(r"[^a-z]", "", slug))
    play_against_computer(page, stack, registry.get(slug).name)

    page.keyboard.press("Tab")  # the first stop is the skip link
    assert page.evaluate("() => document.activeElement.textContent.trim()") == "Skip to content"

    moved = space_used = False
    for _ in range(60):
        page.wait_for_selector(".prompt.your-turn, section.result", timeout=30_000)
        drafted = page.locator(".log-lines li.draft").count()
        if moved and not drafted and page.locator(".since-turn").count():
            break  # the computers have moved after a turn of mine
        if not space_used and page.evaluate(PICK_ON_BOARD):
            key = " "
        else:
            assert page.evaluate(PICK), "my turn offers nothing to press"
            key = "Enter"
        if not _tab_to_the_marked_control(page, moves_sent):
            continue
        _press(page, key, moves_sent)
        space_used = space_used or key == " "
        moved = True
    else:
        raise AssertionError("the turn never came back after the computers moved")
    # A screen reader heard what the computers did, from the live region outside the board.
    page.wait_for_function(
        "() => document.getElementById('announcer').textContent.trim().length > 0", timeout=5_000
    )
