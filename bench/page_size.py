"""Does a page grow with the game? Bytes of the game page and the API's game document at
move 30 and at move 300 of the same game.

The game page and the API document carry the latest log lines only (the replay and the
export hold the whole game), so their size should not follow the length of the game: the
target is the size at move 300 within 10% of the size at move 30. Two players play the
title with random legal moves (deals left out); at each mark the player to act asks for
the page and the document through the site's WSGI application, as in http_cost.py.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/silkroad_http \
    DJANGO_SETTINGS_MODULE=silkroad.settings.dev uv run python bench/page_size.py

``--game`` picks the title (every one by default), ``--at`` the moves measured.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from django.test.utils import override_settings  # noqa: E402
from http_cost import Site, Table, _urls  # noqa: E402  (sets Django up)

from games.engine import registry  # noqa: E402
from games.models import Game  # noqa: E402
from games.play import acting  # noqa: E402

TOLERANCE = 0.10  # the page at the last mark within 10% of its size at the first
LOG_START, LOG_END = '<section class="log"', "</section>"


def log_section(page: bytes) -> bytes:
    """The page's log section: the part that is history, not the board."""
    start = page.find(LOG_START.encode())
    return page[start : page.find(LOG_END.encode(), start) + len(LOG_END)] if start >= 0 else b""


def sizes(site: Site, table: Table) -> tuple[int, int, int, int, int, int]:
    """Bytes of the page, its log, the API document and its log, as the player to act
    sees them now; and the log lines each carries."""
    game = Game.objects.get(pk=table.game_id)
    seat = table.rules.to_act(game.state)[0]
    page = site.body("GET", f"/games/{table.game_id}/", table.cookies[seat])
    headers = {"HTTP_AUTHORIZATION": f"Bearer {table.tokens[seat]}"}
    document = site.body("GET", f"/api/games/{table.game_id}", "", headers=headers)
    lines = json.loads(document)["log"]
    section = log_section(page)
    log = json.dumps(lines).encode()
    return len(page), len(section), len(document), len(log), section.count(b"<li"), len(lines)


def measure(game: str, marks: list[int], seed: int, site: Site):
    """The sizes at each mark of one game (the longest of a few when none reaches the last
    mark: then its last move before the end stands for it); and the move numbers."""
    best: dict[int, tuple] = {}
    for attempt in range(5):
        table = Table(game, warmup=0, seed=seed + attempt)
        first_game, found, played, last = table.game_id, {}, 0, None
        while played <= marks[-1]:
            if played in marks:
                found[played] = sizes(site, table)
            seat, action, version = table.next_move()
            if table.game_id != first_game:  # the game ended
                break
            if played > marks[0] and played % 10 == 0:  # the latest sizes before an end
                last = (played, sizes(site, table))
            acting.game_act(
                game_id=table.game_id,
                user=table.users[seat],
                action=action,
                expected_version=version,
            )
            played += 1
        if marks[-1] in found:
            return found
        if last is not None and last[0] > max(best, default=0):
            best = {marks[0]: found[marks[0]], last[0]: last[1]}
    return best


PARTS = ("page", "its log", "document", "its log")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a title (default: every one)")
    parser.add_argument("--at", type=int, nargs=2, default=[30, 300], help="two move numbers")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    marks = sorted(set(args.at))
    games = args.game or registry.slugs()

    print(f"{'title':20} {'bytes of':9} {'first':>16} {'last':>16} {'last/first':>11}  within")
    with override_settings(ROOT_URLCONF=_urls()):
        site = Site()
        for game in games:
            found = measure(game, marks, args.seed, site)
            first, last = sorted(found)
            for index, label in enumerate(PARTS):
                before, after = found[first][index], found[last][index]
                ratio = after / before
                within = "yes" if abs(ratio - 1) <= TOLERANCE else "NO"
                lines = ""
                if label == "its log":  # the page's lines, then the document's
                    count = 4 if index == 1 else 5
                    lines = f"  {found[first][count]} → {found[last][count]} lines"
                print(
                    f"{game:20} {label:9} {before:>7,} (m {first:3}) {after:>7,} (m {last:3})"
                    f" {ratio:11.3f}  {within}{lines}"
                )
    print(
        f"within: the last size within {TOLERANCE:.0%} of the first; m: the move measured; "
        "a log is the log section of the page, the log list of the document"
    )


if __name__ == "__main__":
    main()
