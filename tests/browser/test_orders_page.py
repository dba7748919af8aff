"""The Commandes page in Chromium at phone and desktop widths: filter, open an order, assign the
suggested driver, take it to the doorstep; plus a phone order and a cancellation."""

import pytest

from accounts.tests.factories import UserFactory
from conversations.tests.factories import ConversationFactory
from logistics.models import Delivery
from logistics.tests.factories import DriverFactory
from orders.models import Order, OrderStatus
from orders.services import order_create_by_owner, order_create_from_draft, order_transition
from orders.tests.factories import delivery_zone

from .dashboard_helpers import WIDTHS, assert_no_horizontal_overflow, sign_in_through_api

pytestmark = [pytest.mark.browser]

NARROW_NBSP, NBSP = "\u202f", "\u00a0"  # "3 500 F CFA" as lib/money (and core.money) write it


@pytest.fixture
def shop(live_url):
    """An account with three orders (one delivered, one new from WhatsApp, one in preparation), two
    drivers (a moto on the north bank near Cocody and one on the south bank) and two delivery zones:
    Cocody at 1 000 F CFA and Marcory at 1 500 F CFA."""
    owner = UserFactory(prenom="Aya", nom="Koné")
    delivery_zone(owner, "Cocody", fee=1000, areas=["Angré", "Deux-Plateaux"])
    delivery_zone(owner, "Marcory", fee=1500, areas=["Zone 4", "Biétry"])
    DriverFactory(owner=owner, name="Moussa Koné", commune="Cocody", latitude=5.36, longitude=-3.98, side="north")
    DriverFactory(owner=owner, name="Ali Traoré", commune="Marcory", latitude=5.303, longitude=-3.983, side="south")
    conversation = ConversationFactory(owner=owner, contact__name="Fatou Bamba")
    new = order_create_from_draft(
        user=owner,
        conversation=conversation,
        draft={
            "lines": [("G1", "Garba", 1500, 2), ("J1", "Jus de bissap", 500, 1)],
            "zone": "Cocody",
            "subtotal": 3500,
            "delivery_fee": 1000,
            "total": 4500,
            "payment_method": "cash",
        },
        notify=False,
    )
    preparing = order_create_by_owner(
        user=owner,
        customer_name="Koffi Yao",
        customer_phone="0707080910",
        items=[{"name": "Attiéké poisson", "unit_price": 2500, "quantity": 1}],
        zone="Cocody",
        address="Angré 8e tranche",
        payment_method="cash",
        notify=False,
    )
    order_transition(order=preparing, to=OrderStatus.PREPARING, by="owner")
    done = order_create_by_owner(
        user=owner,
        customer_name="Awa Diallo",
        customer_phone="0102030405",
        items=[{"name": "Alloco", "unit_price": 1000, "quantity": 1}],
        zone="pickup",
        payment_method="cash",
        notify=False,
    )
    for status in (OrderStatus.PREPARING, OrderStatus.READY, OrderStatus.PICKED_UP):
        order_transition(order=done, to=status, by="owner")
    return {"owner": owner, "new": new, "preparing": preparing, "done": done}


def open_orders_page(page, live_url, owner, width):
    page.set_viewport_size(WIDTHS[width])
    sign_in_through_api(page, live_url, owner.adresse_email, path="/dashboard/orders")
    page.get_by_role("heading", name="Commandes", exact=True).wait_for()
    page.get_by_test_id("order").first.wait_for()


