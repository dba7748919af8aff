"""The WhatsApp channel's writes: store what Meta sends, answer, deliver.

- ``webhook_receive`` runs inside the webhook request: it stores every inbound message as an
  ``InboundEvent`` (one insert, once per wamid) and applies every status BEFORE the 200, so nothing
  Meta delivered can be lost; ``inbound_events_store`` (Celery, and the sweep) turns those events
  into conversation messages and returns the conversations that have something new for the assistant.
- ``conversation_answer`` runs in Celery, one worker per conversation at a time (a cache lock), and
  handles that conversation's unhandled inbound messages in arrival order.
- ``message_deliver`` sends one outbound message the owner wrote.

Exactly-once replies. The assistant's replies to an inbound message are recorded (status
``pending``, keyed by the inbound message and their rank) before the first is sent; a reply is sent
only while it has no wamid, and the wamid is stored as soon as Meta answers. A worker killed at any
point re-runs the task (``acks_late``) and sends only the replies that have no wamid. The one
window that cannot be closed: Meta accepted a reply but the worker died before its wamid was
stored; that reply is sent a second time (the Cloud API has no idempotency key).
"""

import logging
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from campaigns.optout import optout_handle
from conversations.models import Conversation, ConversationMode, Message, MessageKind, MessageStatus
from conversations.replies import responder_get
from conversations.selectors import inbound_pending
from conversations.services import (
    conversation_quota_retry,
    conversation_window_open,
    message_failed,
    message_handled,
    message_record_update,
    message_sent,
    message_status_update,
    message_store_inbound,
    replies_record,
)
from core.phone import whatsapp_id_to_e164

from ..crypto import decrypt_token, encrypt_token
from ..models import InboundEvent, WhatsAppConnection
from ..selectors import whatsapp_connection_for_number
from . import client, media
from .recipient import recipient_of
from .webhook import Change, Inbound

logger = logging.getLogger("flux.integrations.whatsapp")

ERROR_TOKEN_EXPIRED = 190
ERROR_NOT_CONNECTED = -1


def webhook_receive(*, changes: list[Change]) -> int:
    """The webhook request's part: store every inbound message of a verified delivery as an
    ``InboundEvent`` (one insert for all of them; a wamid already there inserts nothing) and apply
    the statuses. Returns how many inbound messages the delivery carried (0: nothing to queue).

    Nothing else happens before Meta gets its 200: contacts, conversations and the plan quota are
    the task's work (``inbound_events_store``), so the request stays a signature check and one write.
    """
    events = [
        InboundEvent(wamid=inbound.wamid, phone_number_id=change.phone_number_id, data=inbound.to_data())
        for change in changes
        for inbound in change.messages
    ]
    if events:
        InboundEvent.objects.bulk_create(events, ignore_conflicts=True)
    for change in changes:
        if change.statuses:
            _statuses_apply(change)
    return len(events)


def _statuses_apply(change: Change) -> None:
    connection = whatsapp_connection_for_number(phone_number_id=change.phone_number_id)
    if connection is None:
        logger.warning("WhatsApp statuses for unknown phone_number_id %s ignored", change.phone_number_id)
        return
    for status in change.statuses:
        updated = message_status_update(
            wamid=status.wamid,
            status=status.status,
            at=status.at,
            error_code=status.error_code,
            error_title=status.error_title,
        )
        if updated is not None and status.error_code == ERROR_TOKEN_EXPIRED:
            connection_token_rejected(connection=connection)


INBOUND_BATCH = 200


