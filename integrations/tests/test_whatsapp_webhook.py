"""Meta's webhook end to end: signed payloads in, rows stored, replies out to a fake Graph API."""

import logging
from datetime import timedelta

import pytest
from django.utils import timezone

from conversations.models import Contact, Conversation, Message, MessageStatus, Sender
from conversations.services import message_receive
from integrations.models import InboundEvent
from integrations.whatsapp.services import webhook_receive
from integrations.whatsapp.tasks import whatsapp_conversation_answer, whatsapp_sweep
from integrations.whatsapp.webhook import changes_read
from subscriptions.selectors import conversation_usage

from . import meta, responders

pytestmark = pytest.mark.django_db

CONVERSATIONS = "/api/v1/conversations"


def inbound() -> list[Message]:
    return list(Message.objects.filter(sender=Sender.USER).order_by("id"))


# --- verification and signature ----------------------------------------------------------------


def test_meta_verifies_the_webhook_with_the_right_token(api_client, graph):
    query = {"hub.mode": "subscribe", "hub.verify_token": meta.VERIFY_TOKEN, "hub.challenge": "1158201444"}

    response = api_client.get(meta.WEBHOOK_URL, query)

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert response.content == b"1158201444"


@pytest.mark.parametrize("token", ["wrong", "", meta.VERIFY_TOKEN + "x"])
def test_a_wrong_verify_token_is_refused(api_client, graph, token):
    query = {"hub.mode": "subscribe", "hub.verify_token": token, "hub.challenge": "1158201444"}

    response = api_client.get(meta.WEBHOOK_URL, query)

    assert response.status_code == 403
    assert b"1158201444" not in response.content


@pytest.mark.parametrize("signature", ["", "sha256=" + "0" * 64, "sha1=abc", "sha256=nothex"])
def test_a_bad_or_missing_signature_is_refused_and_nothing_is_stored(api_client, graph, connection, signature):
    response = meta.post(api_client, meta.payload(messages=[meta.message()]), signature=signature)

    assert response.status_code == 403
    assert response.json()["error"] == "whatsapp_signature_invalid"
    assert not Message.objects.exists() and not Contact.objects.exists()
    assert not InboundEvent.objects.exists()
    assert graph.sends() == []


def test_a_body_signed_with_another_secret_is_refused(api_client, graph, connection):
    response = meta.post(api_client, meta.payload(messages=[meta.message()]), secret="not-the-app-secret")

    assert response.status_code == 403
    assert not Message.objects.exists()


def test_a_body_over_three_megabytes_is_refused(api_client, graph, connection):
    body = b'{"entry": [], "pad": "' + b"x" * (3 * 1024 * 1024) + b'"}'

    response = meta.post(api_client, body)

    assert response.status_code == 413
    assert not Message.objects.exists()


def test_an_unknown_phone_number_id_is_logged_and_answered_200(api_client, graph, connection, caplog):
    caplog.set_level(logging.WARNING, logger="flux.integrations.whatsapp")
    logging.getLogger("flux").addHandler(caplog.handler)
    try:
        response = meta.post(api_client, meta.payload(messages=[meta.message()], phone_number_id="999999"))
    finally:
        logging.getLogger("flux").removeHandler(caplog.handler)

    assert response.status_code == 200
    assert not Message.objects.exists()
    assert "unknown phone_number_id 999999" in caplog.text
    assert InboundEvent.objects.get().stored_at is not None  # kept for the record, never a message


def test_a_delivery_whose_task_was_never_queued_is_stored_and_answered_by_the_sweep(graph, connection):
    """The webhook stored the event but the broker was down (or the task was lost): the sweep, a
    minute later, makes the message and queues the assistant's answer."""
    body = meta.payload(messages=[meta.message(body={"body": "Bonsoir, le garba c'est combien ?"})])
    assert webhook_receive(changes=changes_read(body)) == 1
    assert not Message.objects.exists()
    InboundEvent.objects.update(received_at=timezone.now() - timedelta(minutes=2))

    whatsapp_sweep()

    assert [m.content for m in inbound()] == ["Bonsoir, le garba c'est combien ?"]
    assert InboundEvent.objects.get().stored_at is not None
    assert len(graph.sends()) == 1


