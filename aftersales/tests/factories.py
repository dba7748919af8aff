"""Builders of the after-sales tests: an order of a WhatsApp customer dispatched to a driver and
moved along through the orders' own services (no row written by hand)."""

from datetime import timedelta

from django.utils import timezone

from conversations.tests.factories import ConversationFactory
from logistics.models import DriverPosition
from logistics.tests.factories import DriverFactory
from orders.models import Actor, OrderStatus
from orders.services import order_assign_driver, order_transition
from orders.tests.factories import OrderFactory


def customer_order(owner, *, last_inbound_hours: float = 1, driver=None, **fields):
    """An order in preparation of a WhatsApp customer of ``owner``, given to a driver (a delivery to
    Cocody's Angré, 5.3960, -3.9870)."""
    conversation = ConversationFactory(
        owner=owner,
        contact__name="Fatou Bamba",
        last_inbound_at=timezone.now() - timedelta(hours=last_inbound_hours),
    )
    fields.setdefault("latitude", 5.3960)
    fields.setdefault("longitude", -3.9870)
    order = OrderFactory(
        owner=owner,
        status=OrderStatus.PREPARING,
        contact=conversation.contact,
        conversation=conversation,
        customer_name="Fatou Bamba",
        customer_phone=conversation.contact.whatsapp_number,
        **fields,
    )
    driver = driver or DriverFactory(owner=owner, name="Koffi Yao Kouassi", commune="Cocody", phone="+2250709080706")
    order_assign_driver(order=order, driver=driver)
    return order


def move(order, status, capture):
    """Move ``order`` to ``status`` through the lifecycle service, running what follows the commit."""
    with capture(execute=True):
        order_transition(order=order, to=status, by=Actor.OWNER)
    order.refresh_from_db()
    return order


def position(driver, latitude: float, longitude: float, *, seconds_ago: float = 0):
    return DriverPosition.objects.create(
        driver=driver,
        latitude=latitude,
        longitude=longitude,
        accuracy_m=12,
        recorded_at=timezone.now() - timedelta(seconds=seconds_ago),
    )