@pytest.mark.parametrize("width", ["phone", "desktop"])
def test_the_owner_filters_opens_assigns_the_suggested_driver_and_delivers(page, console, live_url, shop, width):
    order = shop["preparing"]
    open_orders_page(page, live_url, shop["owner"], width)
    assert page.get_by_test_id("order").count() == 3
    if width == "desktop":
        badge = page.get_by_test_id("sidebar").get_by_test_id("new-orders-count")
        # One « Confirmée » order waits for the owner; screen readers hear it in words.
        assert badge.inner_text().split("\n") == ["1", "1 nouvelle commande"]
    assert_no_horizontal_overflow(page)

    # Filter by status, then by search.
    page.get_by_role("group", name="Filtrer par statut").get_by_role("button", name="En préparation").click()
    page.wait_for_function("() => document.querySelectorAll('[data-testid=order]').length === 1")
    assert page.get_by_test_id("order").get_attribute("data-reference") == order.reference
    page.get_by_role("group", name="Filtrer par statut").get_by_role("button", name="Toutes").click()
    page.locator("input[name=q]").fill("Fatou")
    page.locator(f"[data-reference='{order.reference}']").wait_for(state="detached")
    assert page.get_by_test_id("order").get_attribute("data-reference") == shop["new"].reference
    page.locator("input[name=q]").fill("")
    page.locator(f"[data-reference='{order.reference}']").wait_for()

    # Open the order: lines, totals in F CFA, history.
    page.get_by_role("button", name=f"Ouvrir la commande {order.reference}").click()
    sheet = page.get_by_role("dialog", name=f"Commande {order.reference}")
    sheet.wait_for()
    assert sheet.get_by_test_id("order-total").inner_text() == f"3{NARROW_NBSP}500{NBSP}F CFA"
    assert "1 × Attiéké poisson" in sheet.inner_text()
    assert "En préparation" in sheet.get_by_role("list", name="Historique de la commande").inner_text()
    assert_no_horizontal_overflow(page)

    # The suggested driver (nearest on the north bank) is preselected; assign him.
    select = sheet.locator("select[name=driver_id]")
    assert select.evaluate("(el) => el.options[el.selectedIndex].text").startswith("Moussa Koné")
    sheet.get_by_role("button", name="Assigner un livreur").click()
    page.locator("[data-toast=success]").filter(has_text="Livreur assigné").wait_for()
    delivery = Delivery.objects.get(order=order)
    assert delivery.driver.name == "Moussa Koné"
    sheet.get_by_text(f"Livraison {delivery.reference}").wait_for()

    # En route, then delivered: the delivery follows.
    sheet.get_by_role("button", name="Mettre en route").click()
    sheet.get_by_role("button", name="Marquer livrée").click()
    sheet.locator(".order-status").filter(has_text="Livrée").wait_for()
    order.refresh_from_db()
    delivery.refresh_from_db()
    assert (order.status, delivery.status) == ("delivered", "delivered")
    assert sheet.get_by_role("button", name="Marquer livrée").count() == 0

    sheet.get_by_role("button", name="Fermer", exact=True).click()
    page.locator(f"[data-reference='{order.reference}']").locator(".order-status").filter(has_text="Livrée").wait_for()
    assert console.errors == []


