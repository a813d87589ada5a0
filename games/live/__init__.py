"""Live updates: open pages learn within a second that something they show has changed.

A write that locked a game (``games.events.touched``) pulses, once it commits, the
channels ``game:<id>``, ``user:<id>`` for every person seated there, and ``lobby`` for an
open table; a change only one seated person can see (a step of theirs kept as a draft)
pulses only ``seat:<game id>:<user id>``, which their pages of that game follow. A pulse
carries no game content, only the channel's name and a token naming the change
(``events.Touch.token``): the page then asks for its own fragments through the ordinary,
permission-checked poll, so a stream can never show a seat anything it may not see. The
answer to a move names its token, so the mover's page skips the pulses of its own move.
Pulses are not stored: a page that misses one (its stream dropped) finds the change at its
next poll.

The bus is Redis pub/sub in production (every web and worker process shares it) and a
folder of small files under ``runsite`` (``games.live.bus``). May import ``games.models``
and below; ``games.receivers`` connects it to the events and ``games.web`` streams it.
"""

from games.live.bus import Bus, get_bus
from games.live.pulses import (
    LOBBY_CHANNEL,
    channels_for_game,
    game_channel,
    pulse_game,
    seat_channel,
    user_channel,
)

__all__ = [
    "LOBBY_CHANNEL",
    "Bus",
    "channels_for_game",
    "game_channel",
    "get_bus",
    "pulse_game",
    "seat_channel",
    "user_channel",
]
