import time
from datetime import datetime, timedelta

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from accounts import serializers as s
from accounts import services
from accounts.models import OneTimeCode

from .conftest import last_code_sent_to
from .factories import PASSWORD, UnverifiedUserFactory, UserFactory

LOGIN = "/api/v1/auth/login"
REFRESH = "/api/v1/auth/refresh"
LOGOUT = "/api/v1/auth/logout"
ME = "/api/v1/auth/me"
pytestmark = pytest.mark.django_db


def login(client, email, password=PASSWORD, **extra):
    return client.post(LOGIN, {"adresse_email": email, "mot_de_passe": password}, format="json", **extra)


def test_it_logs_in_with_the_user_and_both_tokens(api_client, owner):
    response = login(api_client, owner.adresse_email.upper())
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"user", "access_token", "refresh_token"}
    assert body["user"]["adresse_email"] == owner.adresse_email
    assert "password" not in body["user"]
    owner.refresh_from_db()
    assert owner.last_login is not None


def test_a_wrong_password_and_an_unknown_address_get_the_same_answer(api_client, owner):
    wrong_password = login(api_client, owner.adresse_email, "Mauvais2025")
    unknown = login(api_client, "inconnu@example.ci")
    assert wrong_password.status_code == unknown.status_code == 401
    assert (
        wrong_password.json()
        == unknown.json()
        == {
            "message": services.MSG_LOGIN_FAILED,
            "error": "invalid_credentials",
            "statusCode": 401,
        }
    )


def test_a_deactivated_account_cannot_log_in(api_client, owner):
    owner.is_active = False
    owner.save()
    assert login(api_client, owner.adresse_email).json()["message"] == services.MSG_LOGIN_FAILED


def test_an_unverified_account_gets_a_403_and_a_fresh_code(api_client, django_capture_on_commit_callbacks):
    user = UnverifiedUserFactory()
    with django_capture_on_commit_callbacks(execute=True):
        response = login(api_client, user.adresse_email)
    assert response.status_code == 403
    message = response.json()["message"]
    assert "vérifier" in message and "OTP" in message
    assert len(mail.outbox) == 1
    # A second attempt while that code is alive sends nothing new.
    with django_capture_on_commit_callbacks(execute=True):
        login(api_client, user.adresse_email)
    assert len(mail.outbox) == 1
    assert OneTimeCode.objects.filter(user=user).count() == 1


@pytest.mark.parametrize(
    "payload, field, message",
    [
        ({"adresse_email": "pas-un-email", "mot_de_passe": "x"}, "adresse_email", s.MSG_EMAIL_INVALID),
        ({"adresse_email": "a@b.c", "mot_de_passe": ""}, "mot_de_passe", s.MSG_PASSWORD_REQUIRED),
        ({"adresse_email": "awa@example.ci"}, "mot_de_passe", s.MSG_PASSWORD_REQUIRED),
    ],
)
def test_login_input_gets_the_spec_messages(api_client, payload, field, message):
    response = api_client.post(LOGIN, payload, format="json")
    assert response.status_code == 400
    assert response.json()["errors"][field] == [message]


def test_a_short_email_gets_the_length_message(api_client):
    response = api_client.post(LOGIN, {"adresse_email": "a@b", "mot_de_passe": "x"}, format="json")
    assert s.MSG_EMAIL_SHORT in response.json()["errors"]["adresse_email"]


def test_the_access_token_opens_me_and_is_short_lived(api_client, tokens):
    from rest_framework_simplejwt.tokens import AccessToken, RefreshToken

    access = AccessToken(tokens["access_token"])
    assert access["exp"] - access["iat"] <= 15 * 60
    refresh = RefreshToken(tokens["refresh_token"])
    assert refresh["exp"] - refresh["iat"] == 7 * 24 * 3600
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {tokens['access_token']}")
    assert api_client.get(ME).status_code == 200
    with time_machine.travel(timezone.now() + timedelta(minutes=16)):
        assert api_client.get(ME).status_code == 401


