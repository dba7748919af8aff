"""The one place that talks to the WhatsApp token webhook (``WHATSAPP_TOKEN_WEBHOOK_URL``).

The dashboard's Facebook flow ends with a credential (an access token, or an Embedded Signup code
with the WhatsApp Business account and phone number ids). This module relays it, as JSON with a
``token`` field, to the automation webhook that finishes the set-up, and reads ``status`` from the
JSON answer: ``"success"`` means connected (SPEC.md section 7).

Rules this module keeps:
- https only, unless DEBUG (a local automation on http://127.0.0.1 is fine while developing);
- the credential travels in the body only: never in the URL, a header, an exception or a log line;
- no redirects are followed (a redirect could carry the body to another address);
- one deadline for the whole exchange (``WHATSAPP_WEBHOOK_TIMEOUT``, 10 s by default) and a cap on
  the answer's size.
"""

import time
from urllib.parse import urlsplit

import requests
from django.conf import settings

from core.parsers import JsonBodyError, json_body_load

MAX_ANSWER_BYTES = 64 * 1024
USER_AGENT = "FluxIA/1.0 (+whatsapp-token-relay)"


class WebhookError(Exception):
    """The relay did not succeed. ``str(error)`` is safe to log: it never holds the credential."""


class WebhookNotConfigured(WebhookError):
    """No webhook address, or one this environment must not use (plain http in production)."""


class WebhookFailed(WebhookError):
    """The webhook was called and did not answer ``{"status": "success"}`` in time."""


def webhook_host() -> str:
    """The webhook's host, for log lines (its path may itself be a secret)."""
    return urlsplit(settings.WHATSAPP_TOKEN_WEBHOOK_URL).hostname or "?"


def _checked_url() -> str:
    url = settings.WHATSAPP_TOKEN_WEBHOOK_URL
    if not url:
        raise WebhookNotConfigured("WHATSAPP_TOKEN_WEBHOOK_URL is not set")
    parts = urlsplit(url)
    if not parts.hostname or parts.scheme not in ("https", "http"):
        raise WebhookNotConfigured("WHATSAPP_TOKEN_WEBHOOK_URL is not an http(s) URL")
    if parts.scheme != "https" and not settings.DEBUG:
        raise WebhookNotConfigured("WHATSAPP_TOKEN_WEBHOOK_URL must use https when DEBUG is off")
    return url


def _read_answer(response: requests.Response, deadline: float) -> bytes:
    body = bytearray()
    for chunk in response.iter_content(chunk_size=8192):
        body.extend(chunk)
        if len(body) > MAX_ANSWER_BYTES:
            raise WebhookFailed(f"answer larger than {MAX_ANSWER_BYTES} bytes")
        if time.monotonic() > deadline:
            raise WebhookFailed("timed out while reading the answer")
    return bytes(body)


def relay_token(*, token: str, credential_type: str, waba_id: str = "", phone_number_id: str = "") -> dict:
    """POST the credential to the webhook; return its JSON answer when ``status`` is ``"success"``.

    Raises ``WebhookNotConfigured`` before any network traffic when the address is missing or not
    allowed, and ``WebhookFailed`` for every other outcome (HTTP error, redirect, timeout, refused
    connection, non-JSON answer, any ``status`` other than ``"success"``).
    """
    url = _checked_url()
    payload = {"token": token, "token_type": credential_type}
    if waba_id:
        payload["waba_id"] = waba_id
    if phone_number_id:
        payload["phone_number_id"] = phone_number_id

    timeout = float(settings.WHATSAPP_WEBHOOK_TIMEOUT)
    deadline = time.monotonic() + timeout
    try:
        with requests.post(
            url,
            json=payload,
            headers={"Accept": "application/json", "User-Agent": USER_AGENT},
            timeout=timeout,
            allow_redirects=False,
            stream=True,
        ) as response:
            if not 200 <= response.status_code < 300:
                raise WebhookFailed(f"HTTP {response.status_code}")
            body = _read_answer(response, deadline)
    except requests.Timeout:
        raise WebhookFailed(f"timed out after {timeout:g} s") from None
    except requests.ConnectionError:
        raise WebhookFailed("connection failed") from None
    except requests.RequestException as exc:
        raise WebhookFailed(f"request failed ({type(exc).__name__})") from None

    try:
        answer = json_body_load(body)
    except JsonBodyError:
        raise WebhookFailed("the answer is not JSON") from None
    if not isinstance(answer, dict):
        raise WebhookFailed("the answer is not a JSON object")
    status = answer.get("status")
    if status != "success":
        # Only a short, printable status goes to the log; the rest of the answer may echo the token.
        shown = "?"
        if isinstance(status, str) and len(status) <= 40 and status.isprintable() and status not in token:
            shown = status
        raise WebhookFailed(f"answered status {shown!r}")
    return answer
