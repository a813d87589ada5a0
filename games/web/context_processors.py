"""The count of games waiting for the signed-in user, shown in the header."""

from games.read.tables import games_to_act_count


def waiting_games(request) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"games_waiting_count": games_to_act_count(user=user)}
