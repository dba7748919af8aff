"""« Ma boutique »'s payment section: credentials go in encrypted and never come out."""

import pytest

from payments.models import PaymentAccount

from .fake_providers import CINETPAY_SECRET

pytestmark = pytest.mark.django_db


def test_credentials_are_stored_encrypted_and_never_returned(owner_api, owner):
    response = owner_api.put(
        "/api/v1/payments/providers/cinetpay",
        {"api_key": "key-abc", "site_id": "105900", "secret_key": CINETPAY_SECRET},
        format="json",
    )

    assert response.status_code == 200
    assert response.json() == {
        "cinetpay": {"configured": True},
        "wave": {"configured": False},
        "covered_methods": ["moov_money", "mtn_momo", "orange_money", "wave"],
    }
    account = PaymentAccount.objects.get(owner=owner)
    assert CINETPAY_SECRET not in account.secrets_ciphertext and "key-abc" not in account.secrets_ciphertext
    assert CINETPAY_SECRET not in owner_api.get("/api/v1/payments/providers").content.decode()


def test_missing_fields_are_named_in_french(owner_api):
    response = owner_api.put("/api/v1/payments/providers/wave", {"api_key": "k"}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"] == {"webhook_secret": ["Ce champ est requis."]}


def test_an_unknown_provider_is_a_404_and_removal_works(owner_api):
    assert owner_api.put("/api/v1/payments/providers/paypal", {}, format="json").status_code == 404
    owner_api.put("/api/v1/payments/providers/wave", {"api_key": "k", "webhook_secret": "s"}, format="json")

    response = owner_api.delete("/api/v1/payments/providers/wave")

    assert response.json()["wave"] == {"configured": False}


def test_a_notification_for_an_unknown_transaction_is_refused(api_client):
    response = api_client.post("/api/v1/payments/notify/cinetpay", {"cpm_trans_id": "nope"}, format="multipart")

    assert response.status_code == 403
    assert response.json()["message"] == "Notification de paiement refusée : signature invalide."


def test_the_notification_endpoints_need_no_csrf_token_only_a_signature():
    from django.test import Client

    browser_like = Client(enforce_csrf_checks=True)
    response = browser_like.post("/api/v1/payments/notify/wave", data=b"{}", content_type="application/json")

    assert response.status_code == 403
    assert response.json()["error"] == "notification_refused"  # refused for its signature, not for CSRF
