"""Three copies of one notification at the same instant (PostgreSQL, real threads, real HTTP fakes):
the order is paid once, with one history step and one « Paiement reçu »."""

import threading

import pytest
from django.db import connection
from django.test import Client

from orders.models import OrderEvent, OrderStatus, PaymentMethod
from orders.tests.factories import OrderFactory
from payments.models import Payment, PaymentStatus
from payments.services import payment_request_for_order

from .fake_providers import cinetpay_notification, notify_cinetpay, wave_webhook

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip("Concurrent writers need PostgreSQL (SQLite serialises whole-database writes).")


def run_together(count: int, work) -> list:
    barrier = threading.Barrier(count)
    results: list = []

    def target(index: int):
        try:
            barrier.wait()
            results.append(work(index))
        finally:
            connection.close()

    threads = [threading.Thread(target=target, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def awaiting(owner, method: str):
    order = OrderFactory(
        owner=owner, payment_method=method, total=4003, subtotal=3003, line__unit_price=1001, line__quantity=3
    )
    payment = payment_request_for_order(order=order)  # commits at once here: the link is made now
    payment.refresh_from_db()
    assert payment.payment_url
    return order, payment


def test_three_concurrent_cinetpay_notifications_pay_the_order_once(owner, cinetpay_account, providers):
    order, payment = awaiting(owner, PaymentMethod.ORANGE_MONEY)
    assert payment.amount_charged == 4005  # CinetPay takes multiples of 5
    providers.cinetpay_set(payment.reference, "ACCEPTED")
    form, headers = cinetpay_notification(payment.reference, payment.amount_charged)

    statuses = run_together(3, lambda i: notify_cinetpay(Client(), form, headers).status_code)

    assert statuses == [200, 200, 200]
    payment.refresh_from_db()
    order.refresh_from_db()
    assert (payment.status, payment.amount_requested, payment.amount_collected) == (PaymentStatus.SUCCEEDED, 4003, 4005)
    assert order.status == OrderStatus.PAID
    assert OrderEvent.objects.filter(order=order, to_status=OrderStatus.PAID).count() == 1


def test_three_concurrent_wave_webhooks_pay_the_order_once(owner, wave_account, providers):
    order, payment = awaiting(owner, PaymentMethod.WAVE)
    providers.wave_set(payment.provider_ref, "succeeded")
    body, headers = wave_webhook(providers.sessions[payment.provider_ref])

    statuses = run_together(
        3,
        lambda i: (
            Client()
            .post("/api/v1/payments/notify/wave", data=body, content_type="application/json", **headers)
            .status_code
        ),
    )

    assert statuses == [200, 200, 200]
    assert Payment.objects.get().status == PaymentStatus.SUCCEEDED
    assert OrderEvent.objects.filter(order=order, to_status=OrderStatus.PAID).count() == 1
