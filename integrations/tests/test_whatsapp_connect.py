"""POST /api/v1/integrations/whatsapp/connect against a real webhook server on 127.0.0.1."""

import json
import time

import pytest
from django.db import connection as db_connection

from integrations.crypto import decrypt_token
from integrations.models import ConnectionStatus, WhatsAppConnection
from integrations.serializers import (
    MSG_CODE_INVALID,
    MSG_CREDENTIAL_BOTH,
    MSG_CREDENTIAL_REQUIRED,
    MSG_ID_TOO_LONG,
    MSG_NOT_AN_OBJECT,
    MSG_PHONE_NUMBER_ID_INVALID,
    MSG_TOKEN_INVALID,
    MSG_WABA_ID_INVALID,
)
from integrations.services import MSG_CONFIGURATION_FAILED

from .conftest import WEBHOOK_PATH
from .factories import WhatsAppConnectionFactory

CONNECT = "/api/v1/integrations/whatsapp/connect"
STATUS = "/api/v1/integrations/whatsapp/status"
TOKEN = "EAAGm0PX4ZCpsBAKsecret9Token0ZBqZCw"
CODE = "AQBx7secretSignupCode-_42"

pytestmark = pytest.mark.django_db


def assert_configuration_error(response, *, status_code=502, code="whatsapp_configuration_failed"):
    assert response.status_code == status_code
    assert response.json() == {"message": MSG_CONFIGURATION_FAILED, "error": code, "statusCode": status_code}


def raw_token_column(owner) -> str:
    with db_connection.cursor() as cursor:
        cursor.execute("SELECT token_ciphertext FROM integrations_whatsappconnection WHERE owner_id = %s", [owner.pk])
        return cursor.fetchone()[0]


# --- success ---------------------------------------------------------------------------------


def test_it_relays_the_token_in_the_json_body_and_records_the_connection(owner_bearer_api, owner, webhook):
    response = owner_bearer_api.post(CONNECT, {"access_token": TOKEN}, format="json")

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "success"
    assert body["connection"]["connected"] is True
    assert body["connection"]["status"] == "connected"
    assert body["connection"]["connected_at"]
    [received] = webhook.received
    assert received.method == "POST"
    assert received.path == WEBHOOK_PATH
    assert received.headers["Content-Type"] == "application/json"
    assert received.json() == {"token": TOKEN, "token_type": "access_token"}
    saved = WhatsAppConnection.objects.get(owner=owner)
    assert saved.status == ConnectionStatus.CONNECTED
    assert saved.connected_at is not None


def test_it_relays_the_embedded_signup_code_with_the_account_ids(owner_bearer_api, owner, webhook):
    response = owner_bearer_api.post(
        CONNECT, {"code": CODE, "waba_id": "102290129340398", "phone_number_id": "106540352242922"}, format="json"
    )

    assert response.status_code == 200
    assert webhook.received[0].json() == {
        "token": CODE,
        "token_type": "code",
        "waba_id": "102290129340398",
        "phone_number_id": "106540352242922",
    }
    assert response.json()["connection"]["waba_id"] == "102290129340398"
    assert response.json()["connection"]["phone_number_id"] == "106540352242922"
    saved = WhatsAppConnection.objects.get(owner=owner)
    assert (saved.credential_type, saved.waba_id, saved.phone_number_id) == (
        "code",
        "102290129340398",
        "106540352242922",
    )


def test_the_token_never_appears_in_the_url_headers_logs_or_responses(
    owner_bearer_api, owner, webhook, all_logs, capfd
):
    response = owner_bearer_api.post(CONNECT, {"access_token": TOKEN}, format="json")
    status = owner_bearer_api.get(STATUS)

    [received] = webhook.received
    assert TOKEN not in received.path
    assert all(TOKEN not in value for value in received.headers.values())
    assert TOKEN in received.body.decode()
    assert TOKEN not in response.content.decode()
    assert TOKEN not in status.content.decode()
    # The log capture is real: urllib3's DEBUG line for this very request is in it.
    assert any(r.name.startswith("urllib3") and "127.0.0.1" in r.getMessage() for r in all_logs.records)
    assert any("WhatsApp connected for account" in r.getMessage() for r in all_logs.records)
    assert TOKEN not in all_logs.text
    assert all(TOKEN not in r.getMessage() and TOKEN not in str(r.args) for r in all_logs.records)
    out, err = capfd.readouterr()
    assert TOKEN not in out + err


