"""One game as a viewer may see it: the board's view, choices, prompt, log and result."""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.engine import Action, LogEntry, deals
from games.engine.contract import State, fill_names
from games.models import DEFAULTS, Game, LogNote, Move, log_entries
from games.read import changes, drafts
from games.read.clocks import clock_context, time_control_text
from games.read.fairness import fairness_context
from games.read.names import (
    acted_by,
    note_by,
    seat_colours,
    seat_names,
    seat_of,
    seat_usernames,
    site_text,
)
from games.read.ratings import game_changes
from games.words import shown, translated
from silkroad.rows import read_rows, read_values


@dataclass(frozen=True)
class Choice:
    """A legal action as the templates see it (see docs/boards.md)."""

    type: str
    label: str
    params: dict[str, Any]
    json: str

    @classmethod
    def from_action(cls, action: Action, names: list[str] = ()) -> Choice:
        data = action.to_json()
        params = {key: value for key, value in data.items() if key != "type"}
        label = shown(action.label, names) if action.label else str(action)
        return cls(action.type, label, params, json.dumps(data, sort_keys=True))


def board_templates(slug: str) -> dict[str, str]:
    """The templates of a title's board: the board itself, and its drawings and styles
    (``board_defs``), which a page draws once, outside what a move swaps."""
    return {
        "board_template": f"games/boards/{slug}.jinja",  # games/jinja2/: games/web/jinja.py
        "board_defs": f"games/boards/{slug}-defs.jinja",
    }


def legal_choices(
    game: Game, seat: int | None, names: list[str], state: State | None = None
) -> list[Choice]:
    """The seat's legal actions with players' names in their labels ("Offer Ana …") on
    ``state`` (the seat's drafted state: ``drafts.drafted_state``), then "Undo" when the
    seat has a step it may take back."""
    if seat is None or game.status != Game.Status.ACTIVE:
        return []
    if state is None:
        state = drafts.drafted_state(game, seat)
    actions = game.rules.legal_actions(state, seat)
    undo = drafts.undo_action(game, seat)
    return [Choice.from_action(a, names) for a in [*actions, *([undo] if undo else [])]]


def group_choices(choices: list[Choice]) -> dict[str, list[Choice]]:
    grouped: dict[str, list[Choice]] = {}
    for choice in choices:
        grouped.setdefault(choice.type, []).append(choice)
    return grouped


SINCE_SHOWN = 12  # "since your last turn" lists at most this many lines (the latest)


def since_last_turn(
    game: Game,
    seat: int,
    names: list[str],
    upto: int | None = None,
    latest: list[LoggedMove] | None = None,
) -> dict[str, Any] | None:
    """What the others did since ``seat`` last moved (up to move ``upto``), as ``seat``
    may read it: {"moves": count, "lines": [...], "more": lines left out}; None when
    nothing happened or the seat has not moved yet and nothing came before.

    ``latest`` are the game's latest moves, newest first, as the page read them for its
    log: when the seat's last move is among them (or they are the whole game), nothing
    more is read."""
    others = _since_in(latest, seat) if latest is not None and upto is None else None
    if others is None:
        moves = game.moves.all() if upto is None else game.moves.filter(seq__lte=upto)
        mine = moves.filter(seat=seat).order_by("-seq").values_list("seq", flat=True).first()
        mine = mine or 0
        others = [m for m in moves.filter(seq__gt=mine).order_by("seq") if m.seat != seat]
    else:
        mine = max((m.seq for m in latest if m.seat == seat), default=0)
    if not others:
        return None
    lines = [shown(entry.for_viewer(seat), names) for move in others for entry in move.entries]
    return {
        "moves": len(others),
        "since": mine,
        "lines": lines[-SINCE_SHOWN:],
        "more": max(0, len(lines) - SINCE_SHOWN),
    }


def _since_in(latest: list[LoggedMove], seat: int) -> list[LoggedMove] | None:
    """The others' moves after ``seat``'s last one, oldest first, when ``latest`` (newest
    first) tells; None when the seat's last move may be older than them."""
    whole = not latest or latest[-1].seq == 1
    if not whole and all(m.seat != seat for m in latest):
        return None
    mine = max((m.seq for m in latest if m.seat == seat), default=0)
    return [m for m in reversed(latest) if m.seq > mine and m.seat != seat]


