"""The pages: thin function views over ``games.play`` (writes) and ``games.read`` (reads).

One template per page with named partials: HTMX requests get the partial, others the
page. After a POST an HTMX request gets the fragment back (with the error, if any, and
its 4xx status); a plain post is redirected on success and answered with the page and
the error (4xx) otherwise, so every control works without JavaScript.
"""

from __future__ import annotations

import contextlib
import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from games import engine
from games.engine import Action, MalformedAction, registry
from games.engine import deals as engine_deals
from games.errors import (
    Conflict,
    GameError,
    GameNotFound,
    InvalidInput,
    NotAPlayer,
    SnapshotUnreadable,
    StaleVersion,
)
from games.models import TABLE_LANGUAGES, Game, Seat, looks_like_invite_code
from games.play import acting, presence, seats, tables
from games.play import chat as table_chat
from games.read import drafts, fairness, game_page
from games.read import tables as lists
from games.read.names import BOT_LEVEL_NAMES, seat_names, seat_of, with_seats
from games.web import catalogue, confirmations, deals, jinja, rules_pages
from games.web.forms import InviteForm, TableForm, split_invitees
from games.web.live_views import mark_present, with_pulse
from games.words import translated
from silkroad.throttle import throttle

MAX_ACTION_CHARS = 4000


# --- plain pages -----------------------------------------------------------------------


# The one-click form against the computer: its opponents' level unless the player picks
# another, and the choice it offers as (level, name).
COMPUTER_LEVEL = "greedy"
COMPUTER_CHOICE = {
    "computer_levels": list(BOT_LEVEL_NAMES.items()),
    "computer_level": COMPUTER_LEVEL,
}


def home(request):
    context = {"games": catalogue.games(), **COMPUTER_CHOICE}
    return render(request, "games/home.html", context)


def rules(request, slug: str):
    language = translation.get_language() or settings.LANGUAGE_CODE
    html = rules_pages.rules_html(slug, language)
    if html is None:
        raise Http404("No rules page for that game.")
    # From a game page's side panel (HTMX): the rules' text alone.
    template = "games/rules.html#rules-body" if request.htmx else "games/rules.html"
    context = {
        "rules": engine.get(slug),
        "rules_html": html,
        "rules_in_english_only": not rules_pages.translated_rules(slug, language),
    }
    return render(request, template, context)


def _page_number(query) -> int:
    """``?page=N`` of a list (the lists clamp it to their pages); 1 for anything else."""
    page = query.get("page", "")
    return int(page) if page.isdigit() and len(page) < 6 else 1


def lobby(request):
    only = _lobby_filter(request.GET)
    tables_shown, after = lists.lobby_page(
        user=request.user, only=only, after=request.GET.get("after")
    )
    params = request.GET.copy()
    params["after"] = after
    params.pop("page", None)  # the pages numbered before cursors
    context = {
        "tables": tables_shown,
        "next_url": f"?{params.urlencode()}" if after else None,
        "playable": catalogue.playable(),
        "only": only,
        "languages": TABLE_LANGUAGES,
    }
    return jinja.render_page(request, "games/lobby.jinja", context)


def _lobby_filter(params) -> lists.LobbyFilter:
    """The lobby's filters as given; values that make no sense are ignored."""
    title = params.get("title", "")
    players = params.get("players", "")
    language = params.get("language", "")
    return lists.LobbyFilter(
        title=title if title in registry.slugs() else "",
        players=int(players) if players in {"2", "3", "4", "5", "6"} else None,
        clock=params.get("clock", "") if params.get("clock") in ("none", "clock") else "",
        rated={"yes": True, "no": False}.get(params.get("rated", "")),
        language=language if language in dict(TABLE_LANGUAGES) else "",
    )


@login_required
@require_POST
@throttle("table_create")
def quick_match(request, slug: str):
    """Seat me at the best open table of this game, or open one."""
    try:
        table = tables.quick_match(user=request.user, slug=slug)
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:lobby")
    return redirect("games:game", table.pk)


