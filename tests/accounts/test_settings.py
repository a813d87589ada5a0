import pytest
from django.http import HttpResponse
from django.urls import reverse
from django.utils import timezone

from accounts.middleware import UserTimezoneMiddleware

pytestmark = pytest.mark.django_db

URL = reverse("accounts:settings")


def _form(**changes):
    data = {
        "timezone": "Europe/Paris",
        "turn_mail": "digest",
        "digest_hour": "7",
        "notify_invited": "on",
        "notify_offer": "on",
        "notify_game_over": "on",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_settings_need_signing_in(client):
    response = client.get(URL)

    assert response.status_code == 302
    assert response.url.startswith(reverse("account_login"))


def test_settings_page_lives_at_me_settings(signed_in):
    assert URL == "/me/settings/"
    page = signed_in.get(URL)

    assert page.status_code == 200
    html = page.content.decode()
    assert '<option value="Asia/Samarkand">Samarkand</option>' in html
    assert "data-suggest-timezone" in html


def test_save_time_zone_and_mail_preferences(signed_in, user):
    response = signed_in.post(URL, _form())

    assert response.status_code == 302
    user.refresh_from_db()
    assert user.timezone == "Europe/Paris"
    assert user.turn_mail == "digest"
    assert user.digest_hour == 7
    assert (user.notify_invited, user.notify_started, user.notify_offer) == (True, False, True)
    assert (user.notify_opponent_left, user.notify_game_over) == (False, True)


def test_an_unknown_time_zone_is_refused(signed_in, user):
    response = signed_in.post(URL, _form(timezone="Mars/Olympus_Mons"))

    assert response.status_code == 400
    assert "timezone" in response.context["form"].errors
    user.refresh_from_db()
    assert user.timezone == "UTC"


@pytest.mark.parametrize("hour", ["24", "-1", "eight"])
def test_the_digest_hour_is_an_hour_of_the_day(signed_in, user, hour):
    response = signed_in.post(URL, _form(digest_hour=hour))

    assert response.status_code == 400
    assert "digest_hour" in response.context["form"].errors


def test_pages_show_times_in_the_users_time_zone(rf, user):
    user.timezone = "Asia/Tokyo"
    seen = []

    def view(request):
        seen.append(str(timezone.get_current_timezone()))
        return HttpResponse()

    request = rf.get("/")
    request.user = user
    UserTimezoneMiddleware(view)(request)

    assert seen == ["Asia/Tokyo"]
