"""The embedded runtime's worker: the assistant answers after Meta has its 200.

Without Redis (the embedded default) Celery runs tasks eagerly, inside the caller: queued from the
webhook, the whole answer (the engine, Meta's Graph API sends) would run inside Meta's request, and
Meta wants its 200 at once. With ``WHATSAPP_ANSWER_AFTER_RESPONSE`` on and Celery eager, the webhook
answers with ``AnswerAfterResponse``: when the server closes that response (after the body is sent;
``close()`` is the WSGI and ASGI servers' end-of-request hook) one job is handed to a single
background thread, which stores the delivered events as messages and answers their conversations,
as the worker's tasks do in production.

- Nothing is lost: the webhook stored the delivery (``InboundEvent``) before answering; a process
  that dies before the job ran leaves the events for the next delivery's job.
- One thread (``max_workers=1``): conversations are answered one after the other, so the
  per-conversation lock is never contended (an eager Celery retry would spin on it), and at most one
  job waits in the queue (a queued job drains every event stored before it starts).
- Errors are logged with their traceback, never raised into the server nor silently dropped. A
  Graph API outage leaves the messages unhandled; the next job answers them (it also takes the
  conversations whose messages have waited for more than a minute, the production sweep's work).
- The thread opens its own database connections and closes them after each job.
"""

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from celery import current_app
from django.conf import settings
from django.db import connections
from rest_framework.response import Response

from conversations.selectors import conversations_waiting

from . import client, services
from .tasks import conversation_answer_locked

logger = logging.getLogger("flux.integrations.whatsapp")

_executor: ThreadPoolExecutor | None = None
_state = threading.Lock()
_queued = False


def answer_after_response_enabled() -> bool:
    """The setting is on and tasks run in this process (no worker to hand them to)."""
    return bool(settings.WHATSAPP_ANSWER_AFTER_RESPONSE) and bool(current_app.conf.task_always_eager)


def _pool() -> ThreadPoolExecutor:
    global _executor
    with _state:
        if _executor is None:
            _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="flux-whatsapp")
        return _executor


def run_in_background(job: Callable[[], object]) -> Future:
    """Run ``job`` in the background thread: its exception is logged (with the traceback), and the
    thread's database connections are closed after it, whatever happened."""

    def run():
        try:
            return job()
        except Exception:
            logger.exception("WhatsApp background job %s failed", getattr(job, "__name__", job))
            return None
        finally:
            connections.close_all()  # this thread's connections only (they are per thread)

    return _pool().submit(run)


def inbound_answer() -> int:
    """Store the webhook's pending events as messages and answer their conversations, in this thread.
    Returns how many conversations were answered."""
    conversation_ids = services.inbound_events_store() | set(conversations_waiting())
    answered = 0
    for conversation_id in sorted(conversation_ids):
        try:
            if conversation_answer_locked(conversation_id=conversation_id):
                answered += 1
            else:
                logger.info("Conversation %s is being answered elsewhere: left to that run", conversation_id)
        except client.GraphError as exc:
            # Meta unreachable or throttling after the client's own retries: the unsent replies and
            # unhandled messages wait for the next job.
            logger.warning("Answering conversation %s postponed: %s", conversation_id, exc)
    return answered


def _inbound_answer_job() -> int:
    global _queued
    with _state:
        _queued = False  # events stored from now on need the next job; those before are read below
    return inbound_answer()


def inbound_answer_schedule() -> Future | None:
    """Queue ``inbound_answer`` unless a job is already waiting (it will read every stored event)."""
    global _queued
    with _state:
        if _queued:
            return None
        _queued = True
    try:
        return run_in_background(_inbound_answer_job)
    except RuntimeError:  # the interpreter is shutting down: the events wait for the next start
        with _state:
            _queued = False
        logger.warning("WhatsApp answer not queued: the process is stopping")
        return None


def wait_idle(timeout: float = 30) -> None:
    """Block until the jobs queued so far have run (tests, and a clean stop)."""
    run_in_background(lambda: None).result(timeout=timeout)


class AnswerAfterResponse(Response):
    """The webhook's 200; closing it (the server has sent it) queues the assistant's answer."""

    def close(self):
        super().close()
        try:
            inbound_answer_schedule()
        except Exception:
            # Stored already (InboundEvent): the next delivery's job answers it.
            logger.exception("Could not queue the answer of a webhook delivery")
