"""« Assigner un livreur »: the order's delivery in logistics, and the suggested driver (nearest,
available, on the same side of the lagoon unless driving a car)."""

import pytest

from core.exceptions import ApplicationError
from logistics.models import Delivery, DeliveryStatus
from logistics.tests.factories import DeliveryFactory, DriverFactory
from orders.models import Actor, OrderStatus
from orders.selectors import driver_suggest
from orders.services import order_assign_driver, order_create_from_delivery, order_transition, orders_from_deliveries
from orders.tests.factories import OrderFactory

pytestmark = pytest.mark.django_db


def driver(owner, name, commune, lat, lng, *, side="north", vehicle="moto"):
    return DriverFactory(
        owner=owner, name=name, commune=commune, latitude=lat, longitude=lng, side=side, vehicle=vehicle
    )


def test_assigning_a_driver_creates_the_orders_delivery(owner):
    order = OrderFactory(owner=owner, status=OrderStatus.PREPARING, commune="Cocody", address="Angré 8e tranche")
    moussa = driver(owner, "Moussa", "Cocody", 5.36, -3.98)

    order_assign_driver(order=order, driver=moussa, user=owner)

    delivery = Delivery.objects.get(order=order)
    assert delivery.reference.startswith("LIV-")
    assert (delivery.driver, delivery.customer_name, delivery.customer_phone) == (
        moussa,
        order.customer_name,
        order.customer_phone,
    )
    assert (delivery.address, delivery.commune, delivery.amount) == ("Angré 8e tranche", "Cocody", 4000)
    assert delivery.products == ["2 × Garba"]
    assert delivery.status == DeliveryStatus.PREPARING  # it follows the order's status
    assert order.events.latest("id").note == f"Livreur assigné : Moussa ({delivery.reference})"


def test_assigning_again_changes_the_driver_of_the_same_delivery(owner):
    order = OrderFactory(owner=owner)
    first, second = driver(owner, "Moussa", "Cocody", 5.36, -3.98), driver(owner, "Ali", "Plateau", 5.32, -4.02)

    order_assign_driver(order=order, driver=first)
    order_assign_driver(order=order, driver=second)

    assert Delivery.objects.filter(order=order).get().driver == second


def test_the_delivery_follows_the_order_to_the_doorstep(owner):
    order = OrderFactory(owner=owner, status=OrderStatus.CONFIRMED)
    order_assign_driver(order=order, driver=driver(owner, "Moussa", "Cocody", 5.36, -3.98))

    for status in (OrderStatus.PREPARING, OrderStatus.OUT_FOR_DELIVERY, OrderStatus.DELIVERED):
        order_transition(order=order, to=status, by=Actor.OWNER)

    delivery = Delivery.objects.get(order=order)
    assert (delivery.status, delivery.progress) == (DeliveryStatus.DELIVERED, 100)
    assert delivery.delivered_at is not None


def test_cancelling_a_dispatched_order_takes_its_delivery_off_the_logistics_page(owner):
    order = OrderFactory(owner=owner, status=OrderStatus.PREPARING)
    order_assign_driver(order=order, driver=driver(owner, "Moussa", "Cocody", 5.36, -3.98))
    reference = Delivery.objects.get(order=order).reference

    order_transition(order=order, to=OrderStatus.CANCELLED, by=Actor.OWNER, note="Client absent")

    assert not Delivery.objects.filter(order=order).exists()
    assert order.events.filter(note=f"Livraison {reference} supprimée").exists()
    assert order.lines.count() == 1


def test_a_moto_driver_cannot_take_an_order_across_the_lagoon(owner):
    order = OrderFactory(owner=owner, zone="Marcory", commune="Marcory")
    north_moto = driver(owner, "Moussa", "Cocody", 5.36, -3.98, side="north", vehicle="moto")

    with pytest.raises(ApplicationError) as refused:
        order_assign_driver(order=order, driver=north_moto)

    assert refused.value.code == "driver_cannot_cross"
    assert refused.value.message.startswith("Moussa circule à moto et ne peut pas traverser les ponts de la lagune")
    assert not Delivery.objects.filter(order=order).exists()


