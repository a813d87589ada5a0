import pytest
from allauth.account.models import EmailAddress
from django.core.cache import cache

from tests.factories import UserFactory

PASSWORD = "correct horse battery staple"  # the one tests.factories.UserFactory sets


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    # allauth counts attempts in the cache; every test starts with a clean slate.
    cache.clear()


@pytest.fixture
def password():
    return PASSWORD


@pytest.fixture
def user(db):
    """Ana, with her address verified as allauth keeps it."""
    ana = UserFactory(username="ana")  # the factory verifies the address, as allauth does
    assert EmailAddress.objects.filter(user=ana, primary=True, verified=True).exists()
    return ana


@pytest.fixture
def signed_in(client, user):
    client.force_login(user)
    return client
