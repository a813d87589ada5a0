from django.urls import path

from games import converters  # noqa: F401  (registers <game_id:…>)
from games.web import archive_views, clock_views, live_views, player_views, views

app_name = "games"
urlpatterns = [
    path("", views.home, name="home"),
    path("lobby/", views.lobby, name="lobby"),
    path("quick-match/<slug:slug>", views.quick_match, name="quick_match"),
    path("rules/<slug:slug>/", views.rules, name="rules"),
    path("fair-dice/", views.fair_dice, name="fairness"),
    path("players/<str:username>/", player_views.player, name="player"),
    path(
        "players/<str:username>/games.ndjson",
        archive_views.player_games_stream,
        name="player_games",
    ),
    path("archive/", archive_views.archive_list, name="archive"),
    path("games/<game_id:game_id>/replay", archive_views.replay, name="replay"),
    path("games/<game_id:game_id>/export.json", archive_views.export_json, name="export_json"),
    path("games/<game_id:game_id>/record.txt", archive_views.export_text, name="export_text"),
    path("ratings/<slug:slug>/", player_views.leaderboard, name="leaderboard"),
    path("games/", views.mine, name="mine"),
    path("games/new/", views.create, name="create"),
    path("games/new/computer", views.play_computer, name="play_computer"),
    path("games/<game_id:game_id>/", views.game_detail, name="game"),
    path("games/<game_id:game_id>/version", views.game_version, name="version"),
    path("games/<game_id:game_id>/back", views.come_back, name="come_back"),
    path("games/<game_id:game_id>/act", views.act, name="act"),
    path("games/<game_id:game_id>/check", views.check, name="check"),
    path("games/<game_id:game_id>/deal", views.deal, name="deal"),
    path("games/<game_id:game_id>/offer", views.offer_form, name="offer_form"),
    path("games/<game_id:game_id>/chat", views.chat, name="chat"),
    path("games/<game_id:game_id>/join", views.join, name="join"),
    path("games/<game_id:game_id>/leave", views.leave, name="leave"),
    path("games/<game_id:game_id>/cancel", views.cancel, name="cancel"),
    path("games/<game_id:game_id>/invite", views.invite_people, name="invite_people"),
    path("join/<str:code>", views.invite, name="invite"),
    path("games/<game_id:game_id>/resign", clock_views.resign, name="resign"),
    path("games/<game_id:game_id>/vote-end", clock_views.vote_end, name="vote_end"),
    path("games/<game_id:game_id>/rematch", clock_views.rematch, name="rematch"),
    path("live", live_views.live_stream, name="live"),
    path("me/waiting", live_views.waiting_count, name="waiting_count"),
    path("next-game/", clock_views.next_game, name="next_game"),
    path("vacation/start", clock_views.vacation_start, name="vacation_start"),
    path("vacation/stop", clock_views.vacation_stop, name="vacation_stop"),
]