def test_refresh_rotates_and_the_old_refresh_token_is_refused(api_client, tokens):
    response = api_client.post(REFRESH, {"refresh_token": tokens["refresh_token"]}, format="json")
    assert response.status_code == 200
    pair = response.json()
    assert set(pair) == {"access_token", "refresh_token"}
    assert pair["refresh_token"] != tokens["refresh_token"]
    again = api_client.post(REFRESH, {"refresh_token": tokens["refresh_token"]}, format="json")
    assert again.status_code == 401
    assert again.json()["error"] == "token_not_valid"
    assert api_client.post(REFRESH, {"refresh_token": pair["refresh_token"]}, format="json").status_code == 200


def test_refresh_refuses_garbage_and_access_tokens(api_client, tokens):
    for token in ("n'importe quoi", tokens["access_token"]):
        response = api_client.post(REFRESH, {"refresh_token": token}, format="json")
        assert response.status_code == 401
    assert api_client.post(REFRESH, {}, format="json").status_code == 400


def test_logout_kills_both_tokens_at_once(api_client, tokens):
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {tokens['access_token']}")
    response = api_client.post(LOGOUT, {"refresh_token": tokens["refresh_token"]}, format="json")
    assert response.status_code == 200
    assert response.json() == {"message": services.MSG_LOGGED_OUT}
    assert api_client.get(ME).status_code == 401
    api_client.credentials()
    assert api_client.post(REFRESH, {"refresh_token": tokens["refresh_token"]}, format="json").status_code == 401


def test_the_access_denylist_entry_lasts_until_the_token_expires(tokens):
    from django.core.cache import cache
    from rest_framework_simplejwt.tokens import AccessToken

    from accounts.authentication import DENYLIST_PREFIX, access_token_deny

    access = AccessToken(tokens["access_token"])
    access_token_deny(access)
    key = f"{DENYLIST_PREFIX}:{access['jti']}"
    assert cache.get(key) == 1
    if hasattr(cache, "ttl"):
        assert 0 < cache.ttl(key) <= access["exp"] - time.time() + 1


def test_logout_without_a_body_or_token_still_succeeds(api_client):
    response = api_client.post(LOGOUT)
    assert response.status_code == 200
    response = api_client.post(LOGOUT, {"refresh_token": "abîmé"}, format="json", HTTP_AUTHORIZATION="Bearer abîmé")
    assert response.status_code == 200


def test_a_deactivated_users_tokens_stop_working(api_client, owner, tokens):
    owner.is_active = False
    owner.save()
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {tokens['access_token']}")
    response = api_client.get(ME)
    assert response.status_code == 401
    assert response.json()["message"] == "Ce compte est désactivé. Contactez le support."
    api_client.credentials()
    assert api_client.post(REFRESH, {"refresh_token": tokens["refresh_token"]}, format="json").status_code == 401


def test_a_stale_bearer_header_does_not_block_public_endpoints(api_client, owner):
    response = login(api_client, owner.adresse_email, HTTP_AUTHORIZATION="Bearer expiré")
    assert response.status_code == 200


def test_me_without_a_token_is_a_401(api_client):
    response = api_client.get(ME)
    assert response.status_code == 401
    assert response.json()["error"] == "not_authenticated"


