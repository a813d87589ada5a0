"""Choosing the language of the site: one form in every page's footer.

A guest's choice is kept in Django's language cookie; a signed-in player's is saved on the
account too, so the mails sent while they are away speak it as well.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

LANGUAGE_CODES = {code for code, _name in settings.LANGUAGES}


@require_POST
def choose_language(request: HttpRequest) -> HttpResponse:
    code = request.POST.get("language", "")
    if code not in LANGUAGE_CODES:
        return HttpResponseBadRequest(_("We do not offer that language."))
    back = request.POST.get("next") or "/"
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = "/"
    if request.user.is_authenticated and request.user.language != code:
        request.user.language = code
        request.user.save(update_fields=["language"])
    translation.activate(code)
    response = redirect(back)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=365 * 24 * 3600,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response
