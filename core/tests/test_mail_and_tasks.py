import pytest
from django.core import mail

from conftest import body_text
from core.tasks import send_email


def test_a_mail_reaches_the_smtp_sink(smtp_sink):
    mail.send_mail("Bonjour", "Votre code : 123456", None, ["awa@example.ci"])
    message = smtp_sink.wait_for(lambda m: m["To"] == "awa@example.ci")
    assert message["Subject"] == "Bonjour"
    assert "123456" in body_text(message)


@pytest.mark.worker
def test_a_task_runs_in_the_real_worker_and_its_mail_reaches_the_sink(celery_worker, smtp_sink):
    result = send_email.delay(
        subject="Test du worker", to=["kouassi@example.ci"], text="Akwaba !", html="<p>Akwaba !</p>"
    )
    message = smtp_sink.wait_for(lambda m: m["Subject"] == "Test du worker", timeout=30)
    assert "Akwaba" in body_text(message)
    assert message.get_body(preferencelist=("html",)) is not None
    assert result.id
    assert "core.send_email" in celery_worker.log()


def test_tasks_retry_with_backoff_on_outside_failures():
    assert send_email.retry_backoff and send_email.retry_jitter
    assert ConnectionRefusedError.__mro__[1] in send_email.autoretry_for or OSError in send_email.autoretry_for
