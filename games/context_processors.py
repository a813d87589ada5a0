"""The count of games waiting for the signed-in user, shown in the header."""

from games.models import Seat


def waiting_games(request) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    waiting = Seat.objects.filter(user=user, must_act=True, game__status="active")
    count = waiting.filter(resigned_at__isnull=True).count()  # resigned: played for them
    return {"games_waiting_count": count}