def inbound_events_store(*, older_than_seconds: int = 0) -> set[int]:
    """Turn the stored inbound events into conversation messages, oldest first; return the ids of the
    conversations with new customer messages for the assistant.

    Events are taken with ``FOR UPDATE SKIP LOCKED``, so concurrent tasks never take the same row,
    and each is marked stored in the same transaction as its message: a worker killed half-way
    leaves the rest for the next task or the sweep. ``message_store_inbound`` is idempotent per
    wamid, so an event handled twice still makes one message. Unknown phone number ids are logged
    and dropped (marked stored, no message).
    """
    to_answer: set[int] = set()
    connections: dict[str, WhatsAppConnection | None] = {}
    while True:
        pending = InboundEvent.objects.filter(stored_at__isnull=True)
        if older_than_seconds:
            pending = pending.filter(received_at__lt=timezone.now() - timedelta(seconds=older_than_seconds))
        candidates = list(pending.order_by("id").values_list("id", flat=True)[:INBOUND_BATCH])
        for event_id in candidates:
            # One transaction per event: its row and its contact's are the only locks held, so two
            # tasks draining at once wait for each other at worst, never deadlock.
            with transaction.atomic():
                event = (
                    InboundEvent.objects.select_for_update(skip_locked=True)
                    .filter(pk=event_id, stored_at__isnull=True)
                    .first()
                )
                if event is None:
                    continue  # another task has it, or had it
                conversation_id = _inbound_event_store(event, connections)
                InboundEvent.objects.filter(pk=event.pk).update(stored_at=timezone.now())
            if conversation_id is not None:
                to_answer.add(conversation_id)
        if len(candidates) < INBOUND_BATCH:
            return to_answer


def _inbound_event_store(event: InboundEvent, connections: dict) -> int | None:
    if event.phone_number_id not in connections:
        connections[event.phone_number_id] = whatsapp_connection_for_number(phone_number_id=event.phone_number_id)
    connection = connections[event.phone_number_id]
    if connection is None:
        logger.warning("WhatsApp webhook for unknown phone_number_id %s ignored", event.phone_number_id)
        return None
    try:
        inbound = Inbound.from_data(wamid=event.wamid, data=event.data)
        # A customer behind a username may come without a number: their user id names them then.
        number = whatsapp_id_to_e164(inbound.wa_id) if inbound.wa_id else ""
    except (KeyError, TypeError, ValueError):
        logger.warning("WhatsApp message %s from an unreadable number skipped", event.wamid)
        return None
    message = message_store_inbound(
        user=connection.owner,
        whatsapp_number=number,
        whatsapp_user_id=inbound.user_id,
        name=inbound.name or inbound.username,
        content=inbound.content,
        wamid=inbound.wamid,
        kind=inbound.kind,
        latitude=inbound.latitude,
        longitude=inbound.longitude,
        media_id=inbound.media_id,
        at=inbound.at,
    )
    return None if message is None else message.conversation_id


def connection_token_rejected(*, connection: WhatsAppConnection) -> None:
    """Meta refused the token (190): the dashboard shows « Reconnectez WhatsApp »."""
    WhatsAppConnection.objects.filter(pk=connection.pk, token_invalid_at__isnull=True).update(
        token_invalid_at=timezone.now()
    )
    logger.warning("WhatsApp token of account %s refused by Meta: reconnection needed", connection.owner_id)


def connection_usable(connection: WhatsAppConnection | None) -> bool:
    return (
        connection is not None
        and connection.is_connected
        and bool(connection.token_ciphertext and connection.phone_number_id)
        and connection.token_invalid_at is None
    )


def _send_failed(message: Message, error: client.GraphError, connection: WhatsAppConnection) -> None:
    message_failed(message=message, error_code=error.code, error_title=error.title)
    if error.code == ERROR_TOKEN_EXPIRED:
        connection_token_rejected(connection=connection)


def _send(message: Message, *, connection: WhatsAppConnection, token: str, to: str) -> None:
    """Send one recorded outbound message; permanent refusals are stored on it, others raise."""
    common = {"phone_number_id": connection.phone_number_id, "token": token, "to": to}
    try:
        if message.kind == MessageKind.TEMPLATE and message.buttons:
            template = message.buttons[0]
            result = client.send_template(name=template["template"], language=template["language"], **common)
        elif message.kind == MessageKind.IMAGE and message.product_id is not None:
            # A product photo the assistant shows (a deleted product's reply goes as its text below).
            result = media.product_photo_send(message, **common)
        elif message.buttons:
            result = client.send_buttons(text=message.content, buttons=list(message.buttons), **common)
        else:
            result = client.send_text(text=message.content, **common)
    except client.GraphError as error:
        if not error.permanent:
            raise
        logger.warning("WhatsApp refused message %s (code %s)", message.pk, error.code)
        _send_failed(message, error, connection)
        return
    message_sent(message=message, wamid=result.wamid)


