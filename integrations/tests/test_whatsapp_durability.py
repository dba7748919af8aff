"""What only PostgreSQL and a real worker can show: concurrent duplicate deliveries, and a worker
killed in the middle of a task (run with DATABASE_URL and REDIS_URL, as CI does)."""

import os
import signal
import subprocess
import threading
import time
import uuid

import pytest
from django.db import connection as db_connection
from django.test import Client

from conftest import celery_worker_start
from conversations.models import Message, Sender
from integrations.models import InboundEvent

from . import meta
from .factories import WhatsAppConnectionFactory

BASE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def needs_postgresql():
    if db_connection.vendor != "postgresql":
        pytest.skip("Concurrent writers need PostgreSQL (SQLite serialises whole-database writes).")


@pytest.mark.django_db(transaction=True)
def test_the_same_delivery_twice_at_once_is_one_row_and_one_reply(graph, owner):
    needs_postgresql()
    WhatsAppConnectionFactory(owner=owner, phone_number_id=meta.PHONE_NUMBER_ID)
    body = meta.payload(messages=[meta.message()])
    barrier = threading.Barrier(4)
    statuses, errors = [], []

    def deliver():
        try:
            client = Client()
            barrier.wait()
            statuses.append(meta.post(client, body).status_code)
        except BaseException as exc:  # reported by the assertion below
            errors.append(exc)
        finally:
            db_connection.close()

    threads = [threading.Thread(target=deliver) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == [] and statuses == [200] * 4
    assert Message.objects.filter(sender=Sender.USER).count() == 1
    assert Message.objects.filter(sender=Sender.AI).count() == 1
    assert len(graph.sends()) == 1


def start_worker(queue: str, env: dict, log_path) -> subprocess.Popen:
    """A worker of its own (not the session's), so the test can SIGKILL it and start another."""
    return celery_worker_start(queue=queue, env=env, log_path=log_path, name=f"{queue}-{uuid.uuid4().hex[:4]}@%h")


def wait_for(predicate, timeout: float, what: str, log_path=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.2)
    log = open(log_path).read()[-4000:] if log_path else ""
    raise AssertionError(f"Timed out waiting for {what}\n{log}")


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_task_sends_each_reply_once_after_restart(graph, owner, settings, tmp_path):
    needs_postgresql()
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        pytest.skip("A real Celery worker needs REDIS_URL (CI sets it).")
    from config.celery import app as celery_app

    WhatsAppConnectionFactory(owner=owner, phone_number_id=meta.PHONE_NUMBER_ID)
    db = db_connection.settings_dict
    database_url = (
        f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    )
    if db.get("PASSWORD"):
        database_url = database_url.replace("@", f":{db['PASSWORD']}@", 1)
    queue = f"flux-wa-{uuid.uuid4().hex[:8]}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "CELERY_QUEUE": queue,
        # A dead worker's unacknowledged task and conversation lock come back after 3 s, not an hour.
        "CELERY_VISIBILITY_TIMEOUT": "3",
        "WHATSAPP_CONVERSATION_LOCK_SECONDS": "3",
        "WHATSAPP_GRAPH_URL": graph.url,
        "WHATSAPP_GRAPH_VERSION": "v23.0",
        "WHATSAPP_GRAPH_RETRY_DELAY": "0.05",
        "WHATSAPP_RESPONDER": "integrations.tests.responders.two_replies",
        "FACEBOOK_APP_SECRET": meta.APP_SECRET,
        "SECRET_KEY": settings.SECRET_KEY,
    }
    log_path = tmp_path / "worker.log"
    # The first reply goes out; the worker dies while Meta has not yet taken the second one.
    graph.hold_from = 2
    graph.hold.clear()
    worker = start_worker(queue, env, log_path)
    previous = (celery_app.conf.task_always_eager, celery_app.conf.task_default_queue)
    celery_app.conf.task_always_eager, celery_app.conf.task_default_queue = False, queue
    try:
        assert meta.post(Client(), meta.payload(messages=[meta.message()])).status_code == 200
        assert InboundEvent.objects.count() == 1  # stored before the 200; the worker makes the message

        assert graph.holding.wait(30), open(log_path).read()
        worker.send_signal(signal.SIGKILL)
        worker.wait(10)
        graph.hold_from = 0
        graph.drop_held = True  # the held request's caller is dead: Meta never took that message
        graph.hold.set()
        time.sleep(0.5)
        graph.drop_held = False
        replies = Message.objects.filter(sender=Sender.AI).order_by("reply_index")
        assert [r.status for r in replies] == ["sent", "pending"]

        worker = start_worker(queue, env, log_path)
        wait_for(
            lambda: all(r.status == "sent" for r in replies.all()), 120, "the restarted worker's replies", log_path
        )
    finally:
        celery_app.conf.task_always_eager, celery_app.conf.task_default_queue = previous
        if worker.poll() is None:
            worker.terminate()
            worker.wait(10)

    texts = [s.body.get("text", {}).get("body") or s.body["interactive"]["body"]["text"] for s in graph.sends()]
    assert texts == ["Le garba est à 1 000 F CFA.", "Vous le voulez livré ?"]
    assert Message.objects.filter(sender=Sender.AI).count() == 2
    assert Message.objects.get(sender=Sender.USER).handled_at is not None
    assert InboundEvent.objects.get().stored_at is not None
