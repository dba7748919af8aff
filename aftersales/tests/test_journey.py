# ruff: noqa: F811 (the test functions take the imported Graph API fixtures by name)
"""The customer's whole journey, end to end against the fake Graph API and the real assistant: an
order confirmed on WhatsApp, dispatched, the driver's « Récupéré » (the tracking link goes out), his
live positions (the ETA follows), « Livré » (the thank-you), the rating request an hour later, and
the customer's « 5 top » caught and thanked, the rating stored with the driver."""

import json
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.cache import cache
from django.utils import timezone

from aftersales.models import Rating
from aftersales.services import rating_requests_send
from integrations.tests import meta
from integrations.tests.conftest import connection, graph  # noqa: F401 (the fake Graph API fixtures)
from logistics.services import delivery_step_record, driver_position_record
from logistics.tests.factories import DriverFactory
from orders.models import Order, OrderEvent, OrderStatus
from shop.services import shop_document_replace

pytestmark = pytest.mark.django_db

SHOP = json.loads(
    (Path(__file__).resolve().parents[2] / "integrations" / "tests" / "data" / "grocery.json").read_text(
        encoding="utf-8"
    )
)
LINK = re.compile(r"/suivi/([A-Za-z0-9_-]{40,})")


def text_of(call) -> str:
    body = call.body
    if body["type"] == "text":
        return body["text"]["body"]
    return body["interactive"]["body"]["text"]


def say(api_client, graph, text: str) -> list:
    before = len(graph.sends())
    response = meta.post(api_client, meta.payload(messages=[meta.message(body={"body": text})]))
    assert response.status_code == 200
    return graph.sends()[before:]


def test_from_whatsapp_order_to_rating(
    owner, owner_api, api_client, graph, connection, settings, django_capture_on_commit_callbacks
):
    cache.clear()
    settings.WHATSAPP_RESPONDER = "assistant.services.assistant_answer"
    shop_document_replace(user=owner, document=SHOP)
    for turn in ("Je veux 2 huiles", "Livraison à Marcory", "cash", "oui"):
        say(api_client, graph, turn)
    order = Order.objects.get()
    driver = DriverFactory(owner=owner, name="Moussa Koné", commune="Marcory", side="south", phone="+2250700000001")
    owner_api.post(f"/api/v1/orders/{order.pk}/assign-driver", {"driver_id": driver.pk}, format="json")
    owner_api.post(f"/api/v1/orders/{order.pk}/transition", {"status": "preparing"}, format="json")
    reference = order.delivery.reference

    # « Récupéré » on the driver's page: the order goes en route and the customer gets the link.
    before = len(graph.sends())
    with django_capture_on_commit_callbacks(execute=True):
        delivery_step_record(driver=driver, reference=reference, kind="picked_up", idempotency_key="pick-1")
    en_route = [text_of(call) for call in graph.sends()[before:] if call.body["type"] == "text"]
    [message] = [text for text in en_route if "est en route" in text]
    token = LINK.search(message).group(1)

    driver_position_record(driver=driver, latitude=5.3240, longitude=-4.0200, accuracy_m=20)  # Plateau
    far = api_client.get(f"/api/v1/public/tracking/{token}").json()
    assert far["status_label"] == "En route" and far["driver"] == {
        "first_name": "Moussa",
        "vehicle": "à moto",
        "phone": None,
    }
    driver_position_record(driver=driver, latitude=5.3050, longitude=-3.9850, accuracy_m=10)  # in Marcory
    near = api_client.get(f"/api/v1/public/tracking/{token}").json()
    assert near["eta"]["minutes"] < far["eta"]["minutes"]

    # « Livré »: the thank-you.
    before = len(graph.sends())
    with django_capture_on_commit_callbacks(execute=True):
        delivery_step_record(driver=driver, reference=reference, kind="delivered", idempotency_key="done-1")
    assert [text_of(call) for call in graph.sends()[before:]] == [
        f"Votre commande {order.reference} a été livrée. Merci et à bientôt !"
    ]
    order.refresh_from_db()
    assert order.status == OrderStatus.DELIVERED
    assert api_client.get(f"/api/v1/public/tracking/{token}").json()["status_label"] == "Livrée"

    # An hour later: the rating request reaches the fake Graph API, then the customer answers.
    OrderEvent.objects.filter(order=order, to_status=OrderStatus.DELIVERED).update(
        at=timezone.now() - timedelta(minutes=61)
    )
    before = len(graph.sends())
    assert rating_requests_send()["sent"] == 1
    [ask] = graph.sends()[before:]
    assert "note de 1 à 5" in text_of(ask)

    [thanks] = say(api_client, graph, "5 top")

    assert text_of(thanks) == "Merci pour votre note (5/5) ! À très bientôt chez Épicerie Chez Koffi."
    rating = Rating.objects.get()
    assert (rating.order_id, rating.driver_id, rating.score, rating.comment) == (order.pk, driver.pk, 5, "top")