def send_text_to_contact(*, contact, text: str) -> Message | None:
    """Send the customer an update the shop initiates (an order's status), through the same sending path.

    Returns the stored message once Meta has it, or None when it cannot go: no conversation, the 24 h
    window is closed (only approved templates may leave then: ``send_template_to_contact``), no usable
    connection, or Meta refused it for good (stored as failed). Transient Graph errors raise, so the
    caller's task retries; the recorded message is reused, never doubled.
    """
    conversation = Conversation.objects.select_related("contact").filter(contact=contact).first()
    if conversation is None or not conversation_window_open(conversation):
        return None
    connection = WhatsAppConnection.objects.filter(owner_id=conversation.owner_id).first()
    if not connection_usable(connection):
        return None
    message = message_record_update(conversation=conversation, content=text)
    _send(
        message,
        connection=connection,
        token=decrypt_token(connection.token_ciphertext),
        to=recipient_of(contact),
    )
    message.refresh_from_db(fields=["wamid", "status"])
    return message if message.wamid else None


def send_template_to_contact(
    *, contact, name: str, language: str, parameters: list[str], content: str
) -> Message | None:
    """Send the customer one of the account's approved templates (an update the shop initiates
    after the 24 h window closed, when only templates may leave), its body's ``{{1}}``… filled with
    ``parameters``; ``content`` is what the conversation shows. Same contract as
    ``send_text_to_contact``: None when it cannot go (no conversation, no usable connection, Meta
    refused it for good), transient errors raise, a retried task reuses the recorded message."""
    conversation = Conversation.objects.select_related("contact").filter(contact=contact).first()
    if conversation is None:
        return None
    connection = WhatsAppConnection.objects.filter(owner_id=conversation.owner_id).first()
    if not connection_usable(connection):
        return None
    message = message_record_update(conversation=conversation, content=content)
    if message.wamid:
        return message
    components = (
        [{"type": "body", "parameters": [{"type": "text", "text": value} for value in parameters]}]
        if parameters
        else None
    )
    try:
        result = client.send_template(
            phone_number_id=connection.phone_number_id,
            token=decrypt_token(connection.token_ciphertext),
            to=recipient_of(contact),
            name=name,
            language=language,
            components=components,
        )
    except client.GraphError as error:
        if not error.permanent:
            raise
        _send_failed(message, error, connection)
        return None
    message_sent(message=message, wamid=result.wamid)
    return message


def send_link_to_contact(*, contact, text: str, url: str, button: str) -> Message | None:
    """Send the customer a link behind a URL button (a payment link), like ``send_text_to_contact``.

    The stored message holds the text and the URL (the dashboard shows both). When Meta refuses the
    interactive message for good, the same words go as plain text with the URL, so the link still
    arrives. Returns the stored message once Meta has it, or None when it cannot go.
    """
    conversation = Conversation.objects.select_related("contact").filter(contact=contact).first()
    if conversation is None or not conversation_window_open(conversation):
        return None
    connection = WhatsAppConnection.objects.filter(owner_id=conversation.owner_id).first()
    if not connection_usable(connection):
        return None
    content = f"{text}\n{url}"
    message = message_record_update(conversation=conversation, content=content)
    if message.wamid:
        return message
    common = {
        "phone_number_id": connection.phone_number_id,
        "token": decrypt_token(connection.token_ciphertext),
        "to": recipient_of(contact),
    }
    try:
        result = client.send_cta_url(text=text, url=url, button=button, **common)
    except client.GraphError as error:
        if not error.permanent:
            raise
        logger.info("URL button refused (code %s): the link goes as text", error.code)
        try:
            result = client.send_text(text=content, **common)
        except client.GraphError as text_error:
            if not text_error.permanent:
                raise
            _send_failed(message, text_error, connection)
            return None
    message_sent(message=message, wamid=result.wamid)
    return message


def conversation_answer(*, conversation_id: int) -> None:
    """Handle the conversation's unhandled customer messages in order (the caller holds its lock)."""
    for message in inbound_pending(conversation_id=conversation_id).select_related(
        "conversation__contact", "conversation__owner"
    ):
        _answer_one(message)


