from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from logistics.models import Delivery, DeliveryStatus

from .factories import DeliveryFactory, DriverFactory

URL = "/api/v1/logistics/deliveries"

pytestmark = pytest.mark.django_db


def in_hours(hours: float) -> str:
    return (timezone.now() + timedelta(hours=hours)).isoformat()


def schedule_body(**overrides) -> dict:
    return {
        "customer": "Kouadio Konan",
        "phone": "+2250505050505",
        "address": "Carrefour Siporex",
        "commune": "Yopougon",
        "products": ["3 pagnes wax", "1 boubou brodé"],
        "amount": 45000,
        "estimated_time": in_hours(3),
        "priority": "high",
        **overrides,
    }


# --- list, counters, scoping -------------------------------------------------------------------


def test_it_lists_deliveries_in_the_spec_shape_with_french_labels(owner_api, owner):
    driver = DriverFactory(owner=owner, name="Ibrahim Ouattara")
    DeliveryFactory(owner=owner, driver=driver, status=DeliveryStatus.EN_ROUTE, progress=60, priority="high")

    row = owner_api.get(URL).json()["results"][0]

    assert row["id"].startswith("LIV-2026-")
    assert row["customer"] == "Aminata Coulibaly"
    assert row["products"] == ["2 pagnes wax", "1 sac en raphia"]
    assert row["status"] == "en_route" and row["status_label"] == "En route"
    assert row["priority"] == "high" and row["priority_label"] == "Urgent"
    assert row["driver"] == {"id": driver.id, "name": "Ibrahim Ouattara", "phone": driver.phone}
    assert row["progress"] == 60
    assert row["coordinates"] == {"lat": 5.36, "lng": -3.98}
    assert row["delay"] is None


def test_the_status_labels_are_the_specs(owner_api, owner):
    for status in DeliveryStatus:
        DeliveryFactory(owner=owner, status=status)

    labels = {row["status"]: row["status_label"] for row in owner_api.get(URL).json()["results"]}

    assert labels == {"pending": "En attente", "preparing": "Préparation", "en_route": "En route", "delivered": "Livré"}


def test_the_counters_count_every_status_and_the_filter_narrows_the_list(owner_api, owner):
    DeliveryFactory.create_batch(2, owner=owner, status=DeliveryStatus.PENDING)
    DeliveryFactory(owner=owner, status=DeliveryStatus.EN_ROUTE)
    DeliveryFactory(owner=owner, status=DeliveryStatus.DELIVERED)
    DeliveryFactory(owner=UserFactory(), status=DeliveryStatus.PENDING)

    body = owner_api.get(URL, {"status": "pending"}).json()

    assert body["counters"] == {"total": 4, "pending": 2, "preparing": 0, "en_route": 1, "delivered": 1}
    assert body["count"] == 2
    assert {row["status"] for row in body["results"]} == {"pending"}


def test_it_rejects_an_unknown_status_filter_in_french(owner_api):
    response = owner_api.get(URL, {"status": "perdu"})

    assert response.status_code == 400
    assert response.json()["message"] == "Statut inconnu : utilisez pending, preparing, en_route ou delivered."


def test_another_accounts_delivery_is_invisible_and_untouchable(owner_api, owner):
    stranger = DeliveryFactory(owner=UserFactory(), reference="LIV-2026-900")
    own_driver = DriverFactory(owner=owner)

    assert owner_api.get(URL).json()["count"] == 0
    assert owner_api.get(f"{URL}/LIV-2026-900").status_code == 404
    assert owner_api.post(f"{URL}/LIV-2026-900/status", {"status": "preparing"}).status_code == 404
    assert owner_api.post(f"{URL}/LIV-2026-900/assign", {"driver_id": own_driver.id}).status_code == 404
    assert (
        owner_api.post(f"{URL}/LIV-2026-900/delay", {"estimated_time": in_hours(2), "note": "Pluie"}).status_code == 404
    )
    stranger.refresh_from_db()
    assert (stranger.status, stranger.driver_id, stranger.delay_note) == ("pending", None, "")


