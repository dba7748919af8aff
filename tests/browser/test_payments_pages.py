"""Mobile-money payments in Chromium at 390 px: the owner enters CinetPay credentials in « Ma
boutique » (stored encrypted, never shown again), then opens « Abonnement », sees the plans as sold
and « Passer à Pro » takes them to the (fake) provider's payment page."""

import pytest

from accounts.tests.factories import UserFactory
from payments.models import Payment, PaymentAccount
from payments.tests.fake_providers import CINETPAY_API_KEY, CINETPAY_SECRET, CINETPAY_SITE_ID, FakeProviders

from .dashboard_helpers import WIDTHS, assert_no_horizontal_overflow, sign_in_through_api

pytestmark = pytest.mark.browser


@pytest.fixture
def fake_providers(settings):
    fake = FakeProviders().start()
    settings.CINETPAY_URL = fake.url
    settings.WAVE_URL = fake.url
    settings.PLATFORM_PAYMENT_PROVIDER = "cinetpay"
    settings.PLATFORM_CINETPAY_API_KEY = CINETPAY_API_KEY
    settings.PLATFORM_CINETPAY_SITE_ID = CINETPAY_SITE_ID
    settings.PLATFORM_CINETPAY_SECRET_KEY = CINETPAY_SECRET
    yield fake
    fake.stop()


@pytest.fixture
def shop_owner(live_url):
    return UserFactory(prenom="Awa", nom="Koné")


def test_an_owner_configures_cinetpay_and_the_secret_never_comes_back(page, console, live_url, shop_owner):
    page.set_viewport_size(WIDTHS["phone"])
    sign_in_through_api(page, live_url, shop_owner.adresse_email, path="/dashboard/boutique")
    section = page.get_by_test_id("shop-payment-links")
    section.get_by_text("Aucun prestataire").wait_for()
    cinetpay = section.get_by_test_id("payment-provider-cinetpay")

    cinetpay.locator("input[name=site_id]").fill(CINETPAY_SITE_ID)
    cinetpay.locator("input[name=api_key]").fill(CINETPAY_API_KEY)
    cinetpay.locator("input[name=secret_key]").fill(CINETPAY_SECRET)
    cinetpay.get_by_role("button", name="Enregistrer").click()

    cinetpay.get_by_text("Configuré", exact=True).wait_for()
    section.get_by_text("Payés par lien : Wave, Orange Money, MTN MoMo, Moov Money.").wait_for()
    assert PaymentAccount.objects.filter(owner=shop_owner, provider="cinetpay").exists()
    page.reload()
    section.get_by_test_id("payment-provider-cinetpay").get_by_text("Configuré", exact=True).wait_for()
    assert CINETPAY_SECRET not in page.content() and CINETPAY_API_KEY not in page.content()
    assert_no_horizontal_overflow(page)
    assert console.errors == []


def test_passer_a_pro_opens_the_provider_payment_page(page, console, live_url, shop_owner, fake_providers):
    page.set_viewport_size(WIDTHS["phone"])
    sign_in_through_api(page, live_url, shop_owner.adresse_email, path="/dashboard/profile")
    page.get_by_role("link", name="Voir les plans et changer de formule").click()

    page.get_by_role("heading", name="Abonnement", exact=True).wait_for()
    assert "2\u202f000 conversations/mois" in page.get_by_test_id("plan-pro").inner_text()
    assert "500 conversations/mois" in page.get_by_test_id("plan-starter").inner_text()
    page.get_by_test_id("plan-gratuit").get_by_text("Plan actuel").wait_for()
    assert_no_horizontal_overflow(page)

    page.get_by_role("button", name="Passer à Pro").click()

    page.get_by_role("heading", name="Paiement CinetPay (simulation)").wait_for()
    payment = Payment.objects.get(owner=shop_owner)
    assert page.url == payment.payment_url
    assert (payment.plan_code, payment.amount_requested) == ("pro", 89355)
    shop_owner.refresh_from_db()
    assert shop_owner.plan_abonnement == "gratuit"  # not before the provider confirms


def test_a_starter_account_sees_its_statistics_and_where_the_predictions_are(page, console, live_url):
    starter = UserFactory(plan_abonnement="starter")
    page.set_viewport_size(WIDTHS["phone"])
    sign_in_through_api(page, live_url, starter.adresse_email, path="/dashboard/analytics")

    locked = page.get_by_test_id("predictions-locked")
    locked.wait_for()
    assert "incluses dans le plan Pro Business" in locked.inner_text()
    assert page.get_by_test_id("prediction").count() == 0
    locked.get_by_role("link", name="Voir les plans").click()
    page.get_by_test_id("plan-starter").get_by_text("Plan actuel").wait_for()
    assert console.errors == []
