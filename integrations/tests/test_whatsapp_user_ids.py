"""Customers without a phone number: Meta's business-scoped user id (BSUID) in, replies out to it.

The deliveries are Meta's 2026 shape (``data/whatsapp_user_ids.json``): a username-only customer has
``from_user_id`` and ``contacts[].user_id`` but no ``from`` / ``wa_id``; the same customer may later
come with both. Everything runs for real: the signed webhook, the stored events, the assistant
answering from the shop's document, the fake Graph API on 127.0.0.1 recording what we send.
"""

import copy
import json
import threading
import time
from pathlib import Path

import pytest
from django.db import close_old_connections, transaction
from django.db import connection as db_connection

from conversations.models import Contact, Conversation, Message, MessageStatus, Sender
from conversations.services import message_store_inbound
from integrations.models import InboundEvent
from integrations.whatsapp import webhook
from integrations.whatsapp.recipient import NoRecipient, recipient_field, recipient_of
from integrations.whatsapp.services import inbound_events_store
from logistics.tests.factories import DriverFactory
from orders.models import Order

from . import meta
from .test_assistant_loop import SHOP, buttons_of, text_of

pytestmark = pytest.mark.django_db

PAYLOADS = json.loads((Path(__file__).parent / "data" / "whatsapp_user_ids.json").read_text(encoding="utf-8"))
BSUID = "CI.13491208655302741918"
NUMBER = "2250748017823"


def delivery(name: str, *, text: str | None = None, id: str | None = None) -> dict:
    """A copy of the fixture ``name`` with a fresh wamid, the current time and ``text``."""
    payload = copy.deepcopy(PAYLOADS[name])
    value = payload["entry"][0]["changes"][0]["value"]
    for item in value.get("messages", []):
        item["id"] = id or meta.wamid()
        item["timestamp"] = str(int(time.time()))
        if text is not None:
            item["text"]["body"] = text
    return payload


def status_delivery(name: str, *, wamid: str, status: str | None = None) -> dict:
    payload = copy.deepcopy(PAYLOADS[name])
    item = payload["entry"][0]["changes"][0]["value"]["statuses"][0]
    item["id"], item["timestamp"] = wamid, str(int(time.time()))
    if status:
        item["status"] = status
    return payload


def post(api_client, payload: dict) -> None:
    response = meta.post(api_client, payload)
    assert response.status_code == 200, response.content


def say(api_client, graph, text: str, *, shape: str = "username_only_message") -> list:
    before = len(graph.sends())
    post(api_client, delivery(shape, text=text))
    return graph.sends()[before:]


@pytest.fixture
def shop(owner, graph, connection, settings):
    from shop.services import shop_document_replace

    settings.WHATSAPP_RESPONDER = "assistant.services.assistant_answer"
    shop_document_replace(user=owner, document=SHOP)
    return owner


# --- reading Meta's payloads -------------------------------------------------------------------------


def test_a_username_only_message_is_read_with_its_user_id_username_and_name():
    [change] = webhook.changes_read(PAYLOADS["username_only_message"])
    [inbound] = change.messages

    assert (inbound.wa_id, inbound.user_id, inbound.username, inbound.name) == (
        "",
        BSUID,
        "fatou.bamba",
        "Fatou Bamba",
    )
    assert inbound.content == "Bonsoir, le lait en poudre c'est combien ?"
    again = webhook.Inbound.from_data(wamid=inbound.wamid, data=json.loads(json.dumps(inbound.to_data())))
    assert again == inbound


def test_a_message_with_both_ids_keeps_both_and_one_with_neither_is_skipped():
    [change] = webhook.changes_read(PAYLOADS["message_with_number"])
    assert (change.messages[0].wa_id, change.messages[0].user_id) == (NUMBER, BSUID)

    orphan = copy.deepcopy(PAYLOADS["username_only_message"])
    value = orphan["entry"][0]["changes"][0]["value"]
    del value["messages"][0]["from_user_id"]
    value["contacts"] = []
    [change] = webhook.changes_read(orphan)
    assert change.messages == []


def test_an_event_stored_before_user_ids_still_reads():
    """Rows written by the previous code have ``wa_id`` only."""
    inbound = webhook.Inbound.from_data(
        wamid="wamid.X",
        data={"wa_id": NUMBER, "name": "Awa", "kind": "text", "content": "Bonjour", "at": "2026-11-26T07:00:00+00:00"},
    )
    assert (inbound.wa_id, inbound.user_id, inbound.username) == (NUMBER, "", "")


def test_the_recipient_is_the_number_when_known_else_the_user_id(owner):
    both = Contact(owner=owner, name="A", whatsapp_number="+" + NUMBER, whatsapp_user_id=BSUID)
    username_only = Contact(owner=owner, name="B", whatsapp_user_id=BSUID)

    assert recipient_of(both) == NUMBER and recipient_field(recipient_of(both)) == "to"
    assert recipient_of(username_only) == BSUID and recipient_field(BSUID) == "recipient"
    with pytest.raises(NoRecipient):
        recipient_of(Contact(owner=owner, name="C"))


