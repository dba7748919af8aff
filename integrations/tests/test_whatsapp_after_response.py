"""The embedded runtime (Celery in-process): Meta's webhook gets its 200 before the assistant answers.

With ``WHATSAPP_ANSWER_AFTER_RESPONSE`` on, the answer runs in a background thread once the response
is sent. These tests post to the real server (pytest-django's live server) over HTTP; the fake Graph
API holds the reply's send until the test releases it, so a webhook that answered inside the request
could not return its 200 first.
"""

import logging
import time

import pytest
import requests
from django.db import connections

from accounts.tests.factories import UserFactory
from conversations.models import Message, MessageStatus, Sender
from integrations.models import InboundEvent
from integrations.whatsapp import background

from . import meta
from .factories import WhatsAppConnectionFactory


@pytest.fixture
def after_response(settings):
    """The embedded runtime's mode, on (the test settings keep the answer inside the request)."""
    settings.WHATSAPP_ANSWER_AFTER_RESPONSE = True
    assert background.answer_after_response_enabled()  # the tests' Celery is eager, as embedded
    yield
    background.wait_idle()  # no job outlives the test's data


@pytest.fixture
def connected(live_url):
    owner = UserFactory()
    WhatsAppConnectionFactory(owner=owner, phone_number_id=meta.PHONE_NUMBER_ID)
    return owner


def customer_writes(live_url: str, text: str, *, timeout: float = 10) -> tuple[requests.Response, str]:
    item = meta.message(body={"body": text})
    raw, signature = meta.signed(meta.payload(messages=[item]))
    response = requests.post(
        live_url + meta.WEBHOOK_URL,
        data=raw,
        headers={"Content-Type": "application/json", "X-Hub-Signature-256": signature},
        timeout=timeout,
    )
    return response, item["id"]


def settle(wamid: str, timeout: float = 10) -> None:
    """Wait for the job that stores and answers this delivery. The server queues it when it closes the
    response, which may come a moment after the client has read the 200: wait for the message first."""
    deadline = time.monotonic() + timeout
    while not Message.objects.filter(wamid=wamid).exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    background.wait_idle()


def test_meta_gets_its_200_before_the_reply_is_sent(live_url, graph, connected, after_response):
    graph.hold_from, _ = 1, graph.hold.clear()  # every reply's send hangs until the test releases it

    response, wamid = customer_writes(live_url, "Bonsoir, le garba c'est combien ?")

    assert response.status_code == 200 and response.json() == {"status": "ok"}
    assert InboundEvent.objects.filter(wamid=wamid).exists()  # stored before the 200
    # The answer runs now, after the response: its send is waiting at the fake Graph API.
    assert graph.holding.wait(10), "the assistant never tried to send its reply"
    assert graph.sends() == []
    message = Message.objects.get(wamid=wamid)
    assert message.handled_at is None

    graph.hold.set()
    background.wait_idle()

    reply = message.replies.get()
    assert (reply.sender, reply.status, reply.content) == (
        Sender.AI,
        MessageStatus.SENT,
        f"Bien reçu : {message.content}",
    )
    assert reply.wamid and [call.body["text"]["body"] for call in graph.sends()] == [reply.content]
    message.refresh_from_db()
    assert message.handled_at is not None


def test_a_graph_outage_is_logged_and_the_reply_goes_with_the_next_delivery(
    live_url, graph, connected, after_response, all_logs
):
    graph.fail_next(status=503, code=2, message="Service temporarily unavailable", times=10)

    response, first_wamid = customer_writes(live_url, "Vous livrez à Angré ?")
    assert response.status_code == 200
    settle(first_wamid)

    first = Message.objects.get(wamid=first_wamid)
    assert first.handled_at is None and first.replies.get().wamid is None  # recorded, not lost, not sent
    postponed = [r for r in all_logs.records if r.getMessage().startswith("Answering conversation")]
    assert postponed and postponed[0].levelno == logging.WARNING

    graph._failures.clear()
    response, second_wamid = customer_writes(live_url, "Et à Cocody ?")
    assert response.status_code == 200
    settle(second_wamid)

    second = Message.objects.get(wamid=second_wamid)
    assert [call.body["text"]["body"] for call in graph.sends()][-2:] == [
        "Bien reçu : Vous livrez à Angré ?",
        "Bien reçu : Et à Cocody ?",
    ]
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.handled_at and second.handled_at


def test_a_failing_job_is_logged_and_its_thread_closes_its_database_connection(transactional_db, all_logs):
    seen = {}

    def job():
        wrapper = connections["default"]
        Message.objects.exists()
        seen["wrapper"], seen["open"] = wrapper, wrapper.connection is not None
        raise ValueError("le travail a échoué")

    assert background.run_in_background(job).result(timeout=10) is None

    assert seen["open"] and seen["wrapper"].connection is None
    assert seen["wrapper"] is not connections["default"]  # the thread's own connection, not the test's
    failed = [r for r in all_logs.records if r.getMessage().startswith("WhatsApp background job")]
    assert failed and failed[0].levelno == logging.ERROR and isinstance(failed[0].exc_info[1], ValueError)
    assert background.run_in_background(lambda: 42).result(timeout=10) == 42  # the thread lives on


def test_without_the_setting_the_tests_answer_inside_the_request(settings):
    assert settings.WHATSAPP_ANSWER_AFTER_RESPONSE is False
    assert background.answer_after_response_enabled() is False
