"""Writes for conversations. The WhatsApp integration that follows calls ``message_receive`` for
an incoming message and delivers the owner's messages stored by ``message_send_by_owner`` (status
``pending``), updating their status as WhatsApp reports it."""

from datetime import datetime

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from core.exceptions import ApplicationError
from subscriptions.services import conversation_quota_consume

from .models import Contact, Conversation, ConversationStatus, Message, MessageStatus, Sender

PREVIEW_LENGTH = 300
MSG_EMPTY_MESSAGE = "Le message ne peut pas être vide."


def _preview(content: str) -> str:
    return " ".join(content.split())[:PREVIEW_LENGTH]


@transaction.atomic
def conversation_start(
    *, user, name: str, whatsapp_number: str, at: datetime | None = None
) -> tuple[Conversation, bool]:
    """The account's conversation with this WhatsApp number, started if there is none yet.

    Starting one counts against the plan's monthly conversation cap
    (``subscriptions.services.conversation_quota_consume``, in this transaction): at the cap it
    raises ApplicationError 403 ``plan_limit_reached`` and nothing is created. An existing
    conversation costs nothing. Returns (conversation, created).
    """
    at = at or timezone.now()
    contact, _ = Contact.objects.get_or_create(owner=user, whatsapp_number=whatsapp_number, defaults={"name": name})
    # Lock the contact so two messages arriving together from a new number start one conversation.
    list(Contact.objects.select_for_update().filter(pk=contact.pk))
    existing = Conversation.objects.filter(contact=contact).select_related("contact").first()
    if existing is not None:
        return existing, False
    conversation_quota_consume(user=user, at=at)
    conversation = Conversation.objects.create(
        owner=user,
        contact=contact,
        status=ConversationStatus.PENDING,
        last_message_at=at,
        created_at=at,
    )
    return conversation, True


def _append(
    conversation: Conversation,
    *,
    sender: str,
    content: str,
    status: str,
    at: datetime,
    conversation_status: str,
    category: str = "",
    accurate: bool | None = None,
    unread_increment: int = 0,
) -> Message:
    content = content.strip()
    if not content:
        raise ApplicationError(MSG_EMPTY_MESSAGE, code="validation_error", errors={"content": [MSG_EMPTY_MESSAGE]})
    message = Message.objects.create(
        conversation=conversation,
        sender=sender,
        content=content,
        sent_at=at,
        status=status,
        category=category,
        accurate=accurate,
    )
    Conversation.objects.filter(pk=conversation.pk).update(
        status=conversation_status,
        last_message_preview=_preview(content),
        last_message_at=at,
        unread_count=F("unread_count") + unread_increment,
    )
    conversation.refresh_from_db(fields=["status", "last_message_preview", "last_message_at", "unread_count"])
    return message


@transaction.atomic
def message_receive(
    *, user, whatsapp_number: str, name: str, content: str, category: str = "", at: datetime | None = None
) -> Message:
    """Store a customer's message, starting the conversation (and counting it) if it is new."""
    at = at or timezone.now()
    conversation, _ = conversation_start(user=user, name=name, whatsapp_number=whatsapp_number, at=at)
    return _append(
        conversation,
        sender=Sender.USER,
        content=content,
        status=MessageStatus.RECEIVED,
        at=at,
        conversation_status=ConversationStatus.PENDING,
        category=category,
        unread_increment=1,
    )


@transaction.atomic
def message_send_by_ai(
    *,
    conversation: Conversation,
    content: str,
    category: str = "",
    accurate: bool | None = None,
    at: datetime | None = None,
) -> Message:
    """Store the assistant's answer (already sent by the assistant engine)."""
    return _append(
        conversation,
        sender=Sender.AI,
        content=content,
        status=MessageStatus.SENT,
        at=at or timezone.now(),
        conversation_status=ConversationStatus.AI_RESPONSE,
        category=category,
        accurate=accurate,
    )


@transaction.atomic
def message_send_by_owner(*, user, conversation: Conversation, content: str, at: datetime | None = None) -> Message:
    """Store the owner's message with status ``pending``; the WhatsApp sender delivers it next.

    ``conversation`` must belong to ``user`` (the API resolves it with a scoped lookup). Replying
    means the owner has read the conversation: its unread count goes back to 0.
    """
    if conversation.owner_id != user.pk:
        raise ValueError("The conversation belongs to another account.")
    message = _append(
        conversation,
        sender=Sender.AGENT,
        content=content,
        status=MessageStatus.PENDING,
        at=at or timezone.now(),
        conversation_status=ConversationStatus.DELIVERED,
    )
    conversation_mark_read(conversation=conversation)
    return message


@transaction.atomic
def conversation_mark_read(*, conversation: Conversation) -> Conversation:
    """Unread count to 0 and the customer's received messages to read."""
    Message.objects.filter(conversation=conversation, sender=Sender.USER, status=MessageStatus.RECEIVED).update(
        status=MessageStatus.READ
    )
    if conversation.unread_count:
        Conversation.objects.filter(pk=conversation.pk).update(unread_count=0)
        conversation.unread_count = 0
    return conversation


MSG_ONLY_AI_RATED = "Seules les réponses de l'IA peuvent être évaluées."


def message_rate(*, message: Message, accurate: bool) -> Message:
    """The owner's verdict on an AI answer (correct or not); the statistics' accuracy reads it."""
    if message.sender != Sender.AI:
        raise ApplicationError(MSG_ONLY_AI_RATED, code="not_an_ai_answer")
    message.accurate = accurate
    message.save(update_fields=["accurate"])
    return message
