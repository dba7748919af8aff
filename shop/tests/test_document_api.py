import copy

import pytest
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from catalog.models import Product
from catalog.tests.factories import ProductFactory
from catalog.validation import MSG_PRICE, MSG_REQUIRED, MSG_SKU_DUPLICATE, MSG_TEXT_BLANK
from shop import document as doc
from shop.document import empty_document
from shop.models import DeliveryZone, ShopProfile

from .factories import DeliveryZoneFactory, ShopProfileFactory, business_document

URL = "/api/v1/shop"

pytestmark = pytest.mark.django_db


def test_an_account_with_no_shop_data_gets_an_empty_but_valid_document(owner_api):
    response = owner_api.get(URL)

    assert response.status_code == 200
    assert response.json() == empty_document()
    assert owner_api.put(URL, response.json(), format="json").status_code == 200


def test_a_document_put_then_read_back_is_identical(owner_api):
    document = business_document()

    put = owner_api.put(URL, document, format="json")

    assert put.status_code == 200, put.json()
    assert put.json() == document
    assert owner_api.get(URL).json() == document


def test_the_document_is_normalised_phone_in_e164_and_missing_days_closed(owner_api):
    document = {
        **empty_document(),
        "name": "Chez Awa",
        "phone": "07 00 11 22 33",
        "hours": {"mon": ["08:00", "20:00"]},
    }
    del document["currency"]  # optional: it can only be XOF

    body = owner_api.put(URL, document, format="json").json()

    assert body["phone"] == "+2250700112233"
    assert body["hours"]["mon"] == ["08:00", "20:00"] and body["hours"]["tue"] is None
    assert body["hours"]["timezone"] == "Africa/Abidjan"
    assert body["currency"] == "XOF" and body["products"] == []


def _with(change) -> dict:
    document = business_document()
    change(document)
    return document


def _set(path: list, value):
    def change(document):
        target = document
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (_set(["products", 3, "price"], -500), "products[3].price", MSG_PRICE),
        (_set(["products", 3, "price"], "1000"), "products[3].price", MSG_PRICE),
        (_set(["products", 3, "price"], 999.5), "products[3].price", MSG_PRICE),
        (_set(["products", 0, "price"], None), "products[0].price", MSG_REQUIRED),
        (_set(["products", 2, "name"], "  "), "products[2].name", MSG_TEXT_BLANK),
        (_set(["products", 5, "sku"], "K01"), "products[5].sku", MSG_SKU_DUPLICATE.format(sku="K01")),
        (_set(["products", 1, "in_stock"], "oui"), "products[1].in_stock", "Ce champ doit valoir true ou false."),
        (_set(["products", 1, "aliases"], "riz"), "products[1].aliases", "Ce champ doit être une liste de textes."),
        (_set(["delivery_zones", 0, "fee"], None), "delivery_zones[0].fee", doc.MSG_ZONE_SERVED_FEE),
        (_set(["delivery_zones", 0, "vehicle"], "vélo"), "delivery_zones[0].vehicle", doc.MSG_VEHICLE),
        (_set(["delivery_zones", 4, "eta_minutes"], [120, 60]), "delivery_zones[4].eta_minutes", doc.MSG_ETA),
        (_set(["delivery_zones", 4, "min_order"], -1), "delivery_zones[4].min_order", doc.MSG_MIN_ORDER),
        (
            _set(["delivery_zones", 1, "name"], "marcory"),
            "delivery_zones[1].name",
            doc.MSG_ZONE_DUPLICATE.format(name="marcory"),
        ),
        (_set(["payment_methods", 1, "code"], "paypal"), "payment_methods[1].code", doc.MSG_PAYMENT_CODE),
        (_set(["hours", "mon"], ["7h", "21:30"]), "hours.mon[0]", doc.MSG_TIME),
        (
            _set(["hours", "lundi"], ["07:00", "21:30"]),
            "hours.lundi",
            'Clé inconnue "lundi" : vouliez-vous dire "mon" ?',
        ),
        (_set(["hours", "timezone"], "Abidjan"), "hours.timezone", doc.MSG_TIMEZONE),
        (_set(["pickup", "eta_minutes"], [10]), "pickup.eta_minutes", doc.MSG_ETA),
        (_set(["address", "lat"], 123), "address.lat", doc.MSG_LATITUDE),
        (_set(["phone"], "12"), "phone", doc.MSG_PHONE),
        (_set(["currency"], "EUR"), "currency", doc.MSG_CURRENCY),
        (_set(["handoff", "large_order_items"], 0), "handoff.large_order_items", doc.MSG_LARGE_ORDER),
        (_set(["faq", 2, "answer"], ""), "faq[2].answer", MSG_TEXT_BLANK),
        (_set(["products"], {"sku": "K01"}), "products", "Ce champ doit être une liste."),
        (_set(["address"], "Marcory"), "address", "Ce champ doit être un objet JSON."),
    ],
)
def test_every_validation_error_is_french_and_names_its_path(owner_api, change, path, message):
    response = owner_api.put(URL, _with(change), format="json")

    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "validation_error" and body["statusCode"] == 400
    assert body["errors"] == {path: [message]}
    assert body["message"] == message


