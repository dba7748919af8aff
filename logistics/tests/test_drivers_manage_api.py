"""« Ajouter un livreur », its edit and its deactivation from the Logistique page."""

import pytest

from accounts.tests.factories import UserFactory
from logistics.models import DeliveryStatus, Driver

from .factories import DeliveryFactory, DriverFactory

URL = "/api/v1/logistics/drivers"

pytestmark = pytest.mark.django_db


def test_an_owner_adds_a_driver_whose_phone_is_stored_in_e164(owner_api, owner):
    response = owner_api.post(
        URL, {"name": "Moussa Koné", "phone": "07 48 01 78 23", "vehicle": "moto", "commune": "Marcory"}, format="json"
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["name"], body["phone"], body["vehicle"], body["commune"]) == (
        "Moussa Koné",
        "+2250748017823",
        "moto",
        "Marcory",
    )
    assert body["side"] == "south"  # Marcory is south of the lagoon
    assert body["status"] == "available"
    assert body["location"]["commune"] == "Marcory"
    assert Driver.objects.get(pk=body["id"]).owner == owner


def test_the_side_given_wins_over_the_communes(owner_api):
    response = owner_api.post(
        URL,
        {"name": "Ali", "phone": "+2250102030405", "vehicle": "voiture", "commune": "Bouaké", "side": "south"},
        format="json",
    )

    assert response.status_code == 201
    assert (response.json()["vehicle"], response.json()["side"]) == ("voiture", "south")


@pytest.mark.parametrize(
    ("payload", "field", "message"),
    [
        ({"phone": "+2250102030405", "vehicle": "moto", "commune": "Cocody"}, "name", "Ce champ est obligatoire."),
        ({"name": "Ali", "phone": "abc", "vehicle": "moto", "commune": "Cocody"}, "phone", "Numéro de téléphone"),
        ({"name": "Ali", "phone": "+2250102030405", "vehicle": "vélo", "commune": "Cocody"}, "vehicle", "Véhicule"),
        ({"name": "Ali", "phone": "+2250102030405", "vehicle": "moto", "commune": "Paris"}, "commune", "Commune"),
    ],
)
def test_bad_input_gets_a_french_400(owner_api, payload, field, message):
    response = owner_api.post(URL, payload, format="json")

    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "validation_error"
    assert body["errors"][field][0].startswith(message)


def test_two_active_drivers_cannot_share_a_phone(owner_api, owner):
    DriverFactory(owner=owner, phone="+2250102030405")

    response = owner_api.post(
        URL, {"name": "Ali", "phone": "01 02 03 04 05", "vehicle": "moto", "commune": "Cocody"}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["errors"]["phone"] == ["Un livreur actif a déjà ce numéro de téléphone."]


def test_an_owner_edits_a_driver_and_only_the_fields_sent_change(owner_api, owner):
    driver = DriverFactory(owner=owner, name="Ali", commune="Cocody", vehicle="moto", side="north")

    response = owner_api.patch(f"{URL}/{driver.pk}", {"commune": "Treichville", "vehicle": "voiture"}, format="json")

    assert response.status_code == 200, response.json()
    driver.refresh_from_db()
    assert (driver.name, driver.commune, driver.vehicle, driver.side) == ("Ali", "Treichville", "voiture", "south")
    assert float(driver.latitude) == pytest.approx(5.2930, abs=0.05)


def test_another_accounts_driver_is_a_404(owner_api):
    stranger = DriverFactory(owner=UserFactory())

    assert owner_api.patch(f"{URL}/{stranger.pk}", {"name": "X"}, format="json").status_code == 404
    assert owner_api.post(f"{URL}/{stranger.pk}/deactivate").status_code == 404
    stranger.refresh_from_db()
    assert (stranger.name, stranger.is_enabled) != ("X", False)


def test_a_deactivated_driver_leaves_the_list_and_cannot_be_assigned(owner_api, owner):
    driver = DriverFactory(owner=owner)
    DeliveryFactory(owner=owner, driver=driver, status=DeliveryStatus.DELIVERED)
    waiting = DeliveryFactory(owner=owner, status=DeliveryStatus.PENDING)

    assert owner_api.post(f"{URL}/{driver.pk}/deactivate").status_code == 204

    assert owner_api.get(URL).json()["count"] == 0
    response = owner_api.post(
        f"/api/v1/logistics/deliveries/{waiting.reference}/assign", {"driver_id": driver.pk}, format="json"
    )
    assert response.status_code == 404
    driver.refresh_from_db()
    assert driver.is_enabled is False and driver.deliveries.count() == 1  # his history stays


def test_a_driver_with_deliveries_not_delivered_cannot_be_deactivated(owner_api, owner):
    driver = DriverFactory(owner=owner, name="Ali")
    DeliveryFactory(owner=owner, driver=driver, status=DeliveryStatus.PREPARING)

    response = owner_api.post(f"{URL}/{driver.pk}/deactivate")

    assert response.status_code == 400
    assert response.json()["error"] == "driver_busy"
    assert response.json()["message"].startswith("Ali a encore 1 livraison(s) non livrée(s)")
    driver.refresh_from_db()
    assert driver.is_enabled is True