def test_the_same_reference_in_two_accounts_reads_each_accounts_own(owner_api, owner):
    DeliveryFactory(owner=owner, reference="LIV-2026-001", customer_name="Mine")
    DeliveryFactory(owner=UserFactory(), reference="LIV-2026-001", customer_name="Theirs")

    assert owner_api.get(f"{URL}/LIV-2026-001").json()["customer"] == "Mine"


def test_the_list_costs_four_queries_whatever_the_number_of_deliveries(owner_api, owner, django_assert_max_num_queries):
    """Counters, page count, page rows, and the driver's steps of the page's deliveries (one query)."""
    drivers = DriverFactory.create_batch(3, owner=owner)
    for index in range(45):
        DeliveryFactory(owner=owner, driver=drivers[index % 3])

    with django_assert_max_num_queries(4):
        response = owner_api.get(URL, {"page_size": 40})
    assert len(response.json()["results"]) == 40
    assert response.json()["next"]


# --- transitions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("current", "target", "progress"),
    [("pending", "preparing", 25), ("preparing", "en_route", 60), ("en_route", "delivered", 100)],
)
def test_it_moves_a_delivery_one_step_forward(owner_api, owner, current, target, progress):
    delivery = DeliveryFactory(owner=owner, status=current, driver=DriverFactory(owner=owner))

    response = owner_api.post(f"{URL}/{delivery.reference}/status", {"status": target})

    assert response.status_code == 200
    assert response.json()["status"] == target
    assert response.json()["progress"] == progress
    delivery.refresh_from_db()
    assert delivery.status == target
    assert (delivery.delivered_at is not None) == (target == "delivered")


@pytest.mark.parametrize(
    ("current", "target", "message"),
    [
        (
            "pending",
            "en_route",
            "Transition impossible : une livraison « En attente » "
            "ne peut passer qu'à « Préparation », pas à « En route ».",
        ),
        (
            "pending",
            "delivered",
            "Transition impossible : une livraison « En attente » "
            "ne peut passer qu'à « Préparation », pas à « Livré ».",
        ),
        (
            "preparing",
            "pending",
            "Transition impossible : une livraison « Préparation » "
            "ne peut passer qu'à « En route », pas à « En attente ».",
        ),
        (
            "preparing",
            "delivered",
            "Transition impossible : une livraison « Préparation » ne peut passer qu'à « En route », pas à « Livré ».",
        ),
        (
            "en_route",
            "pending",
            "Transition impossible : une livraison « En route » ne peut passer qu'à « Livré », pas à « En attente ».",
        ),
        (
            "en_route",
            "preparing",
            "Transition impossible : une livraison « En route » ne peut passer qu'à « Livré », pas à « Préparation ».",
        ),
        ("pending", "pending", "La livraison LIV-2026-777 est déjà « En attente »."),
        ("preparing", "preparing", "La livraison LIV-2026-777 est déjà « Préparation »."),
        ("en_route", "en_route", "La livraison LIV-2026-777 est déjà « En route »."),
        ("delivered", "pending", "La livraison LIV-2026-777 est déjà livrée : son statut ne peut plus changer."),
        ("delivered", "preparing", "La livraison LIV-2026-777 est déjà livrée : son statut ne peut plus changer."),
        ("delivered", "en_route", "La livraison LIV-2026-777 est déjà livrée : son statut ne peut plus changer."),
        ("delivered", "delivered", "La livraison LIV-2026-777 est déjà livrée : son statut ne peut plus changer."),
    ],
)
def test_it_refuses_every_other_transition_in_french(owner_api, owner, current, target, message):
    delivery = DeliveryFactory(owner=owner, reference="LIV-2026-777", status=current, driver=DriverFactory(owner=owner))

    response = owner_api.post(f"{URL}/{delivery.reference}/status", {"status": target})

    assert response.status_code == 400
    assert response.json() == {"message": message, "error": "invalid_transition", "statusCode": 400}
    delivery.refresh_from_db()
    assert delivery.status == current


