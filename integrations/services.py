"""WhatsApp connection: relay the Facebook flow's credential, then record the account's connection."""

import logging

from django.db import transaction
from django.utils import timezone

from core.exceptions import ApplicationError

from .crypto import encrypt_token
from .models import ConnectionStatus, CredentialType, WhatsAppConnection
from .whatsapp import client

logger = logging.getLogger("flux.integrations.whatsapp")

# SPEC.md section 8: the one message for a non-success answer or a network failure.
MSG_CONFIGURATION_FAILED = "Une erreur est survenue lors de la configuration."
ERROR_CONFIGURATION_FAILED = "whatsapp_configuration_failed"
ERROR_UNAVAILABLE = "whatsapp_unavailable"


def whatsapp_connect(
    *, user, access_token: str = "", code: str = "", waba_id: str = "", phone_number_id: str = ""
) -> WhatsAppConnection:
    """Relay the credential to the token webhook and, when it answers success, record the connection.

    Exactly one of ``access_token`` (the classic login flow) or ``code`` (Embedded Signup) is given.
    On any failure the account's existing connection is left untouched and ``ApplicationError`` is
    raised with SPEC.md's message: 503 ``whatsapp_unavailable`` when the webhook is not configured
    (or not allowed, e.g. plain http in production), 502 ``whatsapp_configuration_failed`` otherwise.
    The credential is stored encrypted and never logged.
    """
    if bool(access_token) == bool(code):
        raise TypeError("Give exactly one of access_token or code")
    token, credential_type = (
        (access_token, CredentialType.ACCESS_TOKEN) if access_token else (code, CredentialType.CODE)
    )
    try:
        client.relay_token(
            token=token, credential_type=credential_type, waba_id=waba_id, phone_number_id=phone_number_id
        )
    except client.WebhookNotConfigured as exc:
        logger.error("WhatsApp connection refused for account %s: %s", user.pk, exc)
        raise ApplicationError(MSG_CONFIGURATION_FAILED, code=ERROR_UNAVAILABLE, status_code=503) from None
    except client.WebhookFailed as exc:
        logger.warning("WhatsApp token relay to %s failed for account %s: %s", client.webhook_host(), user.pk, exc)
        raise ApplicationError(MSG_CONFIGURATION_FAILED, code=ERROR_CONFIGURATION_FAILED, status_code=502) from None

    with transaction.atomic():
        connection, _ = WhatsAppConnection.objects.select_for_update().get_or_create(owner=user)
        connection.status = ConnectionStatus.CONNECTED
        connection.token_ciphertext = encrypt_token(token)
        connection.credential_type = credential_type
        connection.waba_id = waba_id
        connection.phone_number_id = phone_number_id
        connection.connected_at = timezone.now()
        connection.disconnected_at = None
        connection.disconnected_by = None
        connection.save()
    logger.info(
        "WhatsApp connected for account %s (%s, WABA %s, number %s)",
        user.pk,
        credential_type,
        waba_id or "-",
        phone_number_id or "-",
    )
    return connection


def whatsapp_disconnect(*, user, by) -> WhatsAppConnection | None:
    """Mark the account's connection disconnected (``by`` the owner or a staff member), wiping the
    stored credential. Idempotent: an account that is not connected is left as it is."""
    with transaction.atomic():
        connection = WhatsAppConnection.objects.select_for_update().filter(owner=user).first()
        if connection is None or not connection.is_connected:
            return connection
        connection.status = ConnectionStatus.DISCONNECTED
        connection.token_ciphertext = ""
        connection.disconnected_at = timezone.now()
        connection.disconnected_by = by
        connection.save()
    logger.info("WhatsApp disconnected for account %s by account %s", user.pk, getattr(by, "pk", None))
    return connection
