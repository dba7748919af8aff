from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from conversations.models import Conversation, Message, MessageStatus, Sender
from conversations.services import message_receive, message_send_by_ai, message_send_by_owner
from subscriptions.models import ConversationUsage
from subscriptions.selectors import conversation_usage, month_start

from .factories import ConversationFactory, MessageFactory

URL = "/api/v1/conversations"

pytestmark = pytest.mark.django_db


def names(response) -> list[str]:
    return [row["contact"]["name"] for row in response.json()["results"]]


# --- list ------------------------------------------------------------------------------------


def test_it_lists_conversations_in_the_spec_shape_most_recent_first(owner_api, owner):
    now = timezone.now()
    ConversationFactory(owner=owner, contact__name="Awa Koné", last_message_at=now - timedelta(hours=2))
    recent = ConversationFactory(
        owner=owner,
        contact__name="Yao Kouassi",
        unread_count=2,
        status="pending",
        mode="human",
        last_message_preview="On dit quoi, c'est combien le boubou ?",
        last_message_at=now,
    )

    body = owner_api.get(URL).json()

    assert names(owner_api.get(URL)) == ["Yao Kouassi", "Awa Koné"]
    row = body["results"][0]
    assert row["id"] == recent.id
    assert row["contact"]["whatsapp_number"] == recent.contact.whatsapp_number
    assert row["last_message"] == "On dit quoi, c'est combien le boubou ?"
    assert row["unread"] == 2
    assert row["status"] == "pending" and row["status_label"] == "En attente"
    assert row["mode"] == "human" and row["over_quota"] is False and row["window_open"] is True
    assert body["counters"] == {"total": 2, "unread": 1, "unread_messages": 2, "over_quota": 0}


def test_the_search_matches_a_name_a_number_or_the_last_message(owner_api, owner):
    ConversationFactory(owner=owner, contact__name="Awa Koné", contact__whatsapp_number="+2250700000001")
    ConversationFactory(owner=owner, contact__name="Yao Kouassi", last_message_preview="Livraison à Yopougon ?")

    assert names(owner_api.get(URL, {"search": "awa"})) == ["Awa Koné"]
    assert names(owner_api.get(URL, {"search": "0700000001"})) == ["Awa Koné"]
    assert names(owner_api.get(URL, {"search": "yopougon"})) == ["Yao Kouassi"]
    assert names(owner_api.get(URL, {"search": "personne"})) == []


def test_the_unread_filter_keeps_conversations_with_unread_messages(owner_api, owner):
    ConversationFactory(owner=owner, contact__name="Awa Koné", unread_count=0)
    ConversationFactory(owner=owner, contact__name="Yao Kouassi", unread_count=3)

    assert names(owner_api.get(URL, {"unread": "true"})) == ["Yao Kouassi"]
    assert len(names(owner_api.get(URL, {"unread": "false"}))) == 2


def test_it_rejects_a_bad_unread_value_in_french(owner_api):
    response = owner_api.get(URL, {"unread": "peut-être"})

    assert response.status_code == 400
    assert response.json()["message"] == "Valeur invalide : utilisez true ou false."


def test_the_list_costs_three_queries_whatever_the_number_of_conversations(
    owner_api, owner, django_assert_max_num_queries
):
    ConversationFactory.create_batch(40, owner=owner, unread_count=1)

    with django_assert_max_num_queries(3):
        response = owner_api.get(URL, {"search": "Fatou", "unread": "true", "page_size": 30})
    assert len(response.json()["results"]) == 30


# --- messages ------------------------------------------------------------------------------


def test_it_lists_a_conversations_messages_newest_first(owner_api, owner):
    conversation = ConversationFactory(owner=owner)
    now = timezone.now()
    MessageFactory(conversation=conversation, content="Bonsoir, c'est combien ?", sent_at=now - timedelta(minutes=2))
    MessageFactory(
        conversation=conversation,
        sender=Sender.AI,
        status=MessageStatus.SENT,
        content="Bonsoir ! 8 000 F CFA le pagne.",
        sent_at=now - timedelta(minutes=1),
    )

    body = owner_api.get(f"{URL}/{conversation.id}/messages").json()

    assert [row["content"] for row in body["results"]] == [
        "Bonsoir ! 8 000 F CFA le pagne.",
        "Bonsoir, c'est combien ?",
    ]
    assert body["results"][0]["sender"] == "ai" and body["results"][0]["sender_label"] == "IA"
    assert body["results"][1]["sender"] == "user" and body["results"][1]["sender_label"] == "Client"
    assert body["conversation"]["id"] == conversation.id


