"""The count of games waiting for the signed-in user, shown in the header."""

from functools import cache

from games.read.tables import games_to_act_count


def waiting_games(request) -> dict:
    """Counted when a template first shows it (once per request), not before: a view that
    counted them already (my games) gives its own ``games_waiting_count``, and answers
    that show no header (HTMX fragments, redirects) count nothing."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"games_waiting_count": cache(lambda: games_to_act_count(user=user))}
