"""Every allowed and every refused status change of an order, through the one transition service."""

import pytest

from core.exceptions import ApplicationError
from logistics.tests.factories import DriverFactory
from orders.lifecycle import next_statuses
from orders.models import Actor, OrderEvent, OrderStatus, PaymentMethod
from orders.services import order_assign_driver, order_cancel, order_transition
from orders.tests.factories import OrderFactory

pytestmark = pytest.mark.django_db

S = OrderStatus
MOBILE = PaymentMethod.WAVE
CASH = PaymentMethod.CASH
DELIVERY = "Cocody"
PICKUP = "pickup"

# The four paths an order can take, written out as the issue states them.
PATHS = {
    (CASH, DELIVERY): [S.CONFIRMED, S.PREPARING, S.OUT_FOR_DELIVERY, S.DELIVERED],
    (MOBILE, DELIVERY): [S.CONFIRMED, S.AWAITING_PAYMENT, S.PAID, S.PREPARING, S.OUT_FOR_DELIVERY, S.DELIVERED],
    (CASH, PICKUP): [S.CONFIRMED, S.PREPARING, S.READY, S.PICKED_UP],
    (MOBILE, PICKUP): [S.CONFIRMED, S.AWAITING_PAYMENT, S.PAID, S.PREPARING, S.READY, S.PICKED_UP],
}


def _allowed():
    """(payment, zone, from, to): each next step of a path, and cancelling from any open status."""
    for (payment_method, zone), path in PATHS.items():
        for current, following in zip(path, path[1:], strict=False):
            yield payment_method, zone, current, following
            yield payment_method, zone, current, S.CANCELLED


def _refused():
    """Every other (from, to) among the statuses the order can be in on its path."""
    allowed = set(_allowed())
    for (payment_method, zone), path in PATHS.items():
        for current in [*path, S.CANCELLED]:
            for target in S:
                if (payment_method, zone, current, target) not in allowed:
                    yield payment_method, zone, current, target


ALLOWED = list(_allowed())
REFUSED = list(_refused())


def make_order(*, owner, status, payment_method=CASH, zone=DELIVERY, with_driver=False):
    order = OrderFactory(owner=owner, payment_method=payment_method, zone=zone, commune="" if zone == PICKUP else zone)
    if with_driver and zone != PICKUP:
        driver = DriverFactory(owner=owner, commune="Cocody", latitude=5.36, longitude=-3.98)
        order_assign_driver(order=order, driver=driver)
    order.status = status
    order.save(update_fields=["status"])
    return order


@pytest.mark.parametrize(("payment_method", "zone", "current", "target"), ALLOWED)
def test_it_moves_an_order_along_an_allowed_step(owner, payment_method, zone, current, target):
    order = make_order(
        owner=owner, status=current, payment_method=payment_method, zone=zone, with_driver=target == S.OUT_FOR_DELIVERY
    )

    order_transition(order=order, to=target, by=Actor.OWNER, user=owner, note="ok")

    order.refresh_from_db()
    assert order.status == target
    event = OrderEvent.objects.filter(order=order).latest("id")
    assert (event.from_status, event.to_status, event.actor, event.user) == (current, target, Actor.OWNER, owner)


@pytest.mark.parametrize(("payment_method", "zone", "current", "target"), REFUSED)
def test_it_refuses_every_other_step(owner, payment_method, zone, current, target):
    order = make_order(
        owner=owner, status=current, payment_method=payment_method, zone=zone, with_driver=target == S.OUT_FOR_DELIVERY
    )
    events_before = OrderEvent.objects.filter(order=order).count()

    with pytest.raises(ApplicationError) as refused:
        order_transition(order=order, to=target, by=Actor.OWNER)

    assert refused.value.code == "invalid_transition"
    assert refused.value.status_code == 400
    order.refresh_from_db()
    assert order.status == current
    assert OrderEvent.objects.filter(order=order).count() == events_before


def test_the_cases_cover_every_pair_of_statuses_on_each_path():
    pairs = sum((len(path) + 1) * len(S) for path in PATHS.values())
    assert len(ALLOWED) + len(REFUSED) == pairs


def test_it_explains_a_skipped_step_in_french(owner):
    order = make_order(owner=owner, status=S.CONFIRMED)

    with pytest.raises(ApplicationError) as refused:
        order_transition(order=order, to=S.DELIVERED, by=Actor.OWNER)

    assert refused.value.message == (
        "Transition impossible : une commande « Confirmée » ne peut pas passer à « Livrée »."
    )


def test_a_mobile_money_order_must_be_paid_before_it_is_prepared(owner):
    order = make_order(owner=owner, status=S.CONFIRMED, payment_method=PaymentMethod.ORANGE_MONEY)

    with pytest.raises(ApplicationError) as refused:
        order_transition(order=order, to=S.PREPARING, by=Actor.OWNER)

    assert refused.value.message == f"La commande {order.reference} doit d'abord être payée (Orange Money)."


def test_a_cash_order_has_no_payment_step(owner):
    order = make_order(owner=owner, status=S.CONFIRMED, payment_method=CASH)

    with pytest.raises(ApplicationError) as refused:
        order_transition(order=order, to=S.AWAITING_PAYMENT, by=Actor.OWNER)

    assert "espèces" in refused.value.message


def test_an_order_cannot_go_en_route_without_a_driver(owner):
    order = make_order(owner=owner, status=S.PREPARING)

    with pytest.raises(ApplicationError) as refused:
        order_transition(order=order, to=S.OUT_FOR_DELIVERY, by=Actor.OWNER)

    assert refused.value.code == "driver_required"
    assert refused.value.message == f"Assignez un livreur avant de mettre la commande {order.reference} en route."


def test_a_cancelled_order_keeps_its_lines_and_its_reason(owner):
    order = make_order(owner=owner, status=S.CONFIRMED)

    order_cancel(order=order, reason="Le client ne répond plus", user=owner)

    order.refresh_from_db()
    assert order.status == S.CANCELLED
    assert order.cancel_reason == "Le client ne répond plus"
    assert [(line.name, line.quantity) for line in order.lines.all()] == [("Garba", 2)]
    assert OrderEvent.objects.filter(order=order).latest("id").note == "Le client ne répond plus"


def test_cancelling_needs_a_reason(owner):
    order = make_order(owner=owner, status=S.CONFIRMED)

    with pytest.raises(ApplicationError) as refused:
        order_cancel(order=order, reason="  ")

    assert refused.value.message == "Indiquez le motif de l'annulation."


@pytest.mark.parametrize(
    ("payment_method", "zone", "current", "expected"),
    [
        (CASH, DELIVERY, S.CONFIRMED, [S.PREPARING, S.CANCELLED]),
        (MOBILE, DELIVERY, S.CONFIRMED, [S.AWAITING_PAYMENT, S.CANCELLED]),
        (CASH, DELIVERY, S.PREPARING, [S.OUT_FOR_DELIVERY, S.CANCELLED]),
        (CASH, PICKUP, S.PREPARING, [S.READY, S.CANCELLED]),
        (CASH, PICKUP, S.PICKED_UP, []),
    ],
)
def test_it_lists_the_next_steps_the_dashboard_offers(owner, payment_method, zone, current, expected):
    order = make_order(owner=owner, status=current, payment_method=payment_method, zone=zone)

    assert next_statuses(order) == expected
