"""POST /api/v1/integrations/whatsapp/connect/manual and GET .../webhook-settings, against the fake
Graph API (a real HTTP server on 127.0.0.1) that knows one WhatsApp Business account and its number."""

import pytest

from integrations.crypto import decrypt_token
from integrations.models import WhatsAppConnection
from integrations.serializers import (
    MSG_MANUAL_PHONE_NUMBER_ID_REQUIRED,
    MSG_MANUAL_TOKEN_REQUIRED,
    MSG_MANUAL_WABA_ID_REQUIRED,
    MSG_PHONE_NUMBER_ID_INVALID,
    MSG_TOKEN_INVALID,
    MSG_WABA_ID_INVALID,
)
from integrations.services import (
    MSG_MANUAL_NUMBER_NOT_IN_WABA,
    MSG_MANUAL_PERMISSION_MISSING,
    MSG_MANUAL_PHONE_NUMBER_UNKNOWN,
    MSG_MANUAL_TOKEN_INVALID,
    MSG_MANUAL_WABA_UNKNOWN,
    MSG_META_UNAVAILABLE,
)

from .factories import WhatsAppConnectionFactory
from .fake_graph import DISPLAY_NUMBER, PHONE_NUMBER_ID, VERIFIED_NAME, WABA_ID

pytestmark = pytest.mark.django_db

MANUAL = "/api/v1/integrations/whatsapp/connect/manual"
STATUS = "/api/v1/integrations/whatsapp/status"
SETTINGS = "/api/v1/integrations/whatsapp/webhook-settings"
TOKEN = "EAAGsystemUserPermanentToken42"


@pytest.fixture
def meta(graph):
    """The fake Graph API accepting only TOKEN, as Meta accepts only the tokens it issued."""
    graph.tokens = {TOKEN}
    return graph


def body(**changes) -> dict:
    return {"phone_number_id": PHONE_NUMBER_ID, "waba_id": WABA_ID, "access_token": TOKEN, **changes}


def assert_refused(response, *, status_code: int, code: str, message: str, field: str | None = None):
    assert response.status_code == status_code, response.content
    payload = response.json()
    assert (payload["error"], payload["message"], payload["statusCode"]) == (code, message, status_code)
    if field:
        assert payload["errors"] == {field: [message]}
    assert TOKEN not in response.content.decode()


def test_it_checks_the_ids_and_token_on_the_graph_api_then_records_the_connection(owner_api, owner, meta, all_logs):
    response = owner_api.post(MANUAL, body(), format="json")

    assert response.status_code == 200, response.content
    connection = response.json()["connection"]
    assert response.json()["status"] == "success"
    assert connection["connected"] is True
    assert (connection["display_phone_number"], connection["verified_name"]) == (DISPLAY_NUMBER, VERIFIED_NAME)
    assert (connection["phone_number_id"], connection["waba_id"]) == (PHONE_NUMBER_ID, WABA_ID)
    assert [(c.method, c.path) for c in meta.calls] == [
        ("GET", f"/v23.0/{PHONE_NUMBER_ID}"),
        ("GET", f"/v23.0/{WABA_ID}/phone_numbers"),
        ("POST", f"/v23.0/{WABA_ID}/subscribed_apps"),
    ]
    assert meta.calls[0].query["fields"] == "display_phone_number,verified_name"
    assert all(c.headers["Authorization"] == f"Bearer {TOKEN}" for c in meta.calls)
    saved = WhatsAppConnection.objects.get(owner=owner)
    assert saved.credential_type == "access_token"
    assert TOKEN not in saved.token_ciphertext and decrypt_token(saved.token_ciphertext) == TOKEN
    status = owner_api.get(STATUS)
    assert status.json()["display_phone_number"] == DISPLAY_NUMBER and TOKEN not in status.content.decode()
    assert "WhatsApp connected manually" in all_logs.text
    assert TOKEN not in all_logs.text and TOKEN not in response.content.decode()


def test_a_manual_connection_replaces_an_expired_one_and_clears_the_reconnect_banner(owner_api, owner, meta):
    from django.utils import timezone

    WhatsAppConnectionFactory(owner=owner, token="EAAGrefusedToken", token_invalid_at=timezone.now())
    assert owner_api.get(STATUS).json()["needs_reconnect"] is True

    response = owner_api.post(MANUAL, body(), format="json")

    assert response.status_code == 200
    assert response.json()["connection"]["needs_reconnect"] is False
    assert decrypt_token(WhatsAppConnection.objects.get(owner=owner).token_ciphertext) == TOKEN


def test_a_wrong_token_is_meta_error_190_in_french_and_nothing_is_saved(owner_api, owner, meta, all_logs):
    response = owner_api.post(MANUAL, body(access_token="EAAGnotTheRightOne"), format="json")

    assert_refused(
        response,
        status_code=400,
        code="whatsapp_token_invalid",
        message=MSG_MANUAL_TOKEN_INVALID,
        field="access_token",
    )
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()
    assert [c.path for c in meta.calls] == [f"/v23.0/{PHONE_NUMBER_ID}"]
    assert "EAAGnotTheRightOne" not in all_logs.text
    assert "code 190" in all_logs.text


def test_a_refused_attempt_keeps_the_connection_the_account_had(owner_api, owner, meta):
    WhatsAppConnectionFactory(owner=owner, token="EAAGkeptToken", phone_number_id="111", waba_id="222")

    owner_api.post(MANUAL, body(access_token="EAAGnotTheRightOne"), format="json")

    kept = WhatsAppConnection.objects.get(owner=owner)
    assert kept.is_connected and decrypt_token(kept.token_ciphertext) == "EAAGkeptToken"
    assert (kept.phone_number_id, kept.waba_id) == ("111", "222")


