"""Which channels a change of a game pulses, and the pulse itself (after the commit)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import connection

from games.live.bus import get_bus
from games.models import Seat

if TYPE_CHECKING:
    from games.events import Touch

# Written out once: it runs after every change of every game, and building it through the
# ORM cost five times its running (0.54 ms of CPU a move).
SEATED_USERS_SQL = (
    f"SELECT DISTINCT user_id FROM {Seat._meta.db_table}"
    " WHERE game_id = %s AND user_id IS NOT NULL ORDER BY user_id"
)


def channels_for_game(
    game_id: int, *, lobby: bool = False, user_ids: tuple[int, ...] | None = None
) -> list[str]:
    """The game's own channel, each seated person's ("my games", the tab's count), and
    the lobby's while the table is open. ``user_ids``: the seated people, when the change
    read them (else they are read here)."""
    if user_ids is None:
        with connection.cursor() as cursor:
            cursor.execute(SEATED_USERS_SQL, [game_id])
            user_ids = tuple(user_id for (user_id,) in cursor.fetchall())
    else:
        user_ids = tuple(sorted(set(user_ids)))
    channels = [game_channel(game_id), *(user_channel(user_id) for user_id in user_ids)]
    if lobby:
        channels.append(LOBBY_CHANNEL)
    return channels


LOBBY_CHANNEL = "lobby"  # the open public tables


def game_channel(game_id: int) -> str:
    """The channel of every page showing one game: anything anyone there sees changed."""
    return f"game:{game_id}"


def user_channel(user_id: int) -> str:
    """The channel of every page of one person: their games waiting, "my games"."""
    return f"user:{user_id}"


def seat_channel(game_id: int, user_id: int) -> str:
    """The channel of one seated person's pages of one game: what only they see changed."""
    return f"seat:{game_id}:{user_id}"


def pulse_game(touch: Touch) -> None:
    """Tell every open page showing this game that it changed, or only the pages of the
    one person who can see the change (``events.touched`` calls it after the commit and
    logs a failure: a lost pulse only means the pages see the change at their next poll)."""
    if touch.only_for is not None:
        channels = [seat_channel(touch.game_id, touch.only_for)]
    else:
        channels = channels_for_game(touch.game_id, lobby=touch.lobby, user_ids=touch.user_ids)
    get_bus().publish(channels, touch.token)
