"""A person plays a whole game against two computer players in the browser.

"Play against the computer" opens a private three-player table with bots in the other
seats. The person here decides as the engine's greedy bot would, from the game's snapshot
read (read-only) from the site's database, and plays every move by clicking its button.
The bots' moves come from the Celery worker and reach the page by its own polling: once
the game is open, the page is never reloaded.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
from contextlib import closing

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games import engine
from games.engine import Action
from games.engine.bots import choose_action

from .moves import SHOWN, play_against_computer
from .test_two_players_journey import sign_up

# Above what these games take: a greedy player makes some 40 to 250 moves in one.
MOVE_CAP = 400
TIME_CAP_SECONDS = 240.0  # one game; a long Silk Road game takes some 2 minutes
BOTS_WAIT_SECONDS = 45.0  # the longest the bots' moves may take to hand the turn back

class MovesOnly:
    """The game's rules without the bots' hook for proposing deals: the person here plays
    the game's own moves by their buttons (deals are made in the deals panel, which the
    negotiation journeys drive)."""

    def __init__(self, rules):
        self._rules = rules

    def __getattr__(self, name):
        if name == "bot_proposal":
            raise AttributeError(name)
        return getattr(self._rules, name)


PAGE_NOW = (
    """() => {
  const error = document.querySelector('#play .alert.error');
  return {
    version: """
    + SHOWN
    + """,
    over: !!document.querySelector('section.result'),
    prompt: (document.querySelector('.prompt') || {}).textContent || '',
    error: error ? error.textContent.trim() : null,
    logSeats: Array.from(document.querySelectorAll('.log-lines li .swatch')).map(
      s => Number((s.className.match(/seat-colour-(\\d+)/) || [null, -1])[1])),
  };
}"""
)
TURN_OR_END = "() => !!document.querySelector('.prompt.your-turn, section.result')"
VERSION_IS_NOT = "shown => " + SHOWN + " !== shown"
MOVED_ON = "before => !!document.querySelector('#play .alert.error') || " + SHOWN + " > before"
# A costly move (a purchase, a paid second camel) is asked once more before it is sent.
MOVED_ON_OR_ASKED = (
    "before => !!document.querySelector('.confirm-move') || !!document.querySelector("
    "'#play .alert.error') || " + SHOWN + " > before"
)
STALE = "The game has moved on since you loaded it."


def read_game(stack, game_id: int) -> tuple[int, str, dict, int]:
    """(version, status, engine state, the person's seat) straight from the database, as
    the person's page shows them: with their own steps not yet final (``Game.draft``)."""
    path = stack.folder / "site.sqlite3"
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=20)) as db:
        slug, version, status, state, draft = db.execute(
            "SELECT game, version, status, state, draft FROM games_game WHERE id = ?",
            (game_id,),
        ).fetchone()
        (seat,) = db.execute(
            "SELECT number FROM games_seat WHERE game_id = ? AND user_id IS NOT NULL",
            (game_id,),
        ).fetchone()
    state, draft = json.loads(state), json.loads(draft or "{}")
    if status == "active" and draft.get("seat") == seat:
        rules = engine.get(slug)
        for step in draft["steps"]:
            state, _ = rules.apply(state, seat, Action.from_json(step["action"]))
            version += 1
    return version, status, state, seat


def last_moves(stack, game_id: int, count: int = 6) -> list[tuple[int, str]]:
    """The last moves played, oldest first: (seat, action)."""
    path = stack.folder / "site.sqlite3"
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=20)) as db:
        rows = db.execute(
            "SELECT seat, action FROM games_move WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
            (game_id, count),
        ).fetchall()
    return list(reversed(rows))


def click_action(page, action) -> None:
    """Click the button of ``action`` among the page's choices, as a player would."""
    wanted = action.to_json()
    forms = page.locator(".choices form")
    offered = forms.locator("input[name=action]").evaluate_all("els => els.map(e => e.value)")
    index = next((i for i, raw in enumerate(offered) if json.loads(raw) == wanted), None)
    if index is None:
        pytest.fail(f"no button for {wanted} among the page's choices: {offered}")
    button = forms.nth(index).locator("button.choice")
    if not button.is_visible():
        pytest.fail(f"the button for {wanted} ({button.text_content()!r}) is not visible")
    button.click()


