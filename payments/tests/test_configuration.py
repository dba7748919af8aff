"""Start-up check: provider URLs are https (loopback fakes excepted) and a platform account is whole."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from payments.configuration import check_payment_settings


@pytest.mark.parametrize("url", ["http://api-checkout.cinetpay.com", "ftp://127.0.0.1", "not a url"])
def test_a_provider_url_that_is_not_https_refuses_to_start(settings, url):
    settings.CINETPAY_URL = url

    with pytest.raises(ImproperlyConfigured, match="CINETPAY_URL"):
        check_payment_settings()


@pytest.mark.parametrize("url", ["https://api.wave.com", "http://127.0.0.1:8765", "http://localhost:9000"])
def test_https_and_loopback_fakes_are_accepted(settings, url):
    settings.WAVE_URL = url

    check_payment_settings()


def test_a_half_configured_platform_account_refuses_to_start(settings):
    settings.PLATFORM_PAYMENT_PROVIDER = "cinetpay"
    settings.PLATFORM_CINETPAY_API_KEY = "key"

    with pytest.raises(ImproperlyConfigured, match="PLATFORM_CINETPAY_SITE_ID, PLATFORM_CINETPAY_SECRET_KEY"):
        check_payment_settings()


def test_an_unknown_platform_provider_refuses_to_start(settings):
    settings.PLATFORM_PAYMENT_PROVIDER = "paypal"

    with pytest.raises(ImproperlyConfigured, match="cinetpay, wave or empty"):
        check_payment_settings()
