import pytest

from accounts.tests.factories import UserFactory


@pytest.fixture
def user_on(db):
    """Make a verified account on the given plan code: ``user_on("pro")``."""

    def make(plan_code: str, **fields):
        return UserFactory(plan_abonnement=plan_code, **fields)

    return make


@pytest.fixture
def authed_client(api_client):
    """An API client logged in as the given account (JWT bypassed with force_authenticate)."""

    def login(user):
        api_client.force_authenticate(user=user)
        return api_client

    return login
