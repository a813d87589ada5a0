"""Pages and posts about time, leaving and what comes after: resign, vote to end, vacations,
rematch and the next game."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.errors import GameError
from games.models import Game
from games.play import endings, tables, vacations
from games.read import tables as lists
from games.web.views import _answer


@login_required
@require_POST
def resign(request, game_id: int):
    try:
        endings.game_resign(game_id=game_id, user=request.user)
    except GameError as exc:
        return _answer(request, game_id, exc)
    return _answer(request, game_id)


@login_required
@require_POST
def vote_end(request, game_id: int):
    """Propose to end (or take the proposal back), agree to it, or decline it."""
    agree = request.POST.get("agree", "1") != "0"
    try:
        if request.POST.get("decline"):
            endings.game_decline_end(game_id=game_id, user=request.user)
        else:
            endings.game_vote_end(game_id=game_id, user=request.user, agree=agree)
    except GameError as exc:
        return _answer(request, game_id, exc)
    return _answer(request, game_id)


def _back_to_settings():
    return redirect(reverse("accounts:settings") + "#vacation")


@login_required
@require_POST
def vacation_start(request):
    try:
        vacation = vacations.vacation_start(user=request.user)
    except GameError as exc:
        messages.error(request, exc.message)
    else:
        ends = date_format(timezone.localtime(vacation.ends_at), "j M Y, H:i")
        messages.success(
            request, _("You are on vacation, until %(ends)s at the latest.") % {"ends": ends}
        )
    return _back_to_settings()


@login_required
@require_POST
def vacation_stop(request):
    vacations.vacation_stop(user=request.user)
    messages.success(request, _("Welcome back: your clocks run again."))
    return _back_to_settings()


@login_required
@require_POST
def rematch(request, game_id: int):
    """Offer a rematch of a finished game, or accept the one on offer."""
    try:
        table = tables.game_rematch(game_id=game_id, user=request.user)
    except GameError as exc:
        return _answer(request, game_id, exc)
    if table.status == Game.Status.OPEN:
        messages.success(request, _("Rematch offered: it starts when the others accept."))
    return redirect("games:game", table.pk)


@login_required
@require_GET
def next_game(request):
    """The game that has waited longest for my move, or the lobby when none waits."""
    waiting = lists.current_sections(request.user)["to_act"]  # ids, longest waiting first
    return redirect("games:game", waiting[0]) if waiting else redirect("games:lobby")
