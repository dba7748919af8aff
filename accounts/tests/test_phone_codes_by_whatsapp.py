"""Codes for phone accounts go out by WhatsApp from the platform's own number: an authentication
template sent to a fake Graph API (a real HTTP server on 127.0.0.1, integrations/tests/fake_graph.py)."""

import logging

import pytest
from django.core import mail

from accounts import services
from accounts.channels import phone_channel_problem
from accounts.models import OneTimeCode, User
from accounts.tasks import send_code_by_phone_task
from core.tasks import PermanentError
from integrations.tests.fake_graph import VERSION, FakeGraph
from integrations.whatsapp.auth_codes import auth_code_send

pytestmark = pytest.mark.django_db

QUICK = "/api/v1/auth/quick-register"
PLATFORM_NUMBER_ID = "998877665544"
PLATFORM_TOKEN = "EAAGplatformSecretToken"
TEMPLATE = "code_verification"
NUMBER = "+2250707070707"


@pytest.fixture
def platform_graph(settings):
    fake = FakeGraph().start()
    settings.WHATSAPP_GRAPH_URL = fake.url
    settings.WHATSAPP_GRAPH_VERSION = VERSION
    settings.WHATSAPP_GRAPH_TIMEOUT = 5
    settings.WHATSAPP_GRAPH_RETRY_DELAY = 0.01
    settings.PLATFORM_WHATSAPP_PHONE_NUMBER_ID = PLATFORM_NUMBER_ID
    settings.PLATFORM_WHATSAPP_TOKEN = PLATFORM_TOKEN
    settings.PLATFORM_WHATSAPP_AUTH_TEMPLATE = TEMPLATE
    settings.PLATFORM_WHATSAPP_AUTH_LANGUAGE = "fr"
    settings.PHONE_CODE_SENDER = "integrations.whatsapp.auth_codes.auth_code_send"
    yield fake
    fake.stop()


def code_of(call) -> str:
    components = call.body["template"]["components"]
    body_code = components[0]["parameters"][0]["text"]
    button_code = components[1]["parameters"][0]["text"]
    assert body_code == button_code
    return body_code


