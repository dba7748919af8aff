from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from conversations.models import MessageStatus, Sender
from conversations.tests.factories import ConversationFactory, MessageFactory
from emails.tests.factories import EmailFactory
from orders.models import Order
from orders.tests.factories import OrderFactory

URL = "/api/v1/auth/dashboard"

pytestmark = pytest.mark.django_db


def card(body, key):
    return next(item for item in body["cards"] if item["key"] == key)


def test_the_home_page_has_four_cards_computed_from_the_accounts_rows(owner_api, owner):
    now = timezone.now()
    conversation = ConversationFactory(owner=owner, last_message_at=now)
    ConversationFactory(owner=owner, last_message_at=now - timedelta(days=3))
    MessageFactory.create_batch(2, conversation=conversation, sender=Sender.AI, status=MessageStatus.SENT, sent_at=now)
    for status, total in (("confirmed", 15000), ("out_for_delivery", 10000), ("ready", 3000), ("delivered", 5000)):
        OrderFactory(owner=owner, status=status, subtotal=total, delivery_fee=0, total=total, created_at=now)
    # A cancelled order is neither open nor revenue; an order of last month is not this month's.
    OrderFactory(owner=owner, status="cancelled", subtotal=50000, delivery_fee=0, total=50000, created_at=now)
    last_month = timezone.localtime(now).replace(day=1, hour=0, minute=0) - timedelta(days=1)
    OrderFactory(owner=owner, status="delivered", subtotal=7000, delivery_fee=0, total=7000, created_at=last_month)
    OrderFactory(owner=UserFactory(), status="confirmed", subtotal=99000, delivery_fee=0, total=99000, created_at=now)

    response = owner_api.get(URL)

    assert response.status_code == 200
    body = response.json()
    assert [item["label"] for item in body["cards"]] == [
        "Conversations aujourd'hui",
        "Messages traités par l'IA",
        "Commandes en cours",
        "Chiffre d'affaires du mois",
    ]
    assert card(body, "conversations_today")["value"] == 1
    assert card(body, "ai_messages_month")["value"] == 2
    assert card(body, "open_orders")["value"] == 3
    assert card(body, "revenue_month")["value"] == 33000
    assert card(body, "revenue_month")["unit"] == "F CFA"


def test_the_recent_activity_merges_messages_orders_and_emails_newest_first(owner_api, owner):
    now = timezone.now()
    order = OrderFactory(owner=owner, customer_name="Awa Koné")
    Order.objects.filter(pk=order.pk).update(updated_at=now - timedelta(minutes=3))
    conversation = ConversationFactory(owner=owner, contact__name="Mariam Touré")
    MessageFactory(conversation=conversation, content="Vous livrez à Bingerville ?", sent_at=now - timedelta(minutes=1))
    EmailFactory(owner=owner, sender_name="Orange Money", subject="Facture", received_at=now - timedelta(minutes=5))
    EmailFactory(owner=UserFactory(), sender_name="Someone else", received_at=now)

    body = owner_api.get(URL).json()

    titles = [item["title"] for item in body["recent_activity"]]
    assert titles[0] == "Nouveau message de Mariam Touré"
    assert "E-mail de Orange Money : Facture" in titles
    listed = next(item for item in body["recent_activity"] if item["type"] == "order")
    assert listed["title"] == f"Commande {order.reference} : {order.get_status_display()}"
    assert listed["description"] == "Awa Koné — Cocody — 4\u202f000\u00a0F CFA"
    assert listed["link"] == f"/dashboard/orders?commande={order.pk}"
    assert not any("Someone else" in title for title in titles)


def test_a_new_account_gets_zeros_and_no_activity(owner_api):
    body = owner_api.get(URL).json()

    assert [item["value"] for item in body["cards"]] == [0, 0, 0, 0]
    assert body["recent_activity"] == []


def test_it_requires_authentication():
    assert APIClient().get(URL).status_code == 401


def test_the_home_page_costs_a_constant_number_of_queries(owner_api, owner, django_assert_max_num_queries):
    now = timezone.now()
    OrderFactory.create_batch(20, owner=owner, created_at=now)
    for _ in range(3):
        EmailFactory(owner=owner, received_at=now)

    with django_assert_max_num_queries(8):
        assert owner_api.get(URL).status_code == 200