def _answer_one(message: Message) -> None:
    conversation = message.conversation
    connection = WhatsAppConnection.objects.filter(owner_id=conversation.owner_id).first()
    conversation = conversation_quota_retry(conversation=conversation)
    responder = responder_get()
    # « STOP » / « START » (campaigns' opt-out): recorded whoever answers the conversation, and confirmed
    # once whenever the shop's number can speak, even in human mode or over the plan's cap.
    optout = None if message.replies.exists() else optout_handle(conversation=conversation, message=message)
    silent_because = None
    if optout is not None:
        silent_because = None if connection_usable(connection) else "no usable connection"
    elif conversation.mode != ConversationMode.AI:
        silent_because = "human mode"
    elif conversation.over_quota:
        silent_because = "plan cap reached"
    elif not connection_usable(connection):
        silent_because = "no usable connection"
    elif responder is None:
        silent_because = "no responder"
    if silent_because:
        logger.info("Assistant silent on message %s: %s", message.pk, silent_because)
        message_handled(message=message)
        return

    token = decrypt_token(connection.token_ciphertext)
    try:
        client.mark_read(phone_number_id=connection.phone_number_id, token=token, wamid=message.wamid)
    except client.GraphError as error:
        # Blue ticks and the typing indicator are a courtesy: never a reason to stay silent.
        logger.info("mark-as-read of message %s failed (%s)", message.pk, error.code)

    replies = list(message.replies.order_by("reply_index"))
    if not replies:
        if optout is not None:
            answers = optout
        else:
            # A voice note is heard before it is answered (once: a stored outcome is never redone).
            media.voice_note_prepare(message, token=token)
            try:
                answers = responder(conversation=conversation, message=message)
            except Exception:
                logger.exception("The responder failed on message %s: the assistant stays silent there", message.pk)
                answers = []
        replies = replies_record(message=message, replies=[a for a in answers if a.text.strip()])
    to = recipient_of(conversation.contact)
    for reply in replies:
        if reply.wamid or reply.status != MessageStatus.PENDING:
            continue  # Meta already has it (or refused it for good): never sent twice
        _send(reply, connection=connection, token=token, to=to)
    message_handled(message=message)


def message_deliver(*, message_id: int) -> None:
    """Send a message the owner wrote (text or template), once."""
    message = Message.objects.select_related("conversation__contact").filter(pk=message_id).first()
    if message is None or message.wamid or message.status != MessageStatus.PENDING:
        return
    connection = WhatsAppConnection.objects.filter(owner_id=message.conversation.owner_id).first()
    if not connection_usable(connection):
        title = "WhatsApp is not connected" if connection is None or not connection.is_connected else "token refused"
        message_failed(message=message, error_code=ERROR_NOT_CONNECTED, error_title=title)
        return
    token = decrypt_token(connection.token_ciphertext)
    _send(
        message,
        connection=connection,
        token=token,
        to=recipient_of(message.conversation.contact),
    )


# --- Connecting a number -----------------------------------------------------------------------


def pin_generate() -> str:
    return f"{secrets.randbelow(10**6):06d}"


class SetupStep:
    """Which Graph API call of ``number_setup`` Meta refused (the caller words the French error)."""

    NUMBER = "number"
    APP_SECRET = "app_secret"
    WABA = "waba"
    SUBSCRIBE = "subscribe"
    REGISTER = "register"


class NumberSetupFailed(Exception):
    """A step of ``number_setup`` failed; ``error`` is Meta's (safe to log: never the token)."""

    def __init__(self, *, step: str, error: client.GraphError):
        super().__init__(f"{step}: {error}")
        self.step = step
        self.error = error


