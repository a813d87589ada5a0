import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_change_email_after_verifying_the_new_address(signed_in, user):
    response = signed_in.post(
        reverse("account_email"), {"action_add": "", "email": "ana@silkroad.example"}
    )
    assert response.status_code == 302
    assert mail.outbox[-1].to == ["ana@silkroad.example"]
    user.refresh_from_db()
    assert user.email == "ana@example.com"  # not before the new one is verified

    link = re.search(r"https?://\S+", mail.outbox[-1].body).group(0)
    signed_in.post(link)

    user.refresh_from_db()
    assert user.email == "ana@silkroad.example"
    assert list(
        EmailAddress.objects.filter(user=user).values_list("email", "verified", "primary")
    ) == [("ana@silkroad.example", True, True)]


def test_email_page_shows_the_current_address_in_the_account_menu(signed_in):
    page = signed_in.get(reverse("account_email")).content.decode()

    assert "ana@example.com" in page
    assert '<nav aria-label="Account">' in page
    assert '<strong aria-current="page">Email address</strong>' in page
    assert reverse("accounts:settings") in page