# --- the whole loop ------------------------------------------------------------------------------------


def test_a_username_only_customer_is_stored_and_answered_at_the_user_id(api_client, graph, shop, owner_api):
    [answer] = say(api_client, graph, "Bonsoir, le lait en poudre c'est combien ?")

    contact = Contact.objects.get()
    assert (contact.whatsapp_number, contact.whatsapp_user_id, contact.name) == ("", BSUID, "Fatou Bamba")
    assert answer.body["recipient"] == BSUID and "to" not in answer.body
    assert answer.body["recipient_type"] == "individual"
    assert "lait" in text_of(answer).lower()
    assert InboundEvent.objects.get().data["user_id"] == BSUID
    listed = owner_api.get("/api/v1/conversations").json()["results"]
    assert listed[0]["contact"] == {"id": contact.pk, "name": "Fatou Bamba", "whatsapp_number": ""}


def test_a_username_only_customer_orders_and_hears_the_updates(
    api_client, graph, shop, owner_api, django_capture_on_commit_callbacks
):
    answers = [say(api_client, graph, turn) for turn in ["Je veux 2 huiles", "Livraison à Marcory", "cash", "oui"]]

    assert all(answers)
    recap = answers[-2][-1]
    assert set(buttons_of(recap)) == {"Confirmer", "Modifier"}
    assert all(call.body.get("recipient") == BSUID and "to" not in call.body for turn in answers for call in turn)
    order = Order.objects.get()
    assert (order.customer_name, order.customer_phone, order.contact.whatsapp_user_id) == ("Fatou Bamba", "", BSUID)
    listed = owner_api.get("/api/v1/orders").json()["results"]
    assert listed[0]["customer"] == {"name": "Fatou Bamba", "whatsapp_number": ""}

    # The driver's round and the customer's update work without a number.
    driver = DriverFactory(owner=shop, commune="Marcory", latitude=5.30, longitude=-3.98, side="south")
    with django_capture_on_commit_callbacks(execute=True):
        assigned = owner_api.post(f"/api/v1/orders/{order.pk}/assign-driver", {"driver_id": driver.pk}, format="json")
    assert assigned.status_code == 200, assigned.json()
    assert order.delivery.customer_phone == ""
    owner_api.post(f"/api/v1/orders/{order.pk}/transition", {"status": "preparing"}, format="json")
    before = len(graph.sends())
    with django_capture_on_commit_callbacks(execute=True):
        moved = owner_api.post(f"/api/v1/orders/{order.pk}/transition", {"status": "out_for_delivery"}, format="json")
    assert moved.status_code == 200, moved.json()
    [update] = [call for call in graph.sends()[before:] if call.body.get("recipient") == BSUID]
    assert order.reference in text_of(update)


def test_the_drivers_page_says_sans_numero_for_a_customer_without_a_number(shop, owner_api, client):
    from logistics.services import delivery_schedule, driver_link_issue

    driver = DriverFactory(owner=shop, commune="Marcory", latitude=5.30, longitude=-3.98, side="south")
    delivery_schedule(
        user=shop,
        customer_name="Fatou Bamba",
        customer_phone="",
        address="Marcory Zone 4",
        commune="Marcory",
        products=["2 × Huile"],
        amount=3300,
        driver=driver,
    )
    _, token = driver_link_issue(driver=driver)

    page = client.get(f"/livreur/{token}").content.decode()

    assert "Fatou Bamba" in page and "Sans numéro" in page and 'href="tel:"' not in page


def test_the_same_customer_later_with_a_number_stays_one_contact(api_client, graph, shop, owner_api):
    say(api_client, graph, "Bonsoir, le lait en poudre c'est combien ?")
    [answer] = say(api_client, graph, "Vous livrez à Marcory ?", shape="message_with_number")

    contact = Contact.objects.get()
    assert (contact.whatsapp_number, contact.whatsapp_user_id) == ("+" + NUMBER, BSUID)
    assert Conversation.objects.count() == 1
    assert Message.objects.filter(sender=Sender.USER).count() == 2
    # Once the number is known, Meta advises sending to it.
    assert answer.body["to"] == NUMBER and "recipient" not in answer.body
    # A later username-only delivery still finds the contact by its user id.
    say(api_client, graph, "Merci !")
    assert Contact.objects.count() == 1 and Message.objects.filter(sender=Sender.USER).count() == 3


