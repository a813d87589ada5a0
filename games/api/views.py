"""The JSON API, on the same services and selectors as the pages (see docs/api.md).

Authentication: the session (CSRF enforced on writes, as for forms) or
``Authorization: Bearer <token>`` with a personal API token (no CSRF: no cookie is used).
Every refusal is ``{"error": "..."}`` with a 4xx status.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt

from accounts.models import ApiToken
from games.engine import Action, MalformedAction
from games.errors import GameError, InvalidInput, StaleVersion
from games.models import Game
from games.play import acting, endings, presence, tables
from games.play import chat as table_chat
from games.read import game_page
from games.read import tables as lists
from games.read.names import seat_of
from silkroad.throttle import RateLimited, check_rate, too_many

MAX_BODY_BYTES = 64 * 1024
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class ApiError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def _error(status: int, message: str, **extra: Any) -> JsonResponse:
    return JsonResponse({"error": message, **extra}, status=status)


def _token_user(header: str):
    scheme, _, key = header.partition(" ")
    key = key.strip()
    if scheme.lower() != "bearer" or not key or len(key) > 200:
        raise ApiError(401, "Send your token as 'Authorization: Bearer <token>'.")
    token = (
        ApiToken.objects.select_related("user")
        .filter(key_hash=ApiToken.hash_key(key), revoked_at__isnull=True)
        .first()
    )
    if token is None or not token.user.is_active:
        raise ApiError(401, "That token is not valid (revoked or mistyped).")
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    return token.user


def _csrf_refusal(request) -> str | None:
    """Session writes must carry the CSRF token, exactly as a form post would."""
    response = CsrfViewMiddleware(lambda req: None).process_view(request, None, (), {})
    return None if response is None else "CSRF check failed: send the X-CSRFToken header."


def api_view(*methods: str) -> Callable:
    """Authenticate, check the method and turn refusals into JSON errors."""

    def decorator(view: Callable) -> Callable:
        @csrf_exempt
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method not in methods:
                response = _error(405, f"Use {' or '.join(methods)}.")
                response["Allow"] = ", ".join(methods)
                return response
            try:
                header = request.META.get("HTTP_AUTHORIZATION", "")
                if header:
                    user = _token_user(header)
                    request.user = user
                elif request.user.is_authenticated:
                    user = request.user
                    if request.method not in SAFE_METHODS and (reason := _csrf_refusal(request)):
                        return _error(403, reason)
                else:
                    raise ApiError(401, "Sign in or send an API token.")
                if request.method not in SAFE_METHODS:
                    check_rate(request, "api_write")
                return view(request, user, *args, **kwargs)
            except RateLimited as exc:
                return too_many(request, exc)
            except ApiError as exc:
                return _error(exc.status, exc.message)
            except StaleVersion as exc:
                return _error(exc.status, exc.message, version=exc.version)
            except GameError as exc:
                return _error(exc.status, exc.message)

        return wrapped

    return decorator


def _body(request) -> dict[str, Any]:
    """The request's JSON object; refuses huge, undecodable or non-object bodies."""
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > MAX_BODY_BYTES:
        raise ApiError(413, f"The body is too large (at most {MAX_BODY_BYTES} bytes).")
    try:
        raw = request.body
    except RequestDataTooBig:
        raise ApiError(413, f"The body is too large (at most {MAX_BODY_BYTES} bytes).") from None
    if len(raw) > MAX_BODY_BYTES:
        raise ApiError(413, f"The body is too large (at most {MAX_BODY_BYTES} bytes).")
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ApiError(400, "The body is not valid JSON.") from None
    if not isinstance(data, dict):
        raise ApiError(400, "The body must be a JSON object.")
    return data


def _visible_game(game_id: int, user) -> Game:
    game = lists.game_for_user(game_id=game_id, user=user)
    if game is None:
        raise ApiError(404, "There is no such game.")
    return game


# --- serialisation ---------------------------------------------------------------------


def _seats_json(game: Game) -> list[dict[str, Any]]:
    by_number = {seat.number: seat for seat in game.seats.all()}
    seats = []
    for number in range(game.players):
        seat = by_number.get(number)
        seats.append(
            {
                "seat": number,
                "name": seat.display_name if seat else None,
                "must_act": bool(seat and seat.must_act),
                "deadline": seat.deadline.isoformat() if seat and seat.deadline else None,
                "bot": (seat.controller_level if seat.is_bot else None) if seat else None,
                "played_by_bot": (seat.stand_in or None) if seat else None,
            }
        )
    return seats


def game_summary(game: Game, user=None) -> dict[str, Any]:
    mine = seat_of(game, user)
    return {
        "id": game.pk,
        "game": game.game,
        "status": game.status,
        "version": game.version,
        "players": game.players,
        "public": game.is_public,
        "seats": _seats_json(game),
        "you": mine.number if mine and game.state is not None else None,
        "must_act": bool(mine and mine.must_act),
        "waiting_since": mine.waiting_since.isoformat() if mine and mine.waiting_since else None,
    }


