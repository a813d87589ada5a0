from django.urls import path

from games import converters  # noqa: F401  (registers <game_id:…>)
from games.api import views as api

app_name = "api"
urlpatterns = [
    path("games", api.games, name="games"),
    path("games/<game_id:game_id>", api.game, name="game"),
    path("games/<game_id:game_id>/join", api.join, name="join"),
    path("games/<game_id:game_id>/leave", api.leave, name="leave"),
    path("games/<game_id:game_id>/cancel", api.cancel, name="cancel"),
    path("games/<game_id:game_id>/actions", api.actions, name="actions"),
    path("games/<game_id:game_id>/chat", api.chat, name="chat"),
    path("games/<game_id:game_id>/resign", api.resign, name="resign"),
    path("games/<game_id:game_id>/vote-end", api.vote_end, name="vote_end"),
]
