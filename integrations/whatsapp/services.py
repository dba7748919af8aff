"""The WhatsApp channel's writes: store what Meta sends, connect a number.

- ``webhook_receive`` runs inside the webhook request: it stores every inbound message as an
  ``InboundEvent`` (one insert, once per wamid) and applies every status BEFORE the 200, so nothing
  Meta delivered can be lost; ``inbound_events_store`` (Celery, and the sweep) turns those events
  into conversation messages and returns the conversations that have something new for the assistant.
- Answering and sending are the conversation core's (``conversations.core``): this channel is its
  transport (``transport.WhatsAppTransport``, ``settings.CONVERSATION_TRANSPORT``), and
  ``conversation_answer``, ``message_deliver`` and the ``send_*_to_contact`` names below are the
  core's functions, kept for their callers.
"""

import logging
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from conversations import core
from conversations.services import message_status_update, message_store_inbound
from core.phone import whatsapp_id_to_e164

from ..crypto import encrypt_token
from ..models import InboundEvent, WhatsAppConnection
from ..selectors import whatsapp_connection_for_number
from . import client
from .transport import ERROR_TOKEN_EXPIRED, connection_token_rejected, connection_usable  # noqa: F401 (kept names)
from .webhook import Change, Inbound

logger = logging.getLogger("flux.integrations.whatsapp")

ERROR_NOT_CONNECTED = core.ERROR_NOT_CONNECTED


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


# The customer's side now lives in the conversation core (``conversations.core``), with WhatsApp as its
# transport (``transport.WhatsAppTransport``). These names stay for the callers that know them.
send_text_to_contact = core.send_text
send_template_to_contact = core.send_template
send_link_to_contact = core.send_link
conversation_answer = core.conversation_answer
message_deliver = core.message_deliver
message_give_up = core.message_give_up


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
