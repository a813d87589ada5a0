import pytest
from django.core.cache import cache

from tests.accounts.factories import PASSWORD, UserFactory


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    # allauth counts attempts in the cache; every test starts with a clean slate.
    cache.clear()


@pytest.fixture
def password():
    return PASSWORD


@pytest.fixture
def user(db):
    return UserFactory(username="ana")


@pytest.fixture
def signed_in(client, user):
    client.force_login(user)
    return client
