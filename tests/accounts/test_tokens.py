from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import ApiToken
from accounts.tokens import last_used, user_for_bearer
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _create(client, name="my bot"):
    return client.post(reverse("accounts:token_create"), {"name": name})


def test_a_new_token_key_is_shown_once(signed_in, user):
    response = _create(signed_in)
    assert response.status_code == 302
    assert response.url == reverse("accounts:token_created")

    shown = signed_in.get(response.url)
    assert shown.status_code == 200
    key = shown.context["key"]
    assert key.startswith("sr_") and key in shown.content.decode()
    assert "no-store" in shown["Cache-Control"]
    token = ApiToken.objects.get(user=user)
    assert token.name == "my bot"
    assert token.key_hash == ApiToken.hash_key(key) and key not in token.key_hash

    again = signed_in.get(reverse("accounts:token_created"), follow=True)
    assert key not in again.content.decode()
    assert "shown only once" in again.content.decode()


def test_tokens_are_listed_by_name_and_prefix_never_by_key(signed_in, user):
    token, key = ApiToken.issue(user=user, name="arena bot")
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now() - timedelta(hours=2))
    ApiToken.issue(user=UserFactory(), name="someone else's")

    page = signed_in.get(reverse("accounts:settings")).content.decode()

    assert "arena bot" in page
    assert token.prefix in page
    assert key not in page
    assert "last used 2\xa0hours ago" in page
    assert "someone else" not in page


def test_a_token_needs_a_name(signed_in, user):
    response = _create(signed_in, name="   ")

    assert response.status_code == 400
    assert "name" in response.context["token_form"].errors
    assert not ApiToken.objects.exists()


def test_revoke_a_token(signed_in, user):
    token, key = ApiToken.issue(user=user, name="old bot")

    response = signed_in.post(reverse("accounts:token_revoke", args=[token.pk]))

    assert response.status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert user_for_bearer(f"Bearer {key}") is None
    page = signed_in.get(reverse("accounts:settings")).content.decode()
    assert "The token “old bot” is revoked." in page
    assert "Revoke the token old bot" not in page


def test_nobody_revokes_someone_elses_token(signed_in):
    token, _ = ApiToken.issue(user=UserFactory(), name="theirs")

    response = signed_in.post(reverse("accounts:token_revoke", args=[token.pk]))

    assert response.status_code == 404
    token.refresh_from_db()
    assert token.revoked_at is None


def test_revoking_needs_a_post(signed_in, user):
    token, _ = ApiToken.issue(user=user, name="bot")

    assert signed_in.get(reverse("accounts:token_revoke", args=[token.pk])).status_code == 405


# --- Authorization: Bearer ------------------------------------------------------------


def test_bearer_header_gives_the_tokens_owner(user):
    _, key = ApiToken.issue(user=user, name="bot")

    assert user_for_bearer(f"Bearer {key}") == user
    assert user_for_bearer(f"bearer   {key}  ") == user


@pytest.mark.parametrize(
    "header",
    [
        None,
        "",
        "Bearer",
        "Bearer ",
        "Basic abc",
        "sr_nothing",
        "Bearer sr_wrong",
        "Bearer " + "x" * 5000,
    ],
)
def test_anything_but_a_valid_bearer_token_gives_nobody(user, header):
    ApiToken.issue(user=user, name="bot")

    assert user_for_bearer(header) is None


def test_a_revoked_token_is_refused(user):
    token, key = ApiToken.issue(user=user, name="bot")
    token.revoke()

    assert user_for_bearer(f"Bearer {key}") is None


def test_a_deactivated_users_token_is_refused(user):
    _, key = ApiToken.issue(user=user, name="bot")
    user.is_active = False
    user.save()

    assert user_for_bearer(f"Bearer {key}") is None


def test_using_a_token_records_when_without_writing_a_row(user):
    token, key = ApiToken.issue(user=user, name="bot")
    assert last_used(token) is None

    user_for_bearer(f"Bearer {key}")  # a read

    token.refresh_from_db()
    assert token.last_used_at is None  # no row written for a read
    assert timezone.now() - last_used(token) < timedelta(seconds=5)


def test_last_use_is_written_at_most_once_a_minute(user):
    token, key = ApiToken.issue(user=user, name="bot")
    recent = timezone.now() - timedelta(seconds=10)
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=recent)

    user_for_bearer(f"Bearer {key}", writing=True)
    token.refresh_from_db()
    assert token.last_used_at == recent
    assert last_used(token) == recent  # within the minute: precise enough, nothing written

    ApiToken.objects.filter(pk=token.pk).update(last_used_at=recent - timedelta(minutes=5))
    user_for_bearer(f"Bearer {key}", writing=True)
    token.refresh_from_db()
    assert token.last_used_at > recent


def test_at_most_twenty_active_tokens(signed_in, user):
    for n in range(20):
        ApiToken.issue(user=user, name=f"bot {n}")

    response = _create(signed_in, name="one too many")

    assert response.status_code == 400
    assert "revoke one first" in response.content.decode()
    assert ApiToken.objects.filter(user=user).count() == 20
