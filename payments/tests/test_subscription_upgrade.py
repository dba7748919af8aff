"""« Passer à Pro »: the owner pays Flux IA's own provider account; the plan switches (audited) only
when the provider confirms, and a receipt e-mail follows."""

import pytest
from django.core import mail

from payments.models import Payment, PaymentStatus
from subscriptions.models import PlanChange

from .fake_providers import CINETPAY_API_KEY, CINETPAY_SECRET, CINETPAY_SITE_ID, cinetpay_notification, notify_cinetpay

pytestmark = pytest.mark.django_db


@pytest.fixture
def platform(settings, providers):
    settings.PLATFORM_PAYMENT_PROVIDER = "cinetpay"
    settings.PLATFORM_CINETPAY_API_KEY = CINETPAY_API_KEY
    settings.PLATFORM_CINETPAY_SITE_ID = CINETPAY_SITE_ID
    settings.PLATFORM_CINETPAY_SECRET_KEY = CINETPAY_SECRET
    return providers


def test_the_plans_page_lists_the_plans_as_sold(owner_api, platform):
    plans = owner_api.get("/api/v1/subscriptions/plans").json()["results"]

    assert [(p["code"], p["price"], p["conversation_limit"]) for p in plans] == [
        ("gratuit", 0, 100),
        ("starter", 78800, 500),
        ("pro", 89355, 2000),
        ("entreprise", None, -1),
    ]
    assert [p["code"] for p in plans if p["current"]] == ["gratuit"]
    assert [p["code"] for p in plans if p["payable"]] == ["starter", "pro"]


def test_upgrading_switches_the_plan_only_when_the_provider_confirms(
    owner, owner_api, api_client, platform, django_capture_on_commit_callbacks
):
    response = owner_api.post("/api/v1/subscriptions/upgrade", {"plan": "pro"}, format="json")

    assert response.status_code == 201, response.json()
    payment = Payment.objects.get()
    assert response.json() == {"reference": payment.reference, "payment_url": payment.payment_url, "amount": 89355}
    assert platform.calls_to("/v2/payment")[0].body["amount"] == 89355
    owner.refresh_from_db()
    assert owner.plan_abonnement == "gratuit"

    # A notification while CinetPay still says pending changes nothing.
    form, headers = cinetpay_notification(payment.reference, 89355)
    assert notify_cinetpay(api_client, form, headers).status_code == 200
    owner.refresh_from_db()
    assert owner.plan_abonnement == "gratuit"

    platform.cinetpay_set(payment.reference, "ACCEPTED")
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(2):
            assert notify_cinetpay(api_client, form, headers).status_code == 200

    owner.refresh_from_db()
    assert (owner.plan_abonnement, owner.statut_abonnement) == ("pro", "actif")
    change = PlanChange.objects.get(user=owner)
    assert (change.from_plan, change.to_plan, change.source) == ("gratuit", "pro", "payment")
    assert [m.subject for m in mail.outbox] == ["Reçu de paiement Flux IA — Pro Business"]
    assert "89" in mail.outbox[0].body and payment.reference in mail.outbox[0].body
    assert owner_api.get("/api/v1/subscriptions/current").json()["conversation_limit"] == 2000


def test_without_the_platform_account_upgrading_says_so(owner_api, settings):
    settings.PLATFORM_PAYMENT_PROVIDER = ""

    response = owner_api.post("/api/v1/subscriptions/upgrade", {"plan": "pro"}, format="json")

    assert response.status_code == 503
    assert "pas encore disponible" in response.json()["message"]


def test_provider_down_at_upgrade_is_a_clear_503_and_nothing_changes(owner, owner_api, platform):
    platform.is_down = True

    response = owner_api.post("/api/v1/subscriptions/upgrade", {"plan": "starter"}, format="json")

    assert response.status_code == 503
    assert response.json()["message"] == "Le service de paiement ne répond pas. Réessayez dans quelques minutes."
    assert Payment.objects.get().status == PaymentStatus.FAILED
    owner.refresh_from_db()
    assert owner.plan_abonnement == "gratuit"


def test_a_plan_on_quote_cannot_be_bought_online(owner_api, platform):
    response = owner_api.post("/api/v1/subscriptions/upgrade", {"plan": "entreprise"}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"] == {"plan": ["Ce plan ne se paie pas en ligne : « entreprise »."]}
