"""The demo account can try the assistant at once: seed_demo gives it its shop and turns the sample
deliveries into orders."""

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from accounts.models import User
from logistics.models import Delivery
from orders.models import Order

pytestmark = pytest.mark.django_db


def test_the_demo_account_tries_the_assistant_on_its_own_shop_right_after_seeding():
    call_command("seed_demo")
    demo = User.objects.get(adresse_email="demo@flux-ia.ci")
    client = APIClient()
    client.force_authenticate(demo)

    answer = client.post("/api/v1/assistant/try", {"text": "bonjour, c'est combien le pagne wax ?", "session": "demo"})

    assert answer.status_code == 200
    body = answer.json()
    assert body["intent"] == "price"
    assert "12\u202f000\u00a0F CFA" in body["replies"][0]["text"]


def test_every_sample_delivery_has_its_order_and_seeding_again_adds_none():
    call_command("seed_demo")
    demo = User.objects.get(adresse_email="demo@flux-ia.ci")
    deliveries = Delivery.objects.filter(owner=demo)
    assert deliveries.exists()
    assert deliveries.filter(order__isnull=True).count() == 0
    # Besides the year of settled orders the forecasts learn from (``demo-history-*``).
    orders = Order.objects.filter(owner=demo).exclude(idempotency_key__startswith="demo-history-")
    assert sorted(o.total for o in orders) == sorted(d.amount for d in deliveries)
    before = Order.objects.filter(owner=demo).count()

    call_command("seed_demo")

    assert orders.count() == deliveries.count()
    assert Order.objects.filter(owner=demo).count() == before
