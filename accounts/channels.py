"""How a one-time code reaches a phone.

``settings.PHONE_CODE_SENDER`` names the channel: a dotted path to a callable taking
``numero_telephone`` and ``code`` keyword arguments. With the platform's WhatsApp number configured
(``PLATFORM_WHATSAPP_*``) it is the WhatsApp integration's authentication-template sender
(integrations/whatsapp/auth_codes.py); otherwise the embedded default, ``log_channel``, only
records in the log that a code was sent, and writes the code itself only in local development
(DEBUG or the console mail backend), like the console e-mails.

A failing channel raises; the task (accounts/tasks.py) retries it and the request that asked for
the code never fails because of it.
"""

import logging

from django.conf import settings
from django.utils.module_loading import import_string

logger = logging.getLogger("flux.accounts")


def codes_may_be_logged() -> bool:
    backend = settings.MAILERS.get("default", {}).get("BACKEND", "")
    return bool(settings.DEBUG) or backend.endswith("console.EmailBackend")


def mask_phone(numero_telephone: str) -> str:
    value = str(numero_telephone)
    return value[:4] + "*" * max(0, len(value) - 6) + value[-2:]


def log_channel(*, numero_telephone: str, code: str) -> None:
    if codes_may_be_logged():
        logger.info("Code de vérification pour %s : %s", numero_telephone, code)
    else:
        logger.info("Code de vérification envoyé au %s", mask_phone(numero_telephone))


PLATFORM_SETTINGS = ("PLATFORM_WHATSAPP_PHONE_NUMBER_ID", "PLATFORM_WHATSAPP_TOKEN", "PLATFORM_WHATSAPP_AUTH_TEMPLATE")


def phone_channel_problem() -> str | None:
    """Why the phone channel's settings cannot work, or None (checked at start, accounts/apps.py)."""
    present = [name for name in PLATFORM_SETTINGS if getattr(settings, name, "")]
    if present and len(present) < len(PLATFORM_SETTINGS):
        missing = ", ".join(name for name in PLATFORM_SETTINGS if name not in present)
        return f"The platform's WhatsApp number is half-configured: set {missing} too (or none of them)"
    sender_path = settings.PHONE_CODE_SENDER
    try:
        import_string(sender_path)
    except ImportError:
        return f"PHONE_CODE_SENDER {sender_path!r} cannot be imported"
    return None


def send_code_by_phone(*, numero_telephone: str, code: str) -> None:
    sender = import_string(settings.PHONE_CODE_SENDER) if settings.PHONE_CODE_SENDER else log_channel
    sender(numero_telephone=str(numero_telephone), code=code)
