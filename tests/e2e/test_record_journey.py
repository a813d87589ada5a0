"""Two people finish a rated game; both see their ratings move, the game's dice check out
on its "Check" page, and the same check fails once the stored log is tampered with."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing

from .moves import play_first_choice
from .test_two_players_journey import seat_to_move, sign_up


def test_a_rated_game_moves_both_ratings_and_its_dice_check_out(stack, new_page):
    cai, dov = new_page(), new_page()
    sign_up(cai, stack, "cai")
    sign_up(dov, stack, "dov")

    cai.goto(stack.url + "/games/new/?game=silk-road")
    cai.select_option("select[name=players]", "2")
    assert cai.get_by_label("Rated").is_checked()
    cai.get_by_label("Your own randomness (optional)").fill("cai's lucky words")
    cai.get_by_role("button", name="Open the table").click()
    cai.wait_for_load_state()
    cai.locator("#fairness summary").click()  # "Fair dice": the fingerprint, before play
    commitment = cai.locator("#fairness code.hash").inner_text()
    assert re.fullmatch(r"[0-9a-f]{64}", commitment)
    game_url = cai.url

    dov.goto(cai.input_value("#invite-url"))
    dov.get_by_text("Add your own randomness (optional)").click()
    dov.fill("input[name=entropy]", "dov's dice")
    dov.get_by_role("button", name="Take a seat").click()
    dov.wait_for_selector(".prompt")
    cai.goto(game_url)
    cai.wait_for_selector(".prompt")

    game_id = int(re.search(r"/games/(\d+)/", game_url).group(1))
    # A few moves in the log (steps that can still be undone are not there yet), then the
    # player to move gives up.
    for _ in range(20):
        play_first_choice(seat_to_move([cai, dov]))
        if _moves_logged(stack, game_id) >= 2:
            break
    loser = seat_to_move([cai, dov])
    loser.get_by_text("Resign", exact=True).click()
    loser.get_by_role("button", name="Resign for good").click()
    loser.wait_for_selector("section.result")

    for page in (cai, dov):
        page.goto(game_url)
        changes = page.locator("section.result td.rating-change").all_inner_texts()
        assert len(changes) == 2, changes
        deltas = sorted(int(re.search(r"\(([+-]\d+)\)", text).group(1)) for text in changes)
        assert deltas[0] < 0 < deltas[1], changes  # the winner gains, the resigner loses

    cai.locator("#fairness summary").click()
    assert cai.locator("#fairness code.hash").first.inner_text() == commitment
    cai.get_by_role("link", name="Check every die, draw and shuffle").click()
    assert cai.get_by_role("status").inner_text().startswith("Verified.")
    assert "cai's lucky words" in cai.content() and "dov's dice" in cai.content()

    with closing(sqlite3.connect(stack.folder / "site.sqlite3", timeout=20)) as db:
        db.execute(
            "UPDATE games_move SET log = ? WHERE game_id = ? AND seq = 1",
            ('[{"text": "{p0} rolled a six.", "private": {}}]', game_id),
        )
        db.commit()
    cai.reload()
    assert cai.get_by_role("alert").inner_text().startswith("Not verified.")
    assert "Move 1 recorded something the seed does not give." in cai.content()


def _moves_logged(stack, game_id: int) -> int:
    with closing(sqlite3.connect(stack.folder / "site.sqlite3", timeout=20)) as db:
        (count,) = db.execute(
            "SELECT COUNT(*) FROM games_move WHERE game_id = ?", (game_id,)
        ).fetchone()
    return count
