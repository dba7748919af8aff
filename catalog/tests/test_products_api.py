import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from accounts.photos import MSG_PHOTO_NOT_IMAGE
from accounts.tests.factories import UserFactory
from catalog.models import Product
from catalog.serializers import MSG_PHOTO_REQUIRED
from catalog.validation import MSG_PRICE, MSG_REQUIRED, MSG_SKU_DUPLICATE, MSG_TEXT_NUL

from .factories import ProductFactory

URL = "/api/v1/catalog/products"

pytestmark = pytest.mark.django_db


def png(size=(40, 30)) -> SimpleUploadedFile:
    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 120, 40)).save(buffer, format="PNG")
    return SimpleUploadedFile("garba.png", buffer.getvalue(), content_type="image/png")


def test_an_owner_adds_a_product_and_sees_its_price_in_f_cfa(owner_api, owner):
    response = owner_api.post(
        URL,
        {"sku": "A1", "name": "Garba", "aliases": ["garba", " attiéké thon "], "price": 3500, "unit": "assiette"},
        format="json",
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["price_label"] == "3\u202f500\u00a0F CFA"
    assert body["aliases"] == ["garba", "attiéké thon"]
    assert body["in_stock"] is True and body["photo"] is None and body["position"] == 0
    assert Product.objects.get(owner=owner).name == "Garba"


def test_a_new_product_goes_to_the_end_of_the_list(owner_api, owner):
    ProductFactory(owner=owner, position=4)

    body = owner_api.post(URL, {"sku": "Z", "name": "Jus de bissap", "price": 500}, format="json").json()

    assert body["position"] == 5


@pytest.mark.parametrize(
    ("payload", "field", "message"),
    [
        ({"sku": "A1", "name": "Garba", "price": -1}, "price", MSG_PRICE),
        ({"sku": "A1", "name": "Garba", "price": "gratuit"}, "price", MSG_PRICE),
        ({"sku": "A1", "name": "Garba"}, "price", MSG_REQUIRED),
        ({"name": "Garba", "price": 1000}, "sku", MSG_REQUIRED),
        ({"sku": "A1", "price": 1000}, "name", MSG_REQUIRED),
        ({"sku": "A1", "name": "Garba", "price": 1000, "unit": "plat\x00"}, "unit", MSG_TEXT_NUL),
        ({"sku": "A1", "name": "Garba", "price": 1000, "aliases": ["ok", "ga\x00rba"]}, "aliases[1]", MSG_TEXT_NUL),
    ],
)
def test_a_bad_product_is_refused_in_french_on_its_field(owner_api, payload, field, message):
    response = owner_api.post(URL, payload, format="json")

    assert response.status_code == 400
    assert response.json()["errors"] == {field: [message]}
    assert response.json()["message"] == message


def test_a_sku_is_unique_per_account_but_not_across_accounts(owner_api, owner):
    ProductFactory(owner=owner, sku="A1")
    ProductFactory(owner=UserFactory(), sku="B1")

    taken = owner_api.post(URL, {"sku": "a1", "name": "Garba", "price": 1000}, format="json")
    free = owner_api.post(URL, {"sku": "B1", "name": "Garba", "price": 1000}, format="json")

    assert taken.status_code == 400
    assert taken.json()["errors"] == {"sku": [MSG_SKU_DUPLICATE.format(sku="a1")]}
    assert free.status_code == 201


def test_the_list_searches_names_skus_and_aliases_and_filters_on_stock(owner_api, owner):
    ProductFactory(owner=owner, sku="G1", name="Garba", aliases=["attiéké thon"], in_stock=True)
    ProductFactory(owner=owner, sku="P1", name="Poulet braisé", aliases=["poulet"], in_stock=False)
    ProductFactory(owner=owner, sku="J1", name="Jus de bissap", aliases=["bissap"], in_stock=True)
    ProductFactory(owner=UserFactory(), sku="G2", name="Garba du voisin")

    def names(**params):
        return [row["name"] for row in owner_api.get(URL, params).json()["results"]]

    assert names() == ["Garba", "Poulet braisé", "Jus de bissap"]
    assert names(q="garba") == ["Garba"]
    assert names(q="bissap") == ["Jus de bissap"]
    assert names(q="p1") == ["Poulet braisé"]
    assert names(in_stock="false") == ["Poulet braisé"]
    assert names(in_stock="true", q="j") == ["Jus de bissap"]


def test_the_list_is_paginated_and_costs_two_queries_whatever_its_size(owner_api, owner, django_assert_max_num_queries):
    ProductFactory.create_batch(45, owner=owner)

    with django_assert_max_num_queries(3):
        body = owner_api.get(URL, {"page_size": 20, "page": 2}).json()

    assert body["count"] == 45 and len(body["results"]) == 20 and body["next"] and body["previous"]


def test_a_bad_stock_filter_is_a_french_400(owner_api):
    response = owner_api.get(URL, {"in_stock": "peut-être"})

    assert response.status_code == 400
    assert response.json()["message"] == "Le filtre in_stock doit valoir true ou false."


def test_the_stock_switch_is_a_patch_of_in_stock(owner_api, owner):
    product = ProductFactory(owner=owner, in_stock=True, price=2500)

    response = owner_api.patch(f"{URL}/{product.pk}", {"in_stock": False}, format="json")

    assert response.status_code == 200
    product.refresh_from_db()
    assert product.in_stock is False and product.price == 2500


def test_a_patch_is_validated_on_the_merged_product(owner_api, owner):
    product = ProductFactory(owner=owner)
    ProductFactory(owner=owner, sku="TAKEN")

    assert owner_api.patch(f"{URL}/{product.pk}", {"price": 10.5}, format="json").json()["errors"] == {
        "price": [MSG_PRICE]
    }
    assert owner_api.patch(f"{URL}/{product.pk}", {"sku": "taken"}, format="json").status_code == 400
    renamed = owner_api.patch(f"{URL}/{product.pk}", {"name": "Alloco", "price": 1500}, format="json").json()
    assert (renamed["name"], renamed["price"]) == ("Alloco", 1500)


def test_an_owner_deletes_a_product(owner_api, owner):
    product = ProductFactory(owner=owner)

    assert owner_api.delete(f"{URL}/{product.pk}").status_code == 204
    assert not Product.objects.filter(pk=product.pk).exists()


def test_another_accounts_product_ids_give_404(owner_api):
    product = ProductFactory(owner=UserFactory())
    detail = f"{URL}/{product.pk}"

    assert owner_api.get(detail).status_code == 404
    assert owner_api.patch(detail, {"in_stock": False}, format="json").status_code == 404
    assert owner_api.delete(detail).status_code == 404
    assert owner_api.post(f"{detail}/photo", {"photo": png()}, format="multipart").status_code == 404
    product.refresh_from_db()
    assert product.in_stock is True
    assert owner_api.get(detail).json()["error"] == "not_found"


def test_a_photo_is_checked_and_stored_under_a_server_name(owner_api, owner):
    product = ProductFactory(owner=owner)

    response = owner_api.post(f"{URL}/{product.pk}/photo", {"photo": png()}, format="multipart")

    assert response.status_code == 200, response.json()
    assert response.json()["photo"].startswith("http://testserver/media/products/")
    assert "garba" not in response.json()["photo"]


def test_a_file_that_is_not_an_image_is_refused_in_french(owner_api, owner):
    product = ProductFactory(owner=owner)
    fake = SimpleUploadedFile("menu.png", b"<script>alert(1)</script>", content_type="image/png")

    response = owner_api.post(f"{URL}/{product.pk}/photo", {"photo": fake}, format="multipart")
    missing = owner_api.post(f"{URL}/{product.pk}/photo", {}, format="multipart")

    assert response.status_code == 400
    assert response.json()["errors"] == {"photo": [MSG_PHOTO_NOT_IMAGE]}
    assert missing.status_code == 400 and missing.json()["errors"] == {"photo": [MSG_PHOTO_REQUIRED]}


@pytest.mark.parametrize("plan", ["gratuit", "pro", "entreprise"])
def test_every_plan_may_edit_its_catalogue(plan):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(UserFactory(plan_abonnement=plan))

    created = client.post(URL, {"sku": "A", "name": "Garba", "price": 1000}, format="json")
    assert created.status_code == 201
    assert client.patch(f"{URL}/{created.json()['id']}", {"in_stock": False}, format="json").status_code == 200
