"""Connecting a number for real: Embedded Signup completed on the server, and manage.py whatsapp_connect."""

import logging
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from integrations.crypto import decrypt_token
from integrations.models import WhatsAppConnection

from .fake_graph import DISPLAY_NUMBER, EXCHANGED_TOKEN, PHONE_NUMBER_ID, VERIFIED_NAME, WABA_ID

pytestmark = pytest.mark.django_db

CONNECT = "/api/v1/integrations/whatsapp/connect"
STATUS = "/api/v1/integrations/whatsapp/status"
WABA, NUMBER = WABA_ID, PHONE_NUMBER_ID


def test_embedded_signup_is_completed_on_the_server(owner_api, owner, graph, settings, all_logs):
    settings.WHATSAPP_TOKEN_WEBHOOK_URL = ""

    response = owner_api.post(
        CONNECT, {"code": "AQBsignupCode42", "waba_id": WABA, "phone_number_id": NUMBER}, format="json"
    )

    assert response.status_code == 200
    paths = [(c.method, c.path) for c in graph.calls]
    # The code exchange, then the set-up every way in shares (number_setup), registering the number.
    assert paths == [
        ("GET", "/v23.0/oauth/access_token"),
        ("GET", f"/v23.0/{NUMBER}"),
        ("GET", f"/v23.0/{WABA}/phone_numbers"),
        ("POST", f"/v23.0/{WABA}/subscribed_apps"),
        ("POST", f"/v23.0/{NUMBER}/register"),
    ]
    exchange = graph.calls[0]
    assert exchange.query == {"client_id": "1234567890", "client_secret": "test-app-secret", "code": "AQBsignupCode42"}
    register = graph.calls[4]
    pin = register.body["pin"]
    assert register.body["messaging_product"] == "whatsapp" and len(pin) == 6 and pin.isdigit()
    assert all(c.headers["Authorization"] == f"Bearer {EXCHANGED_TOKEN}" for c in graph.calls[1:])
    connection = WhatsAppConnection.objects.get(owner=owner)
    assert decrypt_token(connection.token_ciphertext) == EXCHANGED_TOKEN
    assert decrypt_token(connection.pin_ciphertext) == pin and pin not in connection.pin_ciphertext
    status = owner_api.get(STATUS).json()
    assert (status["display_phone_number"], status["verified_name"]) == (DISPLAY_NUMBER, VERIFIED_NAME)
    assert EXCHANGED_TOKEN not in all_logs.text
    # Meta's exchange is a GET with the code and secret in the query: only urllib3's DEBUG line shows it.
    logged = " ".join(r.getMessage() for r in all_logs.records if r.levelno >= logging.INFO)
    assert "AQBsignupCode42" not in logged and "test-app-secret" not in logged


def test_a_refused_code_is_the_configuration_error_and_nothing_is_recorded(owner_api, owner, graph, settings):
    settings.WHATSAPP_TOKEN_WEBHOOK_URL = ""

    response = owner_api.post(
        CONNECT, {"code": "expired-code", "waba_id": WABA, "phone_number_id": NUMBER}, format="json"
    )

    assert response.status_code == 502
    assert response.json()["error"] == "whatsapp_configuration_failed"
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()


def test_with_a_token_webhook_the_exchanged_token_is_relayed_too(owner_api, owner, graph, plain_webhook, settings):
    settings.DEBUG = True

    response = owner_api.post(
        CONNECT, {"code": "AQBsignupCode42", "waba_id": WABA, "phone_number_id": NUMBER}, format="json"
    )

    assert response.status_code == 200
    [relayed] = plain_webhook.received
    assert relayed.json()["token"] == EXCHANGED_TOKEN and relayed.json()["token_type"] == "access_token"


