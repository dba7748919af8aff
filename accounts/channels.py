"""How a one-time code reaches a phone.

The default channel only records in the log that a code was sent; the code itself is written
only in local development (DEBUG or the console mail backend), like the console e-mails. The
WhatsApp integration replaces it by naming its own function in ``settings.PHONE_CODE_SENDER``
(a dotted path to a callable taking ``numero_telephone`` and ``code`` keyword arguments).
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


def send_code_by_phone(*, numero_telephone: str, code: str) -> None:
    sender_path = getattr(settings, "PHONE_CODE_SENDER", "")
    sender = import_string(sender_path) if sender_path else log_channel
    sender(numero_telephone=str(numero_telephone), code=code)
