"""Writes for conversations.

Inbound messages are stored first, whatever happens next (``message_store_inbound``): at the plan's
cap the conversation is kept, flagged ``over_quota`` and the assistant stays silent there. The
account's channel (``transport.Transport``, driven by ``core``) delivers the outbound messages these
functions record with status ``pending`` and reports their statuses back through ``message_status_update``.
"""

import logging
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import F, Value
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from core.exceptions import ApplicationError
from core.phone import InvalidPhoneNumber, phone_to_e164
from subscriptions.services import conversation_quota_consume

from .models import (
    Contact,
    Conversation,
    ConversationMode,
    ConversationStatus,
    Message,
    MessageKind,
    MessageStatus,
    Sender,
)

logger = logging.getLogger("flux.conversations")

PREVIEW_LENGTH = 300
WINDOW = timedelta(hours=24)
MSG_EMPTY_MESSAGE = "Le message ne peut pas être vide."
MSG_NUMBER_INVALID = "Numéro WhatsApp invalide : chiffres uniquement, avec l'indicatif (+225...)."
NAME_WITHOUT_NUMBER = "Client WhatsApp"  # a customer who shared neither a name nor a number
MSG_WINDOW_CLOSED = (
    "Plus de 24 h depuis le dernier message du client : WhatsApp n'autorise qu'un modèle de message approuvé."
)

# Statuses only move forward: a status may replace only those listed for it.
_FORWARD = {
    MessageStatus.SENT: [MessageStatus.PENDING],
    MessageStatus.DELIVERED: [MessageStatus.PENDING, MessageStatus.SENT],
    MessageStatus.READ: [MessageStatus.PENDING, MessageStatus.SENT, MessageStatus.DELIVERED],
    MessageStatus.FAILED: [MessageStatus.PENDING, MessageStatus.SENT, MessageStatus.DELIVERED],
}


def _preview(content: str) -> str:
    return " ".join(content.split())[:PREVIEW_LENGTH]


def _number(whatsapp_number: str) -> str:
    try:
        return phone_to_e164(whatsapp_number)
    except InvalidPhoneNumber:
        raise ApplicationError(
            MSG_NUMBER_INVALID, code="validation_error", errors={"whatsapp_number": [MSG_NUMBER_INVALID]}
        ) from None


def _locked_contact(*, user, whatsapp_number: str = "", whatsapp_user_id: str = "", name: str) -> Contact:
    """The account's contact for this number (E.164) and/or WhatsApp user id, locked for this transaction.

    Found by number first, then by user id; the id a later message carries is filled in (a customer
    who wrote under a username and later shows their number stays one contact). When the number and
    the user id name two different contacts (one started by the owner with the number, one made by a
    username-only message), they are the same customer: ``_contacts_merge`` makes them one. Created
    with what is there when neither is known; two messages arriving together from a new customer
    start one contact (the second insert meets the unique index and reads the first's row).
    """
    if not whatsapp_number and not whatsapp_user_id:
        raise ApplicationError(
            MSG_NUMBER_INVALID, code="validation_error", errors={"whatsapp_number": [MSG_NUMBER_INVALID]}
        )
    for _attempt in range(3):
        try:
            with transaction.atomic():
                return _contact_resolve(user=user, number=whatsapp_number, user_id=whatsapp_user_id, name=name)
        except IntegrityError:
            continue  # a concurrent transaction created or filled the contact: read it again
    return _contact_resolve(user=user, number=whatsapp_number, user_id=whatsapp_user_id, name=name)


def _contact_resolve(*, user, number: str, user_id: str, name: str) -> Contact:
    locked = Contact.objects.select_for_update()
    by_number = locked.filter(owner=user, whatsapp_number=number).first() if number else None
    by_user_id = None
    if user_id and (by_number is None or by_number.whatsapp_user_id != user_id):
        by_user_id = locked.filter(owner=user, whatsapp_user_id=user_id).first()
    if by_number is None and by_user_id is None:
        return Contact.objects.create(owner=user, whatsapp_number=number, whatsapp_user_id=user_id, name=name)
    if by_number is not None and by_user_id is not None:
        return _contacts_merge(keep=by_number, duplicate=by_user_id, user_id=user_id)
    contact = by_number or by_user_id
    changed = []
    if number and contact.whatsapp_number != number:
        contact.whatsapp_number = number  # the user id's contact shows its number for the first time
        changed.append("whatsapp_number")
    if user_id and contact.whatsapp_user_id != user_id:
        contact.whatsapp_user_id = user_id  # the newest user id (Meta issues a new one with a new number)
        changed.append("whatsapp_user_id")
    if changed:
        contact.save(update_fields=changed)
    return contact