def test_deliveries_arriving_while_a_store_task_waits_queue_no_other_and_that_task_stores_them_all(
    api_client, graph, connection
):
    """Under load one queued task drains every stored event: a delivery queues a task only when
    none waits (tasks run eagerly here, so a waiting task is simulated by its flag)."""
    from django.core.cache import cache

    from integrations.whatsapp.tasks import INBOUND_SCHEDULED_KEY, whatsapp_inbound_store

    cache.add(INBOUND_SCHEDULED_KEY, 1, timeout=60)
    for n in range(3):
        item = meta.message(body={"body": f"message {n}"}, id=f"wamid.WAITING{n}")
        assert meta.post(api_client, meta.payload(messages=[item])).status_code == 200
    assert InboundEvent.objects.filter(stored_at__isnull=True).count() == 3
    assert not Message.objects.exists()  # no task queued: the waiting one will do it

    whatsapp_inbound_store()  # the waiting task runs: it clears its flag, then drains

    assert [m.content for m in inbound()] == ["message 0", "message 1", "message 2"]
    assert cache.get(INBOUND_SCHEDULED_KEY) is None
    item = meta.message(body={"body": "après"}, id="wamid.AFTER")
    assert meta.post(api_client, meta.payload(messages=[item])).status_code == 200
    assert inbound()[-1].content == "après"  # no task waiting any more: this delivery queued one


# --- inbound messages ------------------------------------------------------------------------------


def test_a_text_message_is_stored_with_its_contact_and_answered(api_client, graph, connection, owner):
    item = meta.message(body={"body": "Bonsoir, le garba c'est combien ?"})

    response = meta.post(api_client, meta.payload(messages=[item], name="Fatou Bamba"))

    assert response.status_code == 200
    [message] = inbound()
    assert message.wamid == item["id"] and message.content == "Bonsoir, le garba c'est combien ?"
    contact = message.conversation.contact
    assert (contact.name, contact.whatsapp_number, contact.owner) == ("Fatou Bamba", "+2250748017823", owner)
    assert message.handled_at is not None
    [reply] = message.replies.all()
    assert reply.sender == Sender.AI and reply.status == MessageStatus.SENT and reply.wamid == "wamid.OUT1"
    [read] = graph.reads()
    assert read.body == {
        "messaging_product": "whatsapp",
        "status": "read",
        "message_id": item["id"],
        "typing_indicator": {"type": "text"},
    }
    [send] = graph.sends()
    assert send.path == f"/v23.0/{meta.PHONE_NUMBER_ID}/messages"
    assert send.headers["Authorization"] == "Bearer EAAGfactorytoken123"
    assert send.body["to"] == meta.CUSTOMER
    assert send.body["text"]["body"] == "Bien reçu : Bonsoir, le garba c'est combien ?"
    assert conversation_usage(owner) == 1


@pytest.mark.parametrize(
    ("kind", "body", "kind_stored", "content"),
    [
        (
            "interactive",
            {"type": "button_reply", "button_reply": {"id": "b0", "title": "Livraison"}},
            "interactive",
            "Livraison",
        ),
        (
            "interactive",
            {"type": "list_reply", "list_reply": {"id": "r1", "title": "Garba poulet"}},
            "interactive",
            "Garba poulet",
        ),
        ("button", {"text": "Oui je confirme", "payload": "yes"}, "interactive", "Oui je confirme"),
        ("image", {"id": "media-1", "mime_type": "image/jpeg", "caption": "Celui-là"}, "image", "[Image] Celui-là"),
        ("image", {"id": "media-2", "mime_type": "image/jpeg"}, "image", "[Image]"),
        ("audio", {"id": "media-3", "mime_type": "audio/ogg; codecs=opus", "voice": True}, "audio", "[Message vocal]"),
        ("sticker", {"id": "media-4", "mime_type": "image/webp", "animated": False}, "sticker", "[Autocollant]"),
        ("video", {"id": "media-5", "mime_type": "video/mp4"}, "video", "[Vidéo]"),
        ("document", {"id": "media-6", "filename": "facture.pdf"}, "document", "[Document] facture.pdf"),
        ("contacts", None, "contacts", "[Contact partagé]"),
        ("reaction", {"message_id": "wamid.X", "emoji": "👍"}, "reaction", "[Réaction] 👍"),
        ("unsupported", None, "unknown", "[Message non pris en charge]"),
        ("something_new", {"foo": "bar"}, "unknown", "[Message non pris en charge]"),
    ],
)
def test_every_message_type_is_stored_never_dropped(api_client, graph, connection, kind, body, kind_stored, content):
    item = meta.message(kind, body=body)
    if kind == "contacts":
        item["contacts"] = [{"name": {"formatted_name": "Yao"}, "phones": [{"phone": "+2250102030405"}]}]

    assert meta.post(api_client, meta.payload(messages=[item])).status_code == 200

    [message] = inbound()
    assert (message.kind, message.content) == (kind_stored, content)
    if body and "id" in body:
        assert message.media_id == body["id"]