def number_setup(
    *,
    token: str,
    waba_id: str,
    phone_number_id: str,
    register: bool = False,
    own_app: bool = False,
    app_secret: str = "",
) -> dict:
    """The Graph API side of connecting a number, the same for every way in (Embedded Signup, the
    dashboard's manual set-up, ``manage.py whatsapp_connect``):

    1. read the number with the token (the token opens it; its display number and verified name),
    2. list the WhatsApp Business account's numbers (the token opens the account, the number is one
       of them: Meta would deliver its messages to the account's subscribed apps only),
    3. subscribe the token's app to the account (its webhooks then reach the app's callback URL),
    4. with ``register`` (Embedded Signup), register the number for the Cloud API with a fresh PIN.

    With ``own_app`` (a token the owner brought: the manual set-up, the command), the token's app is
    read after the number: the app subscribed to the account signs the number's deliveries, so unless it is the
    platform's app (``FACEBOOK_APP_ID``) its ``app_secret`` is required, and Meta confirms the
    secret is that app's (``appsecret_proof``).

    Returns ``{display_phone_number, verified_name[, app_secret][, pin]}`` for ``connection_record``; raises
    ``NumberSetupFailed`` naming the step Meta refused. Nothing is stored here.
    """
    step = SetupStep.NUMBER
    try:
        details = client.number_get(phone_number_id=phone_number_id, token=token)
        if own_app:
            step = SetupStep.APP_SECRET
            app_id = client.app_id_get(token=token, app_secret=app_secret)
            if app_secret:
                details["app_secret"] = app_secret
            elif not (settings.FACEBOOK_APP_SECRET and app_id == settings.FACEBOOK_APP_ID):
                raise client.GraphError(
                    "the token's app is not the platform's: its app secret is needed", permanent=True
                )
        step = SetupStep.WABA
        if phone_number_id not in client.waba_phone_number_ids(waba_id=waba_id, token=token):
            raise client.GraphError("the number is not one of the account's numbers", permanent=True)
        step = SetupStep.SUBSCRIBE
        client.app_subscribe(waba_id=waba_id, token=token)
        if register:
            step = SetupStep.REGISTER
            pin = pin_generate()
            client.number_register(phone_number_id=phone_number_id, token=token, pin=pin)
            details["pin"] = pin
    except client.GraphError as error:
        raise NumberSetupFailed(step=step, error=error) from None
    return details


def embedded_signup_complete(*, code: str, waba_id: str, phone_number_id: str) -> dict:
    """Finish Embedded Signup on the server: the code becomes the business token, then the same
    ``number_setup`` as every other way in, registering the number with a generated PIN. Raises
    ``client.GraphError`` (the code exchange) or ``NumberSetupFailed``."""
    token = client.code_exchange(code=code)
    return {
        "token": token,
        **number_setup(token=token, waba_id=waba_id, phone_number_id=phone_number_id, register=True),
    }


def number_connect(
    *, user, token: str, waba_id: str, phone_number_id: str, app_secret: str = "", check: bool = True
) -> WhatsAppConnection:
    """Connect ``user``'s number with a token the owner already holds (a System User's permanent
    token): ``number_setup`` on the Graph API, then ``connection_record``. ``check=False`` (the
    command's ``--no-check``, for local trials without Meta) records without calling Meta. With
    ``app_secret`` the number's webhook deliveries are checked with that secret (its own Meta app)."""
    from ..models import CredentialType

    if check:
        details = number_setup(
            token=token, waba_id=waba_id, phone_number_id=phone_number_id, own_app=True, app_secret=app_secret
        )
    else:
        details = {"app_secret": app_secret} if app_secret else {}
    return connection_record(
        user=user,
        token=token,
        credential_type=CredentialType.ACCESS_TOKEN,
        waba_id=waba_id,
        phone_number_id=phone_number_id,
        **details,
    )


@transaction.atomic
def connection_record(
    *,
    user,
    token: str,
    credential_type: str,
    waba_id: str,
    phone_number_id: str,
    pin: str = "",
    display_phone_number: str = "",
    verified_name: str = "",
    app_secret: str = "",
) -> WhatsAppConnection:
    """Record the account's active connection (token, PIN and app secret encrypted, never logged).
    Without ``app_secret`` the platform's FACEBOOK_APP_SECRET signs the number's deliveries."""
    from ..models import ConnectionStatus

    connection, _ = WhatsAppConnection.objects.select_for_update().get_or_create(owner=user)
    connection.status = ConnectionStatus.CONNECTED
    connection.token_ciphertext = encrypt_token(token)
    connection.credential_type = credential_type
    connection.waba_id = waba_id
    connection.phone_number_id = phone_number_id
    if pin:
        connection.pin_ciphertext = encrypt_token(pin)
    connection.app_secret_ciphertext = encrypt_token(app_secret) if app_secret else ""
    connection.display_phone_number = display_phone_number
    connection.verified_name = verified_name
    connection.token_invalid_at = None
    connection.connected_at = timezone.now()
    connection.disconnected_at = None
    connection.disconnected_by = None
    connection.save()
    return connection


def message_give_up(*, message_id: int, error: client.GraphError) -> None:
    """Meta stayed unreachable through every retry: the owner sees the message failed."""
    message = Message.objects.filter(pk=message_id, status=MessageStatus.PENDING).first()
    if message is not None:
        message_failed(message=message, error_code=error.code, error_title=error.title)
