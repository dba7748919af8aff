# ruff: noqa: F811 (the test functions take the imported Graph API fixtures by name)
"""After-sales: the rating request an hour after delivery (once per order; text inside the 24 h
window, the approved « avis_livraison » template outside it, else skipped), and the customer's reply
caught before the assistant's engine only while a request is pending."""

import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.cache import cache
from django.utils import timezone

from aftersales.models import Rating, RatingRequest, RatingRequestStatus
from aftersales.ratings import product_words_of, rating_parse
from aftersales.services import NOTICE_NO_TEMPLATE, rating_reply, rating_requests_send
from aftersales.tasks import rating_requests_send as rating_requests_task
from assistant.services import assistant_answer
from conftest import body_text
from conversations.models import ConversationMode, Message, MessageKind, Sender
from conversations.tests.factories import MessageFactory
from integrations.tests.conftest import connection, graph  # noqa: F401 (the fake Graph API fixtures)
from orders.models import OrderEvent, OrderStatus
from shop.services import shop_document_replace

from .factories import customer_order, move

pytestmark = pytest.mark.django_db

SHOP = json.loads(
    (Path(__file__).resolve().parents[2] / "assistant" / "tests" / "data" / "dev" / "business.json").read_text(
        encoding="utf-8"
    )
)


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def delivered(owner, capture, *, hours_ago: float = 1.5, last_inbound_hours: float = 3):
    """An order delivered ``hours_ago`` hours ago (its history step moved back in time)."""
    order = customer_order(owner, last_inbound_hours=last_inbound_hours)
    move(order, OrderStatus.OUT_FOR_DELIVERY, capture)
    move(order, OrderStatus.DELIVERED, capture)
    OrderEvent.objects.filter(order=order, to_status=OrderStatus.DELIVERED).update(
        at=timezone.now() - timedelta(hours=hours_ago)
    )
    return order


def customer_says(order, text: str) -> Message:
    return MessageFactory(conversation=order.conversation, sender=Sender.USER, content=text, kind=MessageKind.TEXT)


@pytest.mark.parametrize(
    ("text", "score", "comment", "complaint"),
    [
        ("5", 5, "", False),
        ("4/5 merci", 4, "merci", False),
        ("⭐⭐⭐⭐", 4, "", False),
        ("2 le livreur était en retard", 2, "le livreur était en retard", True),
        ("five stars", 5, "", False),
        ("top", 5, "top", False),
        ("3 sur 5", 3, "", False),
        ("5 étoiles, mais le colis était abîmé", 5, "mais le colis était abîmé", True),
        ("Nul", 1, "Nul", True),
    ],
)
def test_the_customers_answer_is_read(text, score, comment, complaint):
    parsed = rating_parse(text)

    assert (parsed.score, parsed.comment, parsed.complaint) == (score, comment, complaint)


@pytest.mark.parametrize(
    "text", ["2 huiles svp", "je veux 2 riz", "2 ?", "3 bouteilles", "2 x", "bonjour", "10", "0", "merci", "ok"]
)
def test_orders_and_questions_are_not_ratings(text):
    assert rating_parse(text, product_words=product_words_of(["Huile végétale 1 L", "Riz parfumé 5 kg"])) is None


def test_an_hour_after_delivery_the_customer_is_asked_once(
    owner, graph, connection, django_capture_on_commit_callbacks
):
    order = delivered(owner, django_capture_on_commit_callbacks)
    too_early = delivered(owner, django_capture_on_commit_callbacks, hours_ago=0.5)
    sends_before = len(graph.sends())

    assert rating_requests_task.delay().get() == {"failed": 0, "sent": 1}
    assert rating_requests_send() == {"failed": 0}  # a second run asks nobody again

    [ask] = graph.sends()[sends_before:]
    assert ask.body["type"] == "text"
    assert ask.body["text"]["body"].startswith(f"Bonjour Fatou ! Votre commande {order.reference} vous a été livrée")
    assert "note de 1 à 5" in ask.body["text"]["body"]
    request = RatingRequest.objects.get()
    assert (request.order_id, request.status, request.notice) == (order.pk, RatingRequestStatus.SENT, "message envoyé")
    assert request.request_message.content == ask.body["text"]["body"]
    assert not RatingRequest.objects.filter(order=too_early).exists()


def test_outside_the_window_the_approved_template_goes(owner, graph, connection, django_capture_on_commit_callbacks):
    graph.templates += [
        {
            "name": "avis_livraison",
            "language": "fr",
            "status": "APPROVED",
            "category": "MARKETING",
            "components": [{"type": "BODY", "text": "Comment s'est passée la livraison de {{1}} ? Notez-la de 1 à 5."}],
        }
    ]
    order = delivered(owner, django_capture_on_commit_callbacks, last_inbound_hours=30)
    sends_before = len(graph.sends())

    rating_requests_send()

    [ask] = graph.sends()[sends_before:]
    assert ask.body["template"] == {
        "name": "avis_livraison",
        "language": {"code": "fr"},
        "components": [{"type": "body", "parameters": [{"type": "text", "text": order.reference}]}],
    }
    assert RatingRequest.objects.get().status == RatingRequestStatus.TEMPLATE_SENT


def test_outside_the_window_without_the_template_nothing_goes(
    owner, graph, connection, django_capture_on_commit_callbacks
):
    delivered(owner, django_capture_on_commit_callbacks, last_inbound_hours=30)
    sends_before = len(graph.sends())

    assert rating_requests_send() == {"failed": 0, "skipped": 1}

    assert graph.sends()[sends_before:] == []
    request = RatingRequest.objects.get()
    assert (request.status, request.notice) == (RatingRequestStatus.SKIPPED, NOTICE_NO_TEMPLATE)
    assert rating_requests_send() == {"failed": 0}


