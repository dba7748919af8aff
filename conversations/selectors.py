"""Reads for the conversations page; each is a constant number of queries."""

from datetime import timedelta

from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404
from django.utils import timezone

from .models import Conversation, Message, Sender


def conversation_list(*, user, search: str = "", unread: bool = False) -> QuerySet[Conversation]:
    """The account's conversations, most recent first. ``search`` matches the contact's name or
    number or the last message; ``unread`` keeps those with unread messages."""
    conversations = Conversation.objects.filter(owner=user).select_related("contact")
    search = search.strip()
    if search:
        conversations = conversations.filter(
            Q(contact__name__icontains=search)
            | Q(contact__whatsapp_number__icontains=search)
            | Q(last_message_preview__icontains=search)
        )
    if unread:
        conversations = conversations.filter(unread_count__gt=0)
    return conversations.order_by("-last_message_at", "-id")


def conversation_counters(*, user) -> dict[str, int]:
    """{total, unread (conversations), unread_messages, over_quota} in one query."""
    return Conversation.objects.filter(owner=user).aggregate(
        total=Count("id"),
        unread=Count("id", filter=Q(unread_count__gt=0)),
        unread_messages=Coalesce(Sum("unread_count"), 0),
        over_quota=Count("id", filter=Q(over_quota=True)),
    )


def conversation_get(*, user, conversation_id: int) -> Conversation:
    """The account's conversation, or 404 (another account's does not exist for this one)."""
    return get_object_or_404(Conversation.objects.select_related("contact"), pk=conversation_id, owner=user)


# The order of a conversation's messages: arrival on our side, i.e. the row id (a database sequence,
# unique and increasing). Not ``sent_at``: a customer's message carries Meta's timestamp, in whole
# seconds and taken on Meta's side, while our replies carry our clock to the microsecond, so a quick
# follow-up (or one delivered late) would sort before the reply it came after. Arrival is also the
# order the assistant read the messages in (``inbound_pending``, its history), and a unique key keeps
# pages stable. ``sent_at`` stays the time shown on each message (the customer's, as sent).
MESSAGE_ORDER = ("id",)
MESSAGE_ORDER_NEWEST_FIRST = ("-id",)


def message_list(*, conversation: Conversation) -> QuerySet[Message]:
    """Newest first (by arrival): page 1 is the latest messages (the chat panel shows them bottom-up)."""
    return (
        Message.objects.filter(conversation=conversation)
        .select_related("reply_to")
        .order_by(*MESSAGE_ORDER_NEWEST_FIRST)
    )


def message_get(*, conversation: Conversation, message_id: int) -> Message:
    """A message of the (already scoped) conversation, or 404."""
    return get_object_or_404(Message, pk=message_id, conversation=conversation)


def inbound_pending(*, conversation_id: int) -> QuerySet[Message]:
    """The customer's WhatsApp messages the assistant has not handled yet, in arrival order (the order
    the chat lists them in)."""
    return Message.objects.filter(
        conversation_id=conversation_id, sender=Sender.USER, handled_at__isnull=True, wamid__isnull=False
    ).order_by(*MESSAGE_ORDER)


def conversations_waiting(*, older_than_seconds: int = 60, limit: int = 500) -> list[int]:
    """Conversations with customer WhatsApp messages stored more than ``older_than_seconds`` ago and
    still not handled by the assistant."""
    before = timezone.now() - timedelta(seconds=older_than_seconds)
    return list(
        Message.objects.filter(sender=Sender.USER, handled_at__isnull=True, wamid__isnull=False, created_at__lt=before)
        .values_list("conversation_id", flat=True)
        .distinct()[:limit]
    )
