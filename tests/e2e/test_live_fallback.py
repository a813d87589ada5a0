"""When the live stream cannot be reached, the game page polls instead, and it goes live
again by itself once the stream is back, without a reload."""

from __future__ import annotations

from .moves import hand_over_the_turn, open_table_for_two
from .test_live_table import SOON_MS
from .test_two_players_journey import sign_up


def test_a_page_without_its_stream_polls_and_recovers_without_a_reload(stack, new_page):
    ana, bo = new_page(), new_page()
    sign_up(ana, stack, "falla")
    sign_up(bo, stack, "fallb")
    blocked = {"on": True}

    def stream(route):
        if blocked["on"]:
            route.abort()
        else:
            route.continue_()

    game_url = open_table_for_two(ana, bo, stack)
    waiter_is_ana = not ana.locator(".prompt.your-turn").count()
    waiter, mover = (ana, bo) if waiter_is_ana else (bo, ana)
    waiter.context.route("**/live?*", stream)
    waiter.goto(game_url)
    loads = []
    waiter.on("load", lambda page: loads.append(page.url))
    assert waiter.evaluate("window.silkroadLive") is False

    # No stream: the opponent's move still arrives, by the page's poll.
    hand_over_the_turn(mover)
    waiter.wait_for_selector(".prompt.your-turn", timeout=SOON_MS * 3)

    # The stream comes back: the page goes live on its own.
    blocked["on"] = False
    waiter.wait_for_function("() => window.silkroadLive === true", timeout=30_000)
    assert loads == []
