import pytest

from conftest import body_text

from .conftest import code_in

pytestmark = pytest.mark.worker


def test_a_registration_code_goes_through_celery_and_redis_to_the_smtp_sink(
    celery_worker, smtp_sink, api_client, registration
):
    response = api_client.post("/api/v1/auth/registers", registration, format="json")
    assert response.status_code == 201
    message = smtp_sink.wait_for(lambda m: m["To"] == registration["adresse_email"], timeout=30)
    assert "Flux IA" in message["Subject"]
    text = body_text(message)
    code = code_in(text)
    assert "10 minutes" in text
    html = message.get_body(preferencelist=("html",)).get_content()
    assert code in html
    assert "core.send_email" in celery_worker.log()
    assert code not in celery_worker.log()
    verify = api_client.post(
        "/api/v1/auth/verify-otp", {"adresse_email": registration["adresse_email"], "otp_code": code}, format="json"
    )
    assert verify.status_code == 200


def test_a_mail_that_fails_is_retried_with_backoff():
    from core.tasks import send_email

    assert send_email.retry_backoff and send_email.max_retries >= 3