def test_the_token_is_encrypted_in_the_database_row(owner_bearer_api, owner, webhook):
    owner_bearer_api.post(CONNECT, {"access_token": TOKEN}, format="json")

    raw = raw_token_column(owner)
    assert raw
    assert TOKEN not in raw
    assert decrypt_token(raw) == TOKEN


def test_the_token_is_encrypted_with_the_key_from_the_environment(owner_bearer_api, owner, webhook, settings):
    from cryptography.fernet import Fernet

    key = Fernet.generate_key()
    settings.WHATSAPP_TOKEN_KEY = key.decode()

    owner_bearer_api.post(CONNECT, {"access_token": TOKEN}, format="json")

    assert Fernet(key).decrypt(raw_token_column(owner).encode()).decode() == TOKEN


def test_a_new_connection_replaces_the_previous_credential_and_ids(owner_bearer_api, owner, webhook):
    WhatsAppConnectionFactory(owner=owner, token="EAAGoldtoken", waba_id="1", phone_number_id="2")

    owner_bearer_api.post(CONNECT, {"access_token": TOKEN}, format="json")

    saved = WhatsAppConnection.objects.get(owner=owner)
    assert decrypt_token(saved.token_ciphertext) == TOKEN
    assert (saved.waba_id, saved.phone_number_id) == ("", "")


# --- failures --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "answer",
    [
        {"json_body": {"status": "error", "echo": TOKEN}},
        {"json_body": {"status": "SUCCESS"}},
        {"json_body": {"result": "success"}},
        {"json_body": ["success"]},
        {"raw": b"<html>OK</html>"},
        {"raw": b""},
        {"json_body": {"status": "success"}, "status_code": 500},
        {"json_body": {"status": "success"}, "status_code": 302},
    ],
    ids=["error-status", "wrong-case", "no-status", "not-an-object", "html", "empty", "http-500", "redirect"],
)
def test_any_answer_but_status_success_is_the_configuration_error(owner_bearer_api, owner, webhook, all_logs, answer):
    webhook.answer(**answer)

    response = owner_bearer_api.post(CONNECT, {"access_token": TOKEN}, format="json")

    assert_configuration_error(response)
    assert len(webhook.received) == 1
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()
    assert TOKEN not in response.content.decode()
    assert TOKEN not in all_logs.text
    assert any("WhatsApp token relay to 127.0.0.1 failed" in r.getMessage() for r in all_logs.records)


def test_a_webhook_slower_than_the_timeout_is_the_configuration_error(
    owner_bearer_api, owner, webhook, settings, all_logs
):
    settings.WHATSAPP_WEBHOOK_TIMEOUT = 0.5
    webhook.answer(json_body={"status": "success"}, delay=5)

    started = time.monotonic()
    response = owner_bearer_api.post(CONNECT, {"access_token": TOKEN}, format="json")
    elapsed = time.monotonic() - started

    assert_configuration_error(response)
    assert elapsed < 3
    assert len(webhook.received) == 1
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()
    assert "timed out after 0.5 s" in all_logs.text
    assert TOKEN not in all_logs.text


def test_a_refused_connection_is_the_configuration_error(owner_bearer_api, owner, settings, closed_port, all_logs):
    settings.WHATSAPP_TOKEN_WEBHOOK_URL = f"https://127.0.0.1:{closed_port}{WEBHOOK_PATH}"

    response = owner_bearer_api.post(CONNECT, {"access_token": TOKEN}, format="json")

    assert_configuration_error(response)
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()
    assert "connection failed" in all_logs.text
    assert TOKEN not in all_logs.text


def test_an_untrusted_certificate_is_the_configuration_error(owner_bearer_api, owner, webhook, monkeypatch):
    monkeypatch.delenv("REQUESTS_CA_BUNDLE")

    response = owner_bearer_api.post(CONNECT, {"access_token": TOKEN}, format="json")

    assert_configuration_error(response)
    assert webhook.received == []


def test_an_http_webhook_is_refused_in_production_without_sending_anything(
    owner_bearer_api, owner, plain_webhook, settings, all_logs
):
    settings.DEBUG = False

    response = owner_bearer_api.post(CONNECT, {"access_token": TOKEN}, format="json")

    assert_configuration_error(response, status_code=503, code="whatsapp_unavailable")
    assert plain_webhook.received == []
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()
    [line] = [r for r in all_logs.records if r.name == "flux.integrations.whatsapp"]
    assert line.levelname == "ERROR"
    assert "must use https when DEBUG is off" in line.getMessage()
    assert TOKEN not in all_logs.text


