"""The delivery fee of an order the owner enters comes from the account's own delivery zones only,
matched like the assistant matches a customer's place (zone name, areas, variants, misspellings): an
owner cannot charge another fee, a place outside every zone is a clear French 400, and another
account's zones are never used."""

import pytest

from core.exceptions import ApplicationError
from orders.models import Order
from orders.services import order_create_by_owner
from orders.tests.factories import delivery_zone
from shop.services import zone_update

pytestmark = pytest.mark.django_db

URL = "/api/v1/orders"
ZONES, QUOTE = "/api/v1/orders/delivery-zones", "/api/v1/orders/delivery-quote"


@pytest.fixture
def zones(owner):
    """Cocody (Angré, Deux-Plateaux, Riviera) at 1 000, Yopougon (Niangon, Selmer) at 1 500, and
    Bingerville named but not served."""
    return {
        "Cocody": delivery_zone(owner, "Cocody", fee=1000, areas=["Angré", "Deux-Plateaux", "Riviera"]),
        "Yopougon": delivery_zone(owner, "Yopougon", fee=1500, areas=["Niangon", "Selmer"], min_order=5000),
        "Bingerville": delivery_zone(
            owner, "Bingerville", served=False, fee=None, vehicle="", eta_min=None, eta_max=None
        ),
    }


def order_body(**changes) -> dict:
    return {
        "customer_name": "Koffi Yao",
        "customer_phone": "0707080910",
        "items": [{"name": "Garba", "unit_price": 1500, "quantity": 2}],
        "zone": "Cocody",
        "address": "Angré 8e tranche",
        "payment_method": "cash",
        **changes,
    }


def test_the_server_computes_the_fee_from_the_zone(owner_api, zones):
    response = owner_api.post(URL, order_body(zone="Yopougon"), format="json")

    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["zone"], body["subtotal"], body["delivery_fee"], body["total"]) == ("Yopougon", 3000, 1500, 4500)
    assert body["commune"] == "Yopougon"


def test_an_owner_cannot_set_a_fee_that_differs_from_the_zones(owner_api, zones):
    response = owner_api.post(URL, order_body(zone="Cocody", delivery_fee=500), format="json")

    assert response.status_code == 400
    message = (
        "Les frais de livraison de la zone Cocody sont de 1\u202f000\u00a0F CFA : ils viennent de vos zones "
        "de livraison (« Ma boutique »), modifiez la zone pour les changer."
    )
    assert response.json() == {
        "message": message,
        "error": "delivery_fee_mismatch",
        "statusCode": 400,
        "errors": {"delivery_fee": [message]},
    }
    assert not Order.objects.exists()


def test_the_service_refuses_a_differing_fee_too(owner, zones):
    with pytest.raises(ApplicationError) as refused:
        order_create_by_owner(
            user=owner,
            customer_name="Koffi",
            customer_phone="0707080910",
            items=[{"name": "Garba", "unit_price": 1500, "quantity": 1}],
            zone="Yopougon",
            payment_method="cash",
            delivery_fee=1000,
        )

    assert refused.value.code == "delivery_fee_mismatch"
    assert not Order.objects.exists()


def test_the_zones_own_fee_sent_back_is_accepted(owner_api, zones):
    response = owner_api.post(URL, order_body(zone="Cocody", delivery_fee=1000), format="json")

    assert response.status_code == 201, response.json()
    assert (response.json()["delivery_fee"], response.json()["total"]) == (1000, 4000)


def test_a_pickup_has_no_fee_and_refuses_one(owner_api, zones):
    refused = owner_api.post(URL, order_body(zone="pickup", delivery_fee=1000), format="json")
    taken = owner_api.post(URL, order_body(zone="pickup"), format="json")

    assert refused.status_code == 400
    assert refused.json()["errors"] == {"delivery_fee": ["Un retrait en boutique n'a pas de frais de livraison."]}
    assert taken.status_code == 201, taken.json()
    assert (taken.json()["zone"], taken.json()["delivery_fee"], taken.json()["total"]) == ("pickup", 0, 3000)


@pytest.mark.parametrize(
    ("place", "zone", "fee", "commune"),
    [
        ("yop", "Yopougon", 1500, "Yopougon"),  # the short name people write
        ("Niangon", "Yopougon", 1500, "Yopougon"),  # an area of the zone
        ("Angré 7e tranche", "Cocody", 1000, "Cocody"),  # an area with more words
        ("Deux Plateaux", "Cocody", 1000, "Cocody"),  # without its hyphen
        ("cocodi", "Cocody", 1000, "Cocody"),  # a misspelling
        ("YOPOUGON", "Yopougon", 1500, "Yopougon"),  # the name in capitals
    ],
)
def test_a_commune_or_area_is_matched_by_its_variants(owner_api, zones, place, zone, fee, commune):
    quote = owner_api.get(QUOTE, {"place": place})
    created = owner_api.post(URL, order_body(zone=place), format="json")

    assert quote.status_code == 200, quote.json()
    assert (quote.json()["zone"], quote.json()["fee"], quote.json()["commune"]) == (zone, fee, commune)
    assert created.status_code == 201, created.json()
    order = Order.objects.get(pk=created.json()["id"])
    assert (order.zone, order.delivery_fee, order.commune) == (zone, fee, commune)


