import logging
from datetime import datetime, timedelta
from unittest.mock import ANY

import pytest
from django.core import mail
from django.utils import timezone

from accounts import serializers as s
from accounts import services
from accounts.models import OneTimeCode, User
from accounts.tests.factories import UserFactory

URL = "/api/v1/auth/quick-register"
pytestmark = pytest.mark.django_db


@pytest.fixture
def phone_codes(settings):
    """A phone channel that keeps the codes it is given (the real one comes with WhatsApp)."""
    sent: list[dict] = []
    settings.PHONE_CODE_SENDER = "accounts.tests.test_quick_register.record_phone_code"
    record_phone_code.sent = sent
    return sent


def record_phone_code(*, numero_telephone: str, code: str) -> None:
    record_phone_code.sent.append({"numero_telephone": numero_telephone, "code": code})


def test_quick_register_by_email_sends_a_code(api_client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(
            URL, {"type": "email", "adresse_email": "rapide@example.ci", "mot_de_passe": "Kedjenou2025x"}, format="json"
        )
    assert response.status_code == 201
    assert response.json() == {
        "message": services.MSG_REGISTERED,
        "otp_sent": True,
        "expires_at": ANY,
        "expires_in": 600,
    }
    expires_at = datetime.fromisoformat(response.json()["expires_at"])
    assert abs(expires_at - timezone.now() - timedelta(minutes=10)) < timedelta(seconds=5)
    assert mail.outbox[0].to == ["rapide@example.ci"]
    assert User.objects.get(adresse_email="rapide@example.ci").check_password("Kedjenou2025x")


def test_quick_register_by_phone_goes_through_the_phone_channel(
    api_client, phone_codes, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(
            URL, {"type": "phone", "numero_telephone": "+2250707070707", "mot_de_passe": "Rapide2025x"}, format="json"
        )
    assert response.status_code == 201
    assert response.json() == {
        "message": services.MSG_REGISTERED_BY_PHONE,
        "otp_sent": True,
        "expires_at": ANY,
        "expires_in": 600,
    }
    assert mail.outbox == []
    assert len(phone_codes) == 1 and phone_codes[0]["numero_telephone"] == "+2250707070707"
    user = User.objects.get(numero_telephone="+2250707070707")
    assert user.adresse_email is None
    # The phone account verifies and logs in with its number.
    verify = api_client.post(
        "/api/v1/auth/verify-otp",
        {"numero_telephone": "+2250707070707", "otp_code": phone_codes[0]["code"]},
        format="json",
    )
    assert verify.status_code == 200, verify.json()
    assert verify.json()["user"]["adresse_email"] is None
    login = api_client.post(
        "/api/v1/auth/login", {"numero_telephone": "+2250707070707", "mot_de_passe": "Rapide2025x"}, format="json"
    )
    assert login.status_code == 200


def test_a_second_quick_register_of_an_unverified_phone_updates_it(
    api_client, phone_codes, django_capture_on_commit_callbacks
):
    payload = {"type": "phone", "numero_telephone": "+2250707070707", "mot_de_passe": "Rapide2025x"}
    with django_capture_on_commit_callbacks(execute=True):
        api_client.post(URL, payload, format="json")
        payload["mot_de_passe"] = "Autre2025xyz"
        assert api_client.post(URL, payload, format="json").status_code == 201
    assert User.objects.count() == 1
    assert User.objects.get().check_password("Autre2025xyz")
    assert OneTimeCode.objects.filter(revoked_at__isnull=True).count() == 1


def test_a_verified_email_or_phone_is_a_409(api_client):
    UserFactory(adresse_email="pris@example.ci", numero_telephone="+2250101010101")
    response = api_client.post(
        URL, {"type": "email", "adresse_email": "pris@example.ci", "mot_de_passe": "Rapide2025x"}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["message"] == services.MSG_EMAIL_TAKEN
    response = api_client.post(
        URL, {"type": "phone", "numero_telephone": "+2250101010101", "mot_de_passe": "Rapide2025x"}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["message"] == services.MSG_PHONE_TAKEN


@pytest.mark.parametrize(
    "payload, field, message",
    [
        ({"type": "fax", "mot_de_passe": "Rapide2025x"}, "type", s.MSG_TYPE),
        ({"type": "email", "mot_de_passe": "Rapide2025x"}, "adresse_email", s.MSG_EMAIL_INVALID),
        ({"type": "email", "adresse_email": "x@example.ci"}, "mot_de_passe", s.MSG_PASSWORD_REQUIRED),
        (
            {"type": "phone", "numero_telephone": "0707", "mot_de_passe": "Rapide2025x"},
            "numero_telephone",
            s.MSG_PHONE_INTERNATIONAL,
        ),
    ],
)
def test_quick_register_input_errors(api_client, payload, field, message):
    response = api_client.post(URL, payload, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][field] == [message]


def test_the_default_phone_channel_logs_that_a_code_was_sent_but_not_the_code(caplog, settings):
    from accounts.channels import send_code_by_phone

    settings.DEBUG = False
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend"}}
    with caplog.at_level(logging.INFO, logger="flux.accounts"):
        send_code_by_phone(numero_telephone="+2250707070707", code="482913")
    assert "envoyé" in caplog.text
    assert "482913" not in caplog.text and "+2250707070707" not in caplog.text


def test_in_console_mode_the_phone_channel_logs_the_code(caplog, settings):
    from accounts.channels import send_code_by_phone

    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
    with caplog.at_level(logging.INFO, logger="flux.accounts"):
        send_code_by_phone(numero_telephone="+2250707070707", code="482913")
    assert "482913" in caplog.text