def test_a_delivery_needs_a_driver_to_go_en_route(owner_api, owner):
    delivery = DeliveryFactory(owner=owner, reference="LIV-2026-005", status="preparing", driver=None)

    response = owner_api.post(f"{URL}/{delivery.reference}/status", {"status": "en_route"})

    assert response.status_code == 400
    assert response.json()["error"] == "driver_required"
    assert response.json()["message"] == "Assignez un livreur avant de mettre la livraison LIV-2026-005 en route."


def test_an_unknown_status_is_a_validation_error(owner_api, owner):
    delivery = DeliveryFactory(owner=owner)

    response = owner_api.post(f"{URL}/{delivery.reference}/status", {"status": "annulée"})

    assert response.status_code == 400
    assert response.json()["errors"] == {
        "status": ["Statut inconnu : utilisez pending, preparing, en_route ou delivered."]
    }


# --- assign, delay, schedule -----------------------------------------------------------------


def test_it_assigns_one_of_the_accounts_drivers(owner_api, owner):
    delivery = DeliveryFactory(owner=owner)
    driver = DriverFactory(owner=owner, name="Seydou Bamba")

    response = owner_api.post(f"{URL}/{delivery.reference}/assign", {"driver_id": driver.id})

    assert response.status_code == 200
    assert response.json()["driver"]["name"] == "Seydou Bamba"


def test_it_will_not_assign_another_accounts_driver(owner_api, owner):
    delivery = DeliveryFactory(owner=owner)
    foreign_driver = DriverFactory(owner=UserFactory())

    response = owner_api.post(f"{URL}/{delivery.reference}/assign", {"driver_id": foreign_driver.id})

    assert response.status_code == 404
    delivery.refresh_from_db()
    assert delivery.driver_id is None


def test_it_will_not_assign_a_driver_to_a_delivered_delivery(owner_api, owner):
    delivery = DeliveryFactory(owner=owner, reference="LIV-2026-010", status="delivered")

    response = owner_api.post(f"{URL}/{delivery.reference}/assign", {"driver_id": DriverFactory(owner=owner).id})

    assert response.status_code == 400
    assert response.json()["message"] == "Impossible d'assigner un livreur : la livraison LIV-2026-010 est déjà livrée."


def test_it_records_a_delay_with_the_new_time_and_the_reason(owner_api, owner):
    delivery = DeliveryFactory(owner=owner, status="en_route", driver=DriverFactory(owner=owner))
    new_time = in_hours(2)

    response = owner_api.post(
        f"{URL}/{delivery.reference}/delay", {"estimated_time": new_time, "note": "Embouteillage à Adjamé"}
    )

    assert response.status_code == 200
    assert response.json()["delay"]["note"] == "Embouteillage à Adjamé"
    delivery.refresh_from_db()
    assert delivery.estimated_at.isoformat() == new_time
    assert delivery.delay_reported_at is not None


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        (
            {"estimated_time": "demain", "note": "Pluie"},
            "estimated_time",
            "Date et heure invalides : utilisez le format ISO 8601 (2025-06-01T14:30:00Z).",
        ),
        ({"note": "Pluie"}, "estimated_time", "Ce champ est obligatoire."),
        ({"estimated_time": "2099-01-01T10:00:00Z", "note": ""}, "note", "Précisez la raison du retard."),
        (
            {"estimated_time": "2099-01-01T10:00:00Z", "note": "x" * 301},
            "note",
            "La raison du retard ne peut pas dépasser 300 caractères.",
        ),
        (
            {"estimated_time": "2020-01-01T10:00:00Z", "note": "Pluie"},
            "estimated_time",
            "L'heure estimée doit être dans le futur.",
        ),
    ],
)
def test_it_rejects_an_invalid_delay_in_french(owner_api, owner, body, field, message):
    delivery = DeliveryFactory(owner=owner)

    response = owner_api.post(f"{URL}/{delivery.reference}/delay", body)

    assert response.status_code == 400
    assert response.json()["errors"][field] == [message]


