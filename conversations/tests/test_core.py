"""The conversation core with a second channel: the answering loop, sending and the exactly-once and
window rules hold for any transport (``settings.CONVERSATION_TRANSPORT``), not only WhatsApp's.

``Outbox`` below is a complete channel of its own (what an e-mail channel will be): it keeps what it
was given to carry and can be told to refuse a message for good or to be unreachable, like a
provider. The WhatsApp transport's own behaviour is tested against the fake Graph API in
integrations/tests.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from conversations import core
from conversations.models import Message, MessageStatus, Sender, error_explanation
from conversations.replies import OutboundReply
from conversations.services import message_send_by_owner, message_store_inbound
from conversations.transport import ERROR_NOT_CONNECTED, Outgoing, OutgoingKind, TransportError

from .factories import ConversationFactory

PATH = "conversations.tests.test_core"


class Outbox:
    """One account's channel; the accounts' outboxes live in ``BOXES`` (a process's state, reset per test)."""

    def __init__(self, *, owner_id: int):
        self.owner_id = owner_id
        self.box = BOXES.setdefault(owner_id, {"sent": [], "read": [], "prepared": [], "fail": [], "usable": True})

    def usable(self) -> bool:
        return self.box["usable"]

    def unusable_reason(self) -> str:
        return "outbox closed"

    def send(self, outgoing: Outgoing, *, contact) -> str:
        failure = self.box["fail"].pop(0) if self.box["fail"] else None  # scripted: None lets one through
        if failure is not None:
            raise failure
        self.box["sent"].append((outgoing, contact.pk))
        return f"outbox.{self.owner_id}.{len(self.box['sent'])}"

    def mark_read(self, message) -> None:
        self.box["read"].append(message.pk)

    def prepare_media(self, message) -> None:
        self.box["prepared"].append(message.pk)

    @staticmethod
    def error_explanation(code: int) -> str:
        return {7: "La boîte du client est pleine."}.get(code, "Le canal a refusé ce message.")


BOXES: dict[int, dict] = {}


def two_replies(*, conversation, message) -> list[OutboundReply]:
    return [
        OutboundReply(text=f"Bien reçu : {message.content}"),
        OutboundReply(text="Voulez-vous commander ?", buttons=("Oui", "Non")),
    ]


@pytest.fixture
def outbox(settings):
    BOXES.clear()
    settings.CONVERSATION_TRANSPORT = f"{PATH}.Outbox"
    settings.WHATSAPP_RESPONDER = f"{PATH}.two_replies"
    yield BOXES
    BOXES.clear()


def _inbound(owner, content="Le pagne wax est dispo ?", wamid="in.1", number="+2250700000001") -> Message:
    return message_store_inbound(user=owner, whatsapp_number=number, name="Awa", content=content, wamid=wamid)


def _replies(message) -> list[Message]:
    return list(message.replies.order_by("reply_index"))


@pytest.mark.django_db
def test_the_core_answers_through_the_configured_channel_once(outbox, owner):
    message = _inbound(owner)

    core.conversation_answer(conversation_id=message.conversation_id)
    core.conversation_answer(conversation_id=message.conversation_id)  # a task that runs again

    box = outbox[owner.pk]
    assert [(o.kind, o.text, o.buttons) for o, _ in box["sent"]] == [
        (OutgoingKind.TEXT, "Bien reçu : Le pagne wax est dispo ?", ()),
        (OutgoingKind.BUTTONS, "Voulez-vous commander ?", ("Oui", "Non")),
    ]
    assert {contact for _, contact in box["sent"]} == {message.conversation.contact_id}
    assert box["read"] == [message.pk] and box["prepared"] == [message.pk]
    replies = _replies(message)
    assert [(r.wamid, r.status, r.sender) for r in replies] == [
        (f"outbox.{owner.pk}.1", MessageStatus.SENT, Sender.AI),
        (f"outbox.{owner.pk}.2", MessageStatus.SENT, Sender.AI),
    ]
    message.refresh_from_db()
    assert message.handled_at is not None


@pytest.mark.django_db
def test_a_channel_unreachable_mid_answer_sends_only_the_rest_next_time(outbox, owner):
    message = _inbound(owner)
    box = Outbox(owner_id=owner.pk).box
    box["fail"] = [None, TransportError("unreachable", permanent=False)]  # the first leaves, then it is down

    with pytest.raises(TransportError):
        core.conversation_answer(conversation_id=message.conversation_id)

    first, second = _replies(message)
    assert first.wamid and second.wamid is None and second.status == MessageStatus.PENDING
    message.refresh_from_db()
    assert message.handled_at is None  # still to handle: the task retries

    core.conversation_answer(conversation_id=message.conversation_id)

    assert [o.text for o, _ in box["sent"]] == ["Bien reçu : Le pagne wax est dispo ?", "Voulez-vous commander ?"]
    assert Message.objects.filter(reply_to=message).count() == 2
    second.refresh_from_db()
    assert second.wamid == f"outbox.{owner.pk}.2"


@pytest.mark.django_db
def test_a_refusal_for_good_is_stored_in_the_channels_words(outbox, owner):
    message = _inbound(owner)
    Outbox(owner_id=owner.pk).box["fail"] = [TransportError("mailbox full", code=7, permanent=True)]

    core.conversation_answer(conversation_id=message.conversation_id)

    first, second = _replies(message)
    assert (first.status, first.error_code, first.error_title, first.wamid) == (
        MessageStatus.FAILED,
        7,
        "mailbox full",
        None,
    )
    assert error_explanation(first.error_code) == "La boîte du client est pleine."
    assert second.status == MessageStatus.SENT  # the next reply still leaves
    core.conversation_answer(conversation_id=message.conversation_id)
    assert len(outbox[owner.pk]["sent"]) == 1  # the refused one is never sent again


@pytest.mark.django_db
def test_a_link_refused_as_a_button_goes_as_text(outbox, owner):
    message = _inbound(owner)
    contact = message.conversation.contact
    Outbox(owner_id=owner.pk).box["fail"] = [TransportError("no buttons here", code=9, permanent=True)]

    sent = core.send_link(contact=contact, text="Payez ici", url="https://pay.example/x", button="Payer")

    assert sent is not None and sent.content == "Payez ici\nhttps://pay.example/x"
    assert [(o.kind, o.text) for o, _ in outbox[owner.pk]["sent"]] == [
        (OutgoingKind.TEXT, "Payez ici\nhttps://pay.example/x")
    ]
    sent.refresh_from_db()
    assert sent.status == MessageStatus.SENT and sent.wamid == f"outbox.{owner.pk}.1"


@pytest.mark.django_db
def test_a_temporary_error_reuses_the_recorded_message(outbox, owner):
    contact = _inbound(owner).conversation.contact
    Outbox(owner_id=owner.pk).box["fail"] = [TransportError("unreachable")]

    with pytest.raises(TransportError):
        core.send_text(contact=contact, text="Votre commande est en route.")
    sent = core.send_text(contact=contact, text="Votre commande est en route.")  # the task's retry

    assert sent is not None and sent.wamid == f"outbox.{owner.pk}.1"
    assert Message.objects.filter(content="Votre commande est en route.").count() == 1


@pytest.mark.django_db
def test_outside_the_window_only_a_template_leaves(outbox, owner):
    conversation = ConversationFactory(owner=owner, last_inbound_at=timezone.now() - timedelta(hours=25))

    assert core.send_text(contact=conversation.contact, text="Bonjour") is None
    assert core.send_link(contact=conversation.contact, text="Payez", url="https://p.example", button="Payer") is None
    template = core.send_template(
        contact=conversation.contact, name="commande_livree", language="fr", parameters=["C-1"], content="Livrée"
    )

    assert template is not None and template.status == MessageStatus.SENT
    [(outgoing, _)] = outbox[owner.pk]["sent"]
    assert (outgoing.kind, outgoing.template, outgoing.language, outgoing.parameters) == (
        OutgoingKind.TEMPLATE,
        "commande_livree",
        "fr",
        ("C-1",),
    )


@pytest.mark.django_db
def test_without_a_usable_channel_the_assistant_is_silent_and_the_owners_message_fails(outbox, owner, settings):
    message = _inbound(owner)
    Outbox(owner_id=owner.pk).box["usable"] = False

    core.conversation_answer(conversation_id=message.conversation_id)
    mine = message_send_by_owner(user=owner, conversation=message.conversation, content="Je reviens vers vous")
    core.message_deliver(message_id=mine.pk)

    message.refresh_from_db()
    mine.refresh_from_db()
    assert message.handled_at is not None and not _replies(message)
    assert (mine.status, mine.error_code, mine.error_title) == (
        MessageStatus.FAILED,
        ERROR_NOT_CONNECTED,
        "outbox closed",
    )
    assert BOXES[owner.pk]["sent"] == []

    settings.CONVERSATION_TRANSPORT = ""  # no channel installed at all: stored and shown, nothing leaves
    later = _inbound(owner, content="Allô ?", wamid="in.2")
    core.conversation_answer(conversation_id=later.conversation_id)
    assert core.channel_usable(owner_id=owner.pk) is False
    assert core.send_text(contact=later.conversation.contact, text="Bonjour") is None
    assert error_explanation(ERROR_NOT_CONNECTED) == "Le message n'a pas pu partir."


@pytest.mark.django_db
def test_stop_is_confirmed_through_the_channel_even_in_human_mode(outbox, owner):
    message = _inbound(owner, content="STOP")
    message.conversation.mode = "human"
    message.conversation.save(update_fields=["mode"])

    core.conversation_answer(conversation_id=message.conversation_id)

    message.conversation.contact.refresh_from_db()
    assert message.conversation.contact.opted_out_at is not None
    [(outgoing, _)] = outbox[owner.pk]["sent"]
    assert outgoing.text.startswith("C'est noté : vous ne recevrez plus nos messages promotionnels.")
