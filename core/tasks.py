"""Task conventions and the shared e-mail task.

Tasks that talk to the outside (SMTP, Meta, an LLM) retry with exponential backoff and jitter on
transient errors; a provider error that will not get better with time is raised as
``PermanentError`` and is not retried.
"""

import logging
import smtplib
import socket

from celery import Task, shared_task
from django.core.mail import EmailMultiAlternatives

logger = logging.getLogger("flux.tasks")


class PermanentError(Exception):
    """A failure that retrying cannot fix (bad address, rejected credentials...)."""


class OutsideTask(Task):
    """Base class for tasks that call another system: retry with backoff by default."""

    autoretry_for = (OSError, socket.timeout, smtplib.SMTPException, ConnectionError, TimeoutError)
    dont_autoretry_for = (PermanentError, smtplib.SMTPRecipientsRefused, smtplib.SMTPAuthenticationError)
    retry_backoff = 5
    retry_backoff_max = 600
    retry_jitter = True
    max_retries = 6


@shared_task(base=OutsideTask, name="core.send_email")
def send_email(*, subject: str, to: list[str], text: str, html: str | None = None) -> None:
    """Send one e-mail through the default mailer (MAILERS["default"])."""
    message = EmailMultiAlternatives(subject=subject, body=text, to=to)
    if html:
        message.attach_alternative(html, "text/html")
    message.send()
    logger.info("E-mail sent: %s", subject)