def _contacts_merge(*, keep: Contact, duplicate: Contact, user_id: str) -> Contact:
    """Make ``duplicate`` (known by the user id) part of ``keep`` (known by the number): its messages
    join ``keep``'s conversation in arrival order, every row of another app that points at its contact or
    conversation (orders, rating requests…) points at ``keep``'s, then it is deleted. Nothing is copied,
    so nothing is doubled; the caller's transaction holds both rows locked."""
    logger.info("Contacts %s and %s are one WhatsApp customer: merged into %s", keep.pk, duplicate.pk, keep.pk)
    kept_conversation = Conversation.objects.select_for_update().filter(contact=keep).first()
    duplicate_conversation = Conversation.objects.select_for_update().filter(contact=duplicate).first()
    Contact.objects.filter(pk=duplicate.pk).update(whatsapp_user_id="", whatsapp_number="")
    _repoint(Contact, old=duplicate, new=keep, skip={Conversation})
    if duplicate_conversation is not None and kept_conversation is None:
        Conversation.objects.filter(pk=duplicate_conversation.pk).update(contact=keep)
    elif duplicate_conversation is not None:
        _repoint(Conversation, old=duplicate_conversation, new=kept_conversation, skip=set())
        _conversations_fold(keep=kept_conversation, duplicate=duplicate_conversation)
        duplicate_conversation.delete()
    keep.whatsapp_user_id = user_id
    if keep.name == keep.whatsapp_number and duplicate.name:
        keep.name = duplicate.name  # a contact named after its number gets the customer's profile name
    keep.opted_out_at = keep.opted_out_at or duplicate.opted_out_at
    keep.save(update_fields=["whatsapp_user_id", "name", "opted_out_at"])
    duplicate.delete()
    return keep


def _repoint(model, *, old, new, skip: set) -> None:
    """Every row of every model with a foreign key to ``model`` that points at ``old`` points at ``new``.

    Read from Django's relations, so this app names no other app. A row that cannot move (a unique
    constraint already holds ``new``'s twin of it) stays and is logged."""
    for relation in model._meta.related_objects:
        if relation.related_model in skip or relation.many_to_many:
            continue
        manager = relation.related_model._base_manager
        field = relation.field.name
        try:
            with transaction.atomic():
                manager.filter(**{field: old}).update(**{field: new})
        except IntegrityError:
            for pk in manager.filter(**{field: old}).values_list("pk", flat=True):
                try:
                    with transaction.atomic():
                        manager.filter(pk=pk).update(**{field: new})
                except IntegrityError:
                    logger.warning("%s %s kept on merged %s %s", relation.related_model.__name__, pk, model, old.pk)


def _conversations_fold(*, keep: Conversation, duplicate: Conversation) -> None:
    """``keep``'s counters once ``duplicate``'s messages are its own: unread summed, the latest times,
    the preview and status of whichever spoke last, and the owner's « humain » mode if either had it."""
    latest = duplicate if duplicate.last_message_at > keep.last_message_at else keep
    inbound = [at for at in (keep.last_inbound_at, duplicate.last_inbound_at) if at is not None]
    Conversation.objects.filter(pk=keep.pk).update(
        unread_count=keep.unread_count + duplicate.unread_count,
        last_message_at=latest.last_message_at,
        last_message_preview=latest.last_message_preview,
        status=latest.status,
        last_inbound_at=max(inbound) if inbound else None,
        created_at=min(keep.created_at, duplicate.created_at),
        mode=ConversationMode.HUMAN if ConversationMode.HUMAN in (keep.mode, duplicate.mode) else keep.mode,
        over_quota=keep.over_quota and duplicate.over_quota,
        language=keep.language or duplicate.language,
    )


