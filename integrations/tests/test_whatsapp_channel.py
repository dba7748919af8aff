"""Statuses, the owner's side (replies, templates, mode), plan cap and Meta's errors."""

from datetime import timedelta

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.utils import timezone

from conversations.models import Conversation, Message, MessageStatus, Sender
from integrations.configuration import check_whatsapp_settings
from integrations.models import WhatsAppConnection
from subscriptions.models import ConversationUsage
from subscriptions.selectors import conversation_usage, month_start

from . import meta, responders

pytestmark = pytest.mark.django_db

CONVERSATIONS = "/api/v1/conversations"
STATUS = "/api/v1/integrations/whatsapp/status"


def customer_writes(api_client, text="Bonsoir, le garba c'est combien ?") -> Message:
    item = meta.message(body={"body": text})
    assert meta.post(api_client, meta.payload(messages=[item])).status_code == 200
    return Message.objects.get(wamid=item["id"])


def ai_reply(message: Message) -> Message:
    return message.replies.get()


# --- statuses --------------------------------------------------------------------------------------


def test_statuses_move_forward_and_a_late_delivered_never_overwrites_read(api_client, graph, connection):
    reply = ai_reply(customer_writes(api_client))

    for value, expected in [("delivered", "delivered"), ("read", "read"), ("delivered", "read"), ("sent", "read")]:
        meta.post(api_client, meta.payload(statuses=[meta.status(reply.wamid, value)]))
        reply.refresh_from_db()
        assert reply.status == expected


def test_a_status_for_an_unknown_message_is_ignored(api_client, graph, connection):
    response = meta.post(api_client, meta.payload(statuses=[meta.status("wamid.unknown", "read")]))

    assert response.status_code == 200
    assert not Message.objects.exists()


def test_a_window_closed_failure_is_shown_with_its_french_reason(api_client, graph, connection, owner_api):
    reply = ai_reply(customer_writes(api_client))
    error = {
        "code": 131047,
        "title": "Re-engagement message",
        "message": "Re-engagement message",
        "error_data": {"details": "Message failed to send because more than 24 hours have passed"},
    }

    meta.post(api_client, meta.payload(statuses=[meta.status(reply.wamid, "failed", errors=[error])]))

    row = owner_api.get(f"{CONVERSATIONS}/{reply.conversation_id}/messages").json()["results"][0]
    assert row["id"] == reply.id
    assert (row["status"], row["status_label"], row["error_code"]) == ("failed", "Échec de l'envoi", 131047)
    assert row["error_reason"].startswith("Plus de 24 h depuis le dernier message du client")


def test_an_expired_token_fails_the_message_and_asks_the_owner_to_reconnect(api_client, graph, connection, owner_api):
    graph.script([(401, 190)])

    reply = ai_reply(customer_writes(api_client))

    assert (reply.status, reply.error_code) == ("failed", 190)
    row = owner_api.get(f"{CONVERSATIONS}/{reply.conversation_id}/messages").json()["results"][0]
    assert row["error_reason"] == "L'accès à WhatsApp a expiré : reconnectez WhatsApp depuis le tableau de bord."
    assert owner_api.get(STATUS).json()["needs_reconnect"] is True
    assert len(graph.sends()) == 1  # a 4xx is permanent: never retried


def test_with_a_refused_token_the_assistant_stays_silent_until_reconnected(api_client, graph, connection):
    WhatsAppConnection.objects.filter(pk=connection.pk).update(token_invalid_at=timezone.now())

    message = customer_writes(api_client)

    assert message.handled_at is not None and not message.replies.exists()
    assert graph.sends() == []


# --- the owner's side --------------------------------------------------------------------------------


def test_the_owners_reply_is_sent_and_its_status_follows_meta(
    api_client, graph, connection, owner_api, django_capture_on_commit_callbacks
):
    conversation_id = customer_writes(api_client).conversation_id

    with django_capture_on_commit_callbacks(execute=True):
        response = owner_api.post(f"{CONVERSATIONS}/{conversation_id}/messages", {"content": "Je vous appelle."})

    assert response.status_code == 201
    sent = Message.objects.get(pk=response.json()["message"]["id"])
    assert (sent.sender, sent.status, sent.wamid) == (Sender.AGENT, "sent", "wamid.OUT2")
    assert graph.sends()[-1].body["text"]["body"] == "Je vous appelle."
    meta.post(api_client, meta.payload(statuses=[meta.status(sent.wamid, "delivered")]))
    rows = owner_api.get(f"{CONVERSATIONS}/{conversation_id}/messages").json()["results"]
    assert (rows[0]["status"], rows[0]["status_label"]) == ("delivered", "Distribué")


def test_outside_the_24_hour_window_free_text_is_refused_in_french(api_client, graph, connection, owner_api):
    conversation = customer_writes(api_client).conversation
    Conversation.objects.filter(pk=conversation.pk).update(last_inbound_at=timezone.now() - timedelta(hours=25))

    response = owner_api.post(f"{CONVERSATIONS}/{conversation.id}/messages", {"content": "Toujours là ?"})

    assert response.status_code == 409
    assert response.json()["error"] == "whatsapp_window_closed"
    assert "24 h" in response.json()["message"]
    assert owner_api.get(f"{CONVERSATIONS}/{conversation.id}").json()["window_open"] is False


