"""PUT /api/v1/shop never drops data silently (issue 24): a missing section or an unknown key is a
French 400 that names it (with the closest known key) and changes nothing; emptying a section is
said explicitly with its empty value."""

import json
from pathlib import Path

import pytest

from catalog.models import Product
from shop import document as doc
from shop.document import closest_key, document_clean, empty_document, section_missing_message

from .factories import business_document

URL = "/api/v1/shop"
PROFILE = "/api/v1/shop/profile"
REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db

REQUIRED_SECTIONS = [key for key in empty_document() if key != "currency"]


@pytest.fixture
def stocked(owner_api):
    """The owner's shop holds the dev set's grocery; returns the document as GET answers it."""
    assert owner_api.put(URL, business_document(), format="json").status_code == 200
    return owner_api.get(URL).json()


def _refused(response, errors: dict) -> dict:
    assert response.status_code == 400, response.json()
    body = response.json()
    assert body["error"] == "validation_error" and body["statusCode"] == 400
    assert body["errors"] == errors
    assert body["message"] == next(iter(errors.values()))[0]
    return body


@pytest.mark.parametrize("key", REQUIRED_SECTIONS)
def test_a_missing_section_is_refused_with_the_way_to_empty_it_and_nothing_changes(owner_api, stocked, key):
    document = business_document()
    del document[key]

    _refused(owner_api.put(URL, document, format="json"), {key: [section_missing_message(key)]})

    assert owner_api.get(URL).json() == stocked


def test_the_missing_products_message_says_how_to_empty_the_catalogue(owner_api, owner, stocked):
    document = business_document()
    del document["products"]

    body = owner_api.put(URL, document, format="json").json()

    assert body["message"] == (
        'Section « products » absente : envoyez la liste (vide pour tout retirer), par exemple "products": [].'
    )
    assert Product.objects.filter(owner=owner).count() == len(stocked["products"]) == 16
    assert section_missing_message("name") == (
        'Section « name » absente : envoyez le texte (vide pour l\'effacer), par exemple "name": "".'
    )
    assert section_missing_message("hours").startswith("Section « hours » absente : envoyez l'objet")


