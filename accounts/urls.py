from django.urls import path

from accounts import language, views

app_name = "accounts"
urlpatterns = [
    path("settings/", views.settings_view, name="settings"),
    path("language/", language.choose_language, name="language"),
    path("tokens/new/", views.token_create, name="token_create"),
    path("tokens/created/", views.token_created, name="token_created"),
    path("tokens/<int:token_id>/revoke/", views.token_revoke, name="token_revoke"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("follow/<str:username>/", views.follow, name="follow"),
    path("push/subscribe", views.push_subscribe, name="push_subscribe"),
    path("push/unsubscribe", views.push_unsubscribe, name="push_unsubscribe"),
]