def game_detail(game: Game, user) -> dict[str, Any]:
    context = game_page.game_context(game=game, user=user)
    seat = context["seat"]
    legal = []
    if seat is not None and game.status == Game.Status.ACTIVE:
        legal = [a.to_json(with_label=True) for a in game.rules.legal_actions(game.state, seat)]
    return {
        "id": game.pk,
        "game": game.game,
        "status": game.status,
        "version": game.version,
        "seats": _seats_json(game),
        "to_act": context.get("to_act", []),
        "you": seat,
        "prompt": context.get("prompt"),
        "view": context.get("view"),
        "legal_actions": legal,
        "deal_terms": terms.to_json() if (terms := context.get("deal_terms")) else None,
        "deals": [
            {key: value for key, value in deal.items() if key != "replies"}
            for deal in context.get("deals", [])
        ],
        "log": [
            {"seq": line["seq"], "seat": line["seat"], "text": line["text"]}
            for line in context.get("log", [])
        ],
        "result": context.get("result"),
    }


# --- endpoints -------------------------------------------------------------------------


def _flag(request, name: str) -> bool:
    return request.GET.get(name, "").lower() in ("1", "true", "yes")


@api_view("GET", "POST")
def games(request, user):
    if request.method == "POST":
        return _create(request, user)
    if _flag(request, "mine"):
        mine = lists.my_games(user=user)
        found = mine.to_act if _flag(request, "to_act") else mine.all()
    else:
        found = lists.lobby(user=user)
    return JsonResponse({"games": [game_summary(game, user) for game in found]})


def _create(request, user):
    data = _body(request)
    public = data.get("public", True)
    random_order = data.get("random_seat_order", True)
    invite = data.get("invite", [])
    bot_seats = data.get("bots")
    if not isinstance(public, bool) or not isinstance(random_order, bool):
        raise InvalidInput("'public' and 'random_seat_order' must be true or false.")
    if not isinstance(invite, list):
        raise InvalidInput("'invite' must be a list of usernames or emails.")
    table = tables.game_create(
        creator=user,
        game=data.get("game"),
        players=data.get("players"),
        options=data.get("options"),
        public=public,
        random_seat_order=random_order,
        invite=invite,
        bots=bot_seats,
        time_control=data.get("time_control"),
    )
    return JsonResponse(
        {"id": table.pk, "invite_code": table.invite_code, "status": table.status}, status=201
    )


@api_view("GET")
def game(request, user, game_id: int):
    table = _visible_game(game_id, user)
    presence.seen(game_id, user)
    return JsonResponse(game_detail(table, user))


@api_view("POST")
def resign(request, user, game_id: int):
    endings.game_resign(game_id=game_id, user=user)
    return JsonResponse(game_detail(_visible_game(game_id, user), user))


@api_view("POST")
def vote_end(request, user, game_id: int):
    agree = _body(request).get("agree", True)
    if not isinstance(agree, bool):
        raise InvalidInput("'agree' must be true or false.")
    endings.game_vote_end(game_id=game_id, user=user, agree=agree)
    return JsonResponse(game_detail(_visible_game(game_id, user), user))


@api_view("POST")
def join(request, user, game_id: int):
    code = _body(request).get("invite_code")
    if code is not None and not isinstance(code, str):
        raise InvalidInput("'invite_code' must be a string.")
    tables.game_join(game_id=game_id, user=user, invite_code=code)
    return JsonResponse(game_summary(_visible_game(game_id, user), user))


@api_view("POST")
def leave(request, user, game_id: int):
    tables.game_leave(game_id=game_id, user=user)
    return JsonResponse({"left": True})


@api_view("POST")
def cancel(request, user, game_id: int):
    tables.game_cancel(game_id=game_id, user=user)
    return JsonResponse(game_summary(_visible_game(game_id, user), user))


@api_view("POST")
def actions(request, user, game_id: int):
    data = _body(request)
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise InvalidInput("Send the 'version' of the state you acted on.")
    try:
        action = Action.from_json(data.get("action"))
    except MalformedAction as exc:
        raise InvalidInput(exc.reason) from None
    acting.game_act(game_id=game_id, user=user, action=action, expected_version=version)
    return JsonResponse(game_detail(_visible_game(game_id, user), user))


@api_view("GET", "POST")
def chat(request, user, game_id: int):
    if request.method == "POST":
        message = table_chat.chat_post(game_id=game_id, user=user, text=_body(request).get("text"))
        return JsonResponse({"id": message.pk}, status=201)
    table = _visible_game(game_id, user)
    return JsonResponse(
        {
            "messages": [
                {
                    "id": m.pk,
                    "user": m.user.username,
                    "text": m.text,
                    "at": m.created_at.isoformat(),
                }
                for m in lists.chat_messages(table)
            ]
        }
    )
