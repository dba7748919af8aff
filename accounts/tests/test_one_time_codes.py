import threading
from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.utils import timezone

from accounts import serializers as s
from accounts import services
from accounts.constants import OTP_ACCOUNT_MAX_FAILURES
from accounts.models import OneTimeCode
from core.serializers import MSG_NOT_A_STRING

from .conftest import last_code_sent_to
from .factories import UnverifiedUserFactory

URL = "/api/v1/auth/verify-otp"
pytestmark = pytest.mark.django_db


@pytest.fixture
def pending(django_capture_on_commit_callbacks):
    user = UnverifiedUserFactory(adresse_email="yao@example.ci")
    with django_capture_on_commit_callbacks(execute=True):
        services.one_time_code_issue(user=user, purpose=OneTimeCode.Purpose.VERIFY_ACCOUNT)
    return user, last_code_sent_to("yao@example.ci")


def wrong(code: str) -> str:
    return f"{(int(code) + 1) % 10**6:06d}"


def verify(api_client, code, email="yao@example.ci"):
    return api_client.post(URL, {"adresse_email": email, "otp_code": code}, format="json")


def test_the_right_code_verifies_the_account(api_client, pending):
    user, code = pending
    response = verify(api_client, code)
    assert response.status_code == 200
    body = response.json()
    assert body["message"] == services.MSG_VERIFIED
    assert body["user"]["compte_verifie"] is True and body["user"]["otp_verified"] is True
    user.refresh_from_db()
    assert user.compte_verifie and user.otp_verified


def test_a_code_is_used_only_once(api_client, pending):
    _, code = pending
    assert verify(api_client, code).status_code == 200
    response = verify(api_client, code)
    assert response.status_code == 400
    assert response.json()["message"] == services.MSG_CODE_INVALID


def test_it_rejects_a_wrong_code(api_client, pending):
    _, code = pending
    response = verify(api_client, wrong(code))
    assert response.status_code == 400
    assert response.json() == {"message": services.MSG_CODE_INVALID, "error": "otp_invalid", "statusCode": 400}


@pytest.mark.parametrize("code", ["12345", "1234567", "12a456", "", "١٢٣٤٥٦"])
def test_a_code_must_be_exactly_six_digits(api_client, pending, code):
    response = verify(api_client, code)
    assert response.status_code == 400
    assert response.json()["message"] == s.MSG_OTP_FORMAT
    assert response.json()["errors"]["otp_code"] == [s.MSG_OTP_FORMAT]


def test_a_code_as_a_json_number_is_refused(api_client, pending):
    response = api_client.post(URL, {"adresse_email": "yao@example.ci", "otp_code": 123456}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"]["otp_code"] == [MSG_NOT_A_STRING]


def test_a_code_still_works_at_599_seconds(api_client, pending):
    _, code = pending
    with time_machine.travel(timezone.now() + timedelta(seconds=599)):
        assert verify(api_client, code).status_code == 200


def test_it_rejects_an_expired_code_at_601_seconds(api_client, pending):
    _, code = pending
    with time_machine.travel(timezone.now() + timedelta(seconds=601)):
        response = verify(api_client, code)
    assert response.status_code == 400
    assert "expiré" in response.json()["message"]
    assert response.json()["message"] == services.MSG_CODE_EXPIRED


def test_a_new_code_kills_the_previous_one(api_client, pending, django_capture_on_commit_callbacks):
    user, first = pending
    with django_capture_on_commit_callbacks(execute=True):
        services.one_time_code_issue(user=user, purpose=OneTimeCode.Purpose.VERIFY_ACCOUNT)
    second = last_code_sent_to("yao@example.ci")
    if first != second:
        assert verify(api_client, first).status_code == 400
    assert verify(api_client, second).status_code == 200


def test_codes_of_another_purpose_do_not_verify_the_account(api_client, pending, django_capture_on_commit_callbacks):
    user, verify_code = pending
    with django_capture_on_commit_callbacks(execute=True):
        services.one_time_code_issue(user=user, purpose=OneTimeCode.Purpose.RESET_PASSWORD)
    reset_code = last_code_sent_to("yao@example.ci")
    if reset_code != verify_code:
        assert verify(api_client, reset_code).status_code == 400
    assert verify(api_client, verify_code).status_code == 200


def test_five_wrong_tries_kill_the_code_and_the_fifth_answer_says_so(api_client, pending):
    _, code = pending
    for _ in range(4):
        assert verify(api_client, wrong(code)).status_code == 400
    fifth = verify(api_client, wrong(code))
    assert fifth.status_code == 429
    assert fifth.json()["message"] == services.MSG_CODE_EXHAUSTED
    assert fifth.json()["error"] == "otp_attempts_exceeded"
    response = verify(api_client, code)
    assert response.status_code == 429
    assert response.json()["message"] == services.MSG_CODE_EXHAUSTED


def test_an_unknown_address_gets_the_invalid_code_answer(api_client, pending):
    response = verify(api_client, "123456", email="personne@example.ci")
    assert response.status_code == 400
    assert response.json()["message"] == services.MSG_CODE_INVALID


def test_after_100_consecutive_failures_codes_are_refused_until_staff_unlock(
    api_client, pending, django_capture_on_commit_callbacks
):
    user, code = pending
    user.otp_failures = OTP_ACCOUNT_MAX_FAILURES - 1
    user.save()
    assert verify(api_client, wrong(code)).status_code == 400
    user.refresh_from_db()
    assert user.otp_failures == OTP_ACCOUNT_MAX_FAILURES
    with django_capture_on_commit_callbacks(execute=True):
        services.one_time_code_issue(user=user, purpose=OneTimeCode.Purpose.VERIFY_ACCOUNT)
    fresh = last_code_sent_to("yao@example.ci")
    response = verify(api_client, fresh)
    assert response.status_code == 403
    assert response.json()["message"] == services.MSG_CODES_LOCKED
    services.user_codes_unlock(user=user)
    assert verify(api_client, fresh).status_code == 200


def test_a_right_code_resets_the_consecutive_failure_count(api_client, pending):
    user, code = pending
    verify(api_client, wrong(code))
    user.refresh_from_db()
    assert user.otp_failures == 1
    verify(api_client, code)
    user.refresh_from_db()
    assert user.otp_failures == 0


@pytest.mark.django_db(transaction=True)
def test_concurrent_wrong_guesses_are_counted_one_by_one():
    """Ten wrong guesses sent at once on PostgreSQL: exactly five are counted, the rest refused."""
    if connection.vendor != "postgresql":
        pytest.skip("Row locks need PostgreSQL (DATABASE_URL); SQLite serialises writers anyway.")
    from rest_framework.test import APIClient

    user = UnverifiedUserFactory(adresse_email="yao@example.ci")
    services.one_time_code_issue(user=user, purpose=OneTimeCode.Purpose.VERIFY_ACCOUNT)
    code = last_code_sent_to("yao@example.ci")
    barrier = threading.Barrier(10)
    statuses: list[int] = []
    lock = threading.Lock()

    def guess():
        from django.db import connections

        client = APIClient()
        barrier.wait()
        try:
            response = verify(client, wrong(code))
            with lock:
                statuses.append(response.status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=guess) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # Four wrong answers, then the guess that uses up the fifth try and every later one: dead code.
    assert sorted(statuses) == [400] * 4 + [429] * 6
    otp = OneTimeCode.objects.get(user=user)
    assert otp.attempts == 5
    user.refresh_from_db()
    assert user.otp_failures == 5
    # The code is dead: even the right one is refused now.
    assert verify(APIClient(), code).status_code == 429
