"""/api/v1/orders: DESIGN.md's list shape, filters, counters, isolation, the owner's actions, CSV."""

import csv
import io
from datetime import timedelta

import pytest
from django.utils import timezone

from logistics.models import Delivery
from logistics.tests.factories import DriverFactory
from orders.models import Order, OrderStatus
from orders.tests.factories import OrderFactory, OrderLineFactory, delivery_zone

pytestmark = pytest.mark.django_db

URL = "/api/v1/orders"


def test_the_list_has_the_contract_shape(owner_api, owner):
    order = OrderFactory(owner=owner, number=42, customer_phone="+2250707080910", payment_method="wave")

    body = owner_api.get(URL).json()

    assert body["count"] == 1
    assert body["results"] == [
        {
            "id": order.pk,
            "reference": "CMD-2026-00042",
            "status": "confirmed",
            "status_label": "Confirmée",
            "items": [{"sku": "G1", "name": "Garba", "quantity": 2, "unit_price": 1500, "line_total": 3000}],
            "zone": "Cocody",
            "subtotal": 3000,
            "delivery_fee": 1000,
            "total": 4000,
            "payment_method": "wave",
            "payment_method_label": "Wave",
            "customer": {"name": "Fatou Bamba", "whatsapp_number": "+2250707080910"},
            "conversation_id": None,
            "source": "assistant",
            "created_at": body["results"][0]["created_at"],
        }
    ]
    assert body["counters"]["total"] == 1 and body["counters"]["confirmed"] == 1


def test_the_list_costs_three_queries_whatever_its_length(owner_api, owner, django_assert_max_num_queries):
    for _ in range(30):
        order = OrderFactory(owner=owner)
        OrderLineFactory(order=order, unit_price=0, quantity=3, sku="X")

    with django_assert_max_num_queries(3):
        response = owner_api.get(URL, {"page_size": 25})
    assert len(response.json()["results"]) == 25
    assert all(len(item["items"]) == 2 for item in response.json()["results"])

    with django_assert_max_num_queries(3):
        response = owner_api.get(URL, {"status": "confirmed", "page": 2, "page_size": 25})
    assert response.json()["count"] == 30
    assert len(response.json()["results"]) == 5


def test_it_filters_by_customer_number_written_any_way(owner_api, owner):
    mine = OrderFactory(owner=owner, customer_phone="+2250707080910")
    OrderFactory(owner=owner)

    for written in ("07 07 08 09 10", "+225 07 07 08 09 10", "002250707080910", "2250707080910"):
        body = owner_api.get(URL, {"customer": written}).json()
        assert [item["id"] for item in body["results"]] == [mine.pk], written


def test_it_filters_by_status_and_counts_every_status(owner_api, owner):
    OrderFactory(owner=owner, status=OrderStatus.PREPARING)
    delivered = OrderFactory(owner=owner, status=OrderStatus.DELIVERED)

    body = owner_api.get(URL, {"status": "delivered"}).json()

    assert [item["id"] for item in body["results"]] == [delivered.pk]
    assert body["count"] == 1
    assert (body["counters"]["total"], body["counters"]["preparing"], body["counters"]["delivered"]) == (2, 1, 1)


def test_it_filters_by_date_range_and_searches_reference_or_customer(owner_api, owner):
    now = timezone.now()
    old = OrderFactory(owner=owner, created_at=now - timedelta(days=10), customer_name="Aminata Koné")
    recent = OrderFactory(owner=owner, number=77, created_at=now, customer_name="Yao Kouassi")
    today = timezone.localdate()

    in_range = owner_api.get(URL, {"date_from": (today - timedelta(days=1)).isoformat(), "date_to": today.isoformat()})
    assert [item["id"] for item in in_range.json()["results"]] == [recent.pk]
    assert [item["id"] for item in owner_api.get(URL, {"q": "aminata"}).json()["results"]] == [old.pk]
    assert [item["id"] for item in owner_api.get(URL, {"q": "00077"}).json()["results"]] == [recent.pk]


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"status": "lost"}, "status", "Statut inconnu"),
        ({"date_from": "hier"}, "date_from", "Date invalide : utilisez le format AAAA-MM-JJ."),
        (
            {"date_from": "2026-05-02", "date_to": "2026-05-01"},
            "date_to",
            "La date de début doit précéder la date de fin.",
        ),
        ({"customer": "abc"}, "customer", "Numéro WhatsApp invalide."),
    ],
)
def test_bad_filters_are_a_french_400(owner_api, params, field, message):
    response = owner_api.get(URL, params)

    assert response.status_code == 400
    assert response.json()["error"] == "validation_error"
    assert response.json()["errors"][field][0].startswith(message)


