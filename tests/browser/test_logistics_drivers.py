"""The Logistique page at phone width: a new account adds its first driver (a French error first),
assigns him to an order from the Commandes page, and the Logistique page's status button moves the
order along."""

import pytest

from accounts.tests.factories import UserFactory
from logistics.models import Delivery, Driver
from orders.models import OrderStatus
from orders.services import order_create_by_owner, order_transition
from orders.tests.factories import delivery_zone

from .dashboard_helpers import WIDTHS, assert_no_horizontal_overflow, sign_in_through_api

pytestmark = [pytest.mark.browser]


def test_a_new_account_adds_a_driver_then_assigns_him_to_an_order(page, console, live_url):
    owner = UserFactory(prenom="Aya", nom="Koné")
    delivery_zone(owner, "Cocody", fee=1000)  # the fee of an owner's order comes from the shop's zones
    order = order_create_by_owner(
        user=owner,
        customer_name="Koffi Yao",
        customer_phone="0707080910",
        items=[{"name": "Attiéké poisson", "unit_price": 2500, "quantity": 1}],
        zone="Cocody",
        address="Angré 8e tranche",
        delivery_fee=1000,
        payment_method="cash",
        notify=False,
    )
    order_transition(order=order, to=OrderStatus.PREPARING, by="owner")
    page.set_viewport_size(WIDTHS["phone"])
    sign_in_through_api(page, live_url, owner.adresse_email, path="/dashboard/logistics")
    page.get_by_role("heading", name="Logistique", exact=True).wait_for()
    page.get_by_text("Aucun livreur pour le moment").wait_for()

    page.get_by_role("button", name="Ajouter un livreur").click()
    form = page.get_by_role("region", name="Ajouter un livreur")
    form.locator("input[name=name]").fill("Moussa Koné")
    form.locator("input[name=phone]").fill("abc")
    form.locator("select[name=vehicle]").select_option("moto")
    form.locator("select[name=commune]").select_option("Cocody")
    form.get_by_role("button", name="Ajouter", exact=True).click()
    form.get_by_text("Numéro de téléphone invalide").wait_for()
    assert Driver.objects.filter(owner=owner).count() == 0
    assert_no_horizontal_overflow(page)

    form.locator("input[name=phone]").fill("07 48 01 78 23")
    form.get_by_role("button", name="Ajouter", exact=True).click()
    page.locator("[data-toast=success]").filter(has_text="Livreur ajouté").wait_for()
    row = page.locator("[data-testid=driver][data-driver='Moussa Koné']")
    row.wait_for()
    assert "+225 07 48 01 78 23" in row.inner_text()
    assert "Disponible" in row.inner_text() and "Moto" in row.inner_text()
    driver = Driver.objects.get(owner=owner)
    assert (driver.phone, driver.vehicle, driver.commune, driver.side) == ("+2250748017823", "moto", "Cocody", "north")
    assert_no_horizontal_overflow(page)

    # « Assigner un livreur » from the order's sheet on the Commandes page.
    page.goto(f"{live_url}/dashboard/orders")
    page.get_by_role("button", name=f"Ouvrir la commande {order.reference}").click()
    sheet = page.get_by_role("dialog", name=f"Commande {order.reference}")
    select = sheet.locator("select[name=driver_id]")
    select.wait_for()
    assert select.evaluate("(el) => el.options[el.selectedIndex].text").startswith("Moussa Koné")
    sheet.get_by_role("button", name="Assigner un livreur").click()
    page.locator("[data-toast=success]").filter(has_text="Livreur assigné").wait_for()
    delivery = Delivery.objects.get(order=order)
    assert delivery.driver == driver

    # Back on Logistique, « En route » moves the order too.
    page.goto(f"{live_url}/dashboard/logistics")
    card = page.locator(f"[data-testid=delivery][data-reference='{delivery.reference}']")
    card.get_by_role("button", name="Passer à « En route »").click()
    page.locator("[data-toast=success]").filter(has_text="Statut mis à jour").wait_for()
    order.refresh_from_db()
    assert order.status == OrderStatus.OUT_FOR_DELIVERY
    # The only console error is the refused phone's 400, which the form showed in French.
    assert [error for error in console.errors if "status of 400" not in error] == []
    assert len(console.errors) == 1