def test_a_phone_sign_up_gets_its_code_by_whatsapp_then_verifies_and_logs_in_with_its_number(
    api_client, platform_graph, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(
            QUICK, {"type": "phone", "numero_telephone": NUMBER, "mot_de_passe": "Rapide2025x"}, format="json"
        )
    assert response.status_code == 201, response.json()
    assert mail.outbox == []
    [send] = platform_graph.sends()
    assert send.path == f"/{VERSION}/{PLATFORM_NUMBER_ID}/messages"
    assert send.headers["Authorization"] == f"Bearer {PLATFORM_TOKEN}"
    assert send.body["to"] == "2250707070707"
    assert send.body["type"] == "template"
    template = send.body["template"]
    assert template["name"] == TEMPLATE and template["language"] == {"code": "fr"}
    assert template["components"][0]["type"] == "body"
    assert template["components"][1] == {
        "type": "button",
        "sub_type": "url",
        "index": "0",
        "parameters": [{"type": "text", "text": code_of(send)}],
    }
    code = code_of(send)
    assert len(code) == 6 and code.isdigit()

    # The number is typed as people write it, on every screen.
    verify = api_client.post(
        "/api/v1/auth/verify-otp", {"numero_telephone": "07 07 07 07 07", "otp_code": code}, format="json"
    )
    assert verify.status_code == 200, verify.json()
    assert verify.json()["user"]["whatsapp"] == NUMBER
    login = api_client.post(
        "/api/v1/auth/login", {"numero_telephone": "0707070707", "mot_de_passe": "Rapide2025x"}, format="json"
    )
    assert login.status_code == 200, login.json()
    assert login.json()["user"]["numero_telephone"] == NUMBER


def test_an_account_created_by_phone_resets_its_password_with_a_code_sent_by_whatsapp(
    api_client, platform_graph, django_capture_on_commit_callbacks
):
    """« Mot de passe oublié » for an account with no e-mail: the code goes to its number."""
    user = User(adresse_email=None, numero_telephone=NUMBER, compte_verifie=True, otp_verified=True)
    user.set_password("Rapide2025x")
    user.save()

    with django_capture_on_commit_callbacks(execute=True):
        known = api_client.post("/api/v1/auth/forgot-password", {"numero_telephone": "07 07 07 07 07"}, format="json")
        unknown = api_client.post("/api/v1/auth/forgot-password", {"numero_telephone": "0101010101"}, format="json")

    assert known.status_code == 200, known.json()
    assert known.json() == unknown.json() == {"message": services.MSG_RESET_SENT_PHONE}
    assert mail.outbox == []
    [send] = platform_graph.sends()  # the unknown number got nothing
    assert send.body["to"] == "2250707070707"
    reset = api_client.post(
        "/api/v1/auth/reset-password",
        {"numero_telephone": "0707070707", "otp_code": code_of(send), "mot_de_passe": "Nouveau2025Mot"},
        format="json",
    )
    assert reset.status_code == 200, reset.json()
    login = api_client.post(
        "/api/v1/auth/login", {"numero_telephone": NUMBER, "mot_de_passe": "Nouveau2025Mot"}, format="json"
    )
    assert login.status_code == 200, login.json()


def test_a_wrong_password_by_phone_names_the_number_not_the_email(api_client):
    user = User(adresse_email=None, numero_telephone=NUMBER, compte_verifie=True, otp_verified=True)
    user.set_password("Rapide2025x")
    user.save()
    response = api_client.post(
        "/api/v1/auth/login", {"numero_telephone": "0707070707", "mot_de_passe": "Mauvais2025"}, format="json"
    )
    assert response.status_code == 401
    assert response.json()["message"] == services.MSG_LOGIN_FAILED_PHONE


def test_a_refused_template_is_not_retried_and_never_fails_the_sign_up(
    api_client, platform_graph, django_capture_on_commit_callbacks
):
    platform_graph.fail_next(status=400, code=132001, message="Template name does not exist in the translation")
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(
            QUICK, {"type": "phone", "numero_telephone": NUMBER, "mot_de_passe": "Rapide2025x"}, format="json"
        )
    assert response.status_code == 201
    assert len(platform_graph.sends()) == 1
    assert OneTimeCode.objects.filter(user__numero_telephone=NUMBER).count() == 1


def test_a_meta_outage_is_retried_and_never_fails_the_sign_up(
    api_client, platform_graph, django_capture_on_commit_callbacks
):
    # The client retries a 5xx three times; here the fourth answer succeeds.
    platform_graph.fail_next(status=503, code=2, message="Service temporarily unavailable", times=3)
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(
            QUICK, {"type": "phone", "numero_telephone": NUMBER, "mot_de_passe": "Rapide2025x"}, format="json"
        )
    assert response.status_code == 201
    sends = platform_graph.sends()
    assert len(sends) == 4
    assert len({code_of(send) for send in sends}) == 1


def test_the_sender_tells_the_task_which_failures_to_retry(platform_graph):
    # OutsideTask (core.tasks) retries ConnectionError with backoff and never a PermanentError.
    platform_graph.fail_next(status=503, code=2, message="Service temporarily unavailable", times=4)
    with pytest.raises(ConnectionError):
        auth_code_send(numero_telephone=NUMBER, code="123456")
    platform_graph.fail_next(status=400, code=132001, message="Template name does not exist")
    with pytest.raises(PermanentError):
        auth_code_send(numero_telephone=NUMBER, code="123456")
    assert issubclass(ConnectionError, send_code_by_phone_task.autoretry_for)
    assert PermanentError in send_code_by_phone_task.dont_autoretry_for


def test_the_platform_token_and_the_code_never_reach_the_log(
    api_client, platform_graph, django_capture_on_commit_callbacks, caplog, settings
):
    settings.DEBUG = False
    platform_graph.fail_next(status=400, code=131026, message="Message undeliverable")
    with caplog.at_level(logging.DEBUG):
        with django_capture_on_commit_callbacks(execute=True):
            api_client.post(
                QUICK, {"type": "phone", "numero_telephone": NUMBER, "mot_de_passe": "Rapide2025x"}, format="json"
            )
        api_client.post("/api/v1/auth/resend-otp", {"numero_telephone": NUMBER}, format="json")
    codes = {code_of(send) for send in platform_graph.sends()}
    assert PLATFORM_TOKEN not in caplog.text
    assert not any(code in caplog.text for code in codes)


@pytest.mark.parametrize(
    "present",
    [
        ("PLATFORM_WHATSAPP_PHONE_NUMBER_ID",),
        ("PLATFORM_WHATSAPP_PHONE_NUMBER_ID", "PLATFORM_WHATSAPP_TOKEN"),
        ("PLATFORM_WHATSAPP_AUTH_TEMPLATE",),
    ],
)
def test_a_half_configured_platform_number_is_refused_at_start(settings, present):
    for name in ("PLATFORM_WHATSAPP_PHONE_NUMBER_ID", "PLATFORM_WHATSAPP_TOKEN", "PLATFORM_WHATSAPP_AUTH_TEMPLATE"):
        setattr(settings, name, "x" if name in present else "")
    assert "half-configured" in phone_channel_problem()


def test_an_unimportable_sender_is_refused_at_start(settings):
    settings.PHONE_CODE_SENDER = "accounts.nowhere.send"
    assert "cannot be imported" in phone_channel_problem()


def test_no_platform_number_is_the_logging_default(settings):
    for name in ("PLATFORM_WHATSAPP_PHONE_NUMBER_ID", "PLATFORM_WHATSAPP_TOKEN", "PLATFORM_WHATSAPP_AUTH_TEMPLATE"):
        setattr(settings, name, "")
    settings.PHONE_CODE_SENDER = "accounts.channels.log_channel"
    assert phone_channel_problem() is None


def test_an_unverified_phone_account_is_told_to_type_the_code_sent_by_whatsapp(api_client):
    user = User(adresse_email=None, numero_telephone=NUMBER)
    user.set_password("Rapide2025x")
    user.save()
    response = api_client.post(
        "/api/v1/auth/login", {"numero_telephone": "0707070707", "mot_de_passe": "Rapide2025x"}, format="json"
    )
    assert response.status_code == 403
    # The login screen sends the person to the OTP screen on "vérifié" / "OTP" (SPEC.md section 4).
    assert response.json()["message"] == services.MSG_NOT_VERIFIED_PHONE
