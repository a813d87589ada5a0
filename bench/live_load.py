"""How the live stream holds many open game pages: latency of a move's news to each.

Starts the site as in production on one machine (uvicorn on ASGI, a Celery worker, Redis
for the broker and the live bus; SQLite, or PostgreSQL with ``--database-url``), seats
two players at a public Silk Road table, opens ``--pages`` event streams on it (as
guests watching), then plays ``--moves`` moves through the JSON API. For every move and
every stream it measures the time from sending the move to that stream's event, and
prints the median and p99 with how many events arrived and how many streams failed::

    uv run python bench/live_load.py [--pages 200] [--moves 20] [--seconds 120]

Needs a Redis server (``SILKROAD_TEST_REDIS_URL``, default redis://127.0.0.1:6379/15).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.e2e.stack import ROOT, Stack  # noqa: E402

SETUP = """
from accounts.models import ApiToken
from games.play import tables
from tests.factories import UserFactory
ana, ben = UserFactory(username="loadana"), UserFactory(username="loadben")
game = tables.game_create(creator=ana, game="silk-road", players=2, random_seat_order=False)
tables.game_join(game_id=game.pk, user=ben, invite_code=game.invite_code)
print(game.pk, ApiToken.issue(user=ana, name="load")[1], ApiToken.issue(user=ben, name="load")[1])
"""


def setup_game(stack: Stack) -> tuple[int, list[str]]:
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", SETUP],
        cwd=ROOT,
        env=stack.environment(),
        capture_output=True,
        text=True,
        check=True,
    )
    game_id, *tokens = done.stdout.split()[-3:]
    return int(game_id), tokens


def api(stack: Stack, token: str, path: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(
        stack.url + "/api" + path,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


async def open_stream(
    url: str,
    arrivals: list[float],
    failures: list[str],
    ready: asyncio.Event,
    counter: list[int],
    total: int,
) -> None:
    """One page's stream: note the time of every ``game`` event."""
    parsed = urlparse(url)
    try:
        reader, writer = await asyncio.open_connection(parsed.hostname, parsed.port)
        writer.write(
            f"GET {parsed.path}?{parsed.query} HTTP/1.1\r\nHost: {parsed.netloc}\r\n"
            f"Accept: text/event-stream\r\nUser-Agent: load-{id(arrivals)}\r\n\r\n".encode()
        )
        await writer.drain()
        status = await reader.readline()
        if b" 200 " not in status:
            failures.append(status.decode().strip())
            return
        while (await reader.readline()).strip():  # the headers
            pass
        while True:
            line = await reader.readline()
            if not line:
                failures.append("the stream ended early")
                return
            if b"retry:" in line:
                counter[0] += 1
                if counter[0] == total:
                    ready.set()
            if line.startswith(b"event: game"):
                arrivals.append(time.monotonic())
    except (OSError, asyncio.IncompleteReadError) as exc:
        failures.append(repr(exc))


async def run(stack: Stack, pages: int, moves: int, seconds: float) -> None:
    game_id, tokens = setup_game(stack)
    url = f"{stack.url}/live?game={game_id}"
    arrivals: list[list[float]] = [[] for _ in range(pages)]
    failures: list[str] = []
    ready = asyncio.Event()
    counter = [0]
    tasks = [
        asyncio.create_task(open_stream(url, arrivals[i], failures, ready, counter, pages))
        for i in range(pages)
    ]
    await asyncio.wait_for(ready.wait(), timeout=60)
    await asyncio.sleep(0.5)
    print(f"{counter[0]} streams open on game {game_id}")
    sent: list[float] = []
    deadline = time.monotonic() + seconds
    loop = asyncio.get_running_loop()
    while len(sent) < moves and time.monotonic() < deadline:
        state = await loop.run_in_executor(None, api, stack, tokens[0], f"/games/{game_id}")
        if state["status"] != "active":
            break
        token = tokens[state["to_act"][0]]
        mine = await loop.run_in_executor(None, api, stack, token, f"/games/{game_id}")
        action = {k: v for k, v in mine["legal_actions"][0].items() if k != "label"}
        before = time.monotonic()
        await loop.run_in_executor(
            None,
            api,
            stack,
            token,
            f"/games/{game_id}/actions",
            {"action": action, "version": mine["version"]},
        )
        sent.append(before)
        await asyncio.sleep(1.0)  # let every stream hear of it before the next move
    await asyncio.sleep(1.0)
    for task in tasks:
        task.cancel()
    latencies = []
    missed = 0
    for page in arrivals:
        for start in sent:
            after = [t for t in page if t >= start]
            if after:
                latencies.append(after[0] - start)
            else:
                missed += 1
    latencies.sort()
    print(
        f"{len(sent)} moves × {pages} pages: {len(latencies)} events, {missed} missed, "
        f"{len(failures)} failed streams {failures[:3]}"
    )
    if latencies:
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(
            f"from sending a move to each page's event: median {statistics.median(latencies) * 1000:.0f} ms, "
            f"p99 {p99 * 1000:.0f} ms, worst {latencies[-1] * 1000:.0f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    redis_url = os.environ.get("SILKROAD_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
    with tempfile.TemporaryDirectory(prefix="silkroad-live-load-") as folder:
        stack = Stack(
            folder=Path(folder),
            redis_url=redis_url,
            database_url=args.database_url,
            extra_env={"PRESENCE_SECONDS": "90", "GAME_POLL_SECONDS": "5"},
        )
        stack.start()
        try:
            asyncio.run(run(stack, args.pages, args.moves, args.seconds))
        finally:
            stack.stop()


if __name__ == "__main__":
    main()