def test_every_error_of_a_document_is_listed_and_the_message_is_the_first(owner_api):
    document = business_document()
    document["products"][3]["price"] = -1
    document["delivery_zones"][2]["vehicle"] = "camion"

    body = owner_api.put(URL, document, format="json").json()

    assert set(body["errors"]) == {"products[3].price", "delivery_zones[2].vehicle"}
    assert body["message"] == "Le prix doit être un nombre entier positif."


@pytest.mark.parametrize("body", [[1, 2], "shop", 12])
def test_a_body_that_is_not_an_object_is_a_french_400(owner_api, body):
    response = owner_api.put(URL, body, format="json")

    assert response.status_code == 400
    assert response.json()["message"] == doc.MSG_DOCUMENT


def test_a_document_with_one_bad_product_changes_nothing(owner_api, owner):
    assert owner_api.put(URL, business_document(), format="json").status_code == 200
    before = owner_api.get(URL).json()
    ids_before = sorted(Product.objects.filter(owner=owner).values_list("id", flat=True))
    document = copy.deepcopy(before)
    document["name"] = "Autre nom"
    document["delivery_zones"] = document["delivery_zones"][:2]
    document["products"].append({"sku": "K99", "name": "Nouveau", "price": 100})
    document["products"][7]["price"] = -350

    assert owner_api.put(URL, document, format="json").status_code == 400

    assert owner_api.get(URL).json() == before
    assert sorted(Product.objects.filter(owner=owner).values_list("id", flat=True)) == ids_before
    assert DeliveryZone.objects.filter(shop__owner=owner).count() == len(before["delivery_zones"])


def test_a_new_document_keeps_the_ids_of_products_whose_sku_stays_and_drops_the_others(owner_api, owner):
    owner_api.put(URL, business_document(), format="json")
    rice = Product.objects.get(owner=owner, sku="K01")
    document = business_document()
    document["products"] = [{**document["products"][0], "price": 4700}, {"sku": "N1", "name": "Pain", "price": 150}]

    owner_api.put(URL, document, format="json")

    products = list(Product.objects.filter(owner=owner).order_by("position"))
    assert [(p.sku, p.price, p.position) for p in products] == [("K01", 4700, 0), ("N1", 150, 1)]
    assert products[0].id == rice.id


def test_each_account_sees_only_its_own_shop(owner_api):
    other = UserFactory()
    other_api = APIClient()
    other_api.force_authenticate(other)
    other_api.put(URL, business_document(), format="json")

    assert owner_api.get(URL).json() == empty_document()
    assert other_api.get(URL).json()["name"] == "Épicerie Chez Koffi"


@pytest.mark.parametrize("plan", ["gratuit", "pro", "entreprise", "inconnu"])
def test_every_plan_may_read_and_replace_its_shop(plan):
    user = UserFactory(plan_abonnement=plan)
    client = APIClient()
    client.force_authenticate(user)

    assert client.put(URL, business_document(), format="json").status_code == 200
    assert client.get(URL).status_code == 200
    assert client.patch("/api/v1/shop/profile", {"name": "Nouveau nom"}, format="json").status_code == 200


def test_the_shop_needs_a_signed_in_account(api_client):
    assert api_client.get(URL).status_code == 401
    assert api_client.put(URL, business_document(), format="json").status_code == 401


@pytest.mark.parametrize("size", [3, 60])
def test_reading_the_document_costs_at_most_three_queries_whatever_its_size(
    owner_api, owner, size, django_assert_max_num_queries
):
    shop = ShopProfileFactory(owner=owner)
    ProductFactory.create_batch(size, owner=owner)
    DeliveryZoneFactory.create_batch(size, shop=shop)

    with django_assert_max_num_queries(3):
        body = owner_api.get(URL).json()
    assert len(body["products"]) == size and len(body["delivery_zones"]) == size


@pytest.mark.parametrize("size", [3, 80])
def test_replacing_the_document_costs_the_same_queries_whatever_its_size(owner_api, owner, size):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    owner_api.put(URL, business_document(), format="json")
    document = business_document()
    document["products"] = [
        {"sku": f"K{index:02d}", "name": f"Produit {index}", "price": 100 + index} for index in range(1, size + 1)
    ]
    document["delivery_zones"] = [
        {"name": f"Zone {index}", "served": True, "fee": 500, "vehicle": "moto"} for index in range(size)
    ]

    with CaptureQueriesContext(connection) as queries:
        assert owner_api.put(URL, document, format="json").status_code == 200
    # Lock, archive the previous document (newest version, two reads, insert, prune), profile update,
    # zones, products (read, delete — with the restock alerts and the photo messages that point at them —,
    # bulk update, bulk insert): a constant, not a per-row count.
    assert len(queries) <= 19
    assert ShopProfile.objects.get(owner=owner).zones.count() == size
