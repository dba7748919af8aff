"""The dashboard's piece-by-piece endpoints: profile, zones, FAQ, checklist."""

import pytest

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ProductFactory
from integrations.models import ConnectionStatus, WhatsAppConnection
from shop import document as doc
from shop.models import DeliveryZone, ShopProfile
from shop.services import MSG_FAQ_NOT_FOUND, shop_document_replace

from .factories import DeliveryZoneFactory, ShopProfileFactory, business_document

pytestmark = pytest.mark.django_db

ZONES = "/api/v1/shop/zones"
FAQ = "/api/v1/shop/faq"
PROFILE = "/api/v1/shop/profile"
CHECKLIST = "/api/v1/shop/checklist"


def test_the_profile_is_the_document_without_products_zones_and_faq(owner_api, owner):
    shop_document_replace(user=owner, document=business_document())

    body = owner_api.get(PROFILE).json()

    expected = {k: v for k, v in business_document().items() if k not in ("products", "delivery_zones", "faq")}
    assert body == expected


def test_a_profile_patch_replaces_only_the_sections_it_names(owner_api, owner):
    shop_document_replace(user=owner, document=business_document())
    address = {"text": "Rue 12", "commune": "Cocody", "landmark": "près du lycée", "lat": None, "lng": None}

    response = owner_api.patch(PROFILE, {"address": address, "phone": "05 00 44 55 66"}, format="json")

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["address"] == address and body["phone"] == "+2250500445566"
    assert body["hours"] == business_document()["hours"]