@transaction.atomic
def conversation_start(
    *, user, name: str, whatsapp_number: str, at: datetime | None = None
) -> tuple[Conversation, bool]:
    """The account's conversation with this WhatsApp number, started by the owner if there is none yet.

    Starting one counts against the plan's monthly conversation cap
    (``subscriptions.services.conversation_quota_consume``, in this transaction): at the cap it
    raises ApplicationError 403 ``plan_limit_reached`` and nothing is created. An existing
    conversation costs nothing. Returns (conversation, created).
    """
    at = at or timezone.now()
    contact = _locked_contact(user=user, whatsapp_number=_number(whatsapp_number), name=name)
    existing = Conversation.objects.filter(contact=contact).select_related("contact").first()
    if existing is not None:
        return existing, False
    conversation_quota_consume(user=user, at=at)
    conversation = Conversation.objects.create(
        owner=user, contact=contact, status=ConversationStatus.PENDING, last_message_at=at, created_at=at
    )
    return conversation, True


def _customer_conversation(*, user, contact: Contact, at: datetime) -> Conversation:
    """The contact's conversation; a new one counts in the monthly quota, or is flagged ``over_quota``
    at the cap (stored all the same: a customer's message is never lost)."""
    existing = Conversation.objects.filter(contact=contact).select_related("contact").first()
    if existing is not None:
        return existing
    over_quota = False
    try:
        conversation_quota_consume(user=user, at=at)
    except ApplicationError as exc:
        if exc.code != "plan_limit_reached":
            raise
        over_quota = True
        logger.info("Account %s is at its plan's cap: conversation stored, assistant silent", user.pk)
    return Conversation.objects.create(
        owner=user,
        contact=contact,
        status=ConversationStatus.PENDING,
        over_quota=over_quota,
        last_message_at=at,
        created_at=at,
    )


def _latest(field: str, at: datetime):
    """``field`` moved to ``at`` but never back: messages are listed by arrival, and a customer's message
    carries Meta's whole-second time, which can be earlier than our reply stored just before it (or
    minutes earlier when the phone was offline). The conversation's time stays its latest message's,
    and the 24 h window its customer's latest. (SQLite's MAX() of a NULL is NULL, hence the Coalesce.)"""
    return Coalesce(Greatest(F(field), Value(at)), Value(at))


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
    **fields,
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
        **fields,
    )
    updates = {
        "status": conversation_status,
        "last_message_preview": _preview(content),
        "last_message_at": _latest("last_message_at", at),
        "unread_count": F("unread_count") + unread_increment,
    }
    if sender == Sender.USER:
        updates["last_inbound_at"] = _latest("last_inbound_at", at)
    Conversation.objects.filter(pk=conversation.pk).update(**updates)
    conversation.refresh_from_db(
        fields=["status", "last_message_preview", "last_message_at", "unread_count", "last_inbound_at"]
    )
    return message


@transaction.atomic
def message_store_inbound(
    *,
    user,
    whatsapp_number: str = "",
    whatsapp_user_id: str = "",
    name: str,
    content: str,
    wamid: str | None = None,
    kind: str = MessageKind.TEXT,
    latitude: float | None = None,
    longitude: float | None = None,
    media_id: str = "",
    category: str = "",
    at: datetime | None = None,
) -> Message | None:
    """Store a customer's message (E.164 number and/or WhatsApp user id, at least one), starting the
    conversation if it is new (``_locked_contact`` finds the contact by either id).

    Idempotent on ``wamid``: a message already stored returns None (Meta retries, concurrent
    duplicates: the unique index makes the second writer wait for the first and then fail, which
    the savepoint turns into None). The contact row is locked for the transaction, so messages of
    one contact are stored one after the other.
    """
    at = at or timezone.now()
    if wamid and Message.objects.filter(wamid=wamid).exists():
        return None
    contact = _locked_contact(
        user=user,
        whatsapp_number=_number(whatsapp_number) if whatsapp_number else "",
        whatsapp_user_id=whatsapp_user_id,
        name=(name or whatsapp_number or NAME_WITHOUT_NUMBER)[:120],
    )
    conversation = _customer_conversation(user=user, contact=contact, at=at)
    try:
        with transaction.atomic():
            return _append(
                conversation,
                sender=Sender.USER,
                content=content,
                status=MessageStatus.RECEIVED,
                at=at,
                conversation_status=ConversationStatus.PENDING,
                category=category,
                unread_increment=1,
                wamid=wamid,
                kind=kind,
                latitude=latitude,
                longitude=longitude,
                media_id=media_id,
            )
    except IntegrityError:
        if wamid and Message.objects.filter(wamid=wamid).exists():
            return None
        raise