def test_the_owner_types_a_phone_order_then_cancels_it_with_a_reason(page, console, live_url, shop):
    open_orders_page(page, live_url, shop["owner"], "phone")

    page.get_by_role("button", name="Nouvelle commande").click()
    form = page.get_by_test_id("new-order-form")
    form.locator("input[name=customer_name]").fill("Mariam Traoré")
    form.locator("input[name=customer_phone]").fill("05 05 05 05 05")
    form.locator("input[name='items.0.name']").fill("Poulet braisé")
    form.locator("input[name='items.0.unit_price']").fill("4000")
    form.locator("input[name='items.0.quantity']").fill("2")
    # The delivery choices are the shop's zones with their fees; the fee is shown, never typed.
    zone = form.locator("select[name=zone]")
    zone.locator("option", has_text="Marcory").wait_for(state="attached")
    assert zone.locator("option").all_inner_texts() == [
        f"Cocody · 1{NARROW_NBSP}000{NBSP}F CFA",
        f"Marcory · 1{NARROW_NBSP}500{NBSP}F CFA",
        "Retrait en boutique",
    ]
    assert form.locator("input[name=delivery_fee]").count() == 0
    assert form.get_by_test_id("new-order-total").inner_text() == f"9{NARROW_NBSP}000{NBSP}F CFA"  # Cocody
    zone.select_option("pickup")
    assert form.get_by_test_id("new-order-fee").count() == 0
    assert form.get_by_test_id("new-order-total").inner_text() == f"8{NARROW_NBSP}000{NBSP}F CFA"
    zone.select_option("Marcory")
    assert f"1{NARROW_NBSP}500{NBSP}F CFA (zone Marcory" in form.get_by_test_id("new-order-fee").inner_text()
    form.locator("select[name=payment_method]").select_option("wave")
    assert form.get_by_test_id("new-order-total").inner_text() == f"9{NARROW_NBSP}500{NBSP}F CFA"
    assert_no_horizontal_overflow(page)
    form.get_by_role("button", name="Enregistrer la commande").click()
    page.locator("[data-toast=success]").filter(has_text="Commande enregistrée").wait_for()
    created = Order.objects.get(owner=shop["owner"], customer_name="Mariam Traoré")
    assert (created.customer_phone, created.total, created.source) == ("+2250505050505", 9500, "owner")
    assert (created.zone, created.delivery_fee, created.commune) == ("Marcory", 1500, "Marcory")

    sheet = page.get_by_role("dialog", name=f"Commande {created.reference}")
    sheet.wait_for()
    # South of the lagoon: the south-bank driver is suggested, the north-bank moto is marked unable.
    select = sheet.locator("select[name=driver_id]")
    assert select.evaluate("(el) => el.options[el.selectedIndex].text").startswith("Ali Traoré")
    assert "Moussa Koné · moto · Cocody — ne peut pas livrer cette adresse" in select.inner_text()

    sheet.get_by_role("button", name="Annuler la commande").click()
    sheet.locator("textarea[name=reason]").fill("Le client a changé d'avis")
    sheet.get_by_role("button", name="Confirmer l'annulation").click()
    sheet.locator(".order-status").filter(has_text="Annulée").wait_for()
    created.refresh_from_db()
    assert (created.status, created.cancel_reason) == ("cancelled", "Le client a changé d'avis")
    assert created.lines.count() == 1
    assert_no_horizontal_overflow(page)
    assert console.errors == []


def test_without_delivery_zones_the_form_offers_pickup_and_points_to_the_shop(page, console, live_url):
    owner = UserFactory(prenom="Aya", nom="Koné")
    page.set_viewport_size(WIDTHS["phone"])
    sign_in_through_api(page, live_url, owner.adresse_email, path="/dashboard/orders")
    page.get_by_role("heading", name="Commandes", exact=True).wait_for()

    page.get_by_role("button", name="Nouvelle commande").click()
    form = page.get_by_test_id("new-order-form")
    form.get_by_test_id("new-order-no-zones").wait_for()
    assert form.locator("select[name=zone] option").all_inner_texts() == ["Retrait en boutique"]
    form.locator("input[name=customer_name]").fill("Mariam Traoré")
    form.locator("input[name=customer_phone]").fill("05 05 05 05 05")
    form.locator("input[name='items.0.name']").fill("Poulet braisé")
    form.locator("input[name='items.0.unit_price']").fill("4000")
    assert form.get_by_test_id("new-order-total").inner_text() == f"4{NARROW_NBSP}000{NBSP}F CFA"
    assert_no_horizontal_overflow(page)
    form.get_by_role("button", name="Enregistrer la commande").click()
    page.locator("[data-toast=success]").filter(has_text="Commande enregistrée").wait_for()
    created = Order.objects.get(owner=owner)
    assert (created.zone, created.delivery_fee, created.total) == ("pickup", 0, 4000)

    page.get_by_role("button", name="Fermer", exact=True).click()
    page.get_by_role("button", name="Nouvelle commande").click()
    page.get_by_test_id("new-order-form").get_by_role("link", name="ajoutez vos zones").click()
    page.wait_for_url("**/dashboard/boutique")
    assert console.errors == []
