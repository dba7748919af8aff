"""The conversation core, the same for every channel: receive, answer, send, statuses.

- Receive: a channel stores a customer's message once (``services.message_store_inbound``, idempotent
  on the channel's id) and asks for the conversation to be answered.
- Answer (``conversation_answer``; the caller holds the conversation's lock): each unhandled customer
  message in arrival order goes through the opt-out hook (« STOP » / « START », recorded whoever answers),
  the channel's media preparation (a voice note heard), the responder (``WHATSAPP_RESPONDER``), and its
  replies are recorded before the first is sent.
- Send (``send_to_contact`` and its ``send_text`` / ``send_buttons`` / ``send_link`` / ``send_image`` /
  ``send_template`` forms): an update the
  shop initiates (an order's status, a payment link, a rating request, a campaign's message), with the
  24 h window rule, recorded before it leaves and reused, never doubled, by a task that runs again.
- Statuses: ``services.message_status_update`` applies the channel's statuses, forward only.

The channel is a ``transport.Transport`` (``settings.CONVERSATION_TRANSPORT``): this module never
imports one.

Exactly-once replies. The assistant's replies to an inbound message are recorded (status ``pending``,
keyed by the inbound message and their rank) before the first is sent; a reply is sent only while it
has no wamid, and the wamid is stored as soon as the channel answers. A worker killed at any point
re-runs the task (``acks_late``) and sends only the replies that have no wamid. The one window that
cannot be closed: the channel accepted a reply but the worker died before its wamid was stored; that
reply is sent a second time (the Cloud API has no idempotency key).
"""

import dataclasses
import logging

from django.conf import settings
from django.utils.module_loading import import_string

from .models import Conversation, ConversationMode, Message, MessageKind, MessageStatus
from .replies import responder_get
from .selectors import inbound_pending
from .services import (
    conversation_quota_retry,
    conversation_window_open,
    message_failed,
    message_handled,
    message_record_update,
    message_sent,
    replies_record,
)
from .transport import ERROR_NOT_CONNECTED, Outgoing, OutgoingKind, Transport, TransportError, transport_for

logger = logging.getLogger("flux.conversations")

# How a message the shop initiates is recorded (the dashboard shows it so): templates and links as text.
_RECORDED_KIND = {OutgoingKind.BUTTONS: MessageKind.INTERACTIVE, OutgoingKind.IMAGE: MessageKind.IMAGE}

# Called with (conversation=, message=) before the responder on a customer's message; returns the
# replies that answer it instead (an opt-out confirmed) or None. A dotted path, so this app names no
# other app's module: the default is campaigns' « STOP » / « START ».
BEFORE_RESPONDER = "campaigns.optout.optout_handle"


def _before_responder():
    path = getattr(settings, "CONVERSATION_BEFORE_RESPONDER", BEFORE_RESPONDER)
    return import_string(path) if path else None


def _usable(transport: Transport | None) -> bool:
    return transport is not None and transport.usable()


# --- Sending ------------------------------------------------------------------------------------


def outgoing_of(message: Message) -> Outgoing:
    """What a recorded message is on the wire: an owner's template, a product photo, buttons or text."""
    if message.kind == MessageKind.TEMPLATE and message.buttons:
        template = message.buttons[0]
        return Outgoing(kind=OutgoingKind.TEMPLATE, template=template["template"], language=template["language"])
    if message.kind == MessageKind.IMAGE and message.product_id is not None:
        # A product photo the assistant shows (a deleted product's reply goes as its text).
        return Outgoing(kind=OutgoingKind.IMAGE, text=message.content, message=message)
    if message.buttons:
        return Outgoing(kind=OutgoingKind.BUTTONS, text=message.content, buttons=tuple(message.buttons))
    return Outgoing(kind=OutgoingKind.TEXT, text=message.content)