# The log's reads, written out once: every page and every move's answer makes them, and
# the ORM spent more CPU building them than the database spent answering. A move's log is
# read as its stored JSON text (``LoggedMove.log_text``), parsed by ``_parsed_log``.
MOVES_SQL = f"SELECT {{columns}}, m.log FROM {Move._meta.db_table} m WHERE m.game_id = %(game)s"
NOTES_SQL = f"""SELECT {{columns}} FROM {LogNote._meta.db_table} n WHERE n.game_id = %(game)s
    AND (n.seq >= %(first)s OR n.id = (
        SELECT MAX(id) FROM {LogNote._meta.db_table} WHERE game_id = %(game)s))
    ORDER BY n.seq, n.id"""


@dataclass
class LoggedMove:
    """A move as the log reads it (``Move``'s ``seq``, ``seat``, ``created_at`` and its
    ``log`` as ``entries``), without the action or a model instance: a page
    reads thirty of them, and making thirty instances cost more than reading the rows."""

    seq: int
    seat: int
    created_at: datetime
    log_text: str  # the stored log as the database gives it: JSON text

    FIELDS = ("seq", "seat", "created_at")  # then the log's text (MOVES_SQL)

    @property
    def entries(self) -> tuple[LogEntry, ...]:
        return _parsed_log(self.log_text)


@functools.lru_cache(maxsize=4096)
def _parsed_log(text: str) -> tuple[LogEntry, ...]:
    """A move's stored log, from its JSON text, as the engine's entries (immutable: every
    reader of the same text shares them).

    A move is never changed once written, and every page, move answer and changed poll
    reads the latest thirty: each process parses a text once instead of at every read,
    where parsing them cost about a tenth of a move's HTMX answer. Keyed by the text
    itself, so no id, reused or not, can ever give another move's lines."""
    return tuple(log_entries(json.loads(text)))


@functools.lru_cache(maxsize=4096)
def _shown_lines(
    log_text: str, mover: int, viewer: int | None, names: tuple[str, ...], language: str
) -> tuple[tuple[str, int | None], ...]:
    """The lines of a move's stored log as ``viewer`` reads them in ``language`` (the
    active one; part of the key only), names filled in: each line's text and the seat
    whose colour its dot shows (``move_line``).

    Every page and move answer shows the same thirty moves to the same few readers;
    translating and filling in their lines anew cost about a fortieth of a game page.
    Keyed by the log's text itself, as ``_parsed_log`` is."""
    return tuple(_read_line(entry, mover, viewer, names) for entry in _parsed_log(log_text))


def _read_line(
    entry: LogEntry, mover: int, viewer: int | None, names: Sequence[str]
) -> tuple[str, int | None]:
    """A log line as ``viewer`` reads it, names filled in, and the seat whose colour its dot
    shows (None for a line the game wrote on its own)."""
    return shown(entry.for_viewer(viewer), names), acted_by(entry.text, mover)


def latest_moves(
    game: Game,
    limit: int | None = None,
    before: int | None = None,
    after: int | None = None,
    *,
    with_lines: bool = False,
) -> list[LoggedMove]:
    """The game's latest ``limit`` moves (all with None), newest first; only those
    before move ``before`` and after move ``after`` when given, and only those that wrote
    a log line with ``with_lines``."""
    sql = MOVES_SQL if before is None else f"{MOVES_SQL} AND m.seq < %(before)s"
    sql += "" if after is None else " AND m.seq > %(after)s"
    sql += f" AND m.log <> '{NO_LINES}'" if with_lines else ""
    sql += " ORDER BY m.seq DESC" if limit is None else f" ORDER BY m.seq DESC LIMIT {int(limit)}"
    params = {"game": game.pk, "before": before, "after": after}
    return [
        LoggedMove(*values) for values in read_values(Move, "m", LoggedMove.FIELDS, sql, params)
    ]


