"""The settings page, personal API tokens, one-click unsubscribe, following players and
this device's "your turn" notifications."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from accounts import follows, push
from accounts.forms import PreferencesForm, TokenForm
from accounts.models import ApiToken
from accounts.tokens import last_used
from accounts.unsubscribe import read_unsubscribe_token

MAX_ACTIVE_TOKENS = 20
NEW_KEY_SESSION_KEY = "accounts_new_api_key"


def _settings_page(
    request: HttpRequest, *, form: PreferencesForm, token_form: TokenForm, status: int = 200
) -> HttpResponse:
    tokens = list(request.user.api_tokens.filter(revoked_at__isnull=True))
    for token in tokens:
        token.last_used = last_used(token)
    context = {
        "form": form,
        "token_form": token_form,
        "tokens": tokens,
        "push_key": settings.WEBPUSH_VAPID_PUBLIC_KEY if push.enabled() else "",
        "push_devices": request.user.push_subscriptions.count(),
    }
    return render(request, "account/settings.html", context, status=status)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def settings_view(request: HttpRequest) -> HttpResponse:
    form = PreferencesForm(request.POST or None, instance=request.user)
    if request.method != "POST":
        return _settings_page(request, form=form, token_form=TokenForm())
    if not form.is_valid():
        return _settings_page(request, form=form, token_form=TokenForm(), status=400)
    form.save()
    messages.success(request, _("Your settings are saved."))
    return redirect("accounts:settings")


@login_required
@require_POST
def token_create(request: HttpRequest) -> HttpResponse:
    token_form = TokenForm(request.POST)
    if (
        token_form.is_valid()
        and request.user.api_tokens.filter(revoked_at__isnull=True).count() >= MAX_ACTIVE_TOKENS
    ):
        message = ngettext(
            "You have %(count)d token; revoke one first.",
            "You have %(count)d tokens; revoke one first.",
            MAX_ACTIVE_TOKENS,
        )
        token_form.add_error(None, message % {"count": MAX_ACTIVE_TOKENS})
    if not token_form.is_valid():
        form = PreferencesForm(instance=request.user)
        return _settings_page(request, form=form, token_form=token_form, status=400)
    token, key = ApiToken.issue(user=request.user, name=token_form.cleaned_data["name"])
    # Kept in the session only until the next page shows it, so a reload cannot show it again.
    request.session[NEW_KEY_SESSION_KEY] = {"id": token.pk, "key": key}
    return redirect("accounts:token_created")


@login_required
def token_created(request: HttpRequest) -> HttpResponse:
    new = request.session.pop(NEW_KEY_SESSION_KEY, None)
    if new is None:
        messages.info(
            request, _("A token's key is shown only once. Create a new token if you lost it.")
        )
        return redirect("accounts:settings")
    token = get_object_or_404(ApiToken, pk=new["id"], user=request.user)
    response = render(request, "account/token_created.html", {"token": token, "key": new["key"]})
    add_never_cache_headers(response)
    return response


@login_required
@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    token = get_object_or_404(ApiToken, pk=token_id, user=request.user)
    token.revoke()
    messages.success(request, _("The token “%(name)s” is revoked.") % {"name": token.name})
    return redirect("accounts:settings")


# Mail clients post RFC 8058 one-click unsubscribes with no body, cookie or CSRF token; the
# signed link is the proof, and switching a mail off twice changes nothing.
@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    unsubscription = read_unsubscribe_token(token)
    if unsubscription is None:
        return render(request, "account/unsubscribe_invalid.html", status=400)
    # GET only asks: link scanners in mail systems follow links but do not post.
    if request.method == "POST":
        unsubscription.apply()
    context = {"unsubscription": unsubscription, "done": unsubscription.done}
    return render(request, "account/unsubscribe.html", context)


@login_required
@require_POST
def follow(request: HttpRequest, username: str) -> HttpResponse:
    """Follow (or, with ``stop``, stop following) a player; back to their profile."""
    try:
        if request.POST.get("stop"):
            followed = follows.unfollow(request.user, username)
            messages.success(
                request, _("You no longer follow %(name)s.") % {"name": followed.username}
            )
        else:
            followed = follows.follow(request.user, username)
            messages.success(
                request,
                _("You follow %(name)s: their open tables come first in the lobby.")
                % {"name": followed.username},
            )
    except follows.FollowRefused as exc:
        messages.error(request, exc.message)
        return HttpResponse(exc.message, status=exc.status)
    return redirect("games:player", followed.username)


MAX_PUSH_BODY = 4000


def _posted_json(request: HttpRequest) -> dict:
    if len(request.body) > MAX_PUSH_BODY:
        raise ValidationError(_("That is too long."))
    try:
        data = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise ValidationError(_("Send the subscription as JSON.")) from None
    if not isinstance(data, dict):
        raise ValidationError(_("Send the subscription as JSON."))
    return data


@login_required
@require_POST
def push_subscribe(request: HttpRequest) -> HttpResponse:
    """This device wants "your turn" notifications (the browser's subscription, as JSON)."""
    try:
        push.subscribe(user=request.user, data=_posted_json(request))
    except ValidationError as exc:
        return JsonResponse({"error": "invalid", "detail": exc.messages[0]}, status=400)
    return JsonResponse({"devices": request.user.push_subscriptions.count()}, status=201)


@login_required
@require_POST
def push_unsubscribe(request: HttpRequest) -> HttpResponse:
    """This device wants no more notifications ({"endpoint": …})."""
    try:
        endpoint = _posted_json(request).get("endpoint")
    except ValidationError as exc:
        return JsonResponse({"error": "invalid", "detail": exc.messages[0]}, status=400)
    push.unsubscribe(user=request.user, endpoint=endpoint)
    return JsonResponse({"devices": request.user.push_subscriptions.count()})
