"""CSAT on Statistiques: the share of 4–5 ratings over the last 30 days, their count and average,
per driver too, from the customers' ratings after delivery; within the page's query budget."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from aftersales.models import Rating
from logistics.tests.factories import DriverFactory
from orders.tests.factories import OrderFactory

URL = "/api/v1/analytics"

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture(autouse=True)
def _owner_on_the_pro_plan(owner):
    owner.plan_abonnement = "pro"
    owner.save(update_fields=["plan_abonnement"])


def rate(owner, score: int, *, driver=None, days_ago: float = 1, comment: str = ""):
    return Rating.objects.create(
        order=OrderFactory(owner=owner, status="delivered"),
        owner=owner,
        driver=driver,
        score=score,
        comment=comment,
        created_at=timezone.now() - timedelta(days=days_ago),
    )


def test_csat_overall_and_per_driver(owner):
    koffi = DriverFactory(owner=owner, name="Koffi Yao")
    awa = DriverFactory(owner=owner, name="Awa Traoré")
    for score in (5, 4, 2):
        rate(owner, score, driver=koffi)
    rate(owner, 5, driver=awa)
    rate(owner, 3)  # a delivery whose driver was since removed
    rate(owner, 1, driver=awa, days_ago=40)  # outside the 30 days
    rate(UserFactory(), 1)  # another account

    satisfaction = client_for(owner).get(URL).json()["satisfaction"]

    assert satisfaction["ratings"] == 5
    assert satisfaction["csat"] == 60.0  # 3 of 5 ratings are 4 or 5
    assert satisfaction["average"] == 3.8  # (5 + 4 + 2 + 5 + 3) / 5
    assert satisfaction["drivers"] == [
        {"driver_id": koffi.pk, "name": "Koffi Yao", "ratings": 3, "csat": 66.7, "average": 3.67},
        {"driver_id": awa.pk, "name": "Awa Traoré", "ratings": 1, "csat": 100.0, "average": 5.0},
    ]
    assert "4 ou 5" in satisfaction["explanation"]


def test_without_ratings_the_figures_are_empty(owner):
    satisfaction = client_for(owner).get(URL).json()["satisfaction"]

    assert satisfaction["ratings"] == 0
    assert satisfaction["csat"] is None and satisfaction["average"] is None and satisfaction["drivers"] == []


def test_csat_stays_within_the_pages_query_budget(owner, django_assert_max_num_queries):
    drivers = [DriverFactory(owner=owner) for _ in range(5)]
    for index in range(20):
        rate(owner, 1 + index % 5, driver=drivers[index % 5])
    OrderFactory.create_batch(10, owner=owner)

    with django_assert_max_num_queries(8):
        assert client_for(owner).get(URL).status_code == 200