def test_staff_connect_a_number_from_the_command_line(owner, graph):
    out = StringIO()

    call_command(
        "whatsapp_connect",
        "--email",
        owner.adresse_email.upper(),
        "--phone-number-id",
        NUMBER,
        "--waba-id",
        WABA,
        "--token",
        "EAAGcommandLineToken",
        stdout=out,
    )

    connection = WhatsAppConnection.objects.get(owner=owner)
    assert connection.is_connected and connection.phone_number_id == NUMBER
    assert decrypt_token(connection.token_ciphertext) == "EAAGcommandLineToken"
    assert connection.verified_name == VERIFIED_NAME
    assert "EAAGcommandLineToken" not in out.getvalue() and DISPLAY_NUMBER in out.getvalue()
    # The same set-up as the dashboard's manual connection: number, account, subscription.
    assert [(c.method, c.path) for c in graph.calls] == [
        ("GET", f"/v23.0/{NUMBER}"),
        ("GET", "/v23.0/app"),
        ("GET", f"/v23.0/{WABA}/phone_numbers"),
        ("POST", f"/v23.0/{WABA}/subscribed_apps"),
    ]
    assert all(c.headers["Authorization"] == "Bearer EAAGcommandLineToken" for c in graph.calls)


def test_the_command_says_in_french_why_meta_refused_and_records_nothing(owner, graph):
    graph.tokens = {"EAAGtheRightToken"}

    with pytest.raises(CommandError, match="jeton d'accès est invalide"):
        call_command(
            "whatsapp_connect",
            "--email",
            owner.adresse_email,
            "--phone-number-id",
            NUMBER,
            "--waba-id",
            WABA,
            "--token",
            "EAAGaWrongToken",
            stdout=StringIO(),
        )

    assert not WhatsAppConnection.objects.filter(owner=owner).exists()


def test_the_command_without_check_does_not_call_meta(owner, graph):
    call_command(
        "whatsapp_connect",
        "--email",
        owner.adresse_email,
        "--phone-number-id",
        NUMBER,
        "--waba-id",
        WABA,
        "--token",
        "EAAGx",
        "--no-check",
        stdout=StringIO(),
    )

    assert graph.calls == []
    assert WhatsAppConnection.objects.get(owner=owner).is_connected


def test_the_command_refuses_an_unknown_account(graph):
    with pytest.raises(CommandError, match="Aucun compte"):
        call_command(
            "whatsapp_connect",
            "--email",
            "personne@example.ci",
            "--phone-number-id",
            NUMBER,
            "--waba-id",
            WABA,
            "--token",
            "EAAGx",
            "--no-check",
        )


def test_the_command_connects_a_business_s_own_app_with_its_secret(owner, graph):
    graph.app_id, graph.app_secret = "7000000001", "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
    arguments = ["--email", owner.adresse_email, "--phone-number-id", NUMBER, "--waba-id", WABA, "--token", "EAAGx"]

    with pytest.raises(CommandError, match="clé secrète de votre application Meta est requise"):
        call_command("whatsapp_connect", *arguments, stdout=StringIO())
    call_command("whatsapp_connect", *arguments, "--app-secret", "0F1E2D3C4B5A69788796A5B4C3D2E1F0", stdout=StringIO())

    connection = WhatsAppConnection.objects.get(owner=owner)
    assert decrypt_token(connection.app_secret_ciphertext) == "0f1e2d3c4b5a69788796a5b4c3d2e1f0"


def test_the_code_exchange_never_logs_the_app_secret_or_the_code(graph, caplog):
    """urllib3 logs each request line at DEBUG, query string included: the secrets are masked."""
    from integrations.whatsapp import client

    from . import meta

    caplog.set_level(logging.DEBUG, logger="urllib3.connectionpool")

    token = client.code_exchange(code="SIGNUP-CODE-123")

    assert token
    assert "oauth/access_token" in caplog.text  # the line is logged…
    assert meta.APP_SECRET not in caplog.text and "SIGNUP-CODE-123" not in caplog.text  # …without them
    assert "client_secret=[masqué]" in caplog.text