def test_the_messages_cost_three_queries_whatever_their_number(owner_api, owner, django_assert_max_num_queries):
    conversation = ConversationFactory(owner=owner)
    MessageFactory.create_batch(50, conversation=conversation)

    with django_assert_max_num_queries(3):
        response = owner_api.get(f"{URL}/{conversation.id}/messages")
    assert response.json()["count"] == 50


def test_the_owner_sends_a_message_that_waits_for_whatsapp(owner_api, owner):
    conversation = ConversationFactory(owner=owner, unread_count=2)
    MessageFactory(conversation=conversation)

    response = owner_api.post(f"{URL}/{conversation.id}/messages", {"content": "  Je vous l'envoie demain matin.  "})

    assert response.status_code == 201
    message = response.json()["message"]
    assert message["sender"] == "agent" and message["sender_label"] == "Vous"
    assert message["content"] == "Je vous l'envoie demain matin."
    assert message["status"] == "pending" and message["status_label"] == "En attente d'envoi"
    assert response.json()["conversation"]["last_message"] == "Je vous l'envoie demain matin."
    assert response.json()["conversation"]["status"] == "delivered"
    assert response.json()["conversation"]["unread"] == 0
    assert Message.objects.get(pk=message["id"]).status == MessageStatus.PENDING


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"content": "   "}, "Le message ne peut pas être vide."),
        ({}, "Le message ne peut pas être vide."),
        ({"content": "x" * 4097}, "Le message ne peut pas dépasser 4096 caractères."),
    ],
)
def test_it_refuses_an_empty_or_oversized_message(owner_api, owner, body, message):
    conversation = ConversationFactory(owner=owner)

    response = owner_api.post(f"{URL}/{conversation.id}/messages", body)

    assert response.status_code == 400
    assert response.json()["message"] == message
    assert not Message.objects.exists()


def test_marking_a_conversation_read_clears_its_unread_messages(owner_api, owner):
    conversation = ConversationFactory(owner=owner, unread_count=2)
    MessageFactory.create_batch(2, conversation=conversation, status=MessageStatus.RECEIVED)

    response = owner_api.post(f"{URL}/{conversation.id}/read")

    assert response.status_code == 200
    assert response.json()["unread"] == 0
    assert set(conversation.messages.values_list("status", flat=True)) == {"read"}
    assert owner_api.get(URL, {"unread": "true"}).json()["count"] == 0


# --- scoping ---------------------------------------------------------------------------------


def test_another_accounts_conversation_is_neither_readable_nor_writable(owner_api, owner):
    stranger = ConversationFactory(owner=UserFactory(), unread_count=4)
    MessageFactory(conversation=stranger)

    assert owner_api.get(URL).json()["count"] == 0
    assert owner_api.get(f"{URL}/{stranger.id}/messages").status_code == 404
    assert owner_api.post(f"{URL}/{stranger.id}/messages", {"content": "Coucou"}).status_code == 404
    assert owner_api.post(f"{URL}/{stranger.id}/read").status_code == 404
    stranger.refresh_from_db()
    assert stranger.unread_count == 4
    assert stranger.messages.count() == 1


# --- starting conversations and the plan's quota ----------------------------------------------


def test_writing_to_a_new_number_starts_a_conversation_and_counts_it(owner_api, owner):
    response = owner_api.post(
        URL, {"name": "Koffi Yao", "whatsapp_number": "+2250708091011", "content": "Bonjour Koffi !"}
    )

    assert response.status_code == 201
    assert response.json()["conversation"]["contact"] == {
        "id": response.json()["conversation"]["contact"]["id"],
        "name": "Koffi Yao",
        "whatsapp_number": "+2250708091011",
    }
    assert response.json()["message"]["status"] == "pending"
    assert conversation_usage(owner) == 1


def test_writing_again_to_the_same_number_reuses_the_conversation_without_counting(owner_api, owner):
    owner_api.post(URL, {"name": "Koffi Yao", "whatsapp_number": "+2250708091011", "content": "Bonjour"})

    response = owner_api.post(URL, {"name": "Koffi", "whatsapp_number": "+2250708091011", "content": "Vous êtes là ?"})

    assert response.status_code == 200
    assert Conversation.objects.filter(owner=owner).count() == 1
    assert conversation_usage(owner) == 1


def test_a_new_conversation_at_the_plans_cap_is_refused_and_nothing_is_stored(owner_api, owner):
    ConversationUsage.objects.create(user=owner, month=month_start(), count=100)  # gratuit: 100 a month

    response = owner_api.post(URL, {"name": "Koffi Yao", "whatsapp_number": "+2250708091011", "content": "Bonjour"})

    assert response.status_code == 403
    assert response.json()["error"] == "plan_limit_reached"
    assert not Conversation.objects.exists() and not Message.objects.exists()


