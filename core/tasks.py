"""Task conventions and the shared e-mail task.

Tasks that talk to the outside (SMTP, Meta, an LLM) retry with exponential backoff and jitter on
transient errors; a provider error that will not get better with time is raised as
``PermanentError`` and is not retried.

Services hand such tasks over with ``enqueue_on_commit``: the task is queued once the caller's
transaction commits, and a failure to send never fails the request that asked for it. With a
broker the worker retries with backoff; in the embedded default (tasks run in-process) the retries
run at once and a send that still fails is logged, while the caller answers as if it were queued
(the person can ask again, e.g. for a new code).
"""

import logging
import smtplib
import socket

from celery import Task, shared_task
from django.core.mail import EmailMultiAlternatives
from django.db import transaction

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


def _enqueue(task: Task, kwargs: dict) -> None:
    try:
        task.delay(**kwargs)
    except Exception:
        # Eager mode (no broker) runs the task and its retries here, inside the request: the work
        # the request did is committed already, so the failure is logged instead of answered.
        logger.exception("Task %s failed after its retries; the request goes on", task.name)


def enqueue_on_commit(task: Task, **kwargs) -> None:
    """Queue ``task`` with ``kwargs`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: _enqueue(task, kwargs))
