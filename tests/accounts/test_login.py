import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("login", ["ana", "ana@example.com", "ANA@Example.com"])
def test_sign_in_by_username_or_email(client, user, password, login):
    response = client.post(reverse("account_login"), {"login": login, "password": password})

    assert response.status_code == 302
    assert response.url == reverse("games:mine")
    assert int(client.session["_auth_user_id"]) == user.pk


def test_a_wrong_password_is_refused(client, user):
    response = client.post(reverse("account_login"), {"login": "ana", "password": "nope"})

    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    assert response.context["form"].errors


def test_sign_out(signed_in):
    response = signed_in.post(reverse("account_logout"))

    assert response.status_code == 302
    assert "_auth_user_id" not in signed_in.session


def test_account_pages_use_the_site_layout(client):
    page = client.get(reverse("account_login")).content.decode()

    assert 'class="site-header"' in page
    assert '<form class="stacked"' in page
    title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
    assert " ".join(title.split()) == "Sign In · Silkroad"