def test_an_existing_conversation_still_works_at_the_cap(owner_api, owner):
    conversation = ConversationFactory(owner=owner)
    ConversationUsage.objects.create(user=owner, month=month_start(), count=100)

    assert owner_api.post(f"{URL}/{conversation.id}/messages", {"content": "On se voit demain"}).status_code == 201


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"whatsapp_number": "+2250708091011", "content": "Bonjour"}, "name", "Le nom du contact est requis."),
        (
            {"name": "Koffi", "whatsapp_number": "0708", "content": "Bonjour"},
            "whatsapp_number",
            "Numéro WhatsApp invalide : chiffres uniquement, avec l'indicatif (+225...).",
        ),
        ({"name": "Koffi", "whatsapp_number": "+2250708091011"}, "content", "Le message ne peut pas être vide."),
    ],
)
def test_it_rejects_an_invalid_new_conversation_in_french(owner_api, owner, body, field, message):
    response = owner_api.post(URL, body)

    assert response.status_code == 400
    assert response.json()["errors"][field] == [message]
    assert conversation_usage(owner) == 0


def test_a_customers_first_message_starts_and_counts_a_conversation_and_later_ones_do_not(owner):
    first = message_receive(user=owner, whatsapp_number="+2250102030405", name="Aya", content="Bonjour")
    message_receive(user=owner, whatsapp_number="+2250102030405", name="Aya", content="Vous livrez à Abobo ?")

    conversation = first.conversation
    conversation.refresh_from_db()
    assert conversation.unread_count == 2
    assert conversation.status == "pending"
    assert conversation.last_message_preview == "Vous livrez à Abobo ?"
    assert conversation_usage(owner) == 1


def test_the_ai_answer_updates_the_conversation(owner):
    conversation = message_receive(
        user=owner, whatsapp_number="+2250102030405", name="Aya", content="Prix ?"
    ).conversation

    message_send_by_ai(conversation=conversation, content="Le pagne est à 8 000 F CFA.", category="prix", accurate=True)

    conversation.refresh_from_db()
    assert conversation.status == "ai_response"
    assert conversation.last_message_preview == "Le pagne est à 8 000 F CFA."


def test_the_owner_cannot_write_into_another_accounts_conversation_through_the_service(owner):
    stranger = ConversationFactory(owner=UserFactory())

    with pytest.raises(ValueError):
        message_send_by_owner(user=owner, conversation=stranger, content="Bonjour")


def test_it_requires_authentication():
    assert APIClient().get(URL).status_code == 401


# --- rating the AI's answers -------------------------------------------------------------------


def test_the_owner_rates_an_ai_answer_and_the_statistics_use_it(owner_api, owner):
    owner.plan_abonnement = "pro"
    owner.save()
    conversation = ConversationFactory(owner=owner)
    answer = MessageFactory(conversation=conversation, sender=Sender.AI, status=MessageStatus.SENT, category="prix")

    response = owner_api.post(f"{URL}/{conversation.id}/messages/{answer.id}/rating", {"accurate": False})

    assert response.status_code == 200
    assert response.json()["accurate"] is False
    accuracy = owner_api.get("/api/v1/analytics").json()["accuracy_by_category"]["categories"]
    assert accuracy == [{"category": "prix", "label": "Prix", "accuracy": 0.0, "correct": 0, "evaluated": 1}]


def test_only_ai_answers_can_be_rated(owner_api, owner):
    conversation = ConversationFactory(owner=owner)
    question = MessageFactory(conversation=conversation, sender=Sender.USER)

    response = owner_api.post(f"{URL}/{conversation.id}/messages/{question.id}/rating", {"accurate": True})

    assert response.status_code == 400
    assert response.json()["message"] == "Seules les réponses de l'IA peuvent être évaluées."


def test_rating_needs_a_boolean(owner_api, owner):
    conversation = ConversationFactory(owner=owner)
    answer = MessageFactory(conversation=conversation, sender=Sender.AI, status=MessageStatus.SENT)

    response = owner_api.post(f"{URL}/{conversation.id}/messages/{answer.id}/rating", {})

    assert response.status_code == 400
    assert response.json()["errors"] == {"accurate": ["Valeur invalide : utilisez true ou false."]}


def test_another_accounts_messages_cannot_be_rated(owner_api, owner):
    stranger_answer = MessageFactory(
        conversation=ConversationFactory(owner=UserFactory()), sender=Sender.AI, status=MessageStatus.SENT
    )
    own = ConversationFactory(owner=owner)

    assert (
        owner_api.post(
            f"{URL}/{stranger_answer.conversation_id}/messages/{stranger_answer.id}/rating", {"accurate": True}
        ).status_code
        == 404
    )
    assert owner_api.post(f"{URL}/{own.id}/messages/{stranger_answer.id}/rating", {"accurate": True}).status_code == 404
    stranger_answer.refresh_from_db()
    assert stranger_answer.accurate is None
