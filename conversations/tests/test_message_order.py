"""A conversation's messages are listed in arrival order, whatever the timestamps say.

A customer's message carries Meta's timestamp, in whole seconds; our replies carry our clock to the
microsecond. A quick follow-up can therefore carry a time equal to, or a second before, the reply
stored just before it: it must still list after that reply, and show the customer's own time.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from conversations.models import Conversation, Message, Sender
from conversations.replies import OutboundReply
from conversations.selectors import inbound_pending, message_list
from conversations.services import message_send_by_owner, message_store_inbound, replies_record

URL = "/api/v1/conversations"
NUMBER = "+2250748017823"

pytestmark = pytest.mark.django_db


def customer_writes(owner, text: str, *, at, wamid: str) -> Message:
    return message_store_inbound(
        user=owner, whatsapp_number=NUMBER, name="Fatou Bamba", content=text, wamid=wamid, at=at
    )


def listed(owner_api, conversation_id: int, **params) -> list[dict]:
    response = owner_api.get(f"{URL}/{conversation_id}/messages", params)
    assert response.status_code == 200
    return response.json()["results"]


@pytest.mark.parametrize("seconds_before", [0, 1])
def test_a_follow_up_stamped_at_or_before_the_reply_lists_after_it(owner_api, owner, seconds_before):
    question = customer_writes(
        owner, "Le riz 5 kg c'est combien ?", at=timezone.now() - timedelta(seconds=5), wamid="w1"
    )
    (reply,) = replies_record(message=question, replies=[OutboundReply("Le riz 5 kg est à 4 500 F CFA.")])
    reply_time = reply.sent_at  # our clock, to the microsecond
    meta_second = reply_time.replace(microsecond=0) - timedelta(seconds=seconds_before)
    follow_up = customer_writes(owner, "Et le 25 kg ?", at=meta_second, wamid="w2")

    rows = listed(owner_api, question.conversation_id)

    # Newest first, by arrival: the follow-up, then the reply it came after, then the question.
    assert [row["id"] for row in rows] == [follow_up.id, reply.id, question.id]
    # Each message keeps its own time: the customer's as Meta stamped it.
    assert rows[0]["time"] == meta_second.isoformat().replace("+00:00", "Z")
    # The conversation's time never goes back; its preview and status are the follow-up's.
    conversation = Conversation.objects.get(pk=question.conversation_id)
    assert conversation.last_message_at == reply_time
    assert conversation.last_message_preview == "Et le 25 kg ?"
    assert conversation.status == "pending"
    assert conversation.last_inbound_at == meta_second


def test_a_message_delivered_late_does_not_move_the_conversation_back(owner, owner_api):
    now = timezone.now()
    first = customer_writes(owner, "Bonsoir", at=now - timedelta(minutes=1), wamid="w1")
    # Written while the customer's phone was offline: Meta delivers it with its older time.
    late = customer_writes(owner, "Vous êtes ouverts ?", at=now - timedelta(minutes=10), wamid="w2")

    conversation = Conversation.objects.get(pk=first.conversation_id)
    assert conversation.last_message_at == now - timedelta(minutes=1)
    assert conversation.last_inbound_at == now - timedelta(minutes=1)
    assert [row["id"] for row in listed(owner_api, conversation.id)] == [late.id, first.id]


def test_pages_are_stable_when_messages_share_a_second_or_arrive_with_an_earlier_one(owner_api, owner):
    second = timezone.now().replace(microsecond=0)
    first = customer_writes(owner, "Message 0", at=second, wamid="w0")
    conversation = first.conversation
    stored = [first.id]
    for index in range(1, 7):
        if index % 2:
            stored.append(
                message_send_by_owner(user=owner, conversation=conversation, content=f"Réponse {index}", at=second).id
            )
        else:
            # Meta's second can be earlier than the owner's reply stored just before.
            at = second - timedelta(seconds=index % 3)
            stored.append(customer_writes(owner, f"Message {index}", at=at, wamid=f"w{index}").id)

    pages = [listed(owner_api, conversation.id, page=page, page_size=3) for page in (1, 2, 3)]
    seen = [row["id"] for page in pages for row in page]

    assert seen == list(reversed(stored))  # every message once, newest first, the same on every call
    assert [row["id"] for row in listed(owner_api, conversation.id, page=2, page_size=3)] == seen[3:6]


def test_the_assistant_handles_waiting_messages_in_the_order_the_chat_lists_them(owner):
    now = timezone.now()
    first = customer_writes(owner, "2 sacs de riz", at=now, wamid="w1")
    # Arrived second, stamped a second earlier by Meta.
    second = customer_writes(owner, "Livraison à Koumassi", at=now - timedelta(seconds=1), wamid="w2")

    waiting = list(inbound_pending(conversation_id=first.conversation_id))
    chat = list(reversed(message_list(conversation=first.conversation)))

    assert waiting == [first, second]
    assert [m for m in chat if m.sender == Sender.USER] == waiting