def test_forgot_and_reset_password(api_client, owner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(
            "/api/v1/auth/forgot-password", {"adresse_email": owner.adresse_email}, format="json"
        )
    assert response.status_code == 200
    assert response.json() == {"message": services.MSG_RESET_SENT}
    code = last_code_sent_to(owner.adresse_email)
    assert "Réinitialisation" in mail.outbox[-1].subject
    old_tokens = login(api_client, owner.adresse_email).json()
    response = api_client.post(
        "/api/v1/auth/reset-password",
        {"adresse_email": owner.adresse_email, "otp_code": code, "mot_de_passe": "Nouveau2025Mot"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert response.json() == {"message": services.MSG_PASSWORD_RESET}
    assert login(api_client, owner.adresse_email).status_code == 401
    assert login(api_client, owner.adresse_email, "Nouveau2025Mot").status_code == 200
    # Sessions opened before the reset are over.
    refresh = api_client.post(REFRESH, {"refresh_token": old_tokens["refresh_token"]}, format="json")
    assert refresh.status_code == 401


def test_reset_password_refuses_a_wrong_code_and_a_weak_password(api_client, owner):
    payload = {"adresse_email": owner.adresse_email, "otp_code": "123456", "mot_de_passe": "Nouveau2025Mot"}
    response = api_client.post("/api/v1/auth/reset-password", payload, format="json")
    assert response.status_code == 400
    assert response.json()["message"] == services.MSG_CODE_INVALID
    payload["mot_de_passe"] = "faible"
    response = api_client.post("/api/v1/auth/reset-password", payload, format="json")
    assert response.json()["errors"]["mot_de_passe"] == [s.MSG_PASSWORD_SHORT]


def test_forgot_password_answers_the_same_for_an_unknown_address(api_client, owner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        known = api_client.post("/api/v1/auth/forgot-password", {"adresse_email": owner.adresse_email}, format="json")
        unknown = api_client.post("/api/v1/auth/forgot-password", {"adresse_email": "x@example.ci"}, format="json")
    assert (known.status_code, known.json()) == (unknown.status_code, unknown.json())
    assert len(mail.outbox) == 1


def test_resend_answers_the_same_for_known_and_unknown_addresses(api_client, django_capture_on_commit_callbacks):
    user = UnverifiedUserFactory()
    with django_capture_on_commit_callbacks(execute=True):
        known = api_client.post("/api/v1/auth/resend-otp", {"adresse_email": user.adresse_email}, format="json")
        unknown = api_client.post("/api/v1/auth/resend-otp", {"adresse_email": "x@example.ci"}, format="json")
        verified = api_client.post(
            "/api/v1/auth/resend-otp", {"adresse_email": UserFactory().adresse_email}, format="json"
        )
    answers = [known, unknown, verified]
    assert {answer.status_code for answer in answers} == {200}
    assert {answer.json()["message"] for answer in answers} == {services.MSG_RESENT}
    assert {tuple(answer.json()) for answer in answers} == {("message", "expires_at", "expires_in")}
    assert {answer.json()["expires_in"] for answer in answers} <= {599, 600}
    # Every answer gives an expiry ten minutes ahead, in whole seconds, so none stands out.
    expiries = [datetime.fromisoformat(answer.json()["expires_at"]) for answer in answers]
    assert all(expiry.microsecond == 0 for expiry in expiries)
    assert max(expiries) - min(expiries) <= timedelta(seconds=1)
    assert len(mail.outbox) == 1
    code = last_code_sent_to(user.adresse_email)
    response = api_client.post(
        "/api/v1/auth/verify-otp", {"adresse_email": user.adresse_email, "otp_code": code}, format="json"
    )
    assert response.status_code == 200


@pytest.mark.django_db(transaction=True)
def test_one_refresh_token_used_twice_at_once_is_rotated_only_once():
    import threading

    from django.db import connection, connections
    from rest_framework.test import APIClient
    from rest_framework_simplejwt.tokens import RefreshToken

    if connection.vendor != "postgresql":
        pytest.skip("Row locks need PostgreSQL (DATABASE_URL).")
    refresh = str(RefreshToken.for_user(UserFactory()))
    barrier = threading.Barrier(4)
    statuses: list[int] = []

    def use():
        barrier.wait()
        try:
            statuses.append(APIClient().post(REFRESH, {"refresh_token": refresh}, format="json").status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=use) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200, 401, 401, 401]
