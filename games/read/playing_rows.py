"""The rows of "my games" for games in play, made from plain values.

A row shows the game's title and number, who sits there, whether the reader must move and
since when, and the clocks of those who must act or are away. All of that is in the seat
values "my games" reads for its cache keys (``games.read.tables.SHOWN_SQL``): making
each game, seat and player as models to draw the same rows cost more than the rest of
the page (forty rows: 240 models, three statements).
"""

from __future__ import annotations

from datetime import datetime

from games import engine
from games.models import Game, seat_name
from games.read.clocks import others_waiting, seat_clock_from


class PlayingRow:
    """A game in play as its row of "my games" shows it (``games/mine.jinja``): the few
    fields of a ``Game`` the row reads, its seats' names (``seat_list``), the reader's
    seat (``my_seat``) and clock (``my_clock``), and the others who must act or are away
    (``others_waiting``), and nothing more."""

    __slots__ = (
        *("pk", "game", "status", "players"),
        *("seat_list", "my_seat", "my_clock", "others_waiting"),
    )

    def __init__(self, seats: list[dict], user_id: int, now: datetime) -> None:
        first = seats[0]
        self.pk, self.game = first["game_id"], first["title"]
        self.status, self.players = first["status"], first["players"]
        names_shown = [
            seat_name(s["username"], s["controller"], s["controller_level"]) for s in seats
        ]
        self.seat_list = [{"display_name": name} for name in names_shown]
        self.my_seat = next(s for s in seats if s["user_id"] == user_id)
        clocks = [seat_clock_from(seat, now) for seat in seats]
        mine = self.my_seat["number"]
        self.my_clock = next(clock for clock in clocks if clock.number == mine)
        self.others_waiting = others_waiting(list(zip(names_shown, clocks, strict=True)), mine)

    @property
    def rules(self) -> engine.GameRules:
        return engine.get(self.game)

    def get_status_display(self) -> str:
        return Game.Status(self.status).label


def playing_rows(
    seats_by_game: dict[int, list[dict]], user_id: int, now: datetime
) -> dict[int, PlayingRow]:
    """The rows of these games (each with its seats' values, by number), as ``user_id``
    sees them at ``now``. Nothing more is read."""
    return {
        pk: PlayingRow(seats, user_id, now)
        for pk, seats in seats_by_game.items()
        if any(seat["user_id"] == user_id for seat in seats)  # else left since: as a model
    }
