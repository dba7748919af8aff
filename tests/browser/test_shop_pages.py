"""« Catalogue » and « Ma boutique » in Chromium at phone and desktop widths: add a product, toggle
its stock, edit a zone, import a document file and see it listed, export it and get the same JSON."""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from accounts.tests.factories import UserFactory
from catalog.models import Product
from shop.models import DeliveryZone

from .dashboard_helpers import WIDTHS, assert_no_horizontal_overflow, sign_in_through_api

pytestmark = pytest.mark.browser

BUSINESS = Path(__file__).resolve().parents[2] / "shop" / "tests" / "data" / "business.json"


@pytest.fixture
def shop_owner(live_url):
    return UserFactory(prenom="Awa", nom="Koné")


@pytest.mark.parametrize("width", ["phone", "desktop"])
def test_an_owner_adds_a_product_and_toggles_its_stock(page, console, live_url, shop_owner, width):
    page.set_viewport_size(WIDTHS[width])
    sign_in_through_api(page, live_url, shop_owner.adresse_email, path="/dashboard")
    checklist = page.get_by_test_id("shop-checklist")
    checklist.get_by_role("link", name="Ajoutez vos produits").click()

    page.get_by_role("heading", name="Catalogue", exact=True).wait_for()
    page.get_by_text("Votre catalogue est vide").wait_for()
    page.get_by_role("button", name="Ajouter un produit").first.click()
    sheet = page.get_by_test_id("product-sheet")
    sheet.locator("input[name=name]").fill("Garba")
    sheet.locator("input[name=price]").fill("3500")
    sheet.locator("input[name=sku]").fill("R01")
    sheet.locator("input[name=aliases]").fill("garba, attiéké thon")
    sheet.get_by_role("button", name="Enregistrer").click()

    card = page.get_by_test_id("product-card").filter(has_text="Garba")
    card.wait_for()
    assert re.sub(r"\s", " ", card.get_by_test_id("product-price").inner_text()) == "3 500 F CFA"
    assert card.get_by_test_id("alias-chip").all_inner_texts() == ["garba", "attiéké thon"]
    assert_no_horizontal_overflow(page)

    card.get_by_role("switch", name="Garba en stock").click()
    card.get_by_text("En rupture").wait_for()
    assert Product.objects.get(owner=shop_owner, sku="R01").in_stock is False
    assert console.errors == []


@pytest.mark.parametrize("width", ["phone", "desktop"])
def test_an_owner_imports_a_document_edits_a_zone_and_exports_the_same_json(
    page, console, live_url, shop_owner, width, tmp_path
):
    page.set_viewport_size(WIDTHS[width])
    sign_in_through_api(page, live_url, shop_owner.adresse_email, path="/dashboard/boutique")
    page.get_by_role("heading", name="Ma boutique", exact=True).wait_for()
    page.get_by_text("Aucune zone de livraison").wait_for()

    page.get_by_test_id("import-file").set_input_files(str(BUSINESS))

    zones = page.get_by_test_id("zones-list" if width == "phone" else "zones-table")
    zones.get_by_text("Riviera").first.wait_for()
    # The profile's form fills once the imported profile is read back (it may come after the zones).
    expect(page.locator("input[name=landmark]")).to_have_value("en face du pressing Le Lagon")
    assert_no_horizontal_overflow(page)

    page.get_by_role("button", name="Modifier la zone Cocody").click()
    sheet = page.get_by_test_id("zone-sheet")
    sheet.locator("input[name=fee]").fill("3200")
    sheet.get_by_role("button", name="Enregistrer").click()
    sheet.wait_for(state="detached")
    row = zones.locator("[data-zone=Cocody]")
    # The list shows the new fee once the refetch lands (the old one was 3 000).
    row.get_by_test_id("zone-fee").filter(has_text=re.compile(r"3\s200")).wait_for()
    assert re.sub(r"\s", " ", row.get_by_test_id("zone-fee").inner_text()) == "3 200 F CFA"
    assert DeliveryZone.objects.get(shop__owner=shop_owner, name="Cocody").fee == 3200

    with page.expect_download() as download_info:
        page.get_by_role("button", name="Exporter").click()
    path = tmp_path / "export.json"
    download_info.value.save_as(path)
    exported = json.loads(path.read_text(encoding="utf-8"))
    expected = json.loads(BUSINESS.read_text(encoding="utf-8"))
    next(zone for zone in expected["delivery_zones"] if zone["name"] == "Cocody")["fee"] = 3200
    assert exported == expected

    page.goto(live_url + "/dashboard/catalogue")
    page.get_by_test_id("product-card").filter(has_text="Riz parfumé 25 kg").wait_for()
    assert console.errors == []