def test_a_bad_profile_patch_is_french_and_changes_nothing(owner_api, owner):
    shop_document_replace(user=owner, document=business_document())

    response = owner_api.patch(PROFILE, {"name": "Autre", "hours": {"mon": ["25:00", "21:00"]}}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"] == {"hours.mon[0]": [doc.MSG_TIME]}
    assert owner_api.get(PROFILE).json()["name"] == "Épicerie Chez Koffi"


def test_an_owner_adds_a_zone_and_an_unserved_one_needs_no_fee(owner_api, owner):
    served = owner_api.post(
        ZONES,
        {"name": "Cocody", "areas": ["Angré"], "fee": 1000, "vehicle": "moto", "eta_minutes": [30, 45]},
        format="json",
    )
    unserved = owner_api.post(ZONES, {"name": "Yopougon", "served": False}, format="json")

    assert served.status_code == 201, served.json()
    assert served.json()["min_order"] == 0 and served.json()["served"] is True
    assert unserved.status_code == 201, unserved.json()
    assert unserved.json()["fee"] is None and unserved.json()["vehicle"] is None
    assert [z["name"] for z in owner_api.get(ZONES).json()["results"]] == ["Cocody", "Yopougon"]


def test_a_zone_that_becomes_served_needs_its_fee_and_vehicle(owner_api, owner):
    zone = DeliveryZoneFactory(
        shop=ShopProfileFactory(owner=owner), served=False, fee=None, vehicle="", eta_min=None, eta_max=None
    )

    response = owner_api.patch(f"{ZONES}/{zone.pk}", {"served": True}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"] == {
        "fee": [doc.MSG_ZONE_SERVED_FEE],
        "vehicle": [doc.MSG_ZONE_SERVED_VEHICLE],
    }


def test_an_owner_edits_a_zone_fee_vehicle_and_minimum(owner_api, owner):
    zone = DeliveryZoneFactory(shop=ShopProfileFactory(owner=owner), name="Marcory", fee=1000, vehicle="moto")

    response = owner_api.patch(
        f"{ZONES}/{zone.pk}", {"fee": 3000, "vehicle": "voiture", "min_order": 12000}, format="json"
    )

    assert response.status_code == 200
    zone.refresh_from_db()
    assert (zone.fee, zone.vehicle, zone.min_order, zone.name) == (3000, "voiture", 12000, "Marcory")


def test_zone_names_are_unique_per_shop(owner_api, owner):
    shop = ShopProfileFactory(owner=owner)
    DeliveryZoneFactory(shop=shop, name="Cocody")
    other = DeliveryZoneFactory(shop=shop, name="Riviera")

    created = owner_api.post(ZONES, {"name": "cocody", "fee": 500, "vehicle": "moto"}, format="json")
    renamed = owner_api.patch(f"{ZONES}/{other.pk}", {"name": "COCODY"}, format="json")

    assert created.status_code == renamed.status_code == 400
    assert created.json()["errors"] == {"name": [doc.MSG_ZONE_DUPLICATE.format(name="cocody")]}


def test_another_accounts_zone_ids_give_404(owner_api):
    zone = DeliveryZoneFactory(shop=ShopProfileFactory(owner=UserFactory()))

    assert owner_api.patch(f"{ZONES}/{zone.pk}", {"fee": 0}, format="json").status_code == 404
    assert owner_api.delete(f"{ZONES}/{zone.pk}").status_code == 404
    assert DeliveryZone.objects.filter(pk=zone.pk, fee=1000).exists()
    assert owner_api.get(ZONES).json() == {"results": []}


def test_an_owner_deletes_a_zone(owner_api, owner):
    zone = DeliveryZoneFactory(shop=ShopProfileFactory(owner=owner))

    assert owner_api.delete(f"{ZONES}/{zone.pk}").status_code == 204
    assert not DeliveryZone.objects.filter(pk=zone.pk).exists()


def test_the_zone_list_costs_at_most_three_queries_whatever_its_size(owner_api, owner, django_assert_max_num_queries):
    DeliveryZoneFactory.create_batch(40, shop=ShopProfileFactory(owner=owner))

    with django_assert_max_num_queries(3):
        assert len(owner_api.get(ZONES).json()["results"]) == 40


def test_an_owner_adds_edits_and_removes_faq_entries(owner_api, owner):
    first = owner_api.post(
        FAQ, {"question": "Livrez-vous le dimanche ?", "answer": "Oui, jusqu'à 21 h."}, format="json"
    )
    owner_api.post(FAQ, {"question": "Faites-vous crédit ?", "answer": "Non.", "answer_en": "No."}, format="json")

    assert first.status_code == 201
    edited = owner_api.patch(f"{FAQ}/0", {"answer_en": "Yes, until 9 pm."}, format="json")
    assert edited.json()["results"][0] == {
        "index": 0,
        "question": "Livrez-vous le dimanche ?",
        "answer": "Oui, jusqu'à 21 h.",
        "answer_en": "Yes, until 9 pm.",
    }
    remaining = owner_api.delete(f"{FAQ}/0").json()["results"]
    assert [item["question"] for item in remaining] == ["Faites-vous crédit ?"]
    assert ShopProfile.objects.get(owner=owner).faq == [
        {"question": "Faites-vous crédit ?", "answer": "Non.", "answer_en": "No."}
    ]


def test_a_faq_entry_needs_a_question_and_an_answer_and_a_real_index(owner_api):
    missing = owner_api.post(FAQ, {"question": "Livrez-vous ?"}, format="json")
    absent = owner_api.patch(f"{FAQ}/3", {"answer": "Oui."}, format="json")

    assert missing.status_code == 400 and missing.json()["errors"] == {"answer": ["Ce champ est obligatoire."]}
    assert absent.status_code == 404 and absent.json()["message"] == MSG_FAQ_NOT_FOUND


def test_a_new_account_lacks_products_zones_and_whatsapp(owner_api):
    body = owner_api.get(CHECKLIST).json()

    assert body == {
        "complete": False,
        "items": [
            {"code": "products", "label": "Ajoutez vos produits", "path": "/dashboard/catalogue", "done": False},
            {
                "code": "delivery_zones",
                "label": "Indiquez vos zones de livraison",
                "path": "/dashboard/boutique",
                "done": False,
            },
            {
                "code": "whatsapp",
                "label": "Connectez WhatsApp",
                "path": "/dashboard?whatsapp=connect",
                "done": False,
            },
        ],
    }


def test_the_checklist_is_complete_with_products_a_served_zone_and_whatsapp_connected(
    owner_api, owner, django_assert_max_num_queries
):
    ProductFactory(owner=owner)
    shop = ShopProfileFactory(owner=owner)
    DeliveryZoneFactory(shop=shop, served=False, fee=None, vehicle="")
    WhatsAppConnection.objects.create(owner=owner, status=ConnectionStatus.CONNECTED)

    assert [item["done"] for item in owner_api.get(CHECKLIST).json()["items"]] == [True, False, True]
    DeliveryZoneFactory(shop=shop)
    with django_assert_max_num_queries(3):
        assert owner_api.get(CHECKLIST).json()["complete"] is True
