"""Start-up check: the providers' base URLs are https (plain http only for loopback fakes) and the
platform's own provider account, when switched on, is complete."""

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from integrations.whatsapp.client import LOOPBACK_HOSTS

PLATFORM_REQUIRED = {
    "cinetpay": ("PLATFORM_CINETPAY_API_KEY", "PLATFORM_CINETPAY_SITE_ID", "PLATFORM_CINETPAY_SECRET_KEY"),
    "wave": ("PLATFORM_WAVE_API_KEY", "PLATFORM_WAVE_WEBHOOK_SECRET"),
}


def base_url_problem(name: str, url: str) -> str | None:
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if not parts.hostname or parts.scheme not in ("https", "http"):
        return f"{name} must be an http(s) URL"
    if parts.scheme == "http" and parts.hostname not in LOOPBACK_HOSTS:
        return f"{name} must use https (plain http only for 127.0.0.1 / localhost fakes)"
    return None


def check_payment_settings() -> None:
    for name in ("CINETPAY_URL", "WAVE_URL"):
        problem = base_url_problem(name, getattr(settings, name))
        if problem:
            raise ImproperlyConfigured(problem)
    provider = settings.PLATFORM_PAYMENT_PROVIDER
    if not provider:
        return
    if provider not in PLATFORM_REQUIRED:
        raise ImproperlyConfigured("PLATFORM_PAYMENT_PROVIDER must be cinetpay, wave or empty")
    missing = [name for name in PLATFORM_REQUIRED[provider] if not getattr(settings, name)]
    if missing:
        raise ImproperlyConfigured(f"PLATFORM_PAYMENT_PROVIDER={provider} needs {', '.join(missing)}")
