"""References LIV-<year>-<number> stay unique when deliveries are scheduled at the same time."""

import threading

import pytest
from django.db import connection
from django.utils import timezone

from accounts.tests.factories import UserFactory
from logistics.models import Delivery
from logistics.services import delivery_schedule


def schedule(user):
    return delivery_schedule(
        user=user,
        customer_name="Awa Koné",
        customer_phone="+2250102030405",
        address="Marché de Treichville",
        commune="Treichville",
        products=["1 pagne"],
        amount=10000,
    )


@pytest.mark.django_db
def test_a_new_year_starts_again_at_one():
    user = UserFactory()
    last_year = timezone.now().replace(year=timezone.now().year - 1)

    old = delivery_schedule(
        user=user,
        customer_name="A",
        customer_phone="+2250102030405",
        address="x",
        commune="Plateau",
        products=["p"],
        amount=1,
        created_at=last_year,
    )
    new = schedule(user)

    assert old.reference == f"LIV-{last_year.year}-001"
    assert new.reference == f"LIV-{timezone.localtime().year}-001"


@pytest.mark.django_db(transaction=True)
def test_concurrent_scheduling_never_repeats_a_reference():
    if connection.vendor != "postgresql":
        pytest.skip("Concurrent writers need PostgreSQL (SQLite serialises whole-database writes).")
    user = UserFactory()
    errors: list[BaseException] = []
    barrier = threading.Barrier(8)

    def worker():
        try:
            barrier.wait()
            schedule(user)
        except BaseException as exc:  # reported by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    numbers = sorted(Delivery.objects.filter(owner=user).values_list("number", flat=True))
    assert numbers == list(range(1, 9))
