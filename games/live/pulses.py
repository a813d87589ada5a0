"""Which channels a change of a game pulses, and the pulse itself (after the commit)."""

from __future__ import annotations

from games.live.bus import get_bus
from games.models import Seat


def channels_for_game(game_id: int, *, lobby: bool = False) -> list[str]:
    """The game's own channel, each seated person's ("my games", the tab's count), and
    the lobby's while the table is open."""
    user_ids = (
        Seat.objects.filter(game_id=game_id, user__isnull=False)
        .values_list("user_id", flat=True)
        .distinct()
    )
    channels = [f"game:{game_id}", *(f"user:{user_id}" for user_id in user_ids)]
    if lobby:
        channels.append("lobby")
    return channels


def pulse_game(game_id: int, lobby: bool = False) -> None:
    """Tell every open page showing this game that it changed (``events.touched`` calls
    it after the commit and logs a failure: a lost pulse only means the pages see the
    change at their next poll)."""
    get_bus().publish(channels_for_game(game_id, lobby=lobby))