def test_another_accounts_order_is_not_found(owner_api):
    theirs = OrderFactory()

    assert owner_api.get(URL).json()["count"] == 0
    for method, path in [
        ("get", f"{URL}/{theirs.pk}"),
        ("post", f"{URL}/{theirs.pk}/transition"),
        ("post", f"{URL}/{theirs.pk}/cancel"),
        ("post", f"{URL}/{theirs.pk}/assign-driver"),
    ]:
        body = {"status": "preparing", "reason": "x", "driver_id": 1}
        response = getattr(owner_api, method)(path, body) if method == "post" else owner_api.get(path)
        assert response.status_code == 404, path
        assert response.json()["error"] == "not_found"
    theirs.refresh_from_db()
    assert theirs.status == "confirmed"


def test_the_list_needs_a_signed_in_owner(api_client):
    assert api_client.get(URL).status_code == 401


def test_the_detail_has_lines_history_and_a_suggested_driver(owner_api, owner):
    order = OrderFactory(owner=owner)
    moussa = DriverFactory(owner=owner, name="Moussa", commune="Cocody", latitude=5.36, longitude=-3.98)

    body = owner_api.get(f"{URL}/{order.pk}").json()

    assert body["reference"] == order.reference
    assert body["items"][0]["name"] == "Garba"
    assert body["next_statuses"] == ["preparing", "cancelled"]
    assert body["suggested_driver"]["id"] == moussa.pk
    assert [(choice["id"], choice["eligible"]) for choice in body["driver_choices"]] == [(moussa.pk, True)]
    assert body["delivery"] is None
    assert body["lagoon_side"] == "north"


def test_the_owner_creates_a_phone_order(owner_api, owner):
    delivery_zone(owner, "Cocody", fee=1000)
    response = owner_api.post(
        URL,
        {
            "customer_name": "Koffi Yao",
            "customer_phone": "07 07 08 09 10",
            "items": [{"name": "Garba", "unit_price": 1500, "quantity": 2}],
            "zone": "Cocody",
            "address": "Angré",
            "delivery_fee": 1000,
            "payment_method": "cash",
        },
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["source"], body["total"], body["customer"]["whatsapp_number"]) == ("owner", 4000, "+2250707080910")
    assert body["history"][0]["actor"] == "owner"


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"items": []}, "items", "Ajoutez au moins un produit."),
        ({"items": [{"quantity": 0, "name": "Garba", "unit_price": 1}]}, "items.0.quantity", "La quantité doit être"),
        ({"items": [{"quantity": 1}]}, "items.0.non_field_errors", "Indiquez le nom et le prix unitaire"),
        ({"payment_method": "bitcoin"}, "payment_method", "Moyen de paiement inconnu"),
        ({"customer_phone": "12"}, "customer_phone", "Numéro WhatsApp invalide."),
        ({"customer_name": ""}, "customer_name", "Ce champ est obligatoire."),
        ({"delivery_fee": -5}, "delivery_fee", "Le montant doit être"),
    ],
)
def test_a_bad_phone_order_is_a_french_400(owner_api, changes, field, message):
    payload = {
        "customer_name": "Koffi",
        "customer_phone": "0707080910",
        "items": [{"name": "Garba", "unit_price": 1500, "quantity": 1}],
        "zone": "pickup",
        "payment_method": "cash",
        **changes,
    }

    response = owner_api.post(URL, payload)

    assert response.status_code == 400
    assert response.json()["errors"][field][0].startswith(message), response.json()
    assert not Order.objects.exists()


