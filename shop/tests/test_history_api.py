"""The shop's history (issue 24): every replacement keeps the previous document, the last 10 per
account, listed lightly and restorable; another account's versions do not exist here."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from catalog.models import Product
from shop.models import ShopVersion
from shop.services import VERSIONS_KEPT

from .factories import DATA, business_document

URL = "/api/v1/shop"
VERSIONS = "/api/v1/shop/versions"
ZONES = "/api/v1/shop/zones"
FAQ = "/api/v1/shop/faq"

pytestmark = pytest.mark.django_db


def _named(name: str, *, products: int = 16) -> dict:
    document = business_document()
    document["name"] = name
    document["products"] = document["products"][:products]
    return document


def _put(client, document) -> dict:
    response = client.put(URL, document, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


def _versions(client) -> list[dict]:
    response = client.get(VERSIONS)
    assert response.status_code == 200
    return response.json()["results"]


def test_a_replacement_keeps_the_previous_document_listed_without_its_content(owner_api, owner):
    first = _put(owner_api, _named("Chez Koffi", products=5))
    _put(owner_api, _named("Chez Koffi 2"))

    [version] = _versions(owner_api)

    assert set(version) == {"id", "created_at", "source", "source_label", "actor", "name", "counts"}
    assert version["source"] == "put" and version["source_label"] == "Remplacement complet (Importer)"
    assert version["actor"] == owner.adresse_email
    assert version["name"] == "Chez Koffi"
    assert version["counts"] == {"products": 5, "delivery_zones": 12, "faq": 6}
    detail = owner_api.get(f"{VERSIONS}/{version['id']}").json()
    assert detail["document"] == first


def test_the_first_document_of_an_empty_shop_archives_nothing(owner_api):
    _put(owner_api, business_document())

    assert _versions(owner_api) == []


def test_a_refused_document_keeps_no_version(owner_api):
    _put(owner_api, business_document())
    document = _named("Autre")
    del document["faq"]

    assert owner_api.put(URL, document, format="json").status_code == 400

    assert _versions(owner_api) == []


def test_the_same_document_sent_again_is_kept_once(owner_api):
    for _ in range(4):
        _put(owner_api, business_document())
    _put(owner_api, _named("Nouveau"))

    assert [version["name"] for version in _versions(owner_api)] == ["Épicerie Chez Koffi"]


def test_the_history_keeps_the_last_ten_versions_newest_first(owner_api, owner):
    for number in range(1, 14):
        _put(owner_api, _named(f"Boutique {number}"))

    names = [version["name"] for version in _versions(owner_api)]

    assert len(names) == VERSIONS_KEPT == 10
    assert names == [f"Boutique {number}" for number in range(12, 2, -1)]
    assert ShopVersion.objects.filter(owner=owner).count() == 10


def test_listing_the_history_costs_the_same_queries_whatever_its_size(owner_api, django_assert_max_num_queries):
    for number in range(1, 12):
        _put(owner_api, _named(f"Boutique {number}"))

    with django_assert_max_num_queries(2):
        assert len(_versions(owner_api)) == 10


def test_an_owner_restores_a_version_and_the_current_shop_becomes_a_version(owner_api, owner):
    old = _put(owner_api, _named("Ancienne", products=16))
    new = _put(owner_api, {**_named("Nouvelle", products=2), "delivery_zones": [], "faq": []})
    [version] = _versions(owner_api)

    response = owner_api.post(f"{VERSIONS}/{version['id']}/restore")

    assert response.status_code == 200, response.json()
    assert response.json() == old
    assert owner_api.get(URL).json() == old
    assert Product.objects.filter(owner=owner).count() == 16
    newest, previous = _versions(owner_api)
    assert newest["source"] == "restore" and newest["name"] == "Nouvelle"
    assert newest["counts"] == {"products": 2, "delivery_zones": 0, "faq": 0}
    assert previous["id"] == version["id"]

    # A restore is undone by restoring the version it made.
    owner_api.post(f"{VERSIONS}/{newest['id']}/restore")
    assert owner_api.get(URL).json() == new


def test_another_accounts_version_is_not_found_and_changes_nothing(owner_api):
    other = UserFactory()
    other_api = APIClient()
    other_api.force_authenticate(other)
    _put(other_api, _named("Chez l'autre"))
    _put(other_api, _named("Chez l'autre 2"))
    [foreign] = _versions(other_api)
    mine = _put(owner_api, business_document())

    detail = owner_api.get(f"{VERSIONS}/{foreign['id']}")
    restore = owner_api.post(f"{VERSIONS}/{foreign['id']}/restore")

    for response in (detail, restore):
        assert response.status_code == 404
        body = response.json()
        assert body["statusCode"] == 404 and body["error"] and body["message"]
    assert owner_api.get(URL).json() == mine
    assert _versions(owner_api) == []
    assert other_api.get(URL).json()["name"] == "Chez l'autre 2"


def test_an_unknown_version_is_not_found(owner_api):
    assert owner_api.post(f"{VERSIONS}/999999/restore").status_code == 404
    assert owner_api.get(f"{VERSIONS}/999999").status_code == 404


def test_the_history_needs_a_signed_in_account(api_client):
    assert api_client.get(VERSIONS).status_code == 401
    assert api_client.post(f"{VERSIONS}/1/restore").status_code == 401


def test_a_burst_of_dashboard_edits_keeps_the_state_before_it_once(owner_api, owner):
    imported = _put(owner_api, business_document())
    zone = {"name": "Songon", "served": True, "fee": 2500, "vehicle": "moto"}

    assert owner_api.post(ZONES, zone, format="json").status_code == 201
    assert owner_api.post(FAQ, {"question": "Crédit ?", "answer": "Non."}, format="json").status_code == 201
    assert owner_api.patch("/api/v1/shop/profile", {"name": "Chez Koffi"}, format="json").status_code == 200

    [version] = _versions(owner_api)
    assert version["source"] == "dashboard" and version["actor"] == owner.adresse_email
    assert owner_api.get(f"{VERSIONS}/{version['id']}").json()["document"] == imported

    # Ten minutes later, the next edit starts a new burst: the state it changes is kept too.
    ShopVersion.objects.filter(pk=version["id"]).update(created_at=version_time(version) - timedelta(minutes=11))
    zone_id = owner_api.get(ZONES).json()["results"][-1]["id"]
    assert owner_api.delete(f"{ZONES}/{zone_id}").status_code == 204

    newest, _ = _versions(owner_api)
    assert newest["source"] == "dashboard" and newest["counts"]["delivery_zones"] == 13
    assert newest["name"] == "Chez Koffi"


def version_time(version: dict):
    return ShopVersion.objects.get(pk=version["id"]).created_at


def test_a_zone_edit_keeps_the_previous_fee_in_the_history(owner_api):
    _put(owner_api, business_document())
    zone = owner_api.get(ZONES).json()["results"][0]

    owner_api.patch(f"{ZONES}/{zone['id']}", {"fee": 9900}, format="json")

    [version] = _versions(owner_api)
    archived = owner_api.get(f"{VERSIONS}/{version['id']}").json()["document"]["delivery_zones"][0]
    assert archived["fee"] == zone["fee"] != 9900


def test_a_product_deleted_in_the_catalogue_comes_back_with_a_restore(owner_api):
    _put(owner_api, business_document())
    product = owner_api.get("/api/v1/catalog/products").json()["results"][0]

    assert owner_api.delete(f"/api/v1/catalog/products/{product['id']}").status_code == 204
    assert product["sku"] not in [p["sku"] for p in owner_api.get(URL).json()["products"]]

    [version] = _versions(owner_api)
    assert version["source"] == "dashboard"
    assert owner_api.post(f"{VERSIONS}/{version['id']}/restore").status_code == 200
    assert product["sku"] in [p["sku"] for p in owner_api.get(URL).json()["products"]]


def test_shop_import_archives_the_replaced_shop_without_an_actor(owner_api, owner, tmp_path):
    _put(owner_api, _named("Avant l'import"))
    path = tmp_path / "shop.json"
    path.write_text((DATA / "business.json").read_text(encoding="utf-8"), encoding="utf-8")

    call_command("shop_import", "--email", owner.adresse_email, str(path), stdout=StringIO())

    [version] = _versions(owner_api)
    assert version["source"] == "import" and version["actor"] is None
    assert version["source_label"] == "Commande shop_import"
    assert version["name"] == "Avant l'import"
