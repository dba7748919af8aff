"""Celery tasks of the conversation core (``acks_late``: a task whose worker dies runs again)."""

import logging

from celery import shared_task

from . import core
from .transport import TransportError

logger = logging.getLogger("flux.conversations")


@shared_task(bind=True, acks_late=True, max_retries=8, ignore_result=True)
def conversation_message_deliver(self, message_id: int) -> None:
    """Send a message the owner wrote, once; retried with backoff while the channel is unreachable,
    failed for the owner to see when it stays so."""
    try:
        core.message_deliver(message_id=message_id)
    except TransportError as exc:
        if self.request.retries >= self.max_retries:
            core.message_give_up(message_id=message_id, error=exc)
            return
        raise self.retry(countdown=min(300, 5 * 2**self.request.retries)) from None
