"""The customer's tracking page at 360 px in Chromium: the status, the driver's first name and an ETA
that changes when the driver's phone records a new position; an unknown link is a French 404; and
the Statistiques page's satisfaction card at 390 px."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.tests.factories import UserFactory
from aftersales.models import Rating
from aftersales.services import tracking_link_issue
from logistics.models import DriverPosition
from logistics.tests.factories import DriverFactory
from orders.models import Actor, OrderStatus
from orders.services import order_assign_driver, order_create_by_owner, order_transition
from orders.tests.factories import delivery_zone

from .dashboard_helpers import PHONE, assert_no_horizontal_overflow, sign_in_demo

pytestmark = [pytest.mark.browser]

SMALL_PHONE = {"width": 360, "height": 740}


def _eta(page) -> str:
    return page.locator('[data-field="eta_text"]').inner_text()


def _wait_for_change(page, before: str, timeout: float = 15.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        now = _eta(page)
        if now != before:
            return now
        time.sleep(0.2)
    raise AssertionError(f"the ETA stayed « {before} »")


def test_the_customer_follows_the_driver_at_360_px(page, console, live_url, settings):
    settings.TRACKING_POLL_SECONDS = 1  # the page polls every 20 s in production
    owner = UserFactory(nom_entreprise="Boutique Awa")
    driver = DriverFactory(owner=owner, name="Moussa Koné Junior", commune="Plateau", phone="+2250748017823")
    delivery_zone(owner, "Cocody", fee=1000)  # the fee of an owner's order comes from the shop's zones
    order = order_create_by_owner(
        user=owner,
        customer_name="Koffi Yao",
        customer_phone="0707080910",
        items=[{"name": "Pagne wax", "unit_price": 12000, "quantity": 1}],
        zone="Cocody",
        payment_method="cash",
        address="Angré 8e tranche",
        latitude=5.3960,
        longitude=-3.9870,
        notify=False,
    )
    order_transition(order=order, to=OrderStatus.PREPARING, by=Actor.OWNER)
    order_assign_driver(order=order, driver=driver)
    order_transition(order=order, to=OrderStatus.OUT_FOR_DELIVERY, by=Actor.OWNER)
    token = tracking_link_issue(order=order)
    DriverPosition.objects.create(
        driver=driver, latitude=5.3240, longitude=-4.0200, accuracy_m=15, recorded_at=timezone.now()
    )

    page.set_viewport_size(SMALL_PHONE)
    page.goto(f"{live_url}/suivi/{token}")

    assert page.locator('[data-field="status_label"]').inner_text() == "En route"
    assert page.locator('[data-step="out_for_delivery"]').get_attribute("class").strip() == "done current"
    assert page.locator('[data-field="driver_name"]').inner_text() == "Moussa"
    body = page.locator("body").inner_text()
    assert "Boutique Awa" in body and order.reference in body
    assert "Koné" not in body and "Koffi" not in body and "Angré" not in body and "+225" not in body
    far = _eta(page)
    assert far.startswith("Arrivée estimée dans environ")
    assert_no_horizontal_overflow(page)

    # The driver's phone records a position 1.8 km from the customer: the page follows by itself.
    DriverPosition.objects.create(
        driver=driver, latitude=5.3800, longitude=-3.9900, accuracy_m=10, recorded_at=timezone.now()
    )
    near = _wait_for_change(page, far)
    far_minutes, near_minutes = (int(text.split("environ ")[1].split(" min")[0]) for text in (far, near))
    assert near_minutes < far_minutes

    order_transition(order=order, to=OrderStatus.DELIVERED, by=Actor.OWNER)
    delivered = _wait_for_change(page, near)
    assert delivered.startswith("Livrée le")
    assert page.locator('[data-field="status_label"]').inner_text() == "Livrée"
    assert console.csp_violations() == [] and console.errors == []


def test_an_unknown_link_is_a_french_page(page, live_url):
    page.set_viewport_size(SMALL_PHONE)
    response = page.goto(f"{live_url}/suivi/{'z' * 43}")

    assert response.status == 404
    assert page.get_by_role("heading", name="Lien de suivi introuvable").is_visible()


def test_the_satisfaction_card_on_a_phone(page, console, live_url, demo_user):
    drivers = list(demo_user.drivers.all()[:2])
    orders = list(demo_user.orders.filter(status=OrderStatus.DELIVERED).exclude(rating__isnull=False)[:4])
    by = (drivers[0], drivers[0], drivers[1], drivers[1])
    for order, score, driver in zip(orders, (5, 4, 2, 5), by, strict=False):
        Rating.objects.get_or_create(
            order=order,
            defaults={
                "owner": demo_user,
                "driver": driver,
                "score": score,
                "created_at": timezone.now() - timedelta(days=1),
            },
        )
    page.set_viewport_size(PHONE)
    sign_in_demo(page, live_url, "/dashboard/analytics")

    card = page.get_by_test_id("satisfaction")
    card.wait_for()
    card.scroll_into_view_if_needed()
    assert "Satisfaction des clients" in card.inner_text()
    assert card.get_by_test_id("csat").inner_text().endswith("%")
    assert "Par livreur" in card.inner_text() and drivers[0].name in card.inner_text()
    assert_no_horizontal_overflow(page)
    assert console.csp_violations() == []
