"""GET /api/v1/subscriptions/current: the profile page's subscription card."""

from datetime import UTC, datetime

import pytest
import time_machine

from subscriptions.models import ConversationUsage, Plan
from subscriptions.selectors import month_start
from subscriptions.services import conversation_quota_consume

pytestmark = pytest.mark.django_db

URL = "/api/v1/subscriptions/current"
NOV_15 = datetime(2026, 11, 15, 10, 0, tzinfo=UTC)


@time_machine.travel(NOV_15, tick=False)
def test_a_pro_account_sees_its_card_with_price_usage_and_next_billing(user_on, authed_client):
    user = user_on("pro", statut_abonnement="actif")
    for _ in range(3):
        conversation_quota_consume(user=user)

    response = authed_client(user).get(URL)

    assert response.status_code == 200
    assert response.json() == {
        "plan": "pro",
        "plan_name": "Pro Business",
        "price": 89355,
        "price_label": "89\u202f355\u00a0F CFA",
        "next_billing_date": "2026-12-01",
        "conversations_used": 3,
        "conversation_limit": 2000,
        "usage_percent": 0,
        "period_start": "2026-11-01",
        "usage_resets_on": "2026-12-01",
        "status": "actif",
        "status_label": "Actif",
        "can_access_analytics": True,
        "can_use_advanced_features": False,
    }


@time_machine.travel(NOV_15, tick=False)
def test_a_gratuit_account_has_no_billing_and_a_cap_of_100(user_on, authed_client):
    user = user_on("gratuit")
    for _ in range(25):
        conversation_quota_consume(user=user)

    body = authed_client(user).get(URL).json()

    assert body["plan"] == "gratuit"
    assert body["price"] == 0
    assert body["price_label"] == "0\u00a0F CFA"
    assert body["next_billing_date"] is None
    assert (body["conversations_used"], body["conversation_limit"], body["usage_percent"]) == (25, 100, 25)
    assert (body["status"], body["status_label"]) == ("inactif", "Inactif")


@time_machine.travel(NOV_15, tick=False)
def test_an_entreprise_account_is_on_quote_and_unlimited(user_on, authed_client):
    body = authed_client(user_on("entreprise", statut_abonnement="actif")).get(URL).json()

    assert body["price"] is None
    assert body["price_label"] == "Sur devis"
    assert body["next_billing_date"] is None
    assert body["conversation_limit"] == -1
    assert body["usage_percent"] is None
    assert body["can_use_advanced_features"] is True


@pytest.mark.parametrize("status", ["inactif", "suspendu", "expire"])
def test_a_paid_plan_that_is_not_billed_has_no_next_billing_date(user_on, authed_client, status):
    body = authed_client(user_on("pro", statut_abonnement=status)).get(URL).json()

    assert body["next_billing_date"] is None


@time_machine.travel(datetime(2026, 12, 31, 23, 59, 59, tzinfo=UTC), tick=False)
def test_a_trial_in_december_is_billed_on_the_first_of_january(user_on, authed_client):
    body = authed_client(user_on("pro", statut_abonnement="essai")).get(URL).json()

    assert body["next_billing_date"] == "2027-01-01"
    assert body["status_label"] == "Essai"


def test_the_usage_shown_is_this_month_only(user_on, authed_client):
    user = user_on("gratuit")
    with time_machine.travel(datetime(2026, 10, 31, 23, 0, tzinfo=UTC), tick=False):
        conversation_quota_consume(user=user)

    with time_machine.travel(NOV_15, tick=False):
        assert authed_client(user).get(URL).json()["conversations_used"] == 0


def test_the_usage_percent_stops_at_100(user_on, authed_client):
    user = user_on("gratuit")
    ConversationUsage.objects.create(user=user, month=month_start(), count=100)
    Plan.objects.filter(code="gratuit").update(conversation_limit=50)  # staff lowered the cap mid-month

    assert authed_client(user).get(URL).json()["usage_percent"] == 100


def test_an_anonymous_visitor_gets_401_in_the_error_shape(api_client):
    response = api_client.get(URL)

    assert response.status_code == 401
    assert response.json()["error"] == "not_authenticated"
    assert response.json()["statusCode"] == 401


def test_the_card_is_documented_in_the_openapi_schema(api_client):
    response = api_client.get("/api/v1/schema", HTTP_ACCEPT="application/json")

    assert response.status_code == 200
    schema = response.json()
    operation = schema["paths"]["/api/v1/subscriptions/current"]["get"]
    assert operation["operationId"] == "subscriptions_current"
    component = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    assert component == "SubscriptionCard"
    assert set(schema["components"]["schemas"][component]["properties"]) >= {
        "plan",
        "plan_name",
        "price",
        "price_label",
        "next_billing_date",
        "conversations_used",
        "conversation_limit",
        "status",
    }
