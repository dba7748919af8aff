"""WhatsApp connection: relay the Facebook flow's credential, then record the account's connection."""

import logging

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.exceptions import ApplicationError

from .crypto import decrypt_token
from .models import ConnectionStatus, CredentialType, WhatsAppConnection
from .whatsapp import client, relay
from .whatsapp.client import GraphError
from .whatsapp.services import connection_record, embedded_signup_complete

logger = logging.getLogger("flux.integrations.whatsapp")

# SPEC.md section 8: the one message for a non-success answer or a network failure.
MSG_CONFIGURATION_FAILED = "Une erreur est survenue lors de la configuration."
ERROR_CONFIGURATION_FAILED = "whatsapp_configuration_failed"
ERROR_UNAVAILABLE = "whatsapp_unavailable"


def whatsapp_connect(
    *, user, access_token: str = "", code: str = "", waba_id: str = "", phone_number_id: str = ""
) -> WhatsAppConnection:
    """Connect the account's WhatsApp number from the dashboard's Facebook flow.

    Exactly one of ``access_token`` (the classic login flow) or ``code`` (Embedded Signup) is given.
    With ``FACEBOOK_APP_SECRET`` set and a code, the server completes Embedded Signup itself (code
    exchange, app subscription, number registration with a generated PIN, display number and name).
    With ``WHATSAPP_TOKEN_WEBHOOK_URL`` set, the credential (the exchanged token when the server
    completed the signup) is relayed there as SPEC.md says. Neither configured: 503
    ``whatsapp_unavailable``. Any failure: 502 ``whatsapp_configuration_failed`` and the account's
    existing connection is left untouched. The credential is stored encrypted and never logged.
    """
    if bool(access_token) == bool(code):
        raise TypeError("Give exactly one of access_token or code")
    token, credential_type = (
        (access_token, CredentialType.ACCESS_TOKEN) if access_token else (code, CredentialType.CODE)
    )
    completed = {}
    server_side = bool(settings.FACEBOOK_APP_SECRET)
    if server_side and code:
        if not (waba_id and phone_number_id):
            raise ApplicationError(MSG_CONFIGURATION_FAILED, code=ERROR_CONFIGURATION_FAILED, status_code=502)
        try:
            completed = embedded_signup_complete(code=code, waba_id=waba_id, phone_number_id=phone_number_id)
        except GraphError as exc:
            logger.warning("Embedded Signup failed for account %s: %s (code %s)", user.pk, exc, exc.code)
            raise ApplicationError(MSG_CONFIGURATION_FAILED, code=ERROR_CONFIGURATION_FAILED, status_code=502) from None
        token, credential_type = completed.pop("token"), CredentialType.ACCESS_TOKEN
    if settings.WHATSAPP_TOKEN_WEBHOOK_URL or not server_side:
        try:
            relay.relay_token(
                token=token, credential_type=credential_type, waba_id=waba_id, phone_number_id=phone_number_id
            )
        except relay.WebhookNotConfigured as exc:
            logger.error("WhatsApp connection refused for account %s: %s", user.pk, exc)
            raise ApplicationError(MSG_CONFIGURATION_FAILED, code=ERROR_UNAVAILABLE, status_code=503) from None
        except relay.WebhookFailed as exc:
            logger.warning("WhatsApp token relay to %s failed for account %s: %s", relay.webhook_host(), user.pk, exc)
            raise ApplicationError(MSG_CONFIGURATION_FAILED, code=ERROR_CONFIGURATION_FAILED, status_code=502) from None

    connection = connection_record(
        user=user,
        token=token,
        credential_type=credential_type,
        waba_id=waba_id,
        phone_number_id=phone_number_id,
        **completed,
    )
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


MSG_NOT_CONNECTED = "WhatsApp n'est pas connecté : connectez votre numéro depuis le tableau de bord."
MSG_META_UNAVAILABLE = "WhatsApp ne répond pas pour le moment. Réessayez dans un instant."


def whatsapp_templates_list(*, user) -> list[dict]:
    """The account's approved templates, from the Graph API (cached by the client)."""
    connection = WhatsAppConnection.objects.filter(owner=user).first()
    if connection is None or not connection.is_connected or not connection.waba_id:
        raise ApplicationError(MSG_NOT_CONNECTED, code="whatsapp_not_connected", status_code=409)
    try:
        return client.templates_list(waba_id=connection.waba_id, token=decrypt_token(connection.token_ciphertext))
    except GraphError as exc:
        logger.warning("Templates of account %s unavailable: %s (code %s)", user.pk, exc, exc.code)
        raise ApplicationError(MSG_META_UNAVAILABLE, code="whatsapp_unavailable", status_code=502) from None