def test_the_currency_may_be_left_out_it_can_only_be_xof(owner_api):
    document = business_document()
    del document["currency"]

    response = owner_api.put(URL, document, format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["currency"] == "XOF"


def test_sections_sent_empty_are_emptied(owner_api, owner, stocked):
    document = {
        **business_document(),
        "products": [],
        "delivery_zones": [],
        "faq": [],
        "name": "",
        "handoff": {},
        "hours": None,
    }

    response = owner_api.put(URL, document, format="json")

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["products"] == body["delivery_zones"] == body["faq"] == []
    assert body["name"] == ""
    assert body["handoff"] == empty_document()["handoff"]
    assert body["hours"] == empty_document()["hours"]
    assert body["address"] == stocked["address"]  # what was sent is kept
    assert not Product.objects.filter(owner=owner).exists()


def test_a_typo_for_products_is_refused_with_the_closest_name_and_the_catalogue_stays(owner_api, owner, stocked):
    document = business_document()
    document["catalogue"] = document.pop("products")

    body = _refused(
        owner_api.put(URL, document, format="json"),
        {
            "catalogue": ['Clé inconnue "catalogue" : vouliez-vous dire "products" ?'],
            "products": [section_missing_message("products")],
        },
    )

    assert body["message"] == 'Clé inconnue "catalogue" : vouliez-vous dire "products" ?'
    assert Product.objects.filter(owner=owner).count() == 16
    assert owner_api.get(URL).json() == stocked


def test_zones_for_delivery_zones_is_refused_and_the_zones_stay(owner_api, stocked):
    document = business_document()
    document["zones"] = document.pop("delivery_zones")

    body = owner_api.put(URL, document, format="json").json()

    assert body["errors"]["zones"] == ['Clé inconnue "zones" : vouliez-vous dire "delivery_zones" ?']
    assert len(owner_api.get(URL).json()["delivery_zones"]) == 12


def test_an_unknown_key_far_from_every_name_lists_the_known_ones(owner_api):
    document = business_document()
    document["website"] = "https://example.ci"

    _refused(
        owner_api.put(URL, document, format="json"),
        {
            "website": [
                'Clé inconnue "website" : les clés possibles sont name, description, currency, address, phone, '
                "hours, pickup, products, delivery_zones, delivery_notes, payment_methods, payment_not_accepted, "
                "faq, handoff."
            ]
        },
    )


def _nested(path: list, key: str, value) -> dict:
    document = business_document()
    target = document
    for step in path:
        target = target[step]
    target[key] = value
    return document


@pytest.mark.parametrize(
    ("path", "key", "error_path", "suggestion"),
    [
        (["products", 2], "prix", "products[2].prix", "price"),
        (["products", 0], "in_stok", "products[0].in_stok", "in_stock"),
        (["delivery_zones", 1], "frais", "delivery_zones[1].frais", "fee"),
        (["delivery_zones", 0], "quartiers", "delivery_zones[0].quartiers", "areas"),
        (["faq", 0], "reponse", "faq[0].reponse", "answer"),
        (["address"], "repere", "address.repere", "landmark"),
        (["pickup"], "disponible", "pickup.disponible", "available"),
        (["handoff"], "telephone", "handoff.telephone", "contact"),
        (["payment_methods", 0], "nom", "payment_methods[0].nom", "name"),
        (["delivery_notes"], "FR", "delivery_notes.FR", "fr"),
        (["hours"], "samedi", "hours.samedi", "sat"),
    ],
)
def test_an_unknown_nested_key_is_refused_with_the_closest_name(owner_api, stocked, path, key, error_path, suggestion):
    response = owner_api.put(URL, _nested(path, key, "x"), format="json")

    _refused(response, {error_path: [f'Clé inconnue "{key}" : vouliez-vous dire "{suggestion}" ?']})
    assert owner_api.get(URL).json() == stocked


def test_a_product_field_outside_the_contract_lists_the_product_fields(owner_api):
    response = owner_api.put(URL, _nested(["products", 0], "barcode", "123"), format="json")

    message = response.json()["errors"]["products[0].barcode"][0]
    assert message.startswith('Clé inconnue "barcode" : les clés possibles sont sku, name, description, aliases')
    assert "stock_quantity" in message


def test_a_product_may_carry_a_stock_quantity(owner_api):
    response = owner_api.put(URL, _nested(["products", 0], "stock_quantity", 12), format="json")

    assert response.status_code == 200, response.json()


def test_every_error_is_listed_at_once(owner_api):
    document = business_document()
    document["produits"] = document.pop("products")
    document["delivery_zones"][0]["prix"] = 500
    document["faq"][1]["answer"] = ""

    body = owner_api.put(URL, document, format="json").json()

    assert set(body["errors"]) == {"produits", "products", "delivery_zones[0].prix", "faq[1].answer"}


def test_a_profile_patch_refuses_an_unknown_section_or_field(owner_api, stocked):
    section = owner_api.patch(PROFILE, {"horaires": {"mon": ["08:00", "18:00"]}}, format="json")
    field = owner_api.patch(PROFILE, {"address": {**stocked["address"], "quartier": "Zone 4"}}, format="json")

    _refused(section, {"horaires": ['Clé inconnue "horaires" : vouliez-vous dire "hours" ?']})
    _refused(field, {"address.quartier": ['Clé inconnue "quartier" : vouliez-vous dire "commune" ?']})
    assert owner_api.get(URL).json() == stocked


def test_a_profile_read_then_patched_back_whole_is_accepted(owner_api, stocked):
    profile = owner_api.get(PROFILE).json()

    assert owner_api.patch(PROFILE, profile, format="json").status_code == 200


@pytest.mark.parametrize(
    ("key", "known", "expected"),
    [
        ("Products", doc.TOP_LEVEL_KEYS, "products"),
        ("prodcts", doc.TOP_LEVEL_KEYS, "products"),
        ("fqa", doc.TOP_LEVEL_KEYS, "faq"),
        ("Zones de livraison", doc.TOP_LEVEL_KEYS, "delivery_zones"),
        ("horaires", doc.TOP_LEVEL_KEYS, "hours"),
        ("adresse", doc.TOP_LEVEL_KEYS, "address"),
        ("adresse", doc.ADDRESS_KEYS, "text"),
        ("prix", doc.PRODUCT_KEYS, "price"),
        ("prix", doc.ZONE_KEYS, "fee"),
        ("lundi", doc.HOURS_KEYS, "mon"),
        ("website", doc.TOP_LEVEL_KEYS, None),
        ("", doc.TOP_LEVEL_KEYS, None),
    ],
)
def test_the_closest_key(key, known, expected):
    assert closest_key(key, known) == expected


SHOP_FILES = sorted(
    [
        *REPO.glob("assistant/corpus/*/business.json"),
        *REPO.glob("assistant/tests/data/*/business.json"),
        REPO / "shop" / "demo" / "demo_shop.json",
        REPO / "shop" / "tests" / "data" / "business.json",
        REPO / "integrations" / "tests" / "data" / "grocery.json",
    ]
)


def test_the_repository_holds_the_shop_files_this_checks():
    assert len(SHOP_FILES) >= 30


@pytest.mark.parametrize("path", SHOP_FILES, ids=lambda path: str(path.relative_to(REPO)))
def test_every_shop_document_of_the_repository_meets_the_closed_contract(path):
    """The corpus, the test sets, the demo shop: complete documents without an unknown key."""
    document_clean(json.loads(path.read_text(encoding="utf-8")))
