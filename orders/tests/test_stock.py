"""Confirmed orders take their quantities off the tracked stock; a cancellation gives them back."""

import pytest

from catalog.tests.factories import ProductFactory
from orders.models import PICKUP
from orders.services import order_cancel, order_create_by_owner

pytestmark = pytest.mark.django_db


def order(owner, *items):
    return order_create_by_owner(
        user=owner,
        customer_name="Awa",
        customer_phone="0707070707",
        items=[{"sku": sku, "quantity": quantity} for sku, quantity in items],
        zone=PICKUP,
        payment_method="cash",
        notify=False,
    )


def test_a_confirmed_order_takes_its_quantities_and_a_cancelled_one_gives_them_back(owner):
    bissap = ProductFactory(owner=owner, sku="BIS", stock_quantity=10)
    garba = ProductFactory(owner=owner, sku="GAR")  # not tracked

    made = order(owner, ("BIS", 3), ("GAR", 2))
    bissap.refresh_from_db()
    garba.refresh_from_db()
    assert bissap.stock_quantity == 7 and garba.stock_quantity is None

    order_cancel(order=made, reason="Client absent")
    bissap.refresh_from_db()
    assert bissap.stock_quantity == 10


def test_an_order_that_empties_the_stock_marks_it_out_and_its_cancellation_puts_it_back(owner):
    bissap = ProductFactory(owner=owner, sku="BIS", stock_quantity=2)

    made = order(owner, ("BIS", 2))
    bissap.refresh_from_db()
    assert (bissap.stock_quantity, bissap.in_stock) == (0, False)

    order_cancel(order=made, reason="Erreur")
    bissap.refresh_from_db()
    assert (bissap.stock_quantity, bissap.in_stock) == (2, True)


def test_another_accounts_product_with_the_same_sku_is_untouched(owner):
    other = ProductFactory(sku="BIS", stock_quantity=5)
    ProductFactory(owner=owner, sku="BIS", stock_quantity=5)

    order(owner, ("BIS", 1))

    other.refresh_from_db()
    assert other.stock_quantity == 5
