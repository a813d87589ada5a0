import re
from pathlib import Path

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.urls import reverse

from accounts.models import User

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def _link(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


def _sign_up(client, **extra):
    data = {
        "email": "bea@example.com",
        "username": "bea",
        "password1": "silk-and-spice-7",
        "password2": "silk-and-spice-7",
        **extra,
    }
    return client.post(reverse("account_signup"), data)


def test_sign_up_sends_a_verification_link_that_signs_you_in(client):
    response = _sign_up(client)

    assert response.status_code == 302
    assert response.url == reverse("account_email_verification_sent")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["bea@example.com"]
    assert message.subject.startswith("[Silkroad] ")
    assert "example.com" not in message.body.replace("bea@example.com", "")
    link = _link(message)
    assert "/accounts/confirm-email/" in link

    # The link asks to confirm (mail scanners follow links), the button confirms.
    page = client.get(link)
    assert page.status_code == 200
    assert b"Confirm" in page.content
    confirmed = client.post(link)

    assert confirmed.status_code == 302
    assert EmailAddress.objects.get(email="bea@example.com").verified
    assert client.get(reverse("accounts:settings")).status_code == 200


def test_no_signing_in_before_the_address_is_verified(client):
    _sign_up(client)
    client.logout()

    response = client.post(
        reverse("account_login"), {"login": "bea", "password": "silk-and-spice-7"}
    )

    assert response.status_code == 302
    assert response.url == reverse("account_email_verification_sent")
    assert "_auth_user_id" not in client.session


def test_sign_up_keeps_the_browser_time_zone(client):
    _sign_up(client, timezone="Asia/Samarkand")

    assert User.objects.get(username="bea").timezone == "Asia/Samarkand"


def test_sign_up_ignores_a_made_up_time_zone(client):
    _sign_up(client, timezone="Mars/Olympus_Mons")

    assert User.objects.get(username="bea").timezone == "UTC"


def test_sign_up_needs_a_username_and_an_email(client):
    response = client.post(
        reverse("account_signup"),
        {
            "email": "",
            "username": "",
            "password1": "silk-and-spice-7",
            "password2": "silk-and-spice-7",
        },
    )

    assert response.status_code == 200
    assert not User.objects.exists()
    assert response.context["form"].errors.keys() >= {"email", "username"}


def test_sign_up_page_fills_in_the_browser_time_zone(client):
    page = client.get(reverse("account_signup")).content.decode()

    assert 'name="timezone"' in page and "data-browser-timezone" in page
    # The filling-in script is site.js (no inline script: the Content-Security-Policy).
    assert "js/site.js" in page
    assert "Intl.DateTimeFormat" in (ROOT / "static" / "js" / "site.js").read_text()
