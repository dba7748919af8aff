"""« Ma boutique » › « Historique » on a phone (390 px): an owner replaces the whole shop with a
smaller file, finds the previous version in the history, restores it after confirming, and sees the
old zones and address back (issue 24)."""

import json
import re

import pytest
from playwright.sync_api import expect

from accounts.tests.factories import UserFactory
from catalog.models import Product
from shop.models import DeliveryZone, ShopVersion
from shop.services import shop_document_replace
from shop.tests.factories import business_document

from .dashboard_helpers import PHONE, assert_no_horizontal_overflow, sign_in_through_api

pytestmark = pytest.mark.browser


@pytest.fixture
def shop_owner(live_url):
    owner = UserFactory(prenom="Koffi", nom="Yao")
    shop_document_replace(user=owner, document=business_document())
    return owner


def test_an_owner_replaces_the_shop_then_restores_the_previous_version(page, console, live_url, shop_owner, tmp_path):
    page.set_viewport_size(PHONE)
    sign_in_through_api(page, live_url, shop_owner.adresse_email, path="/dashboard/boutique")
    page.get_by_role("heading", name="Ma boutique", exact=True).wait_for()
    history = page.get_by_test_id("shop-history")
    history.get_by_text("Aucune version précédente").wait_for()

    # A smaller file replaces everything: two zones, three products, no FAQ, another landmark.
    smaller = business_document()
    smaller["name"] = "Koffi Express"
    smaller["products"] = smaller["products"][:3]
    smaller["delivery_zones"] = smaller["delivery_zones"][:2]
    smaller["faq"] = []
    smaller["address"]["landmark"] = "à côté de la pharmacie"
    path = tmp_path / "smaller.json"
    path.write_text(json.dumps(smaller, ensure_ascii=False), encoding="utf-8")
    page.get_by_test_id("import-file").set_input_files(str(path))

    zones = page.get_by_test_id("zones-list")
    expect(page.locator("input[name=landmark]")).to_have_value("à côté de la pharmacie")
    expect(zones.locator("[data-zone]")).to_have_count(2)
    assert DeliveryZone.objects.filter(shop__owner=shop_owner).count() == 2

    row = history.get_by_test_id("version-row").filter(has_text="Épicerie Chez Koffi")
    row.wait_for()
    assert row.get_by_test_id("version-counts").inner_text() == "16 produits · 12 zones · 6 questions"
    assert "remplacement complet" in row.inner_text()
    row.scroll_into_view_if_needed()
    assert_no_horizontal_overflow(page)

    row.get_by_role("button", name=re.compile("^Restaurer la version du")).click()
    confirm = row.get_by_role("alertdialog", name="Confirmer la restauration")
    confirm.get_by_text("La boutique actuelle restera dans l'historique").wait_for()
    assert_no_horizontal_overflow(page)
    confirm.get_by_role("button", name="Confirmer la restauration").click()

    # The page shows the restored shop: its zones, its landmark, its FAQ; the replaced one is kept.
    expect(zones.locator("[data-zone]")).to_have_count(12)
    zones.locator("[data-zone=Riviera]").wait_for()
    expect(page.locator("input[name=landmark]")).to_have_value("en face du pressing Le Lagon")
    page.get_by_test_id("faq-list").get_by_text(business_document()["faq"][0]["question"]).wait_for()
    restored = history.get_by_test_id("version-row").filter(has_text="Koffi Express")
    restored.wait_for()
    assert "restauration" in restored.inner_text()
    assert restored.get_by_test_id("version-counts").inner_text() == "3 produits · 2 zones · 0 question"
    assert DeliveryZone.objects.filter(shop__owner=shop_owner).count() == 12
    assert Product.objects.filter(owner=shop_owner).count() == 16
    assert ShopVersion.objects.filter(owner=shop_owner).count() == 2
    assert_no_horizontal_overflow(page)
    assert console.errors == []