def message_transmit(message: Message, *, transport: Transport, outgoing: Outgoing | None = None) -> bool:
    """Put one recorded outbound message on the wire. Meta's id is stored as soon as it answers; a
    permanent refusal is stored on the message (False); a temporary error raises (the task retries,
    the recorded message is reused).

    A link whose URL button the channel refuses for good goes again as plain text with the URL (the
    recorded content), so the link still arrives."""
    outgoing = outgoing or outgoing_of(message)
    contact = message.conversation.contact
    try:
        wamid = transport.send(outgoing, contact=contact)
    except TransportError as error:
        if not error.permanent:
            raise
        if outgoing.kind != OutgoingKind.LINK:
            logger.warning("The channel refused message %s (code %s)", message.pk, error.code)
            message_failed(message=message, error_code=error.code, error_title=error.title)
            return False
        logger.info("URL button refused (code %s): the link goes as text", error.code)
        try:
            wamid = transport.send(Outgoing(kind=OutgoingKind.TEXT, text=message.content), contact=contact)
        except TransportError as text_error:
            if not text_error.permanent:
                raise
            message_failed(message=message, error_code=text_error.code, error_title=text_error.title)
            return False
    message_sent(message=message, wamid=wamid)
    return True


def send_to_contact(*, contact, outgoing: Outgoing, content: str, window: bool = True) -> Message | None:
    """Send the customer a message the shop initiates; ``content`` is what the conversation shows.

    Returns the stored message once the channel has it, or None when it cannot go: no conversation,
    the 24 h window is closed (``window``: everything but an approved template), no usable channel,
    or the channel refused it for good (stored as failed). Temporary errors raise, so the caller's
    task retries; the recorded message (same conversation, same text, still waiting) is reused,
    never doubled.
    """
    conversation = Conversation.objects.select_related("contact").filter(contact=contact).first()
    if conversation is None or (window and not conversation_window_open(conversation)):
        return None
    transport = transport_for(owner_id=conversation.owner_id)
    if not _usable(transport):
        return None
    message = message_record_update(
        conversation=conversation,
        content=content,
        kind=_RECORDED_KIND.get(outgoing.kind, MessageKind.TEXT),
        buttons=list(outgoing.buttons),
        product=outgoing.product,
    )
    if message.wamid:
        return message
    message.conversation = conversation
    if outgoing.kind == OutgoingKind.IMAGE:
        outgoing = dataclasses.replace(outgoing, message=message)
    return message if message_transmit(message, transport=transport, outgoing=outgoing) else None


def send_image(*, contact, product, caption: str) -> Message | None:
    """``product``'s catalogue photo with ``caption``, within the 24 h window (``send_to_contact``); a
    product without a photo goes as its caption alone (the transport's rule for image replies)."""
    outgoing = Outgoing(kind=OutgoingKind.IMAGE, text=caption, product=product)
    return send_to_contact(contact=contact, outgoing=outgoing, content=caption)


def send_text(*, contact, text: str) -> Message | None:
    """A text, within the 24 h window (``send_to_contact``)."""
    return send_to_contact(contact=contact, outgoing=Outgoing(kind=OutgoingKind.TEXT, text=text), content=text)


def send_buttons(*, contact, text: str, buttons: list[str]) -> Message | None:
    """A text with at most 3 reply buttons, within the 24 h window (``send_to_contact``)."""
    outgoing = Outgoing(kind=OutgoingKind.BUTTONS, text=text, buttons=tuple(buttons))
    return send_to_contact(contact=contact, outgoing=outgoing, content=text)


def send_link(*, contact, text: str, url: str, button: str) -> Message | None:
    """A link behind a URL button (a payment link), within the 24 h window. The stored message holds
    the text and the URL (the dashboard shows both); refused as a button, it goes as that text."""
    outgoing = Outgoing(kind=OutgoingKind.LINK, text=text, url=url, button=button)
    return send_to_contact(contact=contact, outgoing=outgoing, content=f"{text}\n{url}")


