from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from conversations.models import MessageStatus, Sender
from conversations.tests.factories import ConversationFactory, MessageFactory
from orders.tests.factories import OrderFactory

URL = "/api/v1/analytics"

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture(autouse=True)
def _owner_on_the_pro_plan(owner):
    """The statistics page is for plans with analytics: the root ``owner`` moves to pro here."""
    owner.plan_abonnement = "pro"
    owner.save(update_fields=["plan_abonnement"])


def days_ago(days: float):
    return timezone.now() - timedelta(days=days)


def sale(owner, total: int, **fields):
    """An order of ``total`` F CFA (products only, no delivery fee)."""
    return OrderFactory(owner=owner, subtotal=total, delivery_fee=0, total=total, **fields)


@pytest.fixture
def history(owner):
    """Three conversations this period, one the period before; orders in Abidjan and Bouaké, a pickup,
    and cancelled orders that are no sale."""
    recent = [
        ConversationFactory(owner=owner, created_at=days_ago(age), contact__whatsapp_number=f"+22501000000{age:02d}")
        for age in (2, 5, 10)
    ]
    ConversationFactory(owner=owner, created_at=days_ago(40))
    # The conversation started 5 days ago led to an order from the same number.
    sale(owner, 20000, customer_phone="+2250100000005", created_at=days_ago(4), zone="Cocody", commune="Cocody")
    sale(owner, 30000, created_at=days_ago(12), zone="Bouaké", commune="Bouaké", status="out_for_delivery")
    sale(owner, 40000, created_at=days_ago(45), zone="Yopougon", commune="Yopougon", status="delivered")
    sale(owner, 5000, created_at=days_ago(20), zone="pickup", commune="", address="", status="picked_up")
    # Cancelled orders are no sales: not in the revenue, not a conversion, not in a city.
    sale(owner, 70000, customer_phone="+2250100000002", created_at=days_ago(1), status="cancelled")
    sale(owner, 80000, created_at=days_ago(50), zone="Bouaké", commune="Bouaké", status="cancelled")
    conversation = recent[0]
    for accurate, category in ((True, "prix"), (True, "prix"), (False, "prix"), (True, "livraison"), (None, "prix")):
        MessageFactory(
            conversation=conversation,
            sender=Sender.AI,
            status=MessageStatus.SENT,
            category=category,
            accurate=accurate,
            sent_at=days_ago(1),
        )
    MessageFactory(conversation=conversation, sender=Sender.AGENT, status=MessageStatus.PENDING, sent_at=days_ago(1))
    return recent


def kpi(body, key):
    return next(item for item in body["kpis"] if item["key"] == key)


def prediction(body, key):
    return next(item for item in body["predictions"] if item["key"] == key)


def test_a_gratuit_account_gets_a_403_in_the_error_shape():
    response = client_for(UserFactory(plan_abonnement="gratuit")).get(URL)

    assert response.status_code == 403
    assert response.json()["error"] == "permission_denied"
    assert "Starter" in response.json()["message"]


@pytest.mark.parametrize("plan", ["pro", "entreprise"])
def test_pro_and_entreprise_accounts_get_their_statistics(plan):
    response = client_for(UserFactory(plan_abonnement=plan)).get(URL)

    assert response.status_code == 200
    assert {item["key"] for item in response.json()["kpis"]} == {
        "conversations",
        "ai_reply_rate",
        "conversion_rate",
        "revenue",
    }
    assert len(response.json()["predictions"]) == 3


def test_a_starter_account_gets_the_basic_statistics_without_the_predictions():
    response = client_for(UserFactory(plan_abonnement="starter")).get(URL)

    assert response.status_code == 200
    assert len(response.json()["kpis"]) == 4
    assert (response.json()["predictions"], response.json()["predictions_available"]) == ([], False)