def test_a_location_is_stored_with_its_coordinates(api_client, graph, connection, owner_api):
    item = meta.message(
        "location",
        body={"latitude": 5.3599517, "longitude": -3.9810768, "name": "Carrefour Angré", "address": "Cocody"},
    )

    meta.post(api_client, meta.payload(messages=[item]))

    [message] = inbound()
    assert (message.latitude, message.longitude) == (5.3599517, -3.9810768)
    assert message.content == "[Position] Carrefour Angré — Cocody"
    row = owner_api.get(f"{CONVERSATIONS}/{message.conversation_id}/messages").json()["results"][-1]
    assert (row["kind"], row["latitude"], row["longitude"]) == ("location", 5.3599517, -3.9810768)


def test_a_malformed_message_is_skipped_and_the_others_are_stored(api_client, graph, connection):
    broken = {"type": "text", "text": {"body": "sans id ni expéditeur"}}
    good = meta.message()

    assert meta.post(api_client, meta.payload(messages=[broken, good])).status_code == 200

    assert [m.wamid for m in inbound()] == [good["id"]]


def test_the_webhooks_number_and_the_dashboards_number_are_one_contact(api_client, graph, connection, owner):
    seeded = message_receive(user=owner, whatsapp_number="+225 07 48 01 78 23", name="Fatou", content="Bonjour")

    meta.post(api_client, meta.payload(messages=[meta.message()], sender="2250748017823"))

    assert Contact.objects.filter(owner=owner).count() == 1
    assert Conversation.objects.get(owner=owner).messages.filter(sender=Sender.USER).count() == 2
    assert seeded.conversation.contact.whatsapp_number == "+2250748017823"


# --- idempotency and order -----------------------------------------------------------------------


def test_a_delivery_retried_by_meta_is_stored_once_and_answered_once(api_client, graph, connection):
    body = meta.payload(messages=[meta.message()])

    assert meta.post(api_client, body).status_code == 200
    assert meta.post(api_client, body).status_code == 200

    assert len(inbound()) == 1
    assert len(graph.sends()) == 1
    assert len(responders.calls) == 1


def test_messages_of_one_conversation_are_answered_in_arrival_order(api_client, graph, connection):
    items = [meta.message(body={"body": text}) for text in ("Un", "Deux", "Trois")]

    meta.post(api_client, meta.payload(messages=items))

    assert [s.body["text"]["body"] for s in graph.sends()] == [
        "Bien reçu : Un",
        "Bien reçu : Deux",
        "Bien reçu : Trois",
    ]


def test_the_reply_with_buttons_goes_out_as_interactive_buttons(api_client, graph, connection, settings):
    settings.WHATSAPP_RESPONDER = "integrations.tests.responders.two_replies"

    meta.post(api_client, meta.payload(messages=[meta.message()]))

    text, buttons = graph.sends()
    assert text.body["type"] == "text"
    assert buttons.body["type"] == "interactive"
    assert buttons.body["interactive"]["type"] == "button"
    assert [b["reply"]["title"] for b in buttons.body["interactive"]["action"]["buttons"]] == [
        "Livraison",
        "À emporter",
    ]


def test_server_errors_are_retried_and_each_reply_is_sent_once(api_client, graph, connection, settings):
    settings.WHATSAPP_RESPONDER = "integrations.tests.responders.two_replies"
    # The first reply goes out; the second meets 4 server errors (the client's attempt and its 3
    # retries), so the task asks Celery to run it again later: then only the second reply is sent.
    graph.script([None] + [(503, 2)] * 4)

    meta.post(api_client, meta.payload(messages=[meta.message()]))
    first_run = list(Message.objects.filter(sender=Sender.AI).order_by("reply_index"))
    assert [r.status for r in first_run] == ["sent", "pending"]
    whatsapp_conversation_answer.delay(first_run[0].conversation_id)  # Celery's retry

    replies = list(Message.objects.filter(sender=Sender.AI).order_by("reply_index"))
    assert [r.status for r in replies] == ["sent", "sent"]
    assert [r.wamid for r in replies] == ["wamid.OUT1", "wamid.OUT6"]
    assert len(responders.calls) == 1
    bodies = [s.body.get("text", s.body.get("interactive")) for s in graph.sends()]
    assert len(bodies) == 6 and bodies.count(bodies[0]) == 1
