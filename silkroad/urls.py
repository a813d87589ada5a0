from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("me/", include("accounts.urls")),
    path("api/", include("games.api.urls")),
    path("", include("games.web.urls")),
]