def message_receive(
    *, user, whatsapp_number: str, name: str, content: str, category: str = "", at: datetime | None = None
) -> Message:
    """Store a customer's message that has no WhatsApp id (demo data, tests): never refused at the cap."""
    return message_store_inbound(
        user=user, whatsapp_number=whatsapp_number, name=name, content=content, category=category, at=at
    )


def conversation_window_open(conversation: Conversation, *, at: datetime | None = None) -> bool:
    """Free text is allowed within 24 h of the customer's last message."""
    last = conversation.last_inbound_at
    return last is not None and (at or timezone.now()) - last < WINDOW


@transaction.atomic
def conversation_mode_set(*, conversation: Conversation, mode: str) -> Conversation:
    """``human``: the owner answers and the assistant never does there; ``ai``: handed back."""
    if mode not in ConversationMode.values:
        raise ValueError(f"unknown mode {mode!r}")
    Conversation.objects.filter(pk=conversation.pk).update(mode=mode)
    conversation.mode = mode
    return conversation


def _deliver_on_commit(message: Message) -> None:
    # The core's task hands it to the account's channel (``transport.transport_for``) once committed.
    from .tasks import conversation_message_deliver  # tasks import core, which imports this module

    transaction.on_commit(lambda: conversation_message_deliver.delay(message.pk))


@transaction.atomic
def message_status_update(
    *, wamid: str, status: str, at: datetime | None = None, error_code: int | None = None, error_title: str = ""
) -> Message | None:
    """Apply a WhatsApp status to the outbound message ``wamid``, forward only (a late ``delivered``
    never overwrites ``read``). Returns the message when it changed, else None."""
    allowed_from = _FORWARD.get(status)
    if not allowed_from or not wamid:
        return None
    fields = {"status": status, "status_at": at or timezone.now()}
    if status == MessageStatus.FAILED:
        fields.update(error_code=error_code, error_title=(error_title or "")[:300])
    changed = Message.objects.filter(wamid=wamid, status__in=allowed_from).exclude(sender=Sender.USER).update(**fields)
    return Message.objects.filter(wamid=wamid).first() if changed else None


def message_sent(*, message: Message, wamid: str) -> Message:
    """Meta accepted the message: record its id (status ``sent`` unless a status already moved it)."""
    Message.objects.filter(pk=message.pk).update(wamid=wamid, status_at=timezone.now())
    Message.objects.filter(pk=message.pk, status=MessageStatus.PENDING).update(status=MessageStatus.SENT)
    message.refresh_from_db(fields=["wamid", "status", "status_at"])
    return message


def message_failed(*, message: Message, error_code: int | None, error_title: str) -> Message:
    Message.objects.filter(pk=message.pk).exclude(status=MessageStatus.READ).update(
        status=MessageStatus.FAILED, error_code=error_code, error_title=error_title[:300], status_at=timezone.now()
    )
    message.refresh_from_db(fields=["status", "error_code", "error_title", "status_at"])
    return message


@transaction.atomic
def replies_record(*, message: Message, replies) -> list[Message]:
    """Record the assistant's replies to the inbound ``message`` before any is sent (status ``pending``,
    keyed by (message, index)). Replies already recorded are returned as they are: a task that runs
    again never asks the responder twice nor sends a reply twice."""
    existing = list(message.replies.order_by("reply_index"))
    if existing:
        return existing
    conversation = Conversation.objects.select_for_update().get(pk=message.conversation_id)
    # A photo reply shows the account's product with that sku when it has a photo; otherwise its
    # caption goes as a plain text (never an error). One query for all of them.
    skus = {reply.photo for reply in replies if getattr(reply, "photo", "")}
    photos = {}
    if skus:
        from catalog.models import Product

        photos = {
            product.sku: product
            for product in Product.objects.filter(owner_id=conversation.owner_id, sku__in=skus).exclude(photo="")
        }
    recorded = []
    for index, reply in enumerate(replies):
        product = photos.get(getattr(reply, "photo", ""))
        kind = MessageKind.INTERACTIVE if reply.buttons else MessageKind.TEXT
        recorded.append(
            _append(
                conversation,
                sender=Sender.AI,
                content=reply.text,
                status=MessageStatus.PENDING,
                at=timezone.now(),
                conversation_status=ConversationStatus.AI_RESPONSE,
                reply_to=message,
                reply_index=index,
                # An answer is about what the question was about: the statistics' accuracy per
                # category reads it on the AI's answers, with the owner's ratings.
                category=message.category,
                buttons=[] if product else list(reply.buttons),
                kind=MessageKind.IMAGE if product else kind,
                product=product,
            )
        )
    return recorded