def test_an_unknown_phone_number_id_is_meta_error_100_on_its_field(owner_api, owner, meta):
    response = owner_api.post(MANUAL, body(phone_number_id="999000111222333"), format="json")

    assert_refused(
        response,
        status_code=400,
        code="whatsapp_phone_number_unknown",
        message=MSG_MANUAL_PHONE_NUMBER_UNKNOWN,
        field="phone_number_id",
    )
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()


def test_an_unknown_waba_id_is_meta_error_100_on_its_field(owner_api, owner, meta):
    response = owner_api.post(MANUAL, body(waba_id="888000111222333"), format="json")

    assert_refused(
        response,
        status_code=400,
        code="whatsapp_waba_unknown",
        message=MSG_MANUAL_WABA_UNKNOWN,
        field="waba_id",
    )
    # Nothing was subscribed: the account check comes first.
    assert not any(c.path.endswith("/subscribed_apps") for c in meta.calls)
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()


def test_a_number_of_another_business_account_is_refused(owner_api, owner, meta):
    meta.accounts["555000111222333"] = {"444000111222333": ("+225 05 05 12 34 56", "Autre boutique")}

    response = owner_api.post(MANUAL, body(waba_id="555000111222333"), format="json")

    assert_refused(
        response,
        status_code=400,
        code="whatsapp_number_not_in_waba",
        message=MSG_MANUAL_NUMBER_NOT_IN_WABA,
        field="waba_id",
    )
    assert not any(c.path.endswith("/subscribed_apps") for c in meta.calls)


def test_a_token_without_the_whatsapp_permissions_is_told_which_ones_it_needs(owner_api, owner, meta):
    meta.forbidden.add(f"{WABA_ID}/subscribed_apps")

    response = owner_api.post(MANUAL, body(), format="json")

    assert_refused(
        response,
        status_code=400,
        code="whatsapp_permission_missing",
        message=MSG_MANUAL_PERMISSION_MISSING,
        field="access_token",
    )
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()


def test_meta_unreachable_is_a_french_502_not_a_500(owner_api, owner, graph, settings, closed_port):
    settings.WHATSAPP_GRAPH_URL = f"http://127.0.0.1:{closed_port}"

    response = owner_api.post(MANUAL, body(), format="json")

    assert_refused(response, status_code=502, code="whatsapp_unavailable", message=MSG_META_UNAVAILABLE)
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()


@pytest.mark.parametrize(
    ("payload", "field", "message"),
    [
        ({}, "phone_number_id", MSG_MANUAL_PHONE_NUMBER_ID_REQUIRED),
        (body(phone_number_id="  "), "phone_number_id", MSG_MANUAL_PHONE_NUMBER_ID_REQUIRED),
        (body(waba_id=""), "waba_id", MSG_MANUAL_WABA_ID_REQUIRED),
        (body(access_token=None), "access_token", MSG_MANUAL_TOKEN_REQUIRED),
        (body(phone_number_id="+225 07 48"), "phone_number_id", MSG_PHONE_NUMBER_ID_INVALID),
        (body(waba_id="12ab"), "waba_id", MSG_WABA_ID_INVALID),
        (body(access_token="EAAG with spaces"), "access_token", MSG_TOKEN_INVALID),
        (body(phone_number_id=106540352242922), "phone_number_id", "Ce champ doit être une chaîne de caractères."),
    ],
)
def test_bad_input_is_a_french_400_and_meta_is_not_called(owner_api, meta, payload, field, message):
    response = owner_api.post(MANUAL, payload, format="json")

    assert response.status_code == 400
    assert response.json()["error"] == "validation_error"
    assert message in response.json()["errors"][field]
    assert meta.calls == []


def test_a_body_that_is_not_an_object_is_a_french_400(owner_api, meta):
    response = owner_api.generic("POST", MANUAL, "[]", content_type="application/json")

    assert response.status_code == 400
    assert response.json()["message"] == "Le corps de la requête doit être un objet JSON (ou un formulaire)."


def test_the_manual_set_up_requires_authentication(api_client, meta):
    assert api_client.post(MANUAL, body(), format="json").status_code == 401
    assert api_client.get(SETTINGS).status_code == 401
    assert meta.calls == []


def test_the_webhook_settings_give_the_public_callback_url_and_the_verify_token(owner_api, settings):
    settings.FRONTEND_URL = "https://app.flux-ia.ci/"
    settings.WHATSAPP_VERIFY_TOKEN = "flux-verify-1234"
    settings.FACEBOOK_APP_SECRET = "secret"

    answer = owner_api.get(SETTINGS).json()

    assert answer == {
        "webhook_url": "https://app.flux-ia.ci/api/v1/integrations/whatsapp/webhook",
        "verify_token": "flux-verify-1234",
        "receiving": True,
    }


def test_the_webhook_settings_say_when_this_server_cannot_receive_messages(owner_api, settings):
    settings.WHATSAPP_VERIFY_TOKEN = "flux-verify-1234"
    settings.FACEBOOK_APP_SECRET = ""

    assert owner_api.get(SETTINGS).json()["receiving"] is False


def test_the_schema_documents_the_manual_set_up(owner_api):
    document = owner_api.get("/api/v1/schema", HTTP_ACCEPT="application/json").json()

    properties = document["components"]["schemas"]["WhatsAppManualConnectInputRequest"]["properties"]
    assert set(properties) == {"phone_number_id", "waba_id", "access_token"}
    assert "/api/v1/integrations/whatsapp/connect/manual" in document["paths"]
    assert "/api/v1/integrations/whatsapp/webhook-settings" in document["paths"]
