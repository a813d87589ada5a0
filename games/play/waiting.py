"""Who the game waits for, kept on the seats by the write path, and who must be played.

``Seat.must_act`` denormalises the engine's ``to_act`` for "games waiting for me" and the
clocks; ``autoplay_due`` names the seats that nobody plays in person and that must act
now, for the autoplay executor (published with the event of the change).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.utils import timezone

from games.engine import deals
from games.models import DEFAULTS, Game, Seat
from games.play import results
from games.timing import seat_clock
from silkroad.rows import update_fields


def update_waiting(game: Game, seats: Sequence[Seat], waiting: Iterable[int]) -> list[Seat]:
    """Denormalise who must act onto the seats; returns the seats that just started waiting.

    ``waiting_since`` is kept while a seat stays waiting, so "longest waiting" is honest.
    When the game has just finished, each seat also gets the finish time and its place
    (``Seat.finished_at``, ``Seat.place``), once: the players' histories read those.
    """
    waiting = set(waiting) if game.status == Game.Status.ACTIVE else set()
    now = timezone.now()
    newly, changed, fields = [], [], {"must_act", "waiting_since"}
    finishing = game.status == Game.Status.FINISHED and game.finished_at is not None
    places = results.places(game.result) if finishing else {}
    for seat in seats:
        must = seat.number in waiting
        if finishing and seat.finished_at is None:  # written once, as the game ends
            seat.finished_at, seat.place = game.finished_at, places.get(seat.number)
            fields.update({"finished_at", "place"})
            if must == seat.must_act:
                changed.append(seat)
        if must == seat.must_act:
            continue
        seat.must_act = must
        seat.waiting_since = now if must else None
        fields.update(seat_clock.waiting_changed(game, seat, now))
        changed.append(seat)
        if must:
            newly.append(seat)
    if changed:  # the seats that changed, read under the game's lock: one round trip
        update_fields(changed, fields)
    return newly


def someone_present(seats: Iterable[Seat]) -> bool:
    """Whether a person still plays their own seat (absent seats wait for deadlines else)."""
    return any(s.user_id and s.played_by_player and s.resigned_at is None for s in seats)


def autoplay_due(game: Game, seats: Sequence[Seat]) -> tuple[tuple[int, str], ...]:
    """(seat, level) for each seat not played by its person that must act now.

    Bots also answer deals offered to them. Stand-ins that play defaults for absent
    players act only while some person at the table still plays: a table of absent
    players must not race to its end on its own, it advances one deadline at a time.
    """
    if game.status != Game.Status.ACTIVE or game.state is None:
        return ()
    rules, state = game.rules, game.state
    waiting = set(rules.to_act(state))
    present = someone_present(seats)
    due = []
    for seat in seats:
        level = seat.autoplay_level
        if not level or (level == DEFAULTS and not present):
            continue
        legal = rules.legal_actions(state, seat.number)
        if seat.number in waiting and legal:
            due.append((seat.number, level))
        elif level != DEFAULTS and any(a.type in deals.ANSWERS for a in legal):
            due.append((seat.number, level))
    return tuple(due)
