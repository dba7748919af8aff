"""One-time codes sent by WhatsApp from the platform's own number (settings.PHONE_CODE_SENDER).

Meta lets a business send a login code only through an approved *authentication* template: the code
is the body's one parameter and, again, the parameter of the copy-code button (a ``url`` button at
index 0 in the send payload). The platform's number, token and template come from the
``PLATFORM_WHATSAPP_*`` settings, not from any shop's connection.

Errors are turned into the task conventions (core.tasks): a refusal Meta will repeat (a bad
template, a number that is not on WhatsApp) is permanent, anything else is retried with backoff.
"""

import logging

from django.conf import settings

from accounts.channels import mask_phone
from core.phone import e164_to_whatsapp_id
from core.tasks import PermanentError

from . import client

logger = logging.getLogger("flux.integrations.whatsapp")


def auth_code_components(code: str) -> list[dict]:
    """The template's parameters: the code in the body and in the copy-code button."""
    return [
        {"type": "body", "parameters": [{"type": "text", "text": code}]},
        {"type": "button", "sub_type": "url", "index": "0", "parameters": [{"type": "text", "text": code}]},
    ]


def auth_code_send(*, numero_telephone: str, code: str) -> None:
    try:
        result = client.send_template(
            phone_number_id=settings.PLATFORM_WHATSAPP_PHONE_NUMBER_ID,
            token=settings.PLATFORM_WHATSAPP_TOKEN,
            to=e164_to_whatsapp_id(numero_telephone),
            name=settings.PLATFORM_WHATSAPP_AUTH_TEMPLATE,
            language=settings.PLATFORM_WHATSAPP_AUTH_LANGUAGE,
            components=auth_code_components(code),
        )
    except client.GraphError as exc:
        if exc.permanent:
            logger.warning("Verification code to %s refused by WhatsApp: %s", mask_phone(numero_telephone), exc)
            raise PermanentError(str(exc)) from None
        raise ConnectionError(str(exc)) from None
    logger.info("Verification code sent by WhatsApp to %s (%s)", mask_phone(numero_telephone), result.wamid)
