"""The live stream of an open page (Server-Sent Events) and the header's waiting count.

One stream per page: ``/live?game=<id>`` on a game page, ``?lobby=1`` on the lobby, and
the signed-in person's own channel everywhere (their "my games" and the count in the tab
title). An event names only what changed ("game", "seat", "user", "lobby") and the change's
token; the page then fetches its own fragments through the ordinary views, which decide
what this viewer may see, unless its own move's answer (``PULSE_HEADER``) named that token:
the answer showed the change already. The
stream ends after ``LIVE_STREAM_SECONDS`` and the browser opens a new one, so a signed-out
session or a game made private stops being followed; while it runs it also counts as the
page being open (no turn mail, no reminder), as the poll does.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from games.live import LOBBY_CHANNEL, game_channel, get_bus, seat_channel, user_channel
from games.live.bus import Pulse
from games.models import Game, Seat
from games.play import presence
from games.web import jinja

RETRY_MS = 2000  # how soon the browser reconnects after a stream ends or drops
# The answer to a move names its change's pulse here (``with_pulse``), for static/js/live.js.
PULSE_HEADER = "Silkroad-Pulse"


def pulse_event(pulse: Pulse) -> str:
    """A pulse as the stream sends it: its kind, then its channel and its token."""
    kind = pulse.channel.split(":", 1)[0]
    return f"event: {kind}\ndata: {pulse.channel} {pulse.token}".rstrip() + "\n\n"


def with_pulse(response: HttpResponse, game: Game | None) -> HttpResponse:
    """``response``, naming the pulse of the change ``game`` just made (when it made one):
    the page that asked sees in it what the pulse would have made it ask for."""
    touch = getattr(game, "touch", None)
    if touch is not None:
        response[PULSE_HEADER] = touch.token
    return response


def _int(raw: str | None) -> int | None:
    try:
        value = int(raw or "")
    except ValueError:
        return None
    return value if 0 < value < 2**63 else None


def page_client(request) -> str:
    """What tells one guest's browser from another's (hashed by ``presence``)."""
    return f"{request.META.get('REMOTE_ADDR', '')}|{request.META.get('HTTP_USER_AGENT', '')}"


def mark_present(request, game_id: int, *, seated: bool) -> None:
    """A player with the page open gets no reminder; anyone else counts as watching."""
    presence.page_open(game_id, request.user, seated=seated, client=page_client(request))


def _follow(request, game_id: int | None) -> tuple[list[str], bool]:
    """The channels this viewer may follow, and whether they sit at the game. Runs the
    database work of the whole stream, then hands the connection back: a page may stay
    open for hours and must not hold one."""
    try:
        user = request.user
        channels = []
        seated = False
        if game_id is not None:
            game = Game.objects.filter(pk=game_id).values("is_public").first()
            if game is None:
                raise Http404("There is no such game.")
            seated = (
                user.is_authenticated and Seat.objects.filter(game_id=game_id, user=user).exists()
            )
            if not game["is_public"] and not seated:
                raise Http404("There is no such game.")
            channels.append(game_channel(game_id))
            if seated:  # what only this person sees changed: their own steps not yet final
                channels.append(seat_channel(game_id, user.pk))
        if user.is_authenticated:
            channels.append(user_channel(user.pk))
        if request.GET.get("lobby"):
            channels.append(LOBBY_CHANNEL)
        return channels, seated
    finally:
        if not connection.in_atomic_block:
            connection.close()


@require_GET
async def live_stream(request):
    if not isinstance(request, ASGIRequest):
        # A WSGI server cannot hold a stream open without tying up a worker: say "nothing
        # to follow", and the page keeps polling.
        return HttpResponse(status=204)
    game_id = _int(request.GET.get("game"))
    if request.GET.get("game") and game_id is None:
        raise Http404("There is no such game.")
    channels, seated = await sync_to_async(_follow)(request, game_id)
    if not channels:
        return HttpResponse(status=204)  # nothing to follow: the browser stops asking
    if game_id is not None:
        await sync_to_async(mark_present)(request, game_id, seated=seated)
    response = StreamingHttpResponse(
        _events(request, channels, game_id, seated), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache, no-transform"
    response["X-Accel-Buffering"] = "no"  # a proxy in front must not hold events back
    return response


def _presence_every() -> float:
    """How often an open stream says "this page is still open": well within the time a
    page counts as open after its last sign of life."""
    return max(0.1, min(settings.LIVE_KEEPALIVE_SECONDS, settings.PRESENCE_SECONDS / 3))


async def _events(
    request, channels: list[str], game_id: int | None, seated: bool
) -> AsyncIterator[str]:
    loop = asyncio.get_running_loop()
    ends_at = loop.time() + settings.LIVE_STREAM_SECONDS
    every = _presence_every()
    marked = loop.time()
    async with get_bus().subscribe(channels) as subscription:
        # Subscribed before the first byte: the page misses nothing from here on (and asks
        # once, on opening, about anything between its rendering and now).
        yield f"retry: {RETRY_MS}\n: following {len(channels)} channel(s)\n\n"
        while loop.time() < ends_at:
            pulse = await subscription.next(timeout=every)
            if game_id is not None and loop.time() - marked >= every:
                # No turn mail, still watching.
                await sync_to_async(mark_present)(request, game_id, seated=seated)
                marked = loop.time()
            if pulse is None:
                yield ": still here\n\n"
            else:
                yield pulse_event(pulse)


def waiting_count(request):
    """The header's "My games (N)" link alone, for a live update of the count."""
    return HttpResponse(jinja.render_answer(request, "site/nav_mine.jinja", {}))