@login_required
def mine(request):
    """My games; finished ones a page at a time ("Older games →" carries the cursor)."""
    my = lists.my_games(
        user=request.user,
        older=request.GET.get("older"),
        only=request.GET.get("list", ""),
        page=_page_number(request.GET),
        shown=lists.SECTION_SHOWN,
    )
    # The groups of lists found drawn in the cache are shown as they are: their games
    # are not read (games.read.tables.GROUPS); nor are those of the rows of games in
    # play found drawn, when their group must be drawn anew.
    found = jinja.Drawings()
    drawn = found.look_up({f"my_games_{g}": k for g, k in my.cache_keys.items()})
    my.already_drawn(name.removeprefix("my_games_") for name in drawn)
    if "my_games_current" not in drawn:
        rows = found.look_up({f"my_games_row_{pk}": k for pk, k in my.row_keys.items()})
        my.rows_already_drawn(int(name.removeprefix("my_games_row_")) for name in rows)
    context = {"my": my, "found": found}
    if my.waiting is not None:  # the header's count, from the lists just read
        context["games_waiting_count"] = my.waiting
    page = jinja.render_page(request, "games/mine.jinja", context)
    found.keep()
    return page


@login_required
@throttle("table_create")
def create(request):
    slug = request.POST.get("game") or request.GET.get("game")
    if not slug:
        context = {"games": catalogue.playable(), **COMPUTER_CHOICE}
        return render(request, "games/create.html", context)
    try:
        rules = tables.rules_for(slug)
    except InvalidInput:
        raise Http404("There is no such game.") from None
    form = TableForm(rules, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            table = tables.game_create(
                creator=request.user,
                game=slug,
                players=form.cleaned_data["players"],
                options=form.game_options(),
                public=form.cleaned_data["public"],
                random_seat_order=form.cleaned_data["seat_order"] == "random",
                invite=form.invitees(),
                time_control=form.time_control(),
                bots=form.bot_seats(),
                entropy=form.cleaned_data["entropy"],
                rated=form.cleaned_data["rated"],
                language=form.cleaned_data["language"],
            )
        except GameError as exc:
            form.add_error(None, exc.message)
        else:
            if table.status == Game.Status.OPEN:
                messages.success(
                    request, _("Your table is open. Share the invite link to fill it.")
                )
            return redirect("games:game", table.pk)
    status = 400 if request.method == "POST" else 200
    context = {"rules": rules, "slug": slug, "form": form}
    return render(request, "games/create.html", context, status=status)


@login_required
@require_POST
@throttle("table_create")
def play_computer(request):
    """One click: a private game against 1 to 4 bots of one level, started at once."""
    try:
        rules = tables.rules_for(request.POST.get("game"))
    except InvalidInput:
        raise Http404("There is no such game.") from None
    level = request.POST.get("level") or COMPUTER_LEVEL
    allowed = catalogue.opponents(rules)
    default = min(max(catalogue.DEFAULT_COMPUTER_OPPONENTS, allowed[0]), allowed[-1])
    asked = request.POST.get("opponents") or str(default)
    if asked not in {str(n) for n in allowed}:
        messages.error(
            request,
            _("%(game)s can be played against %(low)d to %(high)d computer players.")
            % {"game": rules.name, "low": allowed[0], "high": allowed[-1]},
        )
        return redirect("games:home")
    players = int(asked) + 1
    try:
        table = tables.game_create(
            creator=request.user,
            game=rules.slug,
            players=players,
            public=False,
            bots=[None] + [level] * (players - 1),
        )
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:home")
    return redirect("games:game", table.pk)


# --- one game --------------------------------------------------------------------------


def _game_or_404(request, game_id: int) -> Game:
    game = lists.game_for_user(game_id=game_id, user=request.user)
    if game is None:
        raise Http404("There is no such game.")
    return game


def _render_game(
    request,
    game: Game,
    *,
    error: GameError | None = None,
    partial: str | None = None,
    invite_code: str | None = None,
    confirm: Action | None = None,
) -> HttpResponse:
    """The table or game page (or one of its partials) as ``request.user`` may see it.

    ``partial`` names where an error belongs too: "chat" errors show in the chat.
    ``confirm``: a move the player is asked to confirm before it is sent.
    """
    try:
        context = game_page.game_context(game=game, user=request.user)
    except SnapshotUnreadable as exc:
        context = {"game": game, "message": exc.message}
        return render(request, "games/unreadable.html", context, status=exc.status)
    message = error.message if error else None
    fragment = bool(partial and request.htmx)
    if fragment and partial != "chat":  # it shows no chat line: the newest one's id alone
        chat, last_chat = None, lists.last_chat_id(game.pk, request.user)
    else:
        chat = lists.chat_messages(game, request.user)  # by id: the last is the newest
        last_chat = chat[-1].pk if chat else 0
    context.update(
        error=message if partial != "chat" else None,
        chat_error=message if partial == "chat" else None,
        chat=chat,
        poll_key=poll_key_of(
            game.status,
            context.get("version", game.version),  # a seat's own steps not yet final count
            len(game.seats.all()),
            game_page.latest_note_id(game),  # read with the log
        ),
        last_chat=last_chat,
        watching=presence.watchers(game.pk),
        confirm=game_page.Choice.from_action(confirm, context["names"]) if confirm else None,
    )
    if game.state is None:
        mine = context["my_seat"]
        is_open = game.status == Game.Status.OPEN
        by_number = {seat.number: seat for seat in game.seats.all()}
        context.update(
            seats=[_seat_row(game, by_number.get(n), request.user) for n in range(game.players)],
            invite_url=request.build_absolute_uri(reverse("games:invite", args=[game.invite_code])),
            invite_code=invite_code,
            invite_form=InviteForm(),
            can_join=is_open and mine is None and (game.is_public or invite_code is not None),
            can_leave=is_open and mine is not None and game.creator_id != request.user.pk,
            can_cancel=is_open and game.creator_id == request.user.pk,
        )
    else:
        context["composer"] = _composer(context)
    status = error.status if error else 200
    if fragment:
        # without the page around it: the fragment shows the confirmations itself
        context["fragment"] = True
        # A step only its player sees (kept as a draft, or taken back) moves nobody's
        # count of games waiting: the answer leaves the header's count as it is.
        touch = getattr(game, "touch", None)
        context["count_unchanged"] = touch is not None and touch.only_for is not None
        if partial == "chat" or game.state is not None:  # a move's answer: #play alone
            name = "games/chat.jinja" if partial == "chat" else "games/play.jinja"
            return HttpResponse(jinja.render_answer(request, name, context), status=status)
        # A table not yet started has no play area: a move posted to it (from a page
        # gone stale, or by hand) is answered with the table.
        return render(request, "games/table.html#table", context, status=status)
    if game.state is None:
        return render(request, "games/table.html", context, status=status)
    # The game page, drawn by Jinja as a whole.
    return jinja.render_page(request, "games/game.jinja", context, status=status)


def _seat_row(game: Game, seat: Seat | None, user) -> dict | None:
    if seat is None:
        return None
    return {
        "name": seat.display_name,
        "username": seat.user.username if seat.user_id is not None else "",
        "host": seat.user_id == game.creator_id,
        "me": seat.user_id is not None and seat.user_id == user.pk,
    }


def poll_key_of(status: str, version: int, seats: int, events: int = 0) -> str:
    """What the page's poll compares (``?v=``): the game's status, the version its viewer
    sees, its seats taken and its newest note; the page asks again when any moves."""
    return f"{status}-{version}-{seats}" + (f"-{events}" if events else "")


def _answer(
    request,
    game_id: int,
    error: GameError | None = None,
    *,
    partial: str = "play",
    anchor: str = "",
    invite_code: str | None = None,
    game: Game | None = None,
) -> HttpResponse:
    """The reply to a POST on a game: fragment for HTMX, redirect or page otherwise.

    ``game``: the game as the write just left it (with its seats), when it has it; the
    answer then names the write's pulse (``live_views.with_pulse``)."""
    if isinstance(error, GameNotFound):
        raise Http404(error.message)
    if error is None and not request.htmx:
        # Not ``redirect()``: given a path, it first tries the path as a URL's name.
        return HttpResponseRedirect(reverse("games:game", args=[game_id]) + anchor)
    if game is None:
        game = _invited_game(game_id, invite_code) or _game_or_404(request, game_id)
    if request.htmx and game.state is not None and partial == "table":
        # The last seat was taken: the table became a game, show the whole page.
        response = HttpResponse(status=error.status if error else 200)
        response["HX-Redirect"] = reverse("games:game", args=[game_id])
        return response
    response = _render_game(request, game, error=error, partial=partial, invite_code=invite_code)
    # The answer shows the change: the page that asked need not ask again on its pulse.
    return with_pulse(response, game) if error is None else response


def _invited_game(game_id: int, code: str | None) -> Game | None:
    """The game when ``code`` is its invite code (which lets one see a private table)."""
    if not looks_like_invite_code(code):
        return None
    return with_seats(Game.objects.filter(pk=game_id, invite_code=code)).first()


@require_GET
def game_detail(request, game_id: int):
    """The game page. It writes nothing: a player coming back after a stand-in played
    for them takes their seat back with the page's "I'm back" post (sent by itself)."""
    game = _game_or_404(request, game_id)
    mark_present(request, game_id, seated=seat_of(game, request.user) is not None)
    return _render_game(request, game)


@require_GET
def check(request, game_id: int):
    """Anyone who may see the game checks its dice once it is over."""
    game = _game_or_404(request, game_id)
    context = {
        "game": game,
        "rules": game.rules,
        "fairness": fairness.fairness_context(game, seat_names(game)),
        "verification": fairness.verify(game) if fairness.revealed(game) else None,
    }
    return render(request, "games/check.html", context)


@require_GET
def fair_dice(request):
    """How the seed commitment works, in plain words."""
    return render(request, "games/fairness.html")


@login_required
@require_POST
def come_back(request, game_id: int):
    """The player is back at the table: their own moves again, no stand-in."""
    try:
        seats.seat_return(game_id=game_id, user=request.user)
    except GameError as exc:
        return _answer(request, game_id, exc)
    return _answer(request, game_id)


def invite(request, code: str):
    """The invite link: the table page with a join button, for a private table too."""
    if not looks_like_invite_code(code):
        raise Http404("There is no such invitation.")
    game = get_object_or_404(with_seats(Game.objects.all()), invite_code=code)
    if seat_of(game, request.user) is not None:
        return redirect("games:game", game.pk)
    return _render_game(request, game, invite_code=code)


@require_GET
def game_version(request, game_id: int):
    """Cheap poll: 204 while nothing changed, else the changed fragments (HTMX) or JSON."""
    game = lists.polled(game_id, request.user)
    if game is None or not (game.is_public or game.mine is not None):
        raise Http404("There is no such game.")
    mark_present(request, game_id, seated=game.mine is not None)
    chat = game.last_chat  # private lines count for two only
    # The version this viewer sees: their own steps not yet final count.
    version = game.version + len(drafts.steps_in(game.draft, game.status, game.mine))
    key = poll_key_of(game.status, version, game.seats, game.last_note)
    if not request.htmx:
        return JsonResponse(
            {"version": version, "status": game.status, "seats": game.seats, "chat": chat}
        )
    seen_key, seen_chat = request.GET.get("v", ""), request.GET.get("c", "")
    if seen_key == key and seen_chat == str(chat):
        return HttpResponse(status=204)
    no_play_area = game.status in (Game.Status.OPEN, Game.Status.CANCELLED)
    if seen_key != key and (seen_key.startswith(Game.Status.OPEN) or no_play_area):
        response = HttpResponse(status=200)
        # Seats changed, the game started or the table was cancelled: the page is another.
        response["HX-Refresh"] = "true"
        return response
    full = _game_or_404(request, game_id)
    context = game_page.game_context(game=full, user=request.user)
    context.update(last_chat=chat, poll_key=key, composer=_composer(context))
    return HttpResponse(_changed_parts(request, context, seen_key != key, seen_chat != str(chat)))


def _changed_parts(request, context: dict, play_changed: bool, chat_changed: bool) -> str:
    """The poll's answer: the parts that changed, swapped out of band: the play area (or
    only the poll itself, with its new key) and the chat's lines (read only then)."""
    if play_changed:
        parts = [jinja.render_answer(request, "games/play.jinja", {**context, "oob": True})]
    else:
        parts = [jinja.render_answer(request, "games/_poll.jinja", {**context, "poll_oob": True})]
    if chat_changed:
        chat = lists.chat_messages(context["game"], request.user)
        values = {**context, "chat": chat, "oob": True}
        parts.append(jinja.render_answer(request, "games/_chat_log.jinja", values))
    return "".join(parts)


def _posted_action(raw: object) -> Action:
    if not isinstance(raw, str) or not raw or len(raw) > MAX_ACTION_CHARS:
        raise InvalidInput(_("Choose an action."))
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise InvalidInput(_("That action is not valid JSON.")) from None
    try:
        return Action.from_json(data)
    except MalformedAction as exc:
        raise InvalidInput(translated(exc.reason)) from None


def _posted_version(raw: object) -> int:
    try:
        version = int(raw)
    except (TypeError, ValueError):
        raise InvalidInput(_("The form is missing the game's version; reload the page.")) from None
    if version < 0:
        raise InvalidInput(_("The game's version cannot be negative."))
    return version


@login_required
@require_POST
def act(request, game_id: int):
    try:
        action = _posted_action(request.POST.get("action"))
        version = _posted_version(request.POST.get("version"))
        if request.POST.get("confirmed") != "1" and confirmations.may_ask(game_id, action):
            game = _game_or_404(request, game_id)
            asked = confirmations.to_confirm(game, request.user, action, version)
            if asked is not None:  # nothing applied: the page asks first
                return _render_game(request, game, partial="play", confirm=asked)
        game = acting.game_act(
            game_id=game_id, user=request.user, action=action, expected_version=version
        )
    except GameError as exc:
        return _answer(request, game_id, exc)
    return _answer(request, game_id, game=game)  # the mover's seat: no need to read it again


def _composer(context: dict) -> deals.Composer | None:
    """The deal form of the game page, when the viewer may offer a deal now."""
    terms = context.get("deal_terms")
    if terms is None:
        return None
    counterable = [
        (d["id"], d["text"]) for d in context["deals"] if d["to_me"] and not d["standing"]
    ]
    return deals.composer(terms, context["names"], counterable)


@login_required
@require_POST
def deal(request, game_id: int):
    """Offer a deal described by the composer (any game with deals: the engine's schema)."""
    game = _game_or_404(request, game_id)
    try:
        version = _posted_version(request.POST.get("version"))
        mine = seat_of(game, request.user)
        if mine is None:
            raise NotAPlayer(_("You are not playing in this game."))
        if game.status != Game.Status.ACTIVE:
            raise Conflict(_("The game is not in play."))
        shown = drafts.shown_version(game, mine.number)
        if version != shown:
            raise StaleVersion(shown)
        state, rules = drafts.drafted_state(game, mine.number), game.rules
        terms = rules.deal_terms(state, mine.number) if rules.deal_kinds else None
        if terms is None:
            raise Conflict(_("You cannot make an offer now."))
        counterable = engine_deals.answerable(state, mine.number)
        action = deals.posted_offer(terms, request.POST, counterable)
        game = acting.game_act(
            game_id=game_id, user=request.user, action=action, expected_version=version
        )
    except GameError as exc:
        return _answer(request, game_id, exc)
    return _answer(request, game_id, game=game)  # as the offer left it: not read again


@login_required
@require_GET
def offer_form(request, game_id: int):
    """The trade composer alone, as the player may fill it now: what the deals panel loads
    when first opened (HTMX), or a page of its own for a reader without scripts."""
    game = _game_or_404(request, game_id)
    context = {"game": game, "rules": game.rules}  # not started, or unreadable: no offer
    if game.state is not None:
        with contextlib.suppress(SnapshotUnreadable):
            context = game_page.game_context(game=game, user=request.user, page=False)
    composer = _composer(context)
    if composer is not None and composer.full and not composer.counters:
        composer = None  # the panel says why; the form would be refused
    context.update(composer=composer, message=_("You cannot make an offer now."))
    status = 200 if composer is not None else 409
    if request.htmx:
        if composer is None:
            return HttpResponse(f'<p class="muted">{escape(context["message"])}</p>', status=status)
        return HttpResponse(jinja.render_answer(request, "games/_deal_composer.jinja", context))
    return jinja.render_page(request, "games/offer.jinja", context, status=status)


@login_required
@require_POST
@throttle("chat")
def chat(request, game_id: int):
    try:
        table_chat.chat_post(
            game_id=game_id,
            user=request.user,
            text=request.POST.get("text"),
            to=request.POST.get("to") or None,
        )
    except GameError as exc:
        return _answer(request, game_id, exc, partial="chat")
    return _answer(request, game_id, partial="chat", anchor="#chat")


@login_required
@require_POST
def join(request, game_id: int):
    code = request.POST.get("code") or None
    try:
        tables.game_join(
            game_id=game_id,
            user=request.user,
            invite_code=code,
            entropy=request.POST.get("entropy", ""),
        )
    except GameError as exc:
        return _answer(request, game_id, exc, partial="table", invite_code=code)
    return _answer(request, game_id, partial="table")


@login_required
@require_POST
def leave(request, game_id: int):
    try:
        tables.game_leave(game_id=game_id, user=request.user)
    except GameError as exc:
        return _answer(request, game_id, exc, partial="table")
    messages.info(request, _("You left the table."))
    if request.htmx:
        response = HttpResponse()
        response["HX-Redirect"] = reverse("games:lobby")
        return response
    return redirect("games:lobby")


@login_required
@require_POST
def cancel(request, game_id: int):
    try:
        tables.game_cancel(game_id=game_id, user=request.user)
    except GameError as exc:
        return _answer(request, game_id, exc, partial="table")
    return _answer(request, game_id, partial="table")


@login_required
@require_POST
@throttle("invite")
def invite_people(request, game_id: int):
    try:
        count = tables.game_invite(
            game_id=game_id,
            user=request.user,
            invite=split_invitees(request.POST.get("invite", "")[:1000]),
        )
    except GameError as exc:
        return _answer(request, game_id, exc, partial="table")
    messages.success(
        request,
        ngettext(
            "Invitation sent to %(count)d person.", "Invitation sent to %(count)d people.", count
        )
        % {"count": count},
    )
    return _answer(request, game_id, partial="table")
