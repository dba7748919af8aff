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
from .whatsapp.services import (
    NumberSetupFailed,
    SetupStep,
    connection_record,
    embedded_signup_complete,
    number_connect,
)

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
        except (GraphError, NumberSetupFailed) as exc:
            meta_code = exc.error.code if isinstance(exc, NumberSetupFailed) else exc.code
            logger.warning("Embedded Signup failed for account %s: %s (code %s)", user.pk, exc, meta_code)
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


# --- Manual set-up: the owner pastes the ids and a permanent token from their Meta console -------

MSG_MANUAL_TOKEN_INVALID = (
    "Ce jeton d'accès est invalide ou a expiré. Générez un jeton permanent (utilisateur système) dans "
    "Meta Business Suite et collez-le en entier."
)
MSG_MANUAL_PERMISSION_MISSING = (
    "Ce jeton n'a pas les autorisations nécessaires : donnez-lui « whatsapp_business_management » et "
    "« whatsapp_business_messaging » sur ce compte WhatsApp Business."
)
MSG_MANUAL_PHONE_NUMBER_UNKNOWN = (
    "Identifiant du numéro introuvable : copiez l'« Identifiant du numéro de téléphone » affiché dans "
    "Meta (WhatsApp → Configuration de l'API) et vérifiez que ce jeton y a accès."
)
MSG_MANUAL_WABA_UNKNOWN = (
    "Identifiant du compte WhatsApp Business introuvable : copiez l'« Identifiant du compte WhatsApp "
    "Business » affiché dans Meta et vérifiez que ce jeton y a accès."
)
MSG_MANUAL_NUMBER_NOT_IN_WABA = (
    "Ce numéro n'appartient pas à ce compte WhatsApp Business : vérifiez les deux identifiants."
)
MSG_MANUAL_APP_SECRET_INVALID = (
    "Cette clé secrète n'est pas celle de l'application Meta du jeton : copiez la « Clé secrète de "
    "l'application » (Paramètres de l'application → Général) de l'application qui a créé ce jeton."
)
MSG_MANUAL_APP_SECRET_REQUIRED = (
    "La clé secrète de votre application Meta est requise : c'est elle qui signe les messages que Meta "
    "envoie à Flux IA pour ce numéro (Paramètres de l'application → Général)."
)
MSG_MANUAL_REFUSED = "Meta a refusé ces informations. Vérifiez les identifiants et le jeton, puis réessayez."
MSG_MANUAL_RATE_LIMITED = "Meta limite les appels pour le moment. Réessayez dans quelques minutes."

# Graph API error codes (https://developers.facebook.com/docs/graph-api/guides/error-handling and the
# WhatsApp Cloud API's error codes): the token is bad, or lacks a permission, or Meta throttles.
TOKEN_ERROR_CODES = {0, 102, 190}
PERMISSION_ERROR_CODES = {3, 10, *range(200, 300)}
RATE_LIMIT_ERROR_CODES = {4, 17, 32, 613, 80007, 130429}
ERROR_INVALID_PARAMETER = 100