def test_an_http_webhook_is_allowed_while_debugging(owner_bearer_api, owner, plain_webhook, settings):
    settings.DEBUG = True

    response = owner_bearer_api.post(CONNECT, {"access_token": TOKEN}, format="json")

    assert response.status_code == 200
    assert plain_webhook.received[0].json()["token"] == TOKEN


def test_an_unconfigured_webhook_is_the_configuration_error(owner_bearer_api, owner, settings):
    settings.WHATSAPP_TOKEN_WEBHOOK_URL = ""

    response = owner_bearer_api.post(CONNECT, {"access_token": TOKEN}, format="json")

    assert_configuration_error(response, status_code=503, code="whatsapp_unavailable")


def test_a_failed_attempt_keeps_the_existing_connection(owner_bearer_api, owner, webhook):
    WhatsAppConnectionFactory(owner=owner, token="EAAGkeptToken")
    webhook.answer(json_body={"status": "error"})

    owner_bearer_api.post(CONNECT, {"access_token": TOKEN}, format="json")

    saved = WhatsAppConnection.objects.get(owner=owner)
    assert saved.is_connected
    assert decrypt_token(saved.token_ciphertext) == "EAAGkeptToken"


# --- input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({}, "access_token", MSG_CREDENTIAL_REQUIRED),
        ({"access_token": "  "}, "access_token", MSG_CREDENTIAL_REQUIRED),
        ({"access_token": TOKEN, "code": CODE}, "code", MSG_CREDENTIAL_BOTH),
        ({"access_token": "EAAG with spaces"}, "access_token", MSG_TOKEN_INVALID),
        ({"code": "code\u00e9"}, "code", MSG_CODE_INVALID),
        ({"code": CODE, "waba_id": "12ab"}, "waba_id", MSG_WABA_ID_INVALID),
        ({"code": CODE, "phone_number_id": "+225"}, "phone_number_id", MSG_PHONE_NUMBER_ID_INVALID),
        ({"code": CODE, "waba_id": "1" * 33}, "waba_id", MSG_ID_TOO_LONG),
        (
            {"access_token": {"nested": TOKEN}},
            "access_token",
            "Valeur invalide : une chaîne de caractères est attendue.",
        ),
    ],
)
def test_it_rejects_bad_input_in_french_without_calling_the_webhook(owner_bearer_api, webhook, body, field, message):
    response = owner_bearer_api.post(CONNECT, body, format="json")

    assert response.status_code == 400
    payload = response.json()
    assert payload["error"] == "validation_error"
    assert payload["message"] == message
    assert payload["errors"][field] == [message]
    assert webhook.received == []
    assert TOKEN not in response.content.decode()


@pytest.mark.parametrize(
    ("raw", "message"),
    [("null", MSG_CREDENTIAL_REQUIRED), ("[]", MSG_NOT_AN_OBJECT), ('"EAAG"', MSG_NOT_AN_OBJECT)],
)
def test_a_body_that_is_not_an_object_is_a_french_400(owner_bearer_api, webhook, raw, message):
    response = owner_bearer_api.generic("POST", CONNECT, raw, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["message"] == message
    assert webhook.received == []


def test_malformed_json_is_a_400(owner_bearer_api, webhook):
    response = owner_bearer_api.generic("POST", CONNECT, "{not json", content_type="application/json")

    assert response.status_code == 400
    assert response.json()["error"] == "parse_error"


def test_connection_attempts_are_throttled(owner_bearer_api, webhook):
    webhook.answer(json_body={"status": "error"})
    statuses = [owner_bearer_api.post(CONNECT, {"access_token": TOKEN}, format="json").status_code for _ in range(11)]

    assert statuses[:10] == [502] * 10
    assert statuses[10] == 429
    assert len(webhook.received) == 10


def test_it_requires_authentication(api_client, webhook):
    response = api_client.post(CONNECT, {"access_token": TOKEN}, format="json")

    assert response.status_code == 401
    assert response.json()["error"] == "not_authenticated"
    assert webhook.received == []


def test_the_schema_documents_the_connect_body(owner_bearer_api):
    schema = owner_bearer_api.get("/api/v1/schema", HTTP_ACCEPT="application/json")

    assert schema.status_code == 200
    document = json.loads(schema.content)
    request = document["components"]["schemas"]["WhatsAppConnectInputRequest"]["properties"]
    assert set(request) == {"access_token", "code", "waba_id", "phone_number_id"}
    assert "/api/v1/integrations/whatsapp/connect" in document["paths"]