def test_the_owner_sends_an_approved_template_listed_from_the_graph_api(
    api_client, graph, connection, owner_api, django_capture_on_commit_callbacks
):
    conversation = customer_writes(api_client).conversation
    Conversation.objects.filter(pk=conversation.pk).update(last_inbound_at=timezone.now() - timedelta(days=3))

    templates = owner_api.get("/api/v1/integrations/whatsapp/templates").json()["results"]
    owner_api.get("/api/v1/integrations/whatsapp/templates")  # cached: Meta is asked once
    with django_capture_on_commit_callbacks(execute=True):
        response = owner_api.post(
            f"{CONVERSATIONS}/{conversation.id}/templates",
            {"name": templates[0]["name"], "language": templates[0]["language"], "body": templates[0]["body"]},
        )

    assert templates == [
        {
            "name": "relance_commande",
            "language": "fr",
            "category": "UTILITY",
            "body": "Bonjour, votre commande vous attend.",
        }
    ]
    assert len([c for c in graph.calls if c.path.endswith("/message_templates")]) == 1
    assert response.status_code == 201
    assert graph.sends()[-1].body["template"] == {"name": "relance_commande", "language": {"code": "fr"}}
    assert Message.objects.get(pk=response.json()["message"]["id"]).status == "sent"


def test_taking_over_silences_the_assistant_and_handing_back_restores_it(api_client, graph, connection, owner_api):
    conversation_id = customer_writes(api_client, "Bonjour").conversation_id

    response = owner_api.patch(f"{CONVERSATIONS}/{conversation_id}", {"mode": "human"}, format="json")
    assert (response.status_code, response.json()["mode"]) == (200, "human")
    silent = customer_writes(api_client, "Je veux parler au patron")
    owner_api.patch(f"{CONVERSATIONS}/{conversation_id}", {"mode": "ai"}, format="json")
    answered = customer_writes(api_client, "Merci, et le prix ?")

    assert silent.handled_at is not None and not silent.replies.exists()
    assert answered.replies.count() == 1
    assert [s.body["text"]["body"] for s in graph.sends()] == ["Bien reçu : Bonjour", "Bien reçu : Merci, et le prix ?"]


def test_a_bad_mode_is_refused_in_french(owner_api, owner):
    from conversations.tests.factories import ConversationFactory

    conversation = ConversationFactory(owner=owner)

    response = owner_api.patch(f"{CONVERSATIONS}/{conversation.id}", {"mode": "robot"}, format="json")

    assert response.status_code == 400
    assert response.json()["errors"] == {"mode": ["Mode invalide : « ai » ou « human »."]}


def test_the_owners_reply_without_a_connection_fails_with_a_reason(
    owner_api, owner, graph, django_capture_on_commit_callbacks
):
    from conversations.tests.factories import ConversationFactory

    conversation = ConversationFactory(owner=owner)

    with django_capture_on_commit_callbacks(execute=True):
        response = owner_api.post(f"{CONVERSATIONS}/{conversation.id}/messages", {"content": "Bonjour"})

    message = Message.objects.get(pk=response.json()["message"]["id"])
    assert message.status == MessageStatus.FAILED
    row = owner_api.get(f"{CONVERSATIONS}/{conversation.id}/messages").json()["results"][0]
    assert row["error_reason"] == "WhatsApp n'est pas connecté : le message n'a pas pu partir."
    assert graph.sends() == []


# --- the plan's cap --------------------------------------------------------------------------------


def test_at_the_plans_cap_the_message_is_stored_the_assistant_is_silent_and_the_owner_told(
    api_client, graph, connection, owner, owner_api
):
    ConversationUsage.objects.create(user=owner, month=month_start(), count=100)  # gratuit: 100 a month

    message = customer_writes(api_client)

    assert message.conversation.over_quota is True
    assert conversation_usage(owner) == 100  # stored, not counted
    assert not message.replies.exists() and graph.sends() == [] and responders.calls == []
    body = owner_api.get(CONVERSATIONS).json()
    assert body["counters"]["over_quota"] == 1
    assert body["results"][0]["over_quota"] is True


def test_an_over_quota_conversation_is_answered_once_a_new_month_has_room(api_client, graph, connection, owner):
    ConversationUsage.objects.create(user=owner, month=month_start(), count=100)
    first = customer_writes(api_client, "Bonjour")
    ConversationUsage.objects.filter(user=owner).update(count=99)  # room again (a new month, a bigger plan)

    second = customer_writes(api_client, "Vous êtes ouverts ?")

    assert not first.replies.exists()
    assert second.replies.count() == 1
    assert Conversation.objects.get(pk=first.conversation_id).over_quota is False


# --- the responder seam ---------------------------------------------------------------------------


def test_an_unimportable_responder_leaves_the_assistant_silent(api_client, graph, connection, settings):
    settings.WHATSAPP_RESPONDER = "assistant_that_does_not_exist.services.answer"

    message = customer_writes(api_client)

    assert message.handled_at is not None and not message.replies.exists()
    assert graph.sends() == []


# --- settings ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("url", ["http://graph.facebook.com", "ftp://127.0.0.1", "http://10.0.0.5:8080"])
def test_a_graph_url_that_is_not_https_refuses_to_start(settings, url):
    settings.WHATSAPP_GRAPH_URL = url

    with pytest.raises(ImproperlyConfigured):
        check_whatsapp_settings()


@pytest.mark.parametrize("url", ["https://graph.facebook.com", "http://127.0.0.1:8765", "http://localhost:1"])
def test_https_or_a_loopback_fake_is_accepted(settings, url):
    settings.WHATSAPP_GRAPH_URL = url

    check_whatsapp_settings()