def manual_setup_error(failure: NumberSetupFailed) -> ApplicationError:
    """The French error an owner can act on, for the step Meta refused and Meta's error code."""
    error, step = failure.error, failure.step
    if not error.permanent:
        return ApplicationError(MSG_META_UNAVAILABLE, code="whatsapp_unavailable", status_code=502)
    if error.code in TOKEN_ERROR_CODES:
        return ApplicationError(
            MSG_MANUAL_TOKEN_INVALID,
            code="whatsapp_token_invalid",
            errors={"access_token": [MSG_MANUAL_TOKEN_INVALID]},
        )
    if error.code in PERMISSION_ERROR_CODES:
        return ApplicationError(
            MSG_MANUAL_PERMISSION_MISSING,
            code="whatsapp_permission_missing",
            errors={"access_token": [MSG_MANUAL_PERMISSION_MISSING]},
        )
    if error.code in RATE_LIMIT_ERROR_CODES:
        return ApplicationError(MSG_MANUAL_RATE_LIMITED, code="whatsapp_rate_limited", status_code=503)
    if step == SetupStep.APP_SECRET and error.code is None:
        # The token belongs to the business's own app (our check, not a Meta code): its secret signs.
        return ApplicationError(
            MSG_MANUAL_APP_SECRET_REQUIRED,
            code="whatsapp_app_secret_required",
            errors={"app_secret": [MSG_MANUAL_APP_SECRET_REQUIRED]},
        )
    if step == SetupStep.APP_SECRET and error.code == ERROR_INVALID_PARAMETER:
        return ApplicationError(
            MSG_MANUAL_APP_SECRET_INVALID,
            code="whatsapp_app_secret_invalid",
            errors={"app_secret": [MSG_MANUAL_APP_SECRET_INVALID]},
        )
    if step == SetupStep.NUMBER and error.code == ERROR_INVALID_PARAMETER:
        return ApplicationError(
            MSG_MANUAL_PHONE_NUMBER_UNKNOWN,
            code="whatsapp_phone_number_unknown",
            errors={"phone_number_id": [MSG_MANUAL_PHONE_NUMBER_UNKNOWN]},
        )
    if step == SetupStep.WABA and error.code is None:
        # The account opened but does not list the number (our own check, not a Meta code).
        return ApplicationError(
            MSG_MANUAL_NUMBER_NOT_IN_WABA,
            code="whatsapp_number_not_in_waba",
            errors={"waba_id": [MSG_MANUAL_NUMBER_NOT_IN_WABA]},
        )
    if step in (SetupStep.WABA, SetupStep.SUBSCRIBE) and error.code == ERROR_INVALID_PARAMETER:
        return ApplicationError(
            MSG_MANUAL_WABA_UNKNOWN, code="whatsapp_waba_unknown", errors={"waba_id": [MSG_MANUAL_WABA_UNKNOWN]}
        )
    return ApplicationError(MSG_MANUAL_REFUSED, code="whatsapp_refused")


def whatsapp_connect_manual(
    *, user, phone_number_id: str, waba_id: str, access_token: str, app_secret: str = ""
) -> WhatsAppConnection:
    """Connect the number an owner set up in their own Meta console (as Chatwoot's manual WhatsApp
    Cloud set-up): the ids and the permanent token are checked on the Graph API (``number_setup``:
    the number, the account, the app's subscription) before anything is saved; the token is stored
    encrypted. A refusal is a French 400 naming the field to fix (502/503 when Meta is unreachable
    or throttling); the account's existing connection is then left untouched.

    ``app_secret`` is the secret of the business's own Meta app, which signs this number's webhook
    deliveries: Meta confirms it belongs to the token's app, it is stored encrypted, and the webhook
    checks those deliveries with it. Without it they must be signed with FACEBOOK_APP_SECRET."""
    if not app_secret and not settings.FACEBOOK_APP_SECRET:
        # Nothing could check this number's deliveries: the webhook would refuse every one of them.
        raise ApplicationError(
            MSG_MANUAL_APP_SECRET_REQUIRED,
            code="whatsapp_app_secret_required",
            errors={"app_secret": [MSG_MANUAL_APP_SECRET_REQUIRED]},
        )
    try:
        connection = number_connect(
            user=user, token=access_token, waba_id=waba_id, phone_number_id=phone_number_id, app_secret=app_secret
        )
    except NumberSetupFailed as failure:
        logger.warning(
            "Manual WhatsApp set-up refused for account %s at step %s: %s (code %s)",
            user.pk,
            failure.step,
            failure.error,
            failure.error.code,
        )
        raise manual_setup_error(failure) from None
    logger.info("WhatsApp connected manually for account %s (WABA %s, number %s)", user.pk, waba_id, phone_number_id)
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
        connection.app_secret_ciphertext = ""
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
