import pytest

from conftest import body_text

from .conftest import code_in


@pytest.mark.worker
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


@pytest.mark.django_db(transaction=True)
def test_a_registration_with_the_smtp_server_down_answers_201_and_the_code_can_be_sent_again(
    smtp_sink, settings, api_client, registration
):
    """Embedded defaults: the task runs in the request once the account is committed. A refused
    connection must not turn the created account into a 500; the person asks for a new code."""
    from accounts.models import User
    from conftest import free_port

    sink_mailer = settings.MAILERS["default"]
    settings.MAILERS = {
        "default": {**sink_mailer, "OPTIONS": {**sink_mailer["OPTIONS"], "port": free_port()}}  # nothing listens
    }

    response = api_client.post("/api/v1/auth/registers", registration, format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["otp_sent"] is True
    assert User.objects.filter(adresse_email=registration["adresse_email"], compte_verifie=False).exists()
    assert smtp_sink.messages == []

    settings.MAILERS = {"default": sink_mailer}  # the SMTP server is back
    resend = api_client.post("/api/v1/auth/resend-otp", {"adresse_email": registration["adresse_email"]}, format="json")

    assert resend.status_code == 200
    code = code_in(body_text(smtp_sink.wait_for(lambda m: m["To"] == registration["adresse_email"])))
    verify = api_client.post(
        "/api/v1/auth/verify-otp", {"adresse_email": registration["adresse_email"], "otp_code": code}, format="json"
    )
    assert verify.status_code == 200
