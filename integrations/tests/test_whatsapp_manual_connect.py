"""POST /api/v1/integrations/whatsapp/connect/manual and GET .../webhook-settings, against the fake
Graph API (a real HTTP server on 127.0.0.1) that knows one WhatsApp Business account and its number."""

import pytest
from django.db import connection as db_connection

from conversations.models import Message
from integrations.crypto import decrypt_token
from integrations.models import WhatsAppConnection
from integrations.serializers import (
    MSG_MANUAL_APP_SECRET_FORMAT,
    MSG_MANUAL_PHONE_NUMBER_ID_REQUIRED,
    MSG_MANUAL_TOKEN_REQUIRED,
    MSG_MANUAL_WABA_ID_REQUIRED,
    MSG_PHONE_NUMBER_ID_INVALID,
    MSG_TOKEN_INVALID,
    MSG_WABA_ID_INVALID,
)
from integrations.services import (
    MSG_MANUAL_APP_SECRET_INVALID,
    MSG_MANUAL_APP_SECRET_REQUIRED,
    MSG_MANUAL_NUMBER_NOT_IN_WABA,
    MSG_MANUAL_PERMISSION_MISSING,
    MSG_MANUAL_PHONE_NUMBER_UNKNOWN,
    MSG_MANUAL_TOKEN_INVALID,
    MSG_MANUAL_WABA_UNKNOWN,
    MSG_META_UNAVAILABLE,
)

from . import meta as webhook
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
    # The token is the platform app's (a System User's token for Flux IA's app): no app secret needed.
    assert [(c.method, c.path) for c in meta.calls] == [
        ("GET", f"/v23.0/{PHONE_NUMBER_ID}"),
        ("GET", "/v23.0/app"),
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
        (body(app_secret="not-a-meta-secret"), "app_secret", MSG_MANUAL_APP_SECRET_FORMAT),
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
        "app_secret_required": False,
    }


def test_the_webhook_settings_say_what_this_server_lacks(owner_api, settings):
    settings.WHATSAPP_VERIFY_TOKEN = ""
    settings.FACEBOOK_APP_SECRET = ""

    answer = owner_api.get(SETTINGS).json()

    assert (answer["receiving"], answer["app_secret_required"]) == (False, True)


def test_the_schema_documents_the_manual_set_up(owner_api):
    document = owner_api.get("/api/v1/schema", HTTP_ACCEPT="application/json").json()

    properties = document["components"]["schemas"]["WhatsAppManualConnectInputRequest"]["properties"]
    assert set(properties) == {"phone_number_id", "waba_id", "access_token", "app_secret"}
    assert "/api/v1/integrations/whatsapp/connect/manual" in document["paths"]
    assert "/api/v1/integrations/whatsapp/webhook-settings" in document["paths"]


# --- A business's own Meta app: its app secret signs the number's webhook deliveries -------------

APP_SECRET = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
BUSINESS_APP_ID = "7000000001"


@pytest.fixture
def own_app(meta):
    """The token was issued for the business's own Meta app, not the platform's."""
    meta.app_id = BUSINESS_APP_ID
    meta.app_secret = APP_SECRET
    return meta


def test_with_its_own_app_secret_the_number_s_deliveries_signed_by_that_app_are_received(
    owner_api, api_client, owner, own_app, all_logs
):
    response = owner_api.post(MANUAL, body(app_secret=APP_SECRET.upper()), format="json")

    assert response.status_code == 200, response.content
    assert [c.path for c in own_app.calls][:2] == [f"/v23.0/{PHONE_NUMBER_ID}", "/v23.0/app"]
    assert len(own_app.calls[1].query["appsecret_proof"]) == 64
    saved = WhatsAppConnection.objects.get(owner=owner)
    assert decrypt_token(saved.app_secret_ciphertext) == APP_SECRET
    with db_connection.cursor() as cursor:
        cursor.execute(
            "SELECT app_secret_ciphertext FROM integrations_whatsappconnection WHERE owner_id = %s", [owner.pk]
        )
        assert APP_SECRET not in cursor.fetchone()[0]
    assert APP_SECRET not in response.content.decode() and APP_SECRET not in all_logs.text

    # Meta signs this number's deliveries with the business's app secret, not the platform's.
    text = {"body": "Bonjour, vous êtes ouverts ?"}
    delivered = webhook.post(api_client, webhook.payload(messages=[webhook.message(body=text)]), secret=APP_SECRET)
    assert delivered.status_code == 200
    assert Message.objects.filter(conversation__owner=owner, content="Bonjour, vous êtes ouverts ?").count() == 1


def test_a_business_app_secret_vouches_for_its_own_numbers_only(api_client, owner, meta, settings):
    WhatsAppConnectionFactory(owner=owner, app_secret_ciphertext="")
    other = WhatsAppConnectionFactory(phone_number_id="106540352299999", waba_id="555")
    from integrations.crypto import encrypt_token

    other.app_secret_ciphertext = encrypt_token(APP_SECRET)
    other.save()

    # A delivery for the owner's number, signed with another business's secret: refused, nothing stored.
    refused = webhook.post(api_client, webhook.payload(messages=[webhook.message()]), secret=APP_SECRET)
    mixed = {
        "object": "whatsapp_business_account",
        "entry": [
            webhook.payload(messages=[webhook.message()], phone_number_id="106540352299999")["entry"][0],
            webhook.payload(messages=[webhook.message()])["entry"][0],
        ],
    }
    refused_mixed = webhook.post(api_client, mixed, secret=APP_SECRET)
    wrong = webhook.post(
        api_client, webhook.payload(messages=[webhook.message()], phone_number_id="106540352299999"), secret="f" * 32
    )
    accepted = webhook.post(
        api_client, webhook.payload(messages=[webhook.message()], phone_number_id="106540352299999"), secret=APP_SECRET
    )

    assert (refused.status_code, refused_mixed.status_code, wrong.status_code) == (403, 403, 403)
    assert Message.objects.filter(conversation__owner=owner).count() == 0
    assert accepted.status_code == 200
    assert Message.objects.filter(conversation__owner=other.owner, content__startswith="Bonsoir").count() == 1


def test_a_token_of_the_business_s_own_app_needs_that_app_s_secret(owner_api, owner, own_app):
    response = owner_api.post(MANUAL, body(), format="json")

    assert_refused(
        response,
        status_code=400,
        code="whatsapp_app_secret_required",
        message=MSG_MANUAL_APP_SECRET_REQUIRED,
        field="app_secret",
    )
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()
    assert not any(c.path.endswith("/subscribed_apps") for c in own_app.calls)


def test_an_app_secret_that_is_not_the_token_s_app_s_is_refused_on_its_field(owner_api, owner, own_app):
    response = owner_api.post(MANUAL, body(app_secret="a" * 32), format="json")

    assert_refused(
        response,
        status_code=400,
        code="whatsapp_app_secret_invalid",
        message=MSG_MANUAL_APP_SECRET_INVALID,
        field="app_secret",
    )
    assert not WhatsAppConnection.objects.filter(owner=owner).exists()
    assert "a" * 32 not in response.content.decode()


def test_without_a_platform_secret_the_business_app_secret_is_required(owner_api, owner, meta, settings):
    settings.FACEBOOK_APP_SECRET = ""

    response = owner_api.post(MANUAL, body(), format="json")

    assert_refused(
        response,
        status_code=400,
        code="whatsapp_app_secret_required",
        message=MSG_MANUAL_APP_SECRET_REQUIRED,
        field="app_secret",
    )
    assert meta.calls == []