NO_LINES = json.dumps([])  # a stored log with no line, as the database holds it: "[]"


def _enough_for(game: Game, moves: list[LoggedMove], limit: int) -> tuple[list[LoggedMove], bool]:
    """``moves`` (the latest, newest first) and as many older ones as it takes to hold
    ``limit`` log lines, and whether earlier moves are left out.

    A step that writes no line (choosing a card to sell, say: most of Samarkand's) must
    not shorten the log, and a game may take a hundred moves to write thirty lines. The
    older moves are read once, and only those that wrote a line: each gives one at least,
    so the read holds enough, and a page still costs the same at move 30 and at move
    3,000."""
    if len(moves) < limit or moves[-1].seq <= 1:
        return moves, False  # the whole game
    missing = limit - sum(len(m.entries) for m in moves)
    if missing <= 0:
        return moves, True
    older = latest_moves(game, missing, before=moves[-1].seq, with_lines=True)
    return moves + older, len(older) == missing


LOG_SHOWN = 30  # the page and the API carry the latest lines; the replay has them all


def game_log(
    game: Game,
    seat: int | None,
    names: list[str],
    limit: int | None = LOG_SHOWN,
    moves: list[LoggedMove] | None = None,
    after: int | None = None,
) -> list[dict[str, Any]]:
    """The latest ``limit`` log lines (all with None) as ``seat`` may read them, names
    filled in, oldest first; with ``after``, only the lines of the moves after it (the
    version a client already has). Only the moves needed are read (``moves``: those
    already read, ``latest_moves(game, limit, after=after)``), so a page costs the same at
    move 30 and at move 3,000."""
    if moves is None:
        moves = latest_moves(game, limit, after=after)
    cut = limit is not None and len(moves) >= limit
    if limit is not None and after is None:
        moves, cut = _enough_for(game, moves, limit)
    # Notes come after the move of their seq; those before the first move shown are left
    # out only when earlier moves are (a note made before any move has seq 0).
    first = moves[-1].seq if cut else 0
    if after is not None:
        first = max(first, after + 1)
    lines = []
    language, shown_names = get_language(), tuple(names)
    for move in reversed(moves):
        for text, by in _shown_lines(move.log_text, move.seat, seat, shown_names, language):
            lines.append(
                {"seq": move.seq, "seat": move.seat, "by": by, "text": text, "at": move.created_at}
            )
    # Resignations, timeouts, votes; and the newest note of all, which the page's poll key
    # names (``latest_note_id``): one read for both.
    notes = read_rows(LogNote, "n", NOTES_SQL, {"game": game.pk, "first": first})
    game.latest_note_id = max((note.pk for note in notes), default=0)
    for note in notes:
        if note.seq < first:
            continue  # the newest note, from before the lines shown
        text = fill_names(site_text(note.text), names)
        lines.append(
            {
                "seq": note.seq,
                "seat": note.seat,
                "by": note_by(note),
                "text": text,
                "at": note.created_at,
            }
        )
    lines.sort(key=lambda line: line["seq"])  # stable: a move's own lines stay first
    return lines[-limit:] if limit is not None else lines


def latest_note_id(game: Game) -> int:
    """The newest log note's id (0: none), for the page's poll key: read with the log by
    ``game_log`` when it ran, else read now."""
    known = getattr(game, "latest_note_id", None)
    if known is not None:
        return known
    newest = game.notes.order_by("-pk").values_list("pk", flat=True).first()
    return newest or 0


def drafted_lines(game: Game, seat: int | None, names: list[str]) -> list[dict[str, Any]]:
    """The log lines of ``seat``'s steps not yet final, shown only to that seat and
    marked as such ("draft": Undo can still take them back)."""
    lines = []
    for number, step in enumerate(drafts.draft_steps(game, seat), start=game.version + 1):
        for data in step["log"]:
            entry = LogEntry.from_json(data)
            lines.append(move_line(number, seat, entry, seat, names, at=None, draft=True))
    return lines