def test_the_kpis_are_computed_from_the_accounts_rows(owner, history):
    body = client_for(owner).get(URL).json()

    assert kpi(body, "conversations")["value"] == 3
    assert kpi(body, "conversations")["change"] == 200.0
    assert kpi(body, "ai_reply_rate")["value"] == 83.3  # 5 AI replies out of 6 replies
    assert kpi(body, "conversion_rate")["value"] == 33.3  # 1 of the 3 recent conversations ordered
    assert kpi(body, "revenue") | {"explanation": None} == {
        "key": "revenue",
        "label": "Chiffre d'affaires",
        "value": 55000,
        "unit": "F CFA",
        "change": 37.5,
        "explanation": None,
    }
    assert all(item["explanation"] for item in body["kpis"])


def test_the_accuracy_counts_only_evaluated_ai_answers_per_category(owner, history):
    body = client_for(owner).get(URL).json()["accuracy_by_category"]

    assert body["categories"] == [
        {"category": "prix", "label": "Prix", "accuracy": 66.7, "correct": 2, "evaluated": 3},
        {"category": "livraison", "label": "Livraison", "accuracy": 100.0, "correct": 1, "evaluated": 1},
    ]
    assert body["explanation"]


def test_the_sales_are_grouped_by_city_biggest_first(owner, history):
    body = client_for(owner).get(URL).json()["sales_by_city"]

    assert body["cities"] == [
        {"city": "Abidjan", "orders": 2, "revenue": 60000, "share": 63.2},
        {"city": "Bouaké", "orders": 1, "revenue": 30000, "share": 31.6},
        {"city": "Retrait en boutique", "orders": 1, "revenue": 5000, "share": 5.3},
    ]
    assert body["total_revenue"] == 95000


def test_the_predictions_extend_the_accounts_trend_and_say_how(owner, history):
    body = client_for(owner).get(URL).json()

    revenue = prediction(body, "revenue_next_30_days")
    assert revenue["value"] == 70000  # 55 000 + (55 000 - 40 000)
    assert "55\u202f000\u00a0F CFA" in revenue["explanation"] and "40\u202f000\u00a0F CFA" in revenue["explanation"]
    assert prediction(body, "conversations_next_30_days")["value"] == 5  # 3 + (3 - 1)


def test_the_busiest_day_is_the_weekday_with_most_customer_messages(owner):
    conversation = ConversationFactory(owner=owner)
    # Three messages on the last three Saturdays and one on a Tuesday, all within the 8 weeks.
    now = timezone.now()
    saturday = now - timedelta(days=(now.isoweekday() - 6) % 7 or 7)
    for weeks in (0, 1, 2):
        MessageFactory(conversation=conversation, sent_at=saturday - timedelta(weeks=weeks))
    MessageFactory(conversation=conversation, sent_at=saturday - timedelta(days=4))

    busiest = prediction(client_for(owner).get(URL).json(), "busiest_day")

    assert busiest["value"] == "samedi"
    assert busiest["explanation"].startswith("Le samedi a reçu le plus de messages")


def test_an_empty_account_gets_zeros_and_honest_sentences(owner):
    body = client_for(owner).get(URL).json()

    assert kpi(body, "conversations")["value"] == 0
    assert kpi(body, "conversations")["change"] is None
    assert kpi(body, "ai_reply_rate")["value"] is None
    assert body["sales_by_city"]["cities"] == []
    assert prediction(body, "busiest_day")["value"] is None
    assert prediction(body, "busiest_day")["explanation"].startswith("Pas encore de messages")


def test_another_accounts_rows_never_count(owner, history):
    stranger = UserFactory(plan_abonnement="pro")

    body = client_for(stranger).get(URL).json()

    assert kpi(body, "conversations")["value"] == 0
    assert kpi(body, "revenue")["value"] == 0
    assert body["accuracy_by_category"]["categories"] == []
    assert body["sales_by_city"]["cities"] == []


def test_the_statistics_cost_a_constant_number_of_queries(owner, history, django_assert_max_num_queries):
    OrderFactory.create_batch(20, owner=owner, created_at=days_ago(3))

    with django_assert_max_num_queries(8):
        assert client_for(owner).get(URL).status_code == 200


def test_it_requires_authentication():
    assert APIClient().get(URL).status_code == 401
