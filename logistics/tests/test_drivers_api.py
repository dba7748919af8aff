import pytest
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from logistics.models import DeliveryStatus
from logistics.services import ROUTE_EXPLANATION

from .factories import DeliveryFactory, DriverFactory

URL = "/api/v1/logistics/drivers"

pytestmark = pytest.mark.django_db


def test_a_driver_with_a_delivery_en_route_is_active_and_the_others_available(owner_api, owner):
    busy = DriverFactory(owner=owner, name="Adama Diallo", rating=4.9, commune="Marcory")
    idle = DriverFactory(owner=owner, name="Bakary Sanogo")
    DeliveryFactory(owner=owner, driver=busy, status=DeliveryStatus.EN_ROUTE)
    DeliveryFactory.create_batch(3, owner=owner, driver=busy, status=DeliveryStatus.DELIVERED)
    DeliveryFactory(owner=owner, driver=idle, status=DeliveryStatus.PENDING)

    body = owner_api.get(URL).json()

    rows = {row["name"]: row for row in body["results"]}
    assert rows["Adama Diallo"]["status"] == "active" and rows["Adama Diallo"]["status_label"] == "En livraison"
    assert rows["Adama Diallo"]["deliveries"] == 3 and rows["Adama Diallo"]["open_deliveries"] == 1
    assert rows["Adama Diallo"]["rating"] == 4.9
    assert rows["Adama Diallo"]["location"] == {"commune": "Marcory", "lat": 5.324, "lng": -4.02}
    assert rows["Bakary Sanogo"]["status"] == "available" and rows["Bakary Sanogo"]["status_label"] == "Disponible"
    assert body["counters"] == {"total": 2, "active": 1, "available": 1}
    assert idle.id in {row["id"] for row in body["results"]}


def test_another_accounts_drivers_are_not_listed(owner_api, owner):
    DriverFactory(owner=UserFactory())

    assert owner_api.get(URL).json() == {
        "count": 0,
        "next": None,
        "previous": None,
        "results": [],
        "counters": {"total": 0, "active": 0, "available": 0},
    }


def test_the_drivers_list_costs_three_queries_whatever_the_number_of_drivers(
    owner_api, owner, django_assert_max_num_queries
):
    for driver in DriverFactory.create_batch(30, owner=owner):
        DeliveryFactory(owner=owner, driver=driver, status=DeliveryStatus.EN_ROUTE)

    with django_assert_max_num_queries(3):
        response = owner_api.get(URL, {"page_size": 25})
    assert len(response.json()["results"]) == 25


def test_optimising_orders_the_open_deliveries_by_nearest_neighbour_from_the_driver(owner_api, owner):
    # The driver is at the Plateau. Nearest first: Adjamé (~4.7 km), then Cocody (~4.7 km from Adjamé,
    # Abobo is ~5.8 km), then Abobo; a delivered one and another driver's one are left out.
    driver = DriverFactory(owner=owner, latitude=5.324, longitude=-4.020)
    cocody = DeliveryFactory(owner=owner, driver=driver, latitude=5.360, longitude=-3.980, reference="LIV-2026-101")
    abobo = DeliveryFactory(owner=owner, driver=driver, latitude=5.418, longitude=-4.020, reference="LIV-2026-102")
    adjame = DeliveryFactory(
        owner=owner,
        driver=driver,
        latitude=5.366,
        longitude=-4.022,
        reference="LIV-2026-103",
        status=DeliveryStatus.PREPARING,
    )
    DeliveryFactory(owner=owner, driver=driver, latitude=5.325, longitude=-4.021, status=DeliveryStatus.DELIVERED)
    DeliveryFactory(owner=owner, driver=None, latitude=5.325, longitude=-4.021)

    response = owner_api.post(f"{URL}/{driver.id}/optimize-route")

    assert response.status_code == 200
    body = response.json()
    assert [stop["delivery"]["id"] for stop in body["stops"]] == ["LIV-2026-103", "LIV-2026-101", "LIV-2026-102"]
    assert [stop["position"] for stop in body["stops"]] == [1, 2, 3]
    assert body["stops"][0]["distance_km"] == pytest.approx(4.67, abs=0.05)
    assert body["total_distance_km"] == pytest.approx(sum(stop["distance_km"] for stop in body["stops"]), abs=0.02)
    assert body["explanation"] == ROUTE_EXPLANATION
    for delivery, position in ((adjame, 1), (cocody, 2), (abobo, 3)):
        delivery.refresh_from_db()
        assert delivery.route_position == position
    listed = owner_api.get("/api/v1/logistics/deliveries", {"driver": driver.id, "status": "pending"}).json()["results"]
    assert [row["id"] for row in listed] == ["LIV-2026-101", "LIV-2026-102"]


def test_optimising_a_driver_without_open_deliveries_returns_an_empty_round(owner_api, owner):
    driver = DriverFactory(owner=owner)

    body = owner_api.post(f"{URL}/{driver.id}/optimize-route").json()

    assert body["stops"] == [] and body["total_distance_km"] == 0


def test_another_accounts_driver_cannot_be_optimised(owner_api):
    driver = DriverFactory(owner=UserFactory())
    delivery = DeliveryFactory(owner=driver.owner, driver=driver)

    assert owner_api.post(f"{URL}/{driver.id}/optimize-route").status_code == 404
    delivery.refresh_from_db()
    assert delivery.route_position is None


def test_it_requires_authentication():
    assert APIClient().get(URL).status_code == 401


def test_a_drivers_deliveries_list_puts_the_optimised_round_first(owner_api, owner):
    driver = DriverFactory(owner=owner)
    DeliveryFactory(owner=owner, driver=driver, reference="LIV-2026-201", route_position=None)
    DeliveryFactory(owner=owner, driver=driver, reference="LIV-2026-202", route_position=2)
    DeliveryFactory(owner=owner, driver=driver, reference="LIV-2026-203", route_position=1)

    rows = owner_api.get("/api/v1/logistics/deliveries", {"driver": driver.id}).json()["results"]

    assert [row["id"] for row in rows] == ["LIV-2026-203", "LIV-2026-202", "LIV-2026-201"]