def message_handled(*, message: Message) -> None:
    Message.objects.filter(pk=message.pk, handled_at__isnull=True).update(handled_at=timezone.now())


def conversation_quota_retry(*, conversation: Conversation) -> Conversation:
    """An over-quota conversation counts (and the assistant speaks) once a later month has room."""
    if not conversation.over_quota:
        return conversation
    with transaction.atomic():
        try:
            conversation_quota_consume(user=conversation.owner)
        except ApplicationError:
            return conversation
        Conversation.objects.filter(pk=conversation.pk).update(over_quota=False)
    conversation.over_quota = False
    return conversation


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
def message_record_update(
    *,
    conversation: Conversation,
    content: str,
    kind: str = MessageKind.TEXT,
    buttons: list | None = None,
    product=None,
) -> Message:
    """Record a message the shop sends on its own (an order's status update) before it is sent:
    a text, or with ``buttons`` (kind interactive), or ``product``'s photo with ``content`` as caption
    (kind image).

    The same message (text, kind, product) still waiting for Meta in this conversation is returned
    instead of a second copy, so a task retried after a network error sends one message, not two.
    """
    waiting = (
        Message.objects.filter(
            conversation=conversation,
            sender=Sender.AI,
            reply_to__isnull=True,
            status=MessageStatus.PENDING,
            wamid__isnull=True,
            content=content.strip(),
            kind=kind,
            product=product,
        )
        .order_by("-id")
        .first()
    )
    if waiting is not None:
        return waiting
    return _append(
        conversation,
        sender=Sender.AI,
        content=content,
        status=MessageStatus.PENDING,
        at=timezone.now(),
        conversation_status=ConversationStatus.AI_RESPONSE,
        kind=kind,
        buttons=list(buttons or []),
        product=product,
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
    _deliver_on_commit(message)
    return message


@transaction.atomic
def conversation_start_by_owner(
    *, user, name: str, whatsapp_number: str, content: str
) -> tuple[Conversation, Message, bool]:
    """The owner writes to a number: the conversation (started and counted if new) and the message."""
    conversation, created = conversation_start(user=user, name=name, whatsapp_number=whatsapp_number)
    message = message_send_by_owner(user=user, conversation=conversation, content=content)
    return conversation, message, created


@transaction.atomic
def message_reply_by_owner(*, user, conversation: Conversation, content: str) -> Message:
    """The owner's free-text reply in an existing conversation: only within WhatsApp's 24 h window
    (409 ``whatsapp_window_closed`` outside it: the dashboard offers templates instead)."""
    if not conversation_window_open(conversation):
        raise ApplicationError(MSG_WINDOW_CLOSED, code="whatsapp_window_closed", status_code=409)
    return message_send_by_owner(user=user, conversation=conversation, content=content)


@transaction.atomic
def message_send_template_by_owner(
    *, user, conversation: Conversation, name: str, language: str, body: str = ""
) -> Message:
    """An approved template, the only message WhatsApp accepts outside the 24 h window."""
    if conversation.owner_id != user.pk:
        raise ValueError("The conversation belongs to another account.")
    message = _append(
        conversation,
        sender=Sender.AGENT,
        content=body or f"[Modèle « {name} »]",
        status=MessageStatus.PENDING,
        at=timezone.now(),
        conversation_status=ConversationStatus.DELIVERED,
        kind=MessageKind.TEMPLATE,
        buttons=[{"template": name, "language": language}],
    )
    conversation_mark_read(conversation=conversation)
    _deliver_on_commit(message)
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
