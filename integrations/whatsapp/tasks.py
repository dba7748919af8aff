"""Celery tasks of the WhatsApp channel (``acks_late``: a task whose worker dies runs again).

Per-conversation order: one worker at a time handles a conversation (a cache lock with a TTL, so
a killed worker's lock expires); a task that finds the lock taken retries a moment later, and the
holder handles every unhandled message in arrival order, so none is skipped.
"""

import logging
import uuid

from celery import shared_task
from django.conf import settings
from django.core.cache import cache

from conversations.selectors import conversations_waiting

from . import client, services

logger = logging.getLogger("flux.integrations.whatsapp")


def _lock_key(conversation_id: int) -> str:
    return f"whatsapp:conversation-lock:{conversation_id}"


def conversation_answer_locked(*, conversation_id: int) -> bool:
    """Answer the conversation holding its lock; False (nothing done) when another run holds it.
    Raises what ``services.conversation_answer`` raises (``client.GraphError``), the lock released."""
    key, token = _lock_key(conversation_id), uuid.uuid4().hex
    if not cache.add(key, token, timeout=settings.WHATSAPP_CONVERSATION_LOCK_SECONDS):
        return False
    try:
        services.conversation_answer(conversation_id=conversation_id)
    finally:
        if cache.get(key) == token:
            cache.delete(key)
    return True


@shared_task(bind=True, acks_late=True, max_retries=None, ignore_result=True)
def whatsapp_conversation_answer(self, conversation_id: int) -> None:
    try:
        answered = conversation_answer_locked(conversation_id=conversation_id)
    except client.GraphError as exc:
        # Meta unreachable or throttling after the client's own retries: the unsent replies wait.
        logger.warning("Answering conversation %s postponed: %s", conversation_id, exc)
        raise self.retry(countdown=min(300, 5 * 2 ** min(self.request.retries, 6))) from None
    if not answered:
        raise self.retry(countdown=1)


INBOUND_SCHEDULED_KEY = "whatsapp:inbound-store-scheduled"


def whatsapp_inbound_store_schedule() -> None:
    """Queue ``whatsapp_inbound_store`` unless one is already queued and not started yet.

    Under load Meta posts hundreds of deliveries a second; one queued task drains them all, so a
    delivery queues a task only when none is waiting (a cache flag set here, cleared by the task as
    it starts, before it reads the pending events). An event stored before the flag is cleared is
    read by that task; one stored after finds no flag and queues the next. The flag expires
    (``WHATSAPP_INBOUND_SCHEDULE_SECONDS``), so a lost task delays storing by that much at most; the
    sweep covers a broker that is down. Raises what ``delay`` raises (the event is stored anyway).
    """
    if not cache.add(INBOUND_SCHEDULED_KEY, 1, timeout=settings.WHATSAPP_INBOUND_SCHEDULE_SECONDS):
        return
    try:
        whatsapp_inbound_store.delay()
    except Exception:
        cache.delete(INBOUND_SCHEDULED_KEY)
        raise


@shared_task(acks_late=True, ignore_result=True)
def whatsapp_inbound_store() -> int:
    """Turn the webhook's stored inbound events into messages, then queue each conversation's answer.
    Queued by ``whatsapp_inbound_store_schedule``; a run that finds the events already taken does
    nothing."""
    cache.delete(INBOUND_SCHEDULED_KEY)
    conversation_ids = services.inbound_events_store()
    for conversation_id in sorted(conversation_ids):
        whatsapp_conversation_answer.delay(conversation_id)
    return len(conversation_ids)


@shared_task(bind=True, acks_late=True, max_retries=8, ignore_result=True)
def whatsapp_message_deliver(self, message_id: int) -> None:
    try:
        services.message_deliver(message_id=message_id)
    except client.GraphError as exc:
        if self.request.retries >= self.max_retries:
            services.message_give_up(message_id=message_id, error=exc)
            return
        raise self.retry(countdown=min(300, 5 * 2**self.request.retries)) from None


@shared_task(ignore_result=True)
def whatsapp_sweep() -> int:
    """Store the inbound events no task turned into messages within a minute, and queue again the
    conversations whose customer messages wait unhandled for more than a minute (the broker was down
    when the webhook stored them, or a task was lost)."""
    stored = services.inbound_events_store(older_than_seconds=60)
    conversation_ids = sorted(stored | set(conversations_waiting()))
    for conversation_id in conversation_ids:
        whatsapp_conversation_answer.delay(conversation_id)
    return len(conversation_ids)


@shared_task(ignore_result=True)
def whatsapp_media_prune() -> int:
    """Delete the customers' media kept longer than 30 days (their transcripts stay). Daily (beat)."""
    from . import media

    return media.media_prune()
