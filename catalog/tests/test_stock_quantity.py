"""The optional stock count of a product: set by the owner (API, shop document), kept by orders."""

import json
from pathlib import Path

import pytest

from catalog.models import Product
from catalog.tests.factories import ProductFactory

pytestmark = pytest.mark.django_db

URL = "/api/v1/catalog/products"
DEMO_SHOP = Path(__file__).resolve().parents[2] / "shop" / "demo" / "demo_shop.json"


def test_an_owner_sets_and_clears_a_products_stock(owner_api, owner):
    created = owner_api.post(URL, {"sku": "BIS", "name": "Bissap", "price": 500, "stock_quantity": 24}, format="json")
    assert created.status_code == 201 and created.json()["stock_quantity"] == 24

    product_id = created.json()["id"]
    renamed = owner_api.patch(f"{URL}/{product_id}", {"name": "Jus de bissap"}, format="json").json()
    assert renamed["stock_quantity"] == 24  # a change without the key keeps the count

    cleared = owner_api.patch(f"{URL}/{product_id}", {"stock_quantity": None}, format="json").json()
    assert cleared["stock_quantity"] is None


def test_a_product_without_a_count_is_not_tracked(owner_api):
    body = owner_api.post(URL, {"sku": "G", "name": "Garba", "price": 1000}, format="json").json()

    assert body["stock_quantity"] is None


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (-3, "Ce champ doit être un nombre entier positif."),
        ("douze", "Ce champ doit être un nombre entier positif."),
        (2.5, "Ce champ doit être un nombre entier positif."),
        (5_000_000, "Ce nombre ne doit pas dépasser 1 000 000."),
    ],
)
def test_a_bad_count_is_refused_in_french(owner_api, value, message):
    response = owner_api.post(URL, {"sku": "B", "name": "Bissap", "price": 500, "stock_quantity": value}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"] == {"stock_quantity": [message]}
    assert response.json()["message"] == message


def test_the_shop_document_sets_the_count_and_a_document_without_it_loses_nothing(owner_api, owner):
    document = json.loads(DEMO_SHOP.read_text(encoding="utf-8"))
    document["products"][0]["stock_quantity"] = 12
    assert owner_api.put("/api/v1/shop", document, format="json").status_code == 200
    product = Product.objects.get(owner=owner, sku=document["products"][0]["sku"])
    assert product.stock_quantity == 12

    del document["products"][0]["stock_quantity"]
    assert owner_api.put("/api/v1/shop", document, format="json").status_code == 200
    product.refresh_from_db()
    assert product.stock_quantity == 12


def test_the_shop_document_refuses_a_bad_count_on_its_path(owner_api):
    document = json.loads(DEMO_SHOP.read_text(encoding="utf-8"))
    document["products"][1]["stock_quantity"] = -1

    response = owner_api.put("/api/v1/shop", document, format="json")

    assert response.status_code == 400
    assert "products[1].stock_quantity" in response.json()["errors"]


def test_the_product_list_shows_the_count(owner_api, owner):
    ProductFactory(owner=owner, stock_quantity=7)

    assert owner_api.get(URL).json()["results"][0]["stock_quantity"] == 7
