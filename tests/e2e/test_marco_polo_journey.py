"""A person opens Marco Polo against two computer players and plays some turns by clicking,
on a 375 px wide phone: at every step of a turn (action space, dice, column, contracts,
travel, city card, bonus actions) each target of the board is at least 44 px each way.

Moves the board offers as a drawn target (an action space, a bazaar column, a place on the
map, a contract) are clicked there; the rest through the buttons below the board. The
person reads the snapshot from the site's database and takes, where one of the next two
steps leads to a step of the turn not yet checked, that way (so every kind of step is
checked, not only those greedy play happens to meet); while travel is still unchecked and
out of reach, the coins space (greedy play can hoard camels until it cannot pay a trip);
otherwise decides as the greedy bot. It stops once every step is checked.
"""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games import engine
from games.engine.bots import choose_action

from .moves import play_against_computer
from .test_board_screenshots import SIZES, _tappable
from .test_play_against_computer import (
    BOTS_WAIT_SECONDS,
    MOVED_ON,
    PAGE_NOW,
    STALE,
    TURN_OR_END,
    VERSION_IS_NOT,
    click_action,
    read_game,
)
from .test_two_players_journey import sign_up

OUR_MOVES = 80  # at most: some whole turns (action space, dice, its steps, end turn)
ENOUGH_MOVES = 10  # at least, even once every step is checked
# Every step a turn has, and a reward to choose; a city card's step needs a card in reach.
EVERY_STEP = {"free", "dice", "column", "contracts", "travel", "choice"}
COINS_SPACE = {"type": "space", "space": "coins"}


def step_of(state, seat: int) -> str:
    """The step ``seat`` is at: a reward to choose, else its turn's step or the phase."""
    if state["seats"][seat]["pending"]:
        return "choice"
    return (state["turn"] or {}).get("step", state["phase"])


def towards_new_step(rules, state, seat: int, seen: set[str], depth: int = 2):
    """An action after which, within ``depth`` steps of ours, the board shows a step not in
    ``seen``; None when there is none."""
    for action in rules.legal_actions(state, seat):
        after, _ = rules.apply(state, seat, action)
        if seat not in rules.to_act(after):
            continue
        if step_of(after, seat) not in seen:
            return action
        if depth > 1 and towards_new_step(rules, after, seat, seen, depth - 1):
            return action
    return None


def towards_travel(rules, state, seat: int, seen: set[str]):
    """The coins space while travel is unchecked and the coins space is open; else None.
    A trip costs coins, and greedy play may spend its last ones on camels for a long
    while (in about one game in 300 it never travels within 200 moves)."""
    if "travel" in seen:
        return None
    for action in rules.legal_actions(state, seat):
        if action.to_json() == COINS_SPACE:
            return action
    return None


def click_on_board(page, action) -> bool:
    """Click ``action`` where the board draws it; False when the board has no target for it."""
    wanted = action.to_json()
    targets = page.locator("#board [hx-vals]")
    values = targets.evaluate_all("els => els.map(e => e.getAttribute('hx-vals'))")
    for index, raw in enumerate(values):
        if json.loads(json.loads(raw)["action"]) == wanted:
            target = targets.nth(index)
            if not target.is_visible():
                return False
            target.click()
            return True
    return False


def test_a_person_plays_marco_polo_turns_against_two_bots_on_the_drawn_board(stack, new_page):
    rules = engine.get("marco-polo")
    page = new_page(*SIZES["phone"])
    sign_up(page, stack, "marcovoyager")
    game_id = play_against_computer(page, stack, rules.name)
    assert page.locator("svg.mp-map").is_visible()
    assert page.locator(".mp-goals li").count() == 2  # our own two goal cards, nobody else's

    seat = read_game(stack, game_id)[3]
    moves = on_board = 0
    steps_seen: set[str] = set()
    started = time.monotonic()
    while moves < OUR_MOVES and not (moves >= ENOUGH_MOVES and EVERY_STEP <= steps_seen):
        try:
            page.wait_for_function(TURN_OR_END, timeout=BOTS_WAIT_SECONDS * 1000)
        except PlaywrightTimeout:
            pytest.fail(f"the turn did not come back after {moves} moves of ours")
        now = page.evaluate(PAGE_NOW)
        if now["over"]:
            break
        version, status, state, _ = read_game(stack, game_id)
        assert status == "active"
        if version != now["version"]:
            page.wait_for_function(VERSION_IS_NOT, arg=now["version"])
            continue
        step = step_of(state, seat)
        _tappable(page, f"Marco Polo on a phone, step {step!r}")
        steps_seen.add(step)
        action = (
            towards_new_step(rules, state, seat, steps_seen)
            or towards_travel(rules, state, seat, steps_seen)
            or choose_action(rules, state, seat, "greedy", seed=version)
        )
        if click_on_board(page, action):
            on_board += 1
        else:
            click_action(page, action)
        moves += 1
        page.wait_for_function(MOVED_ON, arg=version)
        after = page.evaluate(PAGE_NOW)
        if after["error"] is not None:
            assert after["error"].startswith(STALE), f"our move was refused: {after['error']}"

    assert moves >= 10, f"only {moves} moves of ours"
    assert on_board > 0, "no move was made on the drawn board"
    assert EVERY_STEP <= steps_seen, steps_seen
    assert page.locator("svg.mp-map").is_visible()
    print(
        f"Marco Polo: {moves} moves of ours ({on_board} on the board) in"
        f" {time.monotonic() - started:.1f} s; turn steps checked: {sorted(steps_seen)}"
    )