def test_it_refuses_a_delay_on_a_delivered_delivery(owner_api, owner):
    delivery = DeliveryFactory(owner=owner, reference="LIV-2026-011", status="delivered")

    response = owner_api.post(f"{URL}/{delivery.reference}/delay", {"estimated_time": in_hours(1), "note": "Pluie"})

    assert response.status_code == 400
    assert response.json()["message"] == "Impossible de signaler un retard : la livraison LIV-2026-011 est déjà livrée."


def test_scheduling_creates_a_pending_delivery_with_the_next_reference(owner_api, owner):
    year = timezone.localtime().year
    driver = DriverFactory(owner=owner)

    first = owner_api.post(URL, schedule_body(driver_id=driver.id), format="json")
    second = owner_api.post(URL, schedule_body(), format="json")

    assert first.status_code == 201
    assert first.json()["id"] == f"LIV-{year}-001"
    assert second.json()["id"] == f"LIV-{year}-002"
    body = first.json()
    assert body["status"] == "pending" and body["status_label"] == "En attente" and body["progress"] == 0
    assert body["city"] == "Abidjan" and body["commune"] == "Yopougon"
    assert body["coordinates"] == {"lat": 5.345, "lng": -4.08}
    assert body["driver"]["id"] == driver.id
    assert body["amount"] == 45000


def test_each_account_numbers_its_deliveries_from_one(owner_api, owner):
    other = APIClient()
    other.force_authenticate(UserFactory())
    year = timezone.localtime().year

    owner_api.post(URL, schedule_body(), format="json")

    assert other.post(URL, schedule_body(), format="json").json()["id"] == f"LIV-{year}-001"


def test_scheduling_keeps_exact_coordinates_when_given(owner_api):
    response = owner_api.post(URL, schedule_body(latitude=5.3512, longitude=-3.9911), format="json")

    assert response.json()["coordinates"] == {"lat": 5.3512, "lng": -3.9911}


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        (
            {"commune": "Paris"},
            "commune",
            "Commune inconnue : choisissez une commune d'Abidjan ou une ville de la liste.",
        ),
        ({"products": []}, "products", "Indiquez au moins un produit."),
        ({"amount": -5}, "amount", "Le montant doit être un nombre entier de F CFA, positif ou nul."),
        ({"phone": "abc"}, "phone", "Numéro de téléphone invalide : chiffres uniquement, avec l'indicatif (+225...)."),
        ({"customer": ""}, "customer", "Ce champ est obligatoire."),
        ({"priority": "critique"}, "priority", "Priorité inconnue : utilisez high, medium ou low."),
        ({"latitude": 5.3}, "latitude", "Indiquez la latitude et la longitude ensemble."),
        ({"estimated_time": "2020-01-01T10:00:00Z"}, "estimated_time", "L'heure estimée doit être dans le futur."),
    ],
)
def test_it_rejects_an_invalid_schedule_in_french(owner_api, overrides, field, message):
    response = owner_api.post(URL, schedule_body(**overrides), format="json")

    assert response.status_code == 400
    assert response.json()["errors"][field] == [message]
    assert Delivery.objects.count() == 0


def test_scheduling_with_another_accounts_driver_is_a_404(owner_api):
    response = owner_api.post(URL, schedule_body(driver_id=DriverFactory(owner=UserFactory()).id), format="json")

    assert response.status_code == 404
    assert Delivery.objects.count() == 0


def test_the_customers_number_is_stored_as_e164_whatever_its_spelling(owner_api):
    response = owner_api.post(URL, schedule_body(phone="05 05 05 05 05"), format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["phone"] == "+2250505050505"


def test_a_number_with_letters_is_refused_in_french(owner_api):
    response = owner_api.post(URL, schedule_body(phone="+225 07 CALL ME"), format="json")

    assert response.status_code == 400
    assert response.json()["errors"]["phone"] == [
        "Numéro de téléphone invalide : chiffres uniquement, avec l'indicatif (+225...)."
    ]
