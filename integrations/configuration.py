"""Start-up check: production refuses to run with the WhatsApp relay half-configured.

Called from ``IntegrationsConfig.ready()`` so that every process (web, worker, manage.py) fails
loudly at start rather than on the first connection attempt.
"""

from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from .crypto import parse_keys
from .whatsapp.client import graph_url_problem


def check_whatsapp_settings() -> None:
    problem = graph_url_problem(settings.WHATSAPP_GRAPH_URL)
    if problem:
        raise ImproperlyConfigured(problem)
    configured_key = settings.WHATSAPP_TOKEN_KEY
    if configured_key:
        try:
            parse_keys(configured_key)
        except ValueError as exc:
            raise ImproperlyConfigured(
                "WHATSAPP_TOKEN_KEY must be one or more comma-separated Fernet keys "
                "(python -c 'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())')"
            ) from exc
    url = settings.WHATSAPP_TOKEN_WEBHOOK_URL
    if not url or settings.DEBUG:
        return
    if urlsplit(url).scheme != "https":
        raise ImproperlyConfigured("WHATSAPP_TOKEN_WEBHOOK_URL must be an https:// URL when DEBUG is off")
    if not configured_key:
        raise ImproperlyConfigured(
            "WHATSAPP_TOKEN_WEBHOOK_URL is set but WHATSAPP_TOKEN_KEY is not: set a Fernet key so the "
            "WhatsApp tokens are encrypted with a key of their own"
        )
