"""The endpoints: thin, typed, on the write path (``games.play``) and the reads (``games.read``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import Field, Query, Router, Schema, Status

from games.api import schemas as s
from games.api.errors import ERROR_STATUSES
from games.engine import Action, MalformedAction
from games.errors import Conflict, GameNotFound, InvalidInput, NotFound
from games.models import Game
from games.play import acting, endings, presence, seats, tables
from games.play import chat as table_chat
from games.read import archive, drafts, game_page
from games.read import tables as lists
from games.read.names import seat_of
from games.words import translated

router = Router(tags=["games"])


def answers(ok: dict[int, Any]) -> dict[int, Any]:
    """An operation's responses: its own, and the error shape for every refusal."""
    return {**ok, **{status: s.ErrorOut for status in ERROR_STATUSES}}


def _visible(game_id: int, user) -> Game:
    game = lists.game_for_user(game_id=game_id, user=user)
    if game is None:
        raise GameNotFound(_("There is no such game."))
    return game


# --- serialisation -----------------------------------------------------------------------------


def _seats(game: Game) -> list[dict[str, Any]]:
    by_number = {seat.number: seat for seat in game.seats.all()}
    listed = []
    for number in range(game.players):
        seat = by_number.get(number)
        listed.append(
            {
                "seat": number,
                "name": seat.display_name if seat else None,
                "must_act": bool(seat and seat.must_act),
                "deadline": seat.deadline if seat else None,
                "bot": seat.controller_level if seat and seat.is_bot else None,
                "played_by_bot": (seat.stand_in or None) if seat else None,
            }
        )
    return listed


def summary(game: Game, user) -> dict[str, Any]:
    mine = seat_of(game, user)
    return {
        "id": game.pk,
        "game": game.game,
        "status": game.status,
        "version": game.version,
        "players": game.players,
        "public": game.is_public,
        "seats": _seats(game),
        "you": mine.number if mine and game.started_at is not None else None,  # state deferred
        "must_act": bool(mine and mine.must_act),
        "waiting_since": mine.waiting_since if mine else None,
    }


def detail(game: Game, user, since: int | None = None) -> dict[str, Any]:
    """The game document; with ``since`` (a version the client has), its log holds only
    the lines after it."""
    context = game_page.game_context(game=game, user=user, page=False, log_after=since)
    terms = context.get("deal_terms")
    return {
        "id": game.pk,
        "game": game.game,
        "status": game.status,
        "version": context["version"],  # with your own steps not yet final
        "seats": _seats(game),
        "to_act": context.get("to_act", []),
        "you": context["seat"],
        "prompt": context.get("prompt"),
        "view": context.get("view"),
        "legal_actions": [
            {"type": c.type, "label": c.label, **c.params} for c in context.get("choices", [])
        ],
        "deal_terms": terms.to_json() if terms else None,
        "deals": [
            {key: value for key, value in deal.items() if key not in ("replies", "from")}
            for deal in context.get("deals", [])
        ],
        "log": [
            {"seq": line["seq"], "seat": line["seat"], "text": line["text"]}
            for line in context.get("log", [])
        ],
        "result": context.get("result"),
        "fairness": {
            **context["fairness"],
            "entropies": [list(pair) for pair in context["fairness"].get("entropies", [])],
        },
    }


# --- endpoints ---------------------------------------------------------------------------------


class ArchiveQuery(Schema):
    after: str | None = None


@router.get(
    "/players/{username}/games",
    response=answers({200: s.ArchivePageOut}),
    summary="A player's finished games",
)
def player_games(request: HttpRequest, username: str, query: Query[ArchiveQuery]):
    """A player's finished public games, newest first, a page at a time (``next`` is the
    cursor of the following page). For a whole history in one download, see
    ``/players/<username>/games.ndjson``."""
    person = get_user_model().objects.filter(username=username, is_active=True).first()
    if person is None or (person.profile_hidden and person != request.auth):
        raise NotFound(_("There is no such player, or they keep their games private."))
    shown = archive.ArchiveQuery(player=person.username)
    found, cursor = archive.page(shown, query.after, whole_seats=True)
    return {"games": [summary(game, request.auth) for game in found], "next": cursor}


@router.get(
    "/games/{int:game_id}/export",
    response=answers({200: s.ExportOut}),
    summary="A finished game, whole",
)
def export_game(request: HttpRequest, game_id: int):
    game = _visible(game_id, request.auth)
    if game.status != Game.Status.FINISHED:
        raise Conflict(_("A game is exported once it is over."))
    return archive.export(game)


class GamesQuery(Schema):
    mine: bool = False
    to_act: bool = False


@router.get("/games", response=answers({200: s.GamesOut}), summary="Open tables, or yours")
def list_games(request: HttpRequest, query: Query[GamesQuery]):
    """Public tables waiting for players; with ``mine``, your games in the order of "My
    games" (where you must act first); with ``to_act`` too, only those."""
    user = request.auth
    if query.mine:
        mine = lists.my_games(user=user, whole_games=True)
        found = mine.to_act if query.to_act else mine.all()
    else:
        found = lists.lobby(user=user, whole_seats=True)
    return {"games": [summary(game, user) for game in found]}