def test_the_owner_moves_an_order_and_a_refusal_is_a_french_400(owner_api, owner):
    order = OrderFactory(owner=owner)

    moved = owner_api.post(f"{URL}/{order.pk}/transition", {"status": "preparing"})
    refused = owner_api.post(f"{URL}/{order.pk}/transition", {"status": "delivered"})

    assert moved.status_code == 200
    assert moved.json()["status_label"] == "En préparation"
    assert moved.json()["history"][-1]["to_status"] == "preparing"
    assert refused.status_code == 400
    assert refused.json() == {
        "message": "Transition impossible : une commande « En préparation » ne peut pas passer à « Livrée ».",
        "error": "invalid_transition",
        "statusCode": 400,
    }


def test_the_owner_cancels_with_a_reason(owner_api, owner):
    order = OrderFactory(owner=owner)

    missing = owner_api.post(f"{URL}/{order.pk}/cancel", {"reason": ""})
    done = owner_api.post(f"{URL}/{order.pk}/cancel", {"reason": "Client injoignable"})

    assert missing.status_code == 400
    assert missing.json()["message"] == "Indiquez le motif de l'annulation."
    assert (done.json()["status"], done.json()["cancel_reason"]) == ("cancelled", "Client injoignable")
    assert done.json()["items"]  # a cancelled order keeps its lines


def test_the_owner_assigns_a_driver_and_delivers(owner_api, owner):
    order = OrderFactory(owner=owner, status=OrderStatus.PREPARING)
    moussa = DriverFactory(owner=owner, name="Moussa", commune="Cocody", latitude=5.36, longitude=-3.98)

    assigned = owner_api.post(f"{URL}/{order.pk}/assign-driver", {"driver_id": moussa.pk})
    owner_api.post(f"{URL}/{order.pk}/transition", {"status": "out_for_delivery"})
    delivered = owner_api.post(f"{URL}/{order.pk}/transition", {"status": "delivered"})

    assert assigned.status_code == 200
    assert assigned.json()["delivery"]["driver"]["name"] == "Moussa"
    assert delivered.json()["status"] == "delivered"
    assert Delivery.objects.get(order=order).status == "delivered"


def test_another_accounts_driver_cannot_be_assigned(owner_api, owner):
    order = OrderFactory(owner=owner)

    response = owner_api.post(f"{URL}/{order.pk}/assign-driver", {"driver_id": DriverFactory().pk})

    assert response.status_code == 404
    assert not Delivery.objects.exists()


def test_the_csv_export_opens_in_excel_in_french(owner_api, owner):
    now = timezone.now()
    OrderFactory(owner=owner, number=1, customer_name="Aïcha Traoré", created_at=now)
    OrderFactory(owner=owner, number=2, created_at=now - timedelta(days=40))
    today = timezone.localdate().isoformat()

    response = owner_api.get(f"{URL}/export.csv", {"date_from": today, "date_to": today})

    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="commandes-{today}-{today}.csv"'
    assert response.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:3] == ["Référence", "Date", "Client"]
    assert len(rows) == 2
    assert rows[1][0] == "CMD-2026-00001"
    assert rows[1][2] == "Aïcha Traoré"
    assert rows[1][7] == "2 × Garba"
    assert rows[1][8:11] == ["3000", "1000", "4000"]


def test_the_csv_export_never_lists_another_accounts_orders(owner_api):
    OrderFactory()

    rows = owner_api.get(f"{URL}/export.csv").content.decode("utf-8-sig").strip().splitlines()

    assert len(rows) == 1


def test_the_orders_endpoints_are_in_the_openapi_schema(owner_api):
    schema = owner_api.get("/api/v1/schema", HTTP_ACCEPT="application/json").content.decode()

    for operation in ("orders_list", "orders_create", "orders_transition", "orders_assign_driver", "orders_export_csv"):
        assert operation in schema
