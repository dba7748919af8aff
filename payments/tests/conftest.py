import pytest

# The WhatsApp side of the loop: the fake Graph API and the owner's connected number.
from integrations.tests.conftest import connection, graph  # noqa: F401

# The grocery shop of the WhatsApp loop tests (its document and the real assistant as responder).
from integrations.tests.test_assistant_loop import shop  # noqa: F401

from .fake_providers import (
    CINETPAY_API_KEY,
    CINETPAY_SECRET,
    CINETPAY_SITE_ID,
    WAVE_API_KEY,
    WAVE_SECRET,
    FakeProviders,
)


@pytest.fixture
def providers(settings):
    fake = FakeProviders().start()
    settings.CINETPAY_URL = fake.url
    settings.WAVE_URL = fake.url
    settings.PAYMENT_TIMEOUT = 5
    settings.PAYMENT_NOTIFY_BASE_URL = "https://flux.example"
    yield fake
    fake.stop()


@pytest.fixture
def cinetpay_account(owner, providers):
    from payments.services import payment_account_set

    return payment_account_set(
        user=owner,
        provider="cinetpay",
        values={"api_key": CINETPAY_API_KEY, "site_id": CINETPAY_SITE_ID, "secret_key": CINETPAY_SECRET},
    )


@pytest.fixture
def wave_account(owner, providers):
    from payments.services import payment_account_set

    return payment_account_set(
        user=owner, provider="wave", values={"api_key": WAVE_API_KEY, "webhook_secret": WAVE_SECRET}
    )
