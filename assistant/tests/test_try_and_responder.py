"""The assistant's wiring: the owner's test panel (POST /assistant/try) and the WhatsApp responder."""

import json
from pathlib import Path

import pytest

from accounts.tests.factories import UserFactory
from assistant.services import assistant_answer
from conversations.models import MessageKind, Sender
from conversations.tests.factories import ConversationFactory, MessageFactory
from orders.models import Order
from shop.services import shop_document_replace

pytestmark = pytest.mark.django_db

SHOP = json.loads((Path(__file__).parent / "data" / "dev" / "business.json").read_text(encoding="utf-8"))
TRY, RESET = "/api/v1/assistant/try", "/api/v1/assistant/try/reset"


@pytest.fixture
def shop_owner(owner):
    shop_document_replace(user=owner, document=SHOP)
    return owner


def say(client, text, session="s1"):
    response = client.post(TRY, {"text": text, "session": session}, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


def test_an_order_tried_in_the_panel_is_recorded_once_and_listed(shop_owner, owner_api):
    for text in ("Je veux 2 huiles", "Livraison à Marcory", "Wave"):
        assert say(owner_api, text)["order"] is None

    confirmed = say(owner_api, "oui je confirme")

    assert confirmed["order"]["total"] == 2 * 1400 + 500
    listed = owner_api.get("/api/v1/orders").json()["results"]
    assert [order["reference"] for order in listed] == [confirmed["order"]["reference"]]
    assert say(owner_api, "merci")["order"] is None
    assert Order.objects.count() == 1


def test_recommencer_forgets_the_cart(shop_owner, owner_api):
    say(owner_api, "Je veux 2 huiles")
    assert owner_api.post(RESET, {"session": "s1"}, format="json").status_code == 204

    answer = say(owner_api, "Livraison à Marcory")

    assert "huile" not in " ".join(reply["text"] for reply in answer["replies"]).lower()


def test_sessions_of_two_owners_never_mix(shop_owner, owner_api, api_client):
    other = UserFactory()
    shop_document_replace(user=other, document=SHOP)
    api_client.force_authenticate(other)
    say(owner_api, "Je veux 3 huiles")

    answer = say(api_client, "Livraison à Marcory")

    assert "3 ×" not in " ".join(reply["text"] for reply in answer["replies"])


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"session": "s1"}, "text"),
        ({"text": 12, "session": "s1"}, "text"),
        ({"text": "bonjour", "session": "a b"}, "session"),
    ],
)
def test_bad_input_gets_a_french_400(owner_api, body, field):
    response = owner_api.post(TRY, body, format="json")

    assert response.status_code == 400
    assert field in response.json()["errors"]


def test_the_panel_needs_a_signed_in_owner(api_client):
    assert api_client.post(TRY, {"text": "bonjour", "session": "s1"}, format="json").status_code == 401


def test_the_responder_stores_the_intent_and_answers_the_same_when_asked_again(shop_owner):
    conversation = ConversationFactory(owner=shop_owner)
    steps = ["Je veux 2 huiles", "Livraison à Marcory", "Wave", "oui"]
    for text in steps[:-1]:
        assistant_answer(
            conversation=conversation,
            message=MessageFactory(conversation=conversation, content=text, sender=Sender.USER),
        )
    confirmation = MessageFactory(conversation=conversation, content=steps[-1], sender=Sender.USER)

    first = assistant_answer(conversation=conversation, message=confirmation)
    again = assistant_answer(conversation=conversation, message=confirmation)

    assert first == again
    assert Order.objects.filter(conversation=conversation).count() == 1
    confirmation.refresh_from_db()
    assert confirmation.intent and confirmation.category


def test_a_voice_note_gets_a_request_to_write(shop_owner):
    conversation = ConversationFactory(owner=shop_owner)
    voice = MessageFactory(
        conversation=conversation, sender=Sender.USER, kind=MessageKind.AUDIO, content="[Message vocal]"
    )

    (reply,) = assistant_answer(conversation=conversation, message=voice)

    assert "écrits" in reply.text


def test_a_photo_with_a_caption_is_answered_from_its_words(shop_owner):
    """« [Image] l'huile c'est combien ? »: the customer's words under the picture are read."""
    conversation = ConversationFactory(owner=shop_owner)
    photo = MessageFactory(
        conversation=conversation, sender=Sender.USER, kind=MessageKind.IMAGE, content="[Image] l'huile c'est combien ?"
    )

    replies = assistant_answer(conversation=conversation, message=photo)

    text = " ".join(reply.text for reply in replies)
    assert "1\u202f400\xa0F" in text
    photo.refresh_from_db()
    assert photo.intent == "price"


def test_a_picture_without_words_gets_a_question_about_the_product_never_a_handoff(shop_owner):
    from assistant.services import MSG_PHOTO_RECEIVED

    conversation = ConversationFactory(owner=shop_owner)
    photo = MessageFactory(conversation=conversation, sender=Sender.USER, kind=MessageKind.IMAGE, content="[Image]")

    (reply,) = assistant_answer(conversation=conversation, message=photo)

    conversation.refresh_from_db()
    assert reply.text == MSG_PHOTO_RECEIVED["fr"] and conversation.mode == "ai"


@pytest.mark.parametrize(
    ("kind", "content"),
    [
        (MessageKind.DOCUMENT, "[Document] facture.pdf"),
        (MessageKind.STICKER, "[Autocollant]"),
    ],
)
def test_a_document_or_a_sticker_gets_a_request_to_write(shop_owner, kind, content):
    conversation = ConversationFactory(owner=shop_owner)
    media = MessageFactory(conversation=conversation, sender=Sender.USER, kind=kind, content=content)

    (reply,) = assistant_answer(conversation=conversation, message=media)

    assert "écrits" in reply.text