def test_a_number_contact_and_a_user_id_contact_of_one_customer_are_merged_without_loss(
    api_client, graph, shop, owner_api
):
    # The owner wrote to the number first; the customer then wrote under her username (two contacts).
    started = owner_api.post(
        "/api/v1/conversations",
        {
            "name": "Fatou (boutique)",
            "whatsapp_number": "+" + NUMBER,
            "content": "Bonjour Fatou, votre colis est prêt.",
        },
        format="json",
    )
    assert started.status_code == 201, started.json()
    say(api_client, graph, "Je veux 2 huiles")
    say(api_client, graph, "Livraison à Marcory")
    say(api_client, graph, "cash")
    say(api_client, graph, "oui")
    assert Contact.objects.count() == 2
    order = Order.objects.get()
    username_conversation = order.conversation
    messages_before = Message.objects.count()

    # Then a delivery names both ids: one customer.
    post(api_client, delivery("message_with_number", text="Merci, à tout à l'heure"))

    contact = Contact.objects.get()
    conversation = Conversation.objects.get()
    assert (contact.whatsapp_number, contact.whatsapp_user_id) == ("+" + NUMBER, BSUID)
    assert Message.objects.count() >= messages_before + 1  # the new message (and the assistant's reply)
    assert set(Message.objects.values_list("conversation_id", flat=True)) == {conversation.pk}
    assert Message.objects.filter(sender=Sender.USER).count() == 5
    assert not Conversation.objects.filter(pk=username_conversation.pk).exists() or (
        username_conversation.pk == conversation.pk
    )
    order.refresh_from_db()
    assert (order.contact_id, order.conversation_id) == (contact.pk, conversation.pk)
    assert conversation.last_message_preview in {
        m.content[:300] for m in Message.objects.filter(conversation=conversation).order_by("-id")[:1]
    }
    detail = owner_api.get(f"/api/v1/conversations/{conversation.pk}/messages?page_size=100").json()
    assert len(detail["results"]) == Message.objects.count()


# --- statuses and retries --------------------------------------------------------------------------------


def test_statuses_of_a_message_sent_to_a_user_id_are_applied(api_client, graph, shop):
    [answer] = say(api_client, graph, "Bonsoir, le lait en poudre c'est combien ?")
    reply = Message.objects.get(sender=Sender.AI)
    assert reply.wamid and reply.status == MessageStatus.SENT

    post(api_client, status_delivery("statuses_to_user_id", wamid=reply.wamid))
    reply.refresh_from_db()
    assert reply.status == MessageStatus.DELIVERED
    post(api_client, status_delivery("statuses_to_user_id", wamid=reply.wamid, status="read"))
    reply.refresh_from_db()
    assert reply.status == MessageStatus.READ


def test_a_failed_status_without_contacts_is_applied(api_client, graph, shop):
    say(api_client, graph, "Bonsoir, le lait en poudre c'est combien ?")
    reply = Message.objects.get(sender=Sender.AI)

    post(api_client, status_delivery("failed_to_user_id", wamid=reply.wamid))

    reply.refresh_from_db()
    assert (reply.status, reply.error_code) == (MessageStatus.FAILED, 131047)


def test_a_delivery_sent_twice_and_an_event_stored_twice_make_one_message(api_client, graph, shop):
    payload = delivery("username_only_message", id="wamid.TWICE")
    post(api_client, payload)
    sends = len(graph.sends())
    post(api_client, payload)  # Meta retries the same delivery
    InboundEvent.objects.update(stored_at=None)  # a worker died after storing, before marking the event
    inbound_events_store()

    assert Contact.objects.count() == 1
    assert Message.objects.filter(sender=Sender.USER).count() == 1
    assert Message.objects.filter(sender=Sender.AI).count() == 1 and len(graph.sends()) == sends


@pytest.mark.django_db(transaction=True)
def test_two_first_messages_of_a_new_user_id_stored_at_once_make_one_contact(owner):
    """The second writer waits on the unique index for the first, then reads its contact."""
    release, errors = threading.Event(), []

    def first():
        try:
            with transaction.atomic():
                message_store_inbound(user=owner, whatsapp_user_id=BSUID, name="Fatou", content="un", wamid="wamid.A")
                release.wait(10)  # hold the new contact uncommitted while the second writer inserts
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            db_connection.close()

    def second():
        try:
            message_store_inbound(user=owner, whatsapp_user_id=BSUID, name="Fatou", content="deux", wamid="wamid.B")
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            db_connection.close()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    threads[0].start()
    time.sleep(0.5)
    threads[1].start()
    time.sleep(0.5)
    release.set()
    for thread in threads:
        thread.join(20)
    close_old_connections()

    assert errors == []
    contact = Contact.objects.get(owner=owner)
    assert contact.whatsapp_user_id == BSUID and contact.whatsapp_number == ""
    assert sorted(Message.objects.filter(conversation__contact=contact).values_list("content", flat=True)) == [
        "deux",
        "un",
    ]
