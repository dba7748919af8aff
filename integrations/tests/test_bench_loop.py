"""``make bench-loop``'s measuring pieces (integrations/bench/loop.py), and one small run of the
whole loop: gunicorn, a worker and the fake Graph API on the test database and Redis."""

import os
import uuid

import pytest
import redis
from django.db import connection

from conversations.models import Message, Sender
from integrations.bench import loop
from integrations.tests.fake_graph import Call
from orders.models import Order


def read_receipt(wamid: str) -> Call:
    body = {"messaging_product": "whatsapp", "status": "read", "message_id": wamid}
    return Call("POST", "/v23.0/900000000000001/messages", {}, {}, body)


def reply_to(wa_id: str, text: str = "Bonjour !") -> Call:
    body = {"messaging_product": "whatsapp", "to": wa_id, "type": "text", "text": {"body": text}}
    return Call("POST", "/v23.0/900000000000001/messages", {}, {}, body)


def sent(customer: int = 0, turn: int = 0, *, started: float = 0.0) -> loop.Sent:
    return loop.Sent(customer=customer, turn=turn, text="Bonjour", started=started)


def test_percentile_is_the_nearest_rank():
    values = [0.5, 0.1, 0.4, 0.2, 0.3]

    assert loop.percentile(values, 50) == 0.3
    assert loop.percentile(values, 95) == 0.5
    assert loop.percentile(values, 20) == 0.1
    assert loop.percentile(list(range(1, 101)), 95) == 95
    assert loop.percentile([], 95) is None


def test_each_customer_gets_the_turns_asked_for_with_an_order_to_its_confirmation():
    conversations = loop.conversations_build(data=loop.DATA, customers=20, turns=5)

    assert len(conversations) == 20
    assert all(len(texts) == 5 for texts in conversations)
    assert all("confirm" in texts[-1].lower() or "valide" in texts[-1].lower() for texts in conversations)
    assert len({tuple(texts) for texts in conversations}) > 5  # customers sharing a dialogue greet differently


def test_short_and_long_conversations_still_have_the_turns_asked_for():
    assert [len(texts) for texts in loop.conversations_build(data=loop.DATA, customers=3, turns=2)] == [2, 2, 2]
    longer = loop.conversations_build(data=loop.DATA, customers=2, turns=12)

    assert [len(texts) for texts in longer] == [12, 12]
    assert longer[0][0] != longer[0][2]  # a greeting, a price question, then the dialogue


def test_a_reply_answers_the_message_last_marked_read_for_its_customer():
    clock = loop.ReplyClock()
    first, second = sent(turn=0), sent(turn=1)
    answered_first = clock.expect(wa_id="2250791000000", wamid="wamid.1", sent=first)
    clock.on_call(read_receipt("wamid.1"))
    clock.on_call(reply_to("2250791000000"))
    answered_second = clock.expect(wa_id="2250791000000", wamid="wamid.2", sent=second)
    clock.on_call(reply_to("2250791000000", "the first message's second reply"))

    assert answered_first.is_set() and first.read is not None and first.replied is not None
    assert not answered_second.is_set() and second.replied is None

    clock.on_call(read_receipt("wamid.2"))
    clock.on_call(reply_to("2250791000000"))

    assert answered_second.is_set() and second.replied >= second.read
    assert clock.replies == 3


def test_replies_to_other_numbers_are_not_counted():
    clock = loop.ReplyClock()
    message = sent()
    clock.expect(wa_id="2250791000000", wamid="wamid.1", sent=message)
    clock.on_call(reply_to("2250700000000"))

    assert message.replied is None and clock.replies == 0


def test_a_message_without_a_reply_is_lost_and_fails_the_run():
    answered = sent(0, 0, started=10.0)
    answered.post_seconds, answered.status, answered.read, answered.replied = 0.02, 200, 10.3, 10.5
    unanswered = sent(1, 0, started=10.1)
    unanswered.post_seconds, unanswered.status = 0.04, 200

    figures = loop.figures_from([answered, unanswered], customers=2, turns=1, replies=1)

    assert (figures.sent, figures.answered, figures.lost) == (2, 1, 1)
    assert figures.reply_p95 == pytest.approx(0.5)
    assert figures.read_to_reply_p50 == pytest.approx(0.2)
    assert figures.post_p95 == pytest.approx(0.04)
    assert figures.statuses == {200: 2}
    assert not figures.ok
    assert "lost: 1" in "\n".join(loop.report(figures, seconds=120))


def test_a_run_where_every_message_is_answered_passes():
    messages = []
    for customer in range(2):
        for turn in range(2):
            message = sent(customer, turn, started=float(turn))
            message.post_seconds, message.status, message.read, message.replied = 0.01, 200, turn + 0.1, turn + 0.2
            messages.append(message)

    figures = loop.figures_from(messages, customers=2, turns=2, replies=5)

    assert figures.ok
    assert figures.per_second == pytest.approx(4 / 1.2)


def database_url() -> str:
    """The test database, as the processes the bench starts reach it."""
    settings = connection.settings_dict
    password = f":{settings['PASSWORD']}" if settings.get("PASSWORD") else ""
    return "postgres://{user}{password}@{host}:{port}/{name}".format(
        user=settings["USER"] or "postgres",
        password=password,
        host=settings["HOST"] or "127.0.0.1",
        port=settings["PORT"] or 5432,
        name=settings["NAME"],
    )


@pytest.mark.worker
def test_two_customers_get_every_reply_through_the_whole_loop(transactional_db, tmp_path):
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        pytest.skip("A real Celery worker needs REDIS_URL (CI sets it).")
    if connection.vendor != "postgresql":
        pytest.skip("The worker shares the test database, which needs PostgreSQL (DATABASE_URL).")

    queue = f"flux-test-bench-loop-{uuid.uuid4().hex[:8]}"
    try:
        figures = loop.loop_run(
            customers=2,
            turns=2,
            seconds=60,
            database_url=database_url(),
            redis_url=redis_url,
            log_path=tmp_path / "bench-loop.log",
            migrate=False,
            queue=queue,
        )
    finally:
        # loop_run empties its queue; the worker's bindings of it would stay in Redis.
        redis.Redis.from_url(redis_url).delete(f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}")

    log = (tmp_path / "bench-loop.log").read_text(errors="replace")
    assert figures.ok, "\n".join(loop.report(figures, seconds=60)) + "\n" + log[-3000:]
    assert (figures.sent, figures.answered, figures.lost) == (4, 4, 0)
    assert 0 < figures.reply_p50 <= figures.reply_p95 <= figures.reply_max
    assert figures.post_p95 is not None and figures.statuses == {200: 4}
    # The engine answered from the shop document: the carts are priced in F CFA, no order yet.
    customers = [loop.customer_number(index) for index in range(2)]
    replies = Message.objects.filter(
        conversation__contact__whatsapp_number__in=[f"+{number}" for number in customers], sender=Sender.AI
    )
    assert replies.count() >= 4
    assert any("F CFA" in reply.content for reply in replies)
    assert not Order.objects.exists()
