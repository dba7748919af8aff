"""Unpaid links: the sweep asks the provider first, then sends one fresh link, then cancels."""

from datetime import timedelta

import pytest
from django.utils import timezone

from orders.models import OrderStatus, PaymentMethod
from orders.tests.factories import OrderFactory
from payments.models import Payment, PaymentStatus
from payments.services import payment_request_for_order, payments_expire

pytestmark = pytest.mark.django_db


@pytest.fixture
def awaiting(owner, cinetpay_account, providers, django_capture_on_commit_callbacks):
    order = OrderFactory(owner=owner, payment_method=PaymentMethod.MTN_MOMO)
    with django_capture_on_commit_callbacks(execute=True):
        payment_request_for_order(order=order)
    return order


def later(minutes: int):
    return timezone.now() + timedelta(minutes=minutes)


def test_a_link_is_not_touched_before_it_expires(awaiting, settings):
    assert payments_expire(now=later(settings.PAYMENT_LINK_MINUTES - 1)) == 0
    assert Payment.objects.get().status == PaymentStatus.PENDING


def test_an_expired_link_is_replaced_once_then_the_order_is_cancelled(
    awaiting, providers, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert payments_expire(now=later(31)) == 1

    first, reminder = Payment.objects.order_by("id")
    assert first.status == PaymentStatus.EXPIRED and reminder.status == PaymentStatus.PENDING
    assert reminder.payment_url and reminder.reference != first.reference
    assert len(providers.calls_to("/v2/payment")) == 2
    awaiting.refresh_from_db()
    assert awaiting.status == OrderStatus.AWAITING_PAYMENT

    with django_capture_on_commit_callbacks(execute=True):
        payments_expire(now=later(62))

    awaiting.refresh_from_db()
    assert awaiting.status == OrderStatus.CANCELLED
    assert awaiting.cancel_reason == "paiement non reçu dans les délais"
    assert Payment.objects.filter(status=PaymentStatus.PENDING).count() == 0


def test_an_expired_link_that_was_paid_meanwhile_pays_the_order(
    awaiting, providers, django_capture_on_commit_callbacks
):
    payment = Payment.objects.get()
    providers.cinetpay_set(payment.reference, "ACCEPTED")  # the notification never arrived

    with django_capture_on_commit_callbacks(execute=True):
        payments_expire(now=later(31))

    awaiting.refresh_from_db()
    assert awaiting.status == OrderStatus.PAID
    assert Payment.objects.count() == 1


def test_provider_down_at_expiry_postpones_instead_of_cancelling(awaiting, providers):
    providers.is_down = True

    payments_expire(now=later(31))

    assert Payment.objects.get().status == PaymentStatus.PENDING
    awaiting.refresh_from_db()
    assert awaiting.status == OrderStatus.AWAITING_PAYMENT