def move_line(
    seq: int, mover: int, entry: LogEntry, viewer: int | None, names: list[str], **more: Any
) -> dict[str, Any]:
    """A line of move ``seq``'s log as ``viewer`` reads it, names filled in, with the seat
    whose colour its dot shows (``by``: None for a line the game wrote on its own)."""
    text, by = _read_line(entry, mover, viewer, names)
    return {"seq": seq, "seat": mover, "by": by, "text": text, **more}


def rematch_for(game: Game, user) -> dict[str, Any] | None:
    """The rematch of a finished game as ``user`` meets it: None when they did not play."""
    if not user.is_authenticated or not game.seats.filter(user=user).exists():
        return None
    table = game.rematches.exclude(status=Game.Status.CANCELLED).order_by("pk").first()
    if table is None:
        return {"offered": False}
    return {
        "offered": True,
        "table": table,
        "seated": table.seats.filter(user=user).exists(),
        "by": table.creator.username,
    }


#: Endings whose reason the engine wrote (passed on as it is); the site writes the others.
ENGINE_ENDINGS = ("finished", "round_cap")


def result_reason(result: dict[str, Any]) -> str:
    """The stored result's reason, in the reader's language when the site wrote it."""
    reason = result.get("reason", "")
    return translated(reason) if result.get("termination") in ENGINE_ENDINGS else site_text(reason)


def game_result(game: Game, names: list[str]) -> dict[str, Any] | None:
    if not game.result:
        return None
    result = dict(game.result)
    result["reason"] = fill_names(result_reason(result), names)
    result["winner_names"] = [names[s] for s in result.get("winners", [])]
    changes = game_changes(game)
    result["scores"] = sorted(
        (
            {**score, "name": names[score["seat"]], "rating": changes.get(score["seat"])}
            for score in result.get("scores", [])
        ),
        key=lambda score: (score["place"], score["seat"]),
    )
    result["rated"] = bool(changes)
    # Nobody scored and nobody left (ended by agreement): a table of blanks says nothing.
    result["has_table"] = any(
        score["score"] is not None or score.get("left") for score in result["scores"]
    )
    return result


def open_deals(
    game: Game, state: dict, seat: int | None, names: list[str], choices: list[Choice]
) -> list[dict[str, Any]]:
    """Open deals as ``seat`` may see them, with names and the seat's answers to each."""
    rules = game.rules
    if not rules.deal_kinds or game.status != Game.Status.ACTIVE:
        return []
    listed = []
    for deal in deals.visible(rules.deal_kinds, state, seat):
        replies = [
            c for c in choices if c.type in deals.DEAL_TYPES and c.params.get("offer") == deal["id"]
        ]
        listed.append(
            {
                **deal,
                "text": shown(deal["text"], names),
                "from_name": names[deal["from"]],
                "to_name": _("everyone") if deal["to"] is None else names[deal["to"]],
                "mine": deal["from"] == seat,
                "to_me": deal["to"] == seat,
                "replies": replies,  # the viewer's answers: accept, decline, withdraw
            }
        )
    return listed