@router.post("/games", response=answers({201: s.CreatedOut}), summary="Open a table")
def create_game(request: HttpRequest, payload: s.TableIn):
    table = tables.game_create(
        creator=request.auth,
        game=payload.game,
        players=payload.players,
        options=payload.options,
        public=payload.public,
        random_seat_order=payload.random_seat_order,
        invite=payload.invite,
        bots=payload.bots,
        time_control=payload.time_control,
        entropy=payload.entropy,
        rated=payload.rated,
    )
    return Status(201, {"id": table.pk, "invite_code": table.invite_code, "status": table.status})


class GameQuery(Schema):
    since: int | None = Field(
        None,
        ge=0,
        le=2**31,
        description="The version you already have: the log then holds only the lines after it.",
    )


def change_tag(game: Game, user) -> str:
    """An ETag that changes whenever anything the document shows ``user`` may have: a move
    (the version, with the user's own steps not yet final), the status, the seats, or a
    note such as a resignation."""
    seats = sum(1 for seat in game.seats.all() if seat.user_id or seat.is_bot)
    mine = seat_of(game, user)
    version = drafts.shown_version(game, mine.number if mine else None)
    return f'"{game.status}-{version}-{seats}-{lists.last_note_id(game.pk)}"'


@router.get(
    "/games/{int:game_id}", response=answers({200: s.GameDetailOut, 304: None}), summary="One game"
)
def get_game(request: HttpRequest, game_id: int, query: Query[GameQuery], response: HttpResponse):
    """The game as you may see it. Reading changes nothing (a seat a stand-in plays for you
    is taken back with ``POST …/back`` or by acting).

    Cheap to ask again: send the ``ETag`` you got as ``If-None-Match`` and a game that has
    not changed answers 304 with no body; ``?since=<version>`` leaves out the log lines you
    already have."""
    game = _visible(game_id, request.auth)
    presence.seen(game_id, request.auth)
    tag = change_tag(game, request.auth)
    if tag in request.headers.get("If-None-Match", ""):
        not_modified = HttpResponse(status=304)
        not_modified["ETag"] = tag
        return not_modified
    document = detail(game, request.auth, since=query.since)
    response["ETag"] = tag
    return document


@router.post("/games/{int:game_id}/join", response=answers({200: s.GameSummaryOut}))
def join(request: HttpRequest, game_id: int, payload: s.JoinIn | None = None):
    code = payload.invite_code if payload else None
    entropy = payload.entropy if payload else ""
    tables.game_join(game_id=game_id, user=request.auth, invite_code=code, entropy=entropy)
    return summary(_visible(game_id, request.auth), request.auth)


@router.post("/games/{int:game_id}/leave", response=answers({200: s.LeftOut}))
def leave(request: HttpRequest, game_id: int):
    tables.game_leave(game_id=game_id, user=request.auth)
    return {"left": True}


@router.post("/games/{int:game_id}/cancel", response=answers({200: s.GameSummaryOut}))
def cancel(request: HttpRequest, game_id: int):
    tables.game_cancel(game_id=game_id, user=request.auth)
    return summary(_visible(game_id, request.auth), request.auth)


@router.post("/games/{int:game_id}/actions", response=answers({200: s.GameDetailOut}))
def act(request: HttpRequest, game_id: int, payload: s.ActionIn, query: Query[GameQuery]):
    """Play one of your ``legal_actions`` (or a deal offer within ``deal_terms``). The
    answer is the game as your move left it; with ``?since=<version>`` (the one you
    posted, say) its log holds only the lines after it, and costs the server less."""
    try:
        action = Action.from_json(payload.action)
    except MalformedAction as exc:
        raise InvalidInput(translated(exc.reason)) from None
    game = acting.game_act(
        game_id=game_id, user=request.auth, action=action, expected_version=payload.version
    )
    # As the move left it, with its seats: not read again.
    return detail(game, request.auth, since=query.since)


@router.post("/games/{int:game_id}/back", response=answers({200: s.GameDetailOut}))
def come_back(request: HttpRequest, game_id: int):
    """You are back: your seat is yours again if a stand-in was playing it."""
    seats.seat_return(game_id=game_id, user=request.auth)
    return detail(_visible(game_id, request.auth), request.auth)


@router.get("/games/{int:game_id}/chat", response=answers({200: s.ChatOut}))
def read_chat(request: HttpRequest, game_id: int):
    game = _visible(game_id, request.auth)
    messages = lists.chat_messages(game, request.auth)
    return {
        "messages": [
            {
                "id": m.pk,
                "user": m.user.username,
                "to": m.recipient.username if m.recipient_id else None,
                "text": m.text,
                "at": m.created_at,
            }
            for m in messages
        ]
    }


@router.post("/games/{int:game_id}/chat", response=answers({201: s.PostedOut}))
def write_chat(request: HttpRequest, game_id: int, payload: s.ChatIn):
    message = table_chat.chat_post(
        game_id=game_id, user=request.auth, text=payload.text, to=payload.to
    )
    return Status(201, {"id": message.pk})


@router.post("/games/{int:game_id}/resign", response=answers({200: s.GameDetailOut}))
def resign(request: HttpRequest, game_id: int):
    endings.game_resign(game_id=game_id, user=request.auth)
    return detail(_visible(game_id, request.auth), request.auth)


@router.post("/games/{int:game_id}/vote-end", response=answers({200: s.GameDetailOut}))
def vote_end(request: HttpRequest, game_id: int, payload: s.VoteIn | None = None):
    agree = payload.agree if payload else True
    endings.game_vote_end(game_id=game_id, user=request.auth, agree=agree)
    return detail(_visible(game_id, request.auth), request.auth)