def send_template(*, contact, name: str, language: str, parameters: list[str], content: str) -> Message | None:
    """One of the account's approved templates, the only message that may leave after the 24 h window
    closed, its body's ``{{1}}``… filled with ``parameters``; ``content`` is what the conversation shows."""
    outgoing = Outgoing(kind=OutgoingKind.TEMPLATE, template=name, language=language, parameters=tuple(parameters))
    return send_to_contact(contact=contact, outgoing=outgoing, content=content, window=False)


def channel_usable(*, owner_id: int) -> bool:
    """Whether the account's channel can send now (connected, credentials accepted)."""
    return _usable(transport_for(owner_id=owner_id))


# --- Answering ----------------------------------------------------------------------------------


def conversation_answer(*, conversation_id: int) -> None:
    """Handle the conversation's unhandled customer messages in order (the caller holds its lock)."""
    for message in inbound_pending(conversation_id=conversation_id).select_related(
        "conversation__contact", "conversation__owner"
    ):
        answer_one(message)


def answer_one(message: Message) -> None:
    conversation = message.conversation
    transport = transport_for(owner_id=conversation.owner_id)
    conversation = conversation_quota_retry(conversation=conversation)
    responder = responder_get()
    # « STOP » / « START » (campaigns' opt-out): recorded whoever answers the conversation, and confirmed
    # once whenever the shop's number can speak, even in human mode or over the plan's cap.
    hook = None if message.replies.exists() else _before_responder()
    optout = None if hook is None else hook(conversation=conversation, message=message)
    silent_because = None
    if optout is not None:
        silent_because = None if _usable(transport) else "no usable connection"
    elif conversation.mode != ConversationMode.AI:
        silent_because = "human mode"
    elif conversation.over_quota:
        silent_because = "plan cap reached"
    elif not _usable(transport):
        silent_because = "no usable connection"
    elif responder is None:
        silent_because = "no responder"
    if silent_because:
        logger.info("Assistant silent on message %s: %s", message.pk, silent_because)
        message_handled(message=message)
        return

    try:
        transport.mark_read(message)
    except TransportError as error:
        # Blue ticks and the typing indicator are a courtesy: never a reason to stay silent.
        logger.info("mark-as-read of message %s failed (%s)", message.pk, error.code)

    replies = list(message.replies.order_by("reply_index"))
    if not replies:
        if optout is not None:
            answers = optout
        else:
            # A voice note is heard before it is answered (once: a stored outcome is never redone).
            transport.prepare_media(message)
            try:
                answers = responder(conversation=conversation, message=message)
            except Exception:
                logger.exception("The responder failed on message %s: the assistant stays silent there", message.pk)
                answers = []
        replies = replies_record(message=message, replies=[a for a in answers if a.text.strip()])
    for reply in replies:
        if reply.wamid or reply.status != MessageStatus.PENDING:
            continue  # the channel already has it (or refused it for good): never sent twice
        reply.conversation = conversation
        message_transmit(reply, transport=transport)
    message_handled(message=message)


# --- The owner's messages -----------------------------------------------------------------------


def message_deliver(*, message_id: int) -> None:
    """Send a message the owner wrote (text or template), once."""
    message = Message.objects.select_related("conversation__contact").filter(pk=message_id).first()
    if message is None or message.wamid or message.status != MessageStatus.PENDING:
        return
    transport = transport_for(owner_id=message.conversation.owner_id)
    if not _usable(transport):
        title = "WhatsApp is not connected" if transport is None else transport.unusable_reason()
        message_failed(message=message, error_code=ERROR_NOT_CONNECTED, error_title=title)
        return
    message_transmit(message, transport=transport)


def message_give_up(*, message_id: int, error: TransportError) -> None:
    """The channel stayed unreachable through every retry: the owner sees the message failed."""
    message = Message.objects.filter(pk=message_id, status=MessageStatus.PENDING).first()
    if message is not None:
        message_failed(message=message, error_code=error.code, error_title=error.title)
