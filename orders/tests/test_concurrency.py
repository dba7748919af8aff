"""Concurrent changes to one order cannot skip a step; concurrent orders never share a reference."""

import threading

import pytest
from django.db import connection

from conversations.tests.factories import ConversationFactory
from core.exceptions import ApplicationError
from orders.models import Actor, Order, OrderEvent, OrderStatus
from orders.services import order_create_from_draft, order_transition
from orders.tests.factories import OrderFactory

pytestmark = pytest.mark.django_db(transaction=True)


def run_together(count: int, work) -> tuple[list, list[BaseException]]:
    """Run ``work(index)`` in ``count`` threads released at the same instant."""
    barrier = threading.Barrier(count)
    results: list = []
    errors: list[BaseException] = []

    def target(index: int):
        try:
            barrier.wait()
            results.append(work(index))
        except BaseException as exc:  # noqa: BLE001 (inspected by the caller)
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=target, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results, errors


@pytest.fixture(autouse=True)
def _postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip("Concurrent writers need PostgreSQL (SQLite serialises whole-database writes).")


def test_two_owners_moving_one_order_at_once_cannot_skip_a_step():
    order = OrderFactory(status=OrderStatus.CONFIRMED, payment_method="wave")
    # Three tabs saw « Confirmée » and all ask for « En attente de paiement », then four race « Payée »:
    # exactly one of each race wins, and the history has no repeated or skipped step.
    results, errors = run_together(
        3, lambda i: order_transition(order=order, to=OrderStatus.AWAITING_PAYMENT, by=Actor.OWNER)
    )

    assert len(results) == 1
    assert len(errors) == 2 and all(isinstance(e, ApplicationError) for e in errors)
    assert {e.code for e in errors} == {"invalid_transition"}

    results, errors = run_together(4, lambda i: order_transition(order=order, to=OrderStatus.PAID, by=Actor.OWNER))

    assert len(results) == 1 and len(errors) == 3
    order.refresh_from_db()
    assert order.status == OrderStatus.PAID
    history = list(OrderEvent.objects.filter(order=order).order_by("id").values_list("from_status", "to_status"))
    assert history == [("confirmed", "awaiting_payment"), ("awaiting_payment", "paid")]


def test_a_cancel_racing_a_step_leaves_a_consistent_history():
    order = OrderFactory(status=OrderStatus.CONFIRMED, payment_method="cash")
    targets = [OrderStatus.PREPARING, OrderStatus.CANCELLED] * 3

    results, errors = run_together(
        len(targets), lambda i: order_transition(order=order, to=targets[i], by=Actor.OWNER, note="course")
    )

    order.refresh_from_db()
    history = list(OrderEvent.objects.filter(order=order).order_by("id").values_list("from_status", "to_status"))
    # Whatever the interleaving, each recorded step starts where the previous one ended.
    assert all(prev[1] == step[0] for prev, step in zip(history, history[1:], strict=False))
    assert history[0][0] == "confirmed" and history[-1][1] == order.status
    assert len(results) == len(history) and len(errors) == len(targets) - len(history)


def test_simultaneous_orders_get_distinct_references():
    conversation = ConversationFactory()

    def create(index: int):
        draft = {
            "lines": [("G1", "Garba", 1500, 1)],
            "zone": "pickup",
            "subtotal": 1500,
            "delivery_fee": 0,
            "total": 1500,
            "payment_method": "cash",
            "key": f"wamid.{index}",
        }
        return order_create_from_draft(user=conversation.owner, conversation=conversation, draft=draft)

    results, errors = run_together(6, create)

    assert errors == []
    numbers = sorted(Order.objects.filter(owner=conversation.owner).values_list("number", flat=True))
    assert numbers == [1, 2, 3, 4, 5, 6]


def test_a_draft_retried_concurrently_is_still_one_order():
    conversation = ConversationFactory()
    draft = {
        "lines": [("G1", "Garba", 1500, 2)],
        "zone": "Cocody",
        "subtotal": 3000,
        "delivery_fee": 1000,
        "total": 4000,
        "payment_method": "wave",
        "key": "wamid.same",
    }

    results, errors = run_together(
        4, lambda i: order_create_from_draft(user=conversation.owner, conversation=conversation, draft=draft)
    )

    assert errors == []
    assert len({order.pk for order in results}) == 1
    assert Order.objects.filter(owner=conversation.owner).count() == 1