def test_a_place_outside_every_zone_is_a_french_400(owner_api, zones):
    response = owner_api.post(URL, order_body(zone="Bouaké"), format="json")

    assert response.status_code == 400
    message = (
        "« Bouaké » n'est dans aucune de vos zones de livraison (Cocody, Yopougon). Choisissez une de ces zones "
        "ou le retrait en boutique, ou ajoutez ce lieu à une zone dans « Ma boutique »."
    )
    assert response.json() == {
        "message": message,
        "error": "delivery_zone_unknown",
        "statusCode": 400,
        "errors": {"zone": [message]},
    }
    assert owner_api.get(QUOTE, {"place": "Bouaké"}).json()["message"] == message
    assert not Order.objects.exists()


def test_a_zone_the_shop_does_not_serve_is_refused(owner_api, zones):
    response = owner_api.post(URL, order_body(zone="Bingerville"), format="json")

    assert response.status_code == 400
    assert response.json()["error"] == "delivery_zone_not_served"
    assert response.json()["errors"]["zone"] == [
        "Vous ne livrez pas la zone Bingerville (non desservie dans « Ma boutique ») : choisissez le retrait en "
        "boutique ou une zone desservie."
    ]


def test_a_place_in_two_zones_asks_which_one(owner_api, zones):
    response = owner_api.post(URL, order_body(zone="Cocody ou Yopougon"), format="json")

    assert response.status_code == 400
    assert response.json()["error"] == "delivery_zone_ambiguous"
    assert response.json()["message"] == (
        "« Cocody ou Yopougon » correspond à plusieurs de vos zones (Cocody, Yopougon) : choisissez-en une."
    )


def test_an_account_without_zones_is_told_to_add_them_or_take_a_pickup(owner_api):
    response = owner_api.post(URL, order_body(zone="Cocody", delivery_fee=1000), format="json")

    assert response.status_code == 400
    assert response.json()["message"] == (
        "Vous n'avez encore aucune zone de livraison : ajoutez vos zones et leurs frais dans « Ma boutique », "
        "ou choisissez le retrait en boutique."
    )
    assert owner_api.post(URL, order_body(zone="pickup"), format="json").status_code == 201


def test_another_accounts_zones_are_never_used(owner_api, owner, zones):
    from accounts.tests.factories import UserFactory

    other = UserFactory()
    delivery_zone(other, "Cocody", fee=3000, areas=["Angré"])
    delivery_zone(other, "Koumassi", fee=2000, areas=["Remblais"])

    mine = owner_api.post(URL, order_body(zone="Angré"), format="json")
    theirs = owner_api.post(URL, order_body(zone="Koumassi"), format="json")
    listed = owner_api.get(ZONES).json()

    assert mine.status_code == 201 and mine.json()["delivery_fee"] == 1000
    assert theirs.status_code == 400 and theirs.json()["error"] == "delivery_zone_unknown"
    assert [zone["name"] for zone in listed["zones"]] == ["Cocody", "Yopougon"]


def test_the_form_reads_the_served_zones_with_the_fee_charged(owner_api, zones):
    response = owner_api.get(ZONES)

    assert response.status_code == 200
    assert response.json() == {
        "pickup_available": False,
        "zones": [
            {
                "name": "Cocody",
                "areas": ["Angré", "Deux-Plateaux", "Riviera"],
                "fee": 1000,
                "eta_minutes": [30, 45],
                "min_order": 0,
            },
            {
                "name": "Yopougon",
                "areas": ["Niangon", "Selmer"],
                "fee": 1500,
                "eta_minutes": [30, 45],
                "min_order": 5000,
            },
        ],
    }


def test_a_new_fee_in_the_shop_is_the_next_orders_fee(owner_api, zones):
    assert owner_api.post(URL, order_body(zone="Cocody"), format="json").json()["delivery_fee"] == 1000

    zone_update(zone=zones["Cocody"], data={"fee": 1200})

    assert owner_api.get(QUOTE, {"place": "Angré"}).json()["fee"] == 1200
    assert owner_api.post(URL, order_body(zone="Cocody"), format="json").json()["delivery_fee"] == 1200


@pytest.mark.parametrize("query", [{}, {"place": ""}, {"place": "x" * 81}])
def test_a_bad_quote_request_is_a_french_400(owner_api, zones, query):
    response = owner_api.get(QUOTE, query)

    assert response.status_code == 400
    assert response.json()["error"] == "validation_error"
    assert response.json()["errors"]["place"][0] in {
        "Ce champ est obligatoire.",
        "Ce texte ne peut pas dépasser 80 caractères.",
    }


def test_the_delivery_routes_need_a_signed_in_owner(api_client):
    assert api_client.get(ZONES).status_code == 401
    assert api_client.get(QUOTE, {"place": "Cocody"}).status_code == 401
