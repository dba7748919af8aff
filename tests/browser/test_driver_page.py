"""The driver's phone page at 360 px with a fake geolocation (Chromium): he marks « Récupéré », shares
his position, moves, marks « Livré » while offline (sent once when the network returns), and the
owner's Logistique page, signed in beside it, shows his position change and his steps."""

import time

import pytest

from accounts.tests.factories import UserFactory
from conftest import ConsoleWatch
from logistics.models import DeliveryStatus, DeliveryStep, DriverPosition
from logistics.services import driver_link_issue
from logistics.tests.factories import DriverFactory
from orders.models import OrderStatus
from orders.services import order_assign_driver, order_create_by_owner, order_transition
from orders.tests.factories import delivery_zone

from .dashboard_helpers import assert_no_horizontal_overflow, sign_in_through_api

pytestmark = [pytest.mark.browser]

PLATEAU = {"latitude": 5.3240, "longitude": -4.0200, "accuracy": 15}
COCODY = {"latitude": 5.3600, "longitude": -3.9800, "accuracy": 12}


def _wait(condition, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError("condition never met")


def test_the_driver_picks_up_moves_and_delivers_and_the_owner_sees_it(browser, page, console, live_url):
    owner = UserFactory(prenom="Aya", nom="Koné")
    driver = DriverFactory(owner=owner, name="Moussa Koné", commune="Plateau", phone="+2250748017823")
    delivery_zone(owner, "Cocody", fee=1000)  # the fee of an owner's order comes from the shop's zones
    order = order_create_by_owner(
        user=owner,
        customer_name="Koffi Yao",
        customer_phone="0707080910",
        items=[{"name": "Attiéké poisson", "unit_price": 2500, "quantity": 2}],
        zone="Cocody",
        address="Angré 8e tranche, en face de la pharmacie",
        delivery_fee=1000,
        payment_method="cash",
        notify=False,
    )
    order_transition(order=order, to=OrderStatus.PREPARING, by="owner")
    order_assign_driver(order=order, driver=driver)
    delivery = order.delivery

    # The owner makes the driver's link on Logistique: « Envoyer le lien » (wa.me) and the link to copy.
    sign_in_through_api(page, live_url, owner.adresse_email, path="/dashboard/logistics")
    row = page.locator("[data-testid=driver][data-driver='Moussa Koné']")
    row.get_by_role("button", name="Envoyer le lien à Moussa Koné").click()
    issued = row.locator("[data-testid=driver-link]")
    issued.wait_for()
    share = issued.get_by_role("link", name="Envoyer sur WhatsApp").get_attribute("href")
    assert share.startswith("https://wa.me/2250748017823?text=Bonjour%20Moussa")
    url = issued.get_by_role("textbox", name="Lien de Moussa Koné").input_value()
    assert url.startswith("http") and "/livreur/" in url
    token = url.rsplit("/", 1)[1]

    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        locale="fr-FR",
        timezone_id="Africa/Abidjan",
        geolocation=PLATEAU,
        permissions=["geolocation"],
    )
    phone = context.new_page()
    phone_console = ConsoleWatch(phone)
    phone.clock.install()
    phone.goto(f"{live_url}/livreur/{token}")
    phone.get_by_role("heading", name="Bonjour Moussa").wait_for()
    card = phone.locator(f"[data-testid=driver-delivery][data-ref='{delivery.reference}']")
    assert "Koffi Yao" in card.inner_text() and "À encaisser : 6\u202f000 F CFA" in card.inner_text()
    assert card.get_by_role("link", name="+2250707080910").get_attribute("href") == "tel:+2250707080910"
    assert card.get_by_role("link", name="Ouvrir dans le GPS").get_attribute("href").startswith("geo:")
    assert_no_horizontal_overflow(phone)

    # « Récupéré »: the delivery and the order go en route.
    card.get_by_role("button", name="Récupéré").click()
    phone.get_by_text("Enregistré : Récupéré.").wait_for()
    order.refresh_from_db()
    assert order.status == OrderStatus.OUT_FOR_DELIVERY
    # Position sharing, with his consent.
    phone.get_by_role("button", name="Partager ma position").click()
    _wait(lambda: DriverPosition.objects.filter(driver=driver).count() == 1)
    first = DriverPosition.objects.get(driver=driver)
    assert (round(first.latitude, 4), round(first.longitude, 4), first.accuracy_m) == (5.324, -4.02, 15)

    # The owner's Logistique page (its own refresh every 30 s; a reload here) shows the position and the step.
    page.reload()
    position = row.locator("[data-testid=driver-position]")
    position.wait_for()
    assert position.get_attribute("data-lat") == "5.324" and "Position en direct" in position.inner_text()
    owner_card = page.locator(f"[data-testid=delivery][data-reference='{delivery.reference}']")
    assert "Récupéré" in owner_card.locator("[data-testid=delivery-steps]").inner_text()

    # He rides to Cocody: a move under 30 s is not sent, past 30 s it is.
    context.set_geolocation(COCODY)
    phone.clock.fast_forward(5_000)
    phone.wait_for_timeout(300)
    assert DriverPosition.objects.filter(driver=driver).count() == 1
    phone.clock.fast_forward(31_000)
    context.set_geolocation({**COCODY, "latitude": 5.3601})
    _wait(lambda: DriverPosition.objects.filter(driver=driver).count() == 2)

    # « Livré » with no network: kept, then sent once when the network returns.
    context.set_offline(True)
    card.get_by_role("button", name="Livré").click()
    phone.get_by_text("1 action(s) en attente de réseau").wait_for()
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.EN_ROUTE
    context.set_offline(False)
    phone.clock.fast_forward(21_000)
    _wait(lambda: DeliveryStep.objects.filter(delivery=delivery, kind="delivered").exists())
    phone.get_by_text("Enregistré : Livré.").wait_for()
    order.refresh_from_db()
    delivery.refresh_from_db()
    assert (order.status, delivery.status) == (OrderStatus.DELIVERED, DeliveryStatus.DELIVERED)
    phone.clock.fast_forward(21_000)
    phone.wait_for_timeout(300)
    assert DeliveryStep.objects.filter(delivery=delivery).count() == 2  # picked up, delivered: once each

    page.reload()
    position = page.locator("[data-testid=driver][data-driver='Moussa Koné'] [data-testid=driver-position]")
    position.wait_for()
    assert position.get_attribute("data-lat") == "5.3601"
    steps = page.locator(f"[data-testid=delivery][data-reference='{delivery.reference}'] [data-testid=delivery-steps]")
    assert "Récupéré" in steps.inner_text() and "Livré" in steps.inner_text()
    # « Révoquer le lien »: the driver's page now says to ask the shop for a new link.
    row.get_by_role("button", name="Révoquer le lien de Moussa Koné").click()
    page.locator("[data-toast=success]").filter(has_text="Lien révoqué").wait_for()
    phone.reload()
    phone.get_by_text("Ce lien n'est plus valable : demandez un nouveau lien à la boutique.").wait_for()
    # The one failed request is the offline attempt, which the page kept and sent later.
    assert [e for e in phone_console.errors if "ERR_INTERNET_DISCONNECTED" not in e and "status of 404" not in e] == []
    assert console.errors == []
    context.close()


def test_a_revoked_link_shows_the_french_page(browser, live_url):
    driver = DriverFactory(owner=UserFactory())
    _, token = driver_link_issue(driver=driver)
    driver.links.update(revoked_at=driver.created_at)
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="fr-FR")
    phone = context.new_page()
    response = phone.goto(f"{live_url}/livreur/{token}")
    assert response.status == 404
    phone.get_by_text("Ce lien n'est plus valable : demandez un nouveau lien à la boutique.").wait_for()
    assert_no_horizontal_overflow(phone)
    context.close()
