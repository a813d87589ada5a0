import re

import pytest
from django.core import mail
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_reset_a_forgotten_password_by_mail(client, user):
    response = client.post(reverse("account_reset_password"), {"email": "ana@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"https?://\S+", mail.outbox[0].body).group(0)

    # allauth moves the key from the link into the session, then shows the form.
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    set_url = form_page.redirect_chain[-1][0] if form_page.redirect_chain else link
    done = client.post(
        set_url, {"password1": "new-road-to-bukhara", "password2": "new-road-to-bukhara"}
    )

    assert done.status_code == 302
    user.refresh_from_db()
    assert user.check_password("new-road-to-bukhara")
    client.logout()
    login = client.post(
        reverse("account_login"), {"login": "ana", "password": "new-road-to-bukhara"}
    )
    assert login.status_code == 302 and "_auth_user_id" in client.session


def test_a_reset_link_works_once(client, user):
    client.post(reverse("account_reset_password"), {"email": "ana@example.com"})
    link = re.search(r"https?://\S+", mail.outbox[0].body).group(0)
    set_url = client.get(link, follow=True).redirect_chain[-1][0]
    client.post(set_url, {"password1": "new-road-to-bukhara", "password2": "new-road-to-bukhara"})

    again = client.get(link, follow=True)

    assert b"invalid" in again.content.lower() or b"expired" in again.content.lower()
