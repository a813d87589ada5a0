"""Live updates in a real browser: another player's move, a chat line and a new table
appear on open pages by themselves, while the pages' timed polls are switched off
(polls every ten minutes here), so only the live stream can have brought them."""

from __future__ import annotations

import time

import pytest

from .conftest import REDIS_URL
from .moves import hand_over_the_turn, open_table_for_two
from .stack import Stack
from .test_two_players_journey import sign_up

SOON_MS = 3_000  # "within a second" of the commit, with room for a busy test machine


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    running = Stack(
        folder=tmp_path_factory.mktemp("live-site"),
        redis_url=REDIS_URL,
        extra_env={"GAME_POLL_SECONDS": "600", "GAME_POLL_COMPUTER_SECONDS": "600"},
    )
    running.start()
    yield running
    running.stop()


def _live(page) -> None:
    page.wait_for_function("() => window.silkroadLive === true", timeout=SOON_MS)


def test_moves_chat_and_new_tables_reach_open_pages_without_polling(stack, new_page):
    ana, bo, guest = new_page(), new_page(), new_page()
    sign_up(ana, stack, "lina")
    sign_up(bo, stack, "omar")
    game_url = open_table_for_two(ana, bo, stack)
    bo.goto(game_url)
    guest.goto(game_url)
    for page in (ana, bo, guest):
        _live(page)

    # Whoever is to move moves; the other player's page and a guest's show it by themselves.
    mover, waiter = (ana, bo) if ana.locator(".prompt.your-turn").count() else (bo, ana)
    lines_before = guest.locator(".log-lines li").count()
    hand_over_the_turn(mover)
    waiter.wait_for_selector(".prompt.your-turn", timeout=SOON_MS)
    guest.wait_for_function(
        "n => document.querySelectorAll('.log-lines li').length > n",
        arg=lines_before,
        timeout=SOON_MS,
    )
    # The waiter's tab title now counts the game waiting for them.
    waiter.wait_for_function("() => document.title.startsWith('(1) ')", timeout=SOON_MS)

    # A chat line appears on the other page.
    mover.fill("#chat-text", "Safe travels!")
    mover.locator("form.chat-form button").click()
    waiter.wait_for_selector("text=Safe travels!", timeout=SOON_MS)

    # A table opened elsewhere appears in an open lobby.
    bo.goto(stack.url + "/lobby/")
    _live(bo)
    rows_before = bo.locator("#lobby-tables li.lobby-row").count()
    ana.goto(stack.url + "/games/new/?game=samarkand")
    ana.get_by_role("button", name="Open the table").click()
    ana.wait_for_load_state()
    started = time.monotonic()
    bo.wait_for_function(
        "n => document.querySelectorAll('#lobby-tables li.lobby-row').length > n",
        arg=rows_before,
        timeout=SOON_MS,
    )
    assert time.monotonic() - started < SOON_MS / 1000


def test_a_players_own_moves_are_not_asked_about_again(stack, new_page):
    """The answer to a move shows what it changed and names the change: the pulses it
    sends to the mover's own page (game, seat and player channels) are skipped, while the
    other player's page asks once: the poll's answer redraws its header's count too."""
    ana, bo = new_page(), new_page()
    sign_up(ana, stack, "rafi")
    sign_up(bo, stack, "sami")
    open_table_for_two(ana, bo, stack)
    for page in (ana, bo):
        _live(page)
    mover, waiter = (ana, bo) if ana.locator(".prompt.your-turn").count() else (bo, ana)
    mover.wait_for_timeout(1000)  # the poll each page sends as its stream opens is over
    asked: dict[str, list[str]] = {"mover": [], "waiter": []}
    for name, page in (("mover", mover), ("waiter", waiter)):
        page.on(
            "request",
            lambda request, name=name: (
                asked[name].append(request.url)
                if "/version" in request.url or "/me/waiting" in request.url
                else None
            ),
        )

    hand_over_the_turn(mover)
    waiter.wait_for_selector(".prompt.your-turn", timeout=SOON_MS)
    mover.wait_for_timeout(1500)  # every pulse of those moves has reached both pages
    assert asked["mover"] == []
    assert any("/version" in url for url in asked["waiter"])
    assert not [url for url in asked["waiter"] if "/me/waiting" in url]
    waiter.wait_for_function("() => document.title.startsWith('(1) ')", timeout=SOON_MS)