@pytest.mark.parametrize(
    "slug", ["merchant-lord", "samarkand", "silk-road", "marco-polo", "merchants-of-araby"]
)
def test_a_person_plays_a_whole_game_against_two_bots_whose_moves_appear_by_themselves(
    stack, new_page, slug
):
    rules = engine.get(slug)
    moves_only = MovesOnly(rules)
    page = new_page(1280, 900)
    username = slug.replace("-", "") + "fan"
    sign_up(page, stack, username)

    game_id = play_against_computer(page, stack, rules.name, level="greedy")  # medium
    reloads = []
    page.on("load", lambda loaded: reloads.append(loaded.url))

    started = time.monotonic()
    deadline = started + TIME_CAP_SECONDS
    seat = read_game(stack, game_id)[3]
    moves = behind = refused = 0

    def bot_lines(now) -> int:
        return sum(1 for line_seat in now["logSeats"] if line_seat != seat)

    # Bot log lines on the page so far, and those that came while we only waited.
    seen, arrived_by_themselves = bot_lines(page.evaluate(PAGE_NOW)), 0

    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            pytest.fail(
                f"{rules.name}: not over after {TIME_CAP_SECONDS:.0f} s and {moves} moves of"
                f" ours (site at version {read_game(stack, game_id)[0]})"
            )
        waited_from = read_game(stack, game_id)[0]
        try:
            page.wait_for_function(TURN_OR_END, timeout=min(BOTS_WAIT_SECONDS, left) * 1000)
        except PlaywrightTimeout:
            reached = read_game(stack, game_id)[0]
            pytest.fail(
                f"{rules.name}: after {moves} moves of ours the turn did not come back in"
                f" {min(BOTS_WAIT_SECONDS, left):.0f} s; meanwhile the site went from version"
                f" {waited_from} to {reached}; last moves (seat, action):"
                f" {last_moves(stack, game_id)}"
            )
        now = page.evaluate(PAGE_NOW)
        arrived_by_themselves += max(0, bot_lines(now) - seen)
        seen = max(seen, bot_lines(now))
        if now["over"]:
            break
        if moves >= MOVE_CAP:
            pytest.fail(
                f"{rules.name}: not over after {moves} moves of ours (version"
                f" {now['version']}, {time.monotonic() - started:.0f} s); the page says"
                f" {now['prompt'].strip()!r}"
            )
        version, status, state, _ = read_game(stack, game_id)
        assert status == "active", f"the page asks for a move in a game that is {status}"
        if version != now["version"]:
            # A poll's answer that left before our last move arrived after it and showed
            # the older state again; the page's next poll brings it up to date.
            behind += 1
            page.wait_for_function(VERSION_IS_NOT, arg=now["version"])
            continue
        click_action(page, choose_action(moves_only, state, seat, "greedy", seed=version))
        moves += 1
        page.wait_for_function(MOVED_ON_OR_ASKED, arg=version)
        asked = page.locator(".confirm-move")
        if asked.count():
            asked.get_by_role("button", name="Confirm").click()
            page.wait_for_function(MOVED_ON, arg=version)
        after = page.evaluate(PAGE_NOW)
        seen = max(seen, bot_lines(after))
        if after["error"] is not None:
            # Only a move made on a page that had fallen behind may be refused.
            assert after["error"].startswith(STALE), f"our move was refused: {after['error']}"
            refused += 1

    assert reloads == [], f"the game page was reloaded: {reloads}"
    assert arrived_by_themselves > 0, "no bot move appeared while we waited"

    result = page.locator("section.result")
    title = result.locator("#result-title").inner_text()
    assert re.fullmatch(r".+ wins|Shared win: .+", title), title
    rows = result.locator("table.scores tbody tr")
    assert rows.count() == 3
    names = [rows.nth(i).locator("th").inner_text().strip() for i in range(3)]
    assert username in names and len(set(names)) == 3, names
    winners = title.removesuffix(" wins").removeprefix("Shared win: ").split(", ")
    assert set(winners) <= set(names), (winners, names)
    # A rated game: the person's rating moved, and so did the (first) computer player's.
    changed = [rows.nth(i).locator("td.rating-change").inner_text().strip() for i in range(3)]
    assert re.search(r"\([+-]\d+\)", changed[names.index(username)]), changed
    assert sum(1 for text in changed if re.search(r"\([+-]\d+\)", text)) >= 2, changed
    for i, name in enumerate(names):
        row = rows.nth(i)
        assert re.fullmatch(r"-?\d+", row.locator("td strong").inner_text()), name
        assert row.locator("ul.breakdown li").count() > 0, f"no score breakdown for {name}"
    print(
        f"{rules.name}: {moves} moves of ours in {time.monotonic() - started:.1f} s;"
        f" {arrived_by_themselves} bot log lines arrived while we waited; the page was"
        f" behind the site {behind} times and refused {refused} moves as stale"
    )
