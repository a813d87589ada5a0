"""A game as the mails describe it: title, link, names, prompts and the public log."""

from __future__ import annotations

from functools import cached_property

from django.urls import reverse

from games.engine import LogEntry
from games.mail.delivery import absolute_url, when_shown
from games.models import Game, Move, Seat
from games.read.names import seat_names
from games.words import shown


class Table:
    """A game as the mails describe it: title, link, names, prompts and public log."""

    def __init__(self, game: Game):
        self.game = game
        self.rules = game.rules
        self.seats = list(game.seats.select_related("user").order_by("number"))

    @classmethod
    def load(cls, game_id: int) -> Table | None:
        game = Game.objects.filter(pk=game_id).first()
        return cls(game) if game is not None else None

    @cached_property
    def names(self) -> list[str]:
        return seat_names(self.game)

    @property
    def title(self) -> str:
        return str(self.game)

    @property
    def url(self) -> str:
        return absolute_url(reverse("games:game", args=[self.game.pk]))

    @property
    def people(self) -> list[Seat]:
        return [seat for seat in self.seats if seat.user_id]

    def seat_of(self, user_id: int | None) -> Seat | None:
        return next((seat for seat in self.seats if user_id and seat.user_id == user_id), None)

    def waiting_for(self) -> tuple[int, ...]:
        if self.game.status != Game.Status.ACTIVE:
            return ()
        return tuple(self.rules.to_act(self.game.state))

    def prompt(self, seat: Seat) -> str:
        return when_shown(shown, self.rules.prompt(self.game.state, seat.number), self.names)

    def opponents(self, seat: Seat) -> list[str]:
        return [name for number, name in enumerate(self.names) if number != seat.number]

    def move(self, seq: int) -> Move | None:
        return self.game.moves.filter(seq=seq).first()

    def public_log(self, move: Move | None) -> list[str]:
        """The move's log lines as a spectator reads them: no one's private details."""
        if move is None:
            return []
        return [when_shown(shown, LogEntry.from_json(data).text, self.names) for data in move.log]

    def context(self, seat: Seat | None = None) -> dict:
        """What every mail about this game shows; with ``seat``, as that player sees it."""
        context = {"title": self.title, "game_url": self.url, "game_name": self.rules.name}
        if seat is not None:
            context.update(opponents=self.opponents(seat), prompt=self.prompt(seat))
        return context
