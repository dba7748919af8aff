"""The Logistique page's status buttons move the delivery's order through the one lifecycle
service: same history, same customer updates (once), same rules as the Commandes page."""

import pytest

from logistics.models import Delivery, DeliveryStatus
from logistics.tests.factories import DeliveryFactory, DriverFactory
from orders.models import OrderEvent, OrderStatus
from orders.services import order_assign_driver, order_transition
from orders.tests.factories import OrderFactory

pytestmark = pytest.mark.django_db


def status_url(delivery) -> str:
    return f"/api/v1/logistics/deliveries/{delivery.reference}/status"


def dispatched(owner, **fields):
    """An order given to a driver: its delivery exists and follows it."""
    order = OrderFactory(owner=owner, commune="Cocody", zone="Cocody", **fields)
    order_assign_driver(order=order, driver=DriverFactory(owner=owner, commune="Cocody"), user=owner)
    return order, Delivery.objects.get(order=order)


def test_each_logistics_step_moves_the_order_and_tells_the_customer_once(
    owner, owner_api, django_capture_on_commit_callbacks
):
    order, delivery = dispatched(owner)
    expected = [
        (DeliveryStatus.PREPARING, OrderStatus.PREPARING, 0),  # « En préparation » is not announced
        (DeliveryStatus.EN_ROUTE, OrderStatus.OUT_FOR_DELIVERY, 1),
        (DeliveryStatus.DELIVERED, OrderStatus.DELIVERED, 1),
    ]
    for delivery_status, order_status, messages in expected:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            response = owner_api.post(status_url(delivery), {"status": delivery_status}, format="json")

        assert response.status_code == 200, response.json()
        assert response.json()["status"] == delivery_status
        order.refresh_from_db()
        assert order.status == order_status
        assert len(callbacks) == messages
        event = order.events.latest("id")
        assert (event.to_status, event.actor) == (order_status, "owner")
        assert event.note == f"Depuis la logistique ({delivery.reference})"
    delivery.refresh_from_db()
    assert (delivery.status, delivery.delivered_at is not None) == (DeliveryStatus.DELIVERED, True)


def test_a_step_the_order_already_took_moves_only_the_delivery(owner, owner_api):
    order, delivery = dispatched(owner)
    # The order moved to « En préparation » on the Commandes page: its delivery followed.
    order_transition(order=order, to=OrderStatus.PREPARING, by="owner")
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.PREPARING
    events = OrderEvent.objects.filter(order=order).count()

    response = owner_api.post(status_url(delivery), {"status": "en_route"}, format="json")

    assert response.status_code == 200
    order.refresh_from_db()
    assert order.status == OrderStatus.OUT_FOR_DELIVERY
    assert OrderEvent.objects.filter(order=order).count() == events + 1  # one step, one history line


def test_the_orders_rules_refuse_the_step_and_nothing_moves(owner, owner_api):
    order, delivery = dispatched(owner, payment_method="wave")  # mobile money, not paid yet

    response = owner_api.post(status_url(delivery), {"status": "preparing"}, format="json")

    assert response.status_code == 400
    assert response.json()["error"] == "invalid_transition"
    assert "doit d'abord être payée" in response.json()["message"]
    order.refresh_from_db()
    delivery.refresh_from_db()
    assert (order.status, delivery.status) == (OrderStatus.CONFIRMED, DeliveryStatus.PENDING)


def test_the_logistics_rules_still_apply_before_the_order_moves(owner, owner_api):
    order, delivery = dispatched(owner)

    response = owner_api.post(status_url(delivery), {"status": "delivered"}, format="json")  # skips two steps

    assert response.status_code == 400
    assert "ne peut passer qu'à « Préparation »" in response.json()["message"]
    order.refresh_from_db()
    assert order.status == OrderStatus.CONFIRMED


def test_a_delivery_without_an_order_moves_alone(owner, owner_api):
    delivery = DeliveryFactory(owner=owner, status=DeliveryStatus.PENDING)

    response = owner_api.post(status_url(delivery), {"status": "preparing"}, format="json")

    assert response.status_code == 200
    assert response.json()["status"] == "preparing"