def test_a_meta_outage_leaves_the_request_for_the_next_run(
    owner, graph, connection, django_capture_on_commit_callbacks
):
    delivered(owner, django_capture_on_commit_callbacks)
    sends_before = len(graph.sends())
    graph.fail_next(status=503, code=2, times=4)  # the first send and its 3 retries

    assert rating_requests_send() == {"failed": 0, "pending": 1}
    assert RatingRequest.objects.get().status == RatingRequestStatus.PENDING

    assert rating_requests_send() == {"failed": 0, "sent": 1}
    assert len([s for s in graph.sends()[sends_before:] if s.body.get("type") == "text"]) >= 1
    assert Message.objects.filter(content__startswith="Bonjour Fatou", wamid__isnull=False).count() == 1


@pytest.fixture
def asked(owner, graph, connection, django_capture_on_commit_callbacks):
    """A delivered order whose customer was asked for a rating (a shop with a catalogue)."""
    shop_document_replace(user=owner, document=SHOP)
    order = delivered(owner, django_capture_on_commit_callbacks)
    rating_requests_send()
    assert RatingRequest.objects.get(order=order).status == RatingRequestStatus.SENT
    return order


def test_a_good_rating_is_stored_and_thanked(asked):
    message = customer_says(asked, "4/5 merci")

    replies = assistant_answer(conversation=asked.conversation, message=message)

    thanks = "Merci pour votre note (4/5) ! À très bientôt chez Épicerie Chez Koffi."
    assert [reply.text for reply in replies] == [thanks]
    rating = Rating.objects.get()
    assert (rating.order_id, rating.driver_id, rating.score, rating.comment) == (
        asked.pk,
        asked.delivery.driver_id,
        4,
        "merci",
    )
    assert not rating.handed_off
    asked.conversation.refresh_from_db()
    assert asked.conversation.mode == ConversationMode.AI
    # Asked again for the same message (a retried task): the same reply, nothing new.
    assert assistant_answer(conversation=asked.conversation, message=message) == replies
    assert Rating.objects.count() == 1


def test_a_low_rating_hands_the_conversation_to_the_owner(asked, smtp_sink, django_capture_on_commit_callbacks):
    message = customer_says(asked, "2 le livreur était en retard")

    with django_capture_on_commit_callbacks(execute=True):
        replies = assistant_answer(conversation=asked.conversation, message=message)

    assert replies[0].text.startswith("Nous sommes désolés que la livraison ne vous ait pas satisfait.")
    asked.conversation.refresh_from_db()
    assert asked.conversation.mode == ConversationMode.HUMAN
    rating = Rating.objects.get()
    assert (rating.score, rating.complaint, rating.handed_off) == (2, True, True)
    alert = smtp_sink.wait_for(lambda m: "satisfait" in str(m["Subject"]))
    text = body_text(alert)
    assert asked.reference in text and "2/5" in text and "le livreur était en retard" in text
    assert "Koffi Yao Kouassi" in text
    message.refresh_from_db()
    assert message.intent == "complaint"


def test_a_complaint_with_a_good_score_goes_to_the_owner_too(asked):
    replies = rating_reply(
        conversation=asked.conversation, message=customer_says(asked, "5 mais il manque une bouteille")
    )

    assert replies[0].text.startswith("Nous sommes désolés")
    asked.conversation.refresh_from_db()
    assert asked.conversation.mode == ConversationMode.HUMAN


def test_once_answered_a_number_is_an_ordinary_message_again(asked):
    rating_reply(conversation=asked.conversation, message=customer_says(asked, "5"))

    assert rating_reply(conversation=asked.conversation, message=customer_says(asked, "4")) is None
    assert Rating.objects.count() == 1


def test_an_order_word_after_the_request_is_left_to_the_engine(asked):
    message = customer_says(asked, "2 huiles svp")

    assert rating_reply(conversation=asked.conversation, message=message) is None
    replies = assistant_answer(conversation=asked.conversation, message=message)
    assert replies and not Rating.objects.exists()


def test_a_two_in_an_order_dialogue_started_since_is_not_eaten(asked):
    for text in ("Je veux des huiles", "combien ?"):
        message = customer_says(asked, text)
        for reply in assistant_answer(conversation=asked.conversation, message=message):
            MessageFactory(conversation=asked.conversation, sender=Sender.AI, content=reply.text)

    assert rating_reply(conversation=asked.conversation, message=customer_says(asked, "2")) is None
    assert not Rating.objects.exists()


def test_without_a_pending_request_two_goes_to_the_engine(owner, graph, connection, django_capture_on_commit_callbacks):
    shop_document_replace(user=owner, document=SHOP)
    order = customer_order(owner)
    say = customer_says(order, "Je veux des huiles")
    assistant_answer(conversation=order.conversation, message=say)

    two = customer_says(order, "2")
    assert rating_reply(conversation=order.conversation, message=two) is None
    replies = assistant_answer(conversation=order.conversation, message=two)

    assert "huile" in " ".join(reply.text for reply in replies).lower()
    assert not Rating.objects.exists()


def test_a_request_older_than_a_day_is_no_longer_pending(asked):
    RatingRequest.objects.filter(order=asked).update(sent_at=timezone.now() - timedelta(hours=25))

    assert rating_reply(conversation=asked.conversation, message=customer_says(asked, "5")) is None