def test_a_car_driver_may_cross_the_lagoon(owner):
    order = OrderFactory(owner=owner, zone="Marcory", commune="Marcory")

    order_assign_driver(
        order=order, driver=driver(owner, "Awa", "Cocody", 5.36, -3.98, side="north", vehicle="voiture")
    )

    assert Delivery.objects.get(order=order).driver.name == "Awa"


def test_a_pickup_order_needs_no_driver(owner):
    order = OrderFactory(owner=owner, zone="pickup", commune="", delivery_fee=0, total=3000)

    with pytest.raises(ApplicationError):
        order_assign_driver(order=order, driver=driver(owner, "Moussa", "Cocody", 5.36, -3.98))
    assert driver_suggest(order=order) is None


def test_it_suggests_the_nearest_available_driver_on_the_same_side(owner):
    order = OrderFactory(owner=owner, zone="Marcory", commune="Marcory")  # south of the lagoon
    driver(owner, "Nord à moto, tout près", "Plateau", 5.31, -3.99, side="north")
    driver(owner, "Sud, loin", "Port-Bouët", 5.256, -3.926, side="south")
    near = driver(owner, "Sud, proche", "Treichville", 5.292, -4.009, side="south")
    busy = driver(owner, "Sud, le plus proche mais en route", "Marcory", 5.303, -3.983, side="south")
    DeliveryFactory(owner=owner, driver=busy, status=DeliveryStatus.EN_ROUTE)

    assert driver_suggest(order=order) == near


def test_a_car_on_the_other_side_is_suggested_when_nearest(owner):
    order = OrderFactory(owner=owner, zone="Marcory", commune="Marcory")
    driver(owner, "Sud, loin", "Port-Bouët", 5.256, -3.926, side="south")
    car = driver(owner, "Voiture au nord, proche", "Plateau", 5.31, -3.99, side="north", vehicle="voiture")

    assert driver_suggest(order=order) == car


def test_no_driver_is_suggested_when_none_can_reach_the_address(owner):
    order = OrderFactory(owner=owner, zone="Marcory", commune="Marcory")
    driver(owner, "Nord à moto", "Plateau", 5.31, -3.99, side="north")

    assert driver_suggest(order=order) is None


def test_another_accounts_drivers_are_never_suggested(owner):
    order = OrderFactory(owner=owner)
    DriverFactory(commune="Cocody", latitude=5.36, longitude=-3.98)

    assert driver_suggest(order=order) is None


def test_a_delivery_from_before_orders_becomes_an_order(owner):
    delivery = DeliveryFactory(
        owner=owner, status=DeliveryStatus.EN_ROUTE, amount=25001, products=["2 pagnes wax", "1 sac en raphia"]
    )

    order = order_create_from_delivery(delivery=delivery)

    assert order_create_from_delivery(delivery=Delivery.objects.get(pk=delivery.pk)) == order
    assert (order.status, order.total, order.zone, order.payment_method) == (
        "out_for_delivery",
        25001,
        "Cocody",
        "cash",
    )
    assert [(line.name, line.line_total) for line in order.lines.all()] == [
        ("2 pagnes wax", 12501),
        ("1 sac en raphia", 12500),
    ]
    assert order.created_at == delivery.created_at


def test_every_older_delivery_of_an_account_gets_its_order_once(owner):
    deliveries = [DeliveryFactory(owner=owner, status=status) for status in ("pending", "preparing", "delivered")]
    DeliveryFactory()  # another account's

    assert orders_from_deliveries(user=owner) == 3
    assert orders_from_deliveries(user=owner) == 0

    statuses = [Delivery.objects.get(pk=d.pk).order.status for d in deliveries]
    assert statuses == ["confirmed", "preparing", "delivered"]