def deal_groups(listed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The deals panel's lists, those with deals only: offers made to the viewer, its own,
    standing orders, and offers between other players."""
    groups = [
        ("in", _("Offers to you"), lambda d: d["to_me"] and not d["standing"]),
        ("mine", _("Your offers"), lambda d: d["mine"] and not d["standing"]),
        ("standing", _("Standing orders"), lambda d: d["standing"]),
        ("others", _("Between other players"), lambda d: not (d["to_me"] or d["mine"])),
    ]
    shown_groups = []
    for kind, title, belongs in groups:
        found = [d for d in listed if belongs(d)]
        if found:
            shown_groups.append({"kind": kind, "title": title, "deals": found})
    return shown_groups


DEAL_HISTORY_SHOWN = 12


def deal_history(
    game: Game, seat: int | None, names: list[str], moves: list[LoggedMove]
) -> list[dict[str, Any]]:
    """The latest deal lines of the log (``moves``: newest first), newest first, as ``seat``
    may read them: offers, counters, answers, expiries, lapses and switched-off standing
    orders, the reason told to the owner alone."""
    if not game.rules.deal_kinds:
        return []
    lines: list[dict[str, Any]] = []
    for move in moves:
        for entry in reversed(move.entries):
            if deals.line_id(entry.text) not in deals.DEAL_LINES:
                continue
            text = entry.for_viewer(seat)
            lines.append(
                {
                    "seq": move.seq,
                    "text": shown(text, names),
                    "switched_off": deals.line_id(text) == deals.SWITCHED_OFF,
                }
            )
            if len(lines) >= DEAL_HISTORY_SHOWN:
                return lines
    return lines


def game_context(
    *, game: Game, user, page: bool = True, log_after: int | None = None
) -> dict[str, Any]:
    """Everything the game page, the board and the API show to ``user``; with ``page``
    False, only what the API shows (no marks of what changed, deal history, clocks or
    rematch). With ``log_after`` (a version the reader has), the log holds only the lines
    after it, and only their moves are read."""
    if page and log_after is not None:
        raise ValueError("a page shows the latest lines: log_after is for the API")
    mine = seat_of(game, user)
    started = game.state is not None
    seat = mine.number if mine is not None and started else None
    names = seat_names(game)
    context: dict[str, Any] = {
        "game": game,
        "rules": game.rules,
        "my_seat": mine,
        "seat": seat,
        "names": names,
        "usernames": seat_usernames(game),
        "colours": seat_colours(game.players),
        "version": drafts.shown_version(game, seat),
        **board_templates(game.game),
        # Seats of people that a stand-in bot plays while they are away (seats played by
        # defaults show their own badge with the clocks).
        "away": [s.number for s in game.seats.all() if s.stand_in not in ("", DEFAULTS)],
        "fairness": fairness_context(game, names),
        "time_control": time_control_text(game),
        "computer_to_move": False,
    }
    if not started:
        return context
    rules = game.rules
    state = drafts.drafted_state(game, seat)  # the snapshot, for all but a seat mid-turn
    choices = legal_choices(game, seat, names, state)
    waiting = rules.to_act(state) if game.status == Game.Status.ACTIVE else ()
    in_play = seat is not None and game.status == Game.Status.ACTIVE
    computer = [s.number for s in game.seats.all() if s.autoplay_level]
    # One read for the log, "since your turn" and the deal history.
    latest = latest_moves(game, LOG_SHOWN, after=log_after)
    deal_terms = rules.deal_terms(state, seat) if in_play and rules.deal_kinds else None
    context.update(
        view=rules.view(state, seat),
        choices=choices,
        # Answers to deals are drawn with each deal (games/_deals.jinja), not here.
        choices_by_type=group_choices([c for c in choices if c.type not in deals.DEAL_TYPES]),
        to_act=list(waiting),
        # Seats a computer plays now (bots, stand-ins): "thinking…", and the page polls sooner.
        computer_seats=computer,
        computer_to_move=any(n in computer for n in waiting),
        to_act_names=[names[n] for n in waiting],
        my_turn=seat is not None and seat in waiting,
        prompt=shown(rules.prompt(state, seat), names),
        deal_terms=deal_terms,
        deals=open_deals(game, state, seat, names, choices),
    )
    context.update(
        log=game_log(game, seat, names, moves=latest, after=log_after)
        + drafted_lines(game, seat, names),
        log_earlier=game.version > LOG_SHOWN,
        since_my_turn=(
            since_last_turn(game, seat, names, latest=latest) if in_play and page else None
        ),
        result=game_result(game, names),
    )
    if not page:
        return context
    context["deal_history"] = deal_history(game, seat, names, latest)
    context["deal_groups"] = deal_groups(context["deals"])
    if context["since_my_turn"]:
        since = context["since_my_turn"]["since"]
        # The page's view is of the logged state unless the seat is drafting steps.
        drafting = drafts.draft_steps(game, seat)
        logged = rules.view(game.state, seat) if drafting else context["view"]
        context["changed"] = changes.board_changes(game, seat, since, logged)
    context.update(clock_context(game, mine))
    if game.status == Game.Status.FINISHED:
        context["rematch"] = rematch_for(game, user)
    return context
