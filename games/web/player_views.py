"""Players' pages: a profile per player and a leaderboard per title. They only read."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from accounts.follows import follows
from games.engine import registry
from games.models import Rating
from games.read import players, ratings
from games.web import jinja


@require_GET
def player(request, username: str):
    person = get_object_or_404(get_user_model(), username=username, is_active=True)
    hidden = person.profile_hidden and request.user != person
    context = {"person": person, "hidden": hidden, "following": follows(request.user, person)}
    if not hidden:
        context.update(players.profile(person, older=request.GET.get("older")))
    return jinja.render_page(request, "games/player.jinja", context)


@require_GET
def leaderboard(request, slug: str):
    if slug not in registry.slugs():
        raise Http404("There is no such game.")
    context = {
        "rules": registry.get(slug),
        "rows": ratings.leaderboard(slug),
        "minimum": Rating.PROVISIONAL_GAMES,
        "titles": [(s, registry.get(s).name) for s in registry.slugs()],
    }
    return render(request, "games/leaderboard.html", context)
