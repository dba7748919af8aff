from types import MappingProxyType

import pytest
from django.contrib import admin
from django.test import RequestFactory

from catalog.models import Product
from catalog.services import product_update
from catalog.tests.factories import ProductFactory
from shop.document import empty_document, thaw
from shop.models import DeliveryZone, ShopProfile
from shop.selectors import ShopSnapshot, shop_knowledge
from shop.services import faq_create, shop_document_replace, shop_profile_update, zone_delete, zone_update

from .factories import business_document

pytestmark = pytest.mark.django_db


def test_an_account_with_no_shop_data_gets_an_empty_snapshot(owner):
    snapshot = shop_knowledge(user=owner)

    assert isinstance(snapshot, ShopSnapshot)
    assert snapshot.account_id == owner.pk
    assert thaw(snapshot.document) == empty_document()


def test_the_snapshot_is_the_document_of_get_shop_and_cannot_be_changed(owner, owner_api):
    shop_document_replace(user=owner, document=business_document())

    snapshot = shop_knowledge(user=owner)

    assert thaw(snapshot.document) == owner_api.get("/api/v1/shop").json() == business_document()
    assert isinstance(snapshot.document, MappingProxyType)
    assert isinstance(snapshot.document["products"], tuple)
    with pytest.raises(TypeError):
        snapshot.document["name"] = "Autre"
    with pytest.raises(TypeError):
        snapshot.document["products"][0]["price"] = 1


def test_a_cold_read_costs_two_queries_and_a_warm_one_none(owner, django_assert_num_queries):
    shop_document_replace(user=owner, document=business_document())
    from conftest import clear_cache

    clear_cache()
    with django_assert_num_queries(2):
        first = shop_knowledge(user=owner)
    with django_assert_num_queries(0):
        second = shop_knowledge(user=owner)
    assert first.version == second.version


def test_the_same_content_has_the_same_version_in_any_account(owner):
    from accounts.tests.factories import UserFactory

    other = UserFactory()
    shop_document_replace(user=owner, document=business_document())
    shop_document_replace(user=other, document=business_document())

    assert shop_knowledge(user=owner).version == shop_knowledge(user=other).version


def _changes(owner, write) -> tuple[str, str]:
    before = shop_knowledge(user=owner)
    write()
    after = shop_knowledge(user=owner)
    return before.version, after.version


@pytest.mark.parametrize(
    "write",
    [
        lambda owner: product_update(product=Product.objects.get(owner=owner, sku="K01"), data={"in_stock": False}),
        lambda owner: zone_update(zone=DeliveryZone.objects.get(shop__owner=owner, name="Cocody"), data={"fee": 3200}),
        lambda owner: zone_delete(zone=DeliveryZone.objects.get(shop__owner=owner, name="Abobo")),
        lambda owner: faq_create(user=owner, data={"question": "Livrez-vous le dimanche ?", "answer": "Oui."}),
        lambda owner: shop_profile_update(user=owner, data={"hours": {"sun": None}}),
        lambda owner: shop_document_replace(user=owner, document={**business_document(), "name": "Koffi 2"}),
    ],
    ids=["product", "zone", "zone-delete", "faq", "profile", "document"],
)
def test_every_write_invalidates_the_cached_snapshot(owner, write):
    shop_document_replace(user=owner, document=business_document())

    before, after = _changes(owner, lambda: write(owner))

    assert before != after


def test_a_staff_edit_in_the_admin_invalidates_the_snapshot(owner, admin_user):
    shop_document_replace(user=owner, document=business_document())
    before = shop_knowledge(user=owner)
    product = Product.objects.get(owner=owner, sku="K13")
    product.in_stock = True
    model_admin = admin.site._registry[Product]
    request = RequestFactory().post("/admin/")
    request.user = admin_user

    model_admin.save_model(request, product, form=None, change=True)

    after = shop_knowledge(user=owner)
    assert after.version != before.version
    assert next(p for p in after.document["products"] if p["sku"] == "K13")["in_stock"] is True


def test_the_snapshot_lists_products_and_zones_in_the_owner_order(owner):
    ProductFactory(owner=owner, sku="B", position=2)
    ProductFactory(owner=owner, sku="A", position=1)
    shop = ShopProfile.objects.create(owner=owner, name="Chez Awa")
    DeliveryZone.objects.create(shop=shop, name="Sud", position=2, fee=500, vehicle="moto")
    DeliveryZone.objects.create(shop=shop, name="Nord", position=1, fee=1500, vehicle="voiture")

    document = shop_knowledge(user=owner).document

    assert [p["sku"] for p in document["products"]] == ["A", "B"]
    assert [z["name"] for z in document["delivery_zones"]] == ["Nord", "Sud"]
