"""The payment providers: the only code that talks to CinetPay and Wave.

One interface, ``PaymentProvider``: ``initiate(payment) -> (provider_ref, url)``,
``verify_notification(request)`` (raises ``NotificationRejected`` unless the provider signed it) and
``fetch_status(provider_ref) -> ProviderStatus``. A notification is only a hint: the services always
ask ``fetch_status`` before believing a payment succeeded.

Secrets travel only in request bodies or headers the providers require; ``ProviderError`` messages
never include them. Every call has a timeout (``PAYMENT_TIMEOUT``); initiation is not retried here
(the customer is told at once and can ask again).

- CinetPay: https://docs.cinetpay.com/api/1.0-fr/checkout/initialisation (``POST /v2/payment``),
  notifications with the ``x-token`` HMAC (https://docs.cinetpay.com/api/1.0-fr/checkout/hmac) and
  the status check ``POST /v2/payment/check``.
- Wave Checkout: https://docs.wave.com/checkout (``POST /v1/checkout/sessions``,
  ``GET /v1/checkout/sessions/{id}``) and webhooks signed with ``Wave-Signature``
  (https://docs.wave.com/webhook#verifying-the-signature).
"""

import hashlib
import hmac
import logging
import time
from dataclasses import dataclass

import requests
from django.conf import settings

from core.parsers import JsonBodyError, json_body_load

logger = logging.getLogger("flux.payments")

USER_AGENT = "FluxIA/1.0 (+payments)"
WAVE_SIGNATURE_TOLERANCE_SECONDS = 300
CINETPAY_TOKEN_FIELDS = (
    "cpm_site_id",
    "cpm_trans_id",
    "cpm_trans_date",
    "cpm_amount",
    "cpm_currency",
    "signature",
    "payment_method",
    "cel_phone_num",
    "cpm_phone_prefixe",
    "cpm_language",
    "cpm_version",
    "cpm_payment_config",
    "cpm_page_action",
    "cpm_custom",
    "cpm_designation",
    "cpm_error_message",
)


class ProviderError(Exception):
    """The provider refused or could not be reached. ``str()`` is safe to log."""


class NotificationRejected(Exception):
    """A notification the provider did not sign (or signed with another key)."""


@dataclass(frozen=True)
class ProviderStatus:
    succeeded: bool
    failed: bool  # refused or cancelled for good (pending otherwise)
    amount: int | None
    raw_status: str


@dataclass(frozen=True)
class LinkRequest:
    """What a provider needs to make a link: our transaction id, amount, words, where to come back."""

    reference: str
    amount: int
    description: str
    notify_url: str
    return_url: str
    customer_name: str = ""
    customer_phone: str = ""


def round_up_to_5(amount: int) -> int:
    """CinetPay only takes multiples of 5 F CFA."""
    return -(-int(amount) // 5) * 5


def _post(url: str, **kwargs) -> requests.Response:
    try:
        return requests.post(url, timeout=float(settings.PAYMENT_TIMEOUT), allow_redirects=False, **kwargs)
    except requests.RequestException as exc:
        raise ProviderError(f"{url.split('/v')[0]} unreachable ({type(exc).__name__})") from None


def _get(url: str, **kwargs) -> requests.Response:
    try:
        return requests.get(url, timeout=float(settings.PAYMENT_TIMEOUT), allow_redirects=False, **kwargs)
    except requests.RequestException as exc:
        raise ProviderError(f"{url.split('/v')[0]} unreachable ({type(exc).__name__})") from None


def _json(response: requests.Response) -> dict:
    if response.status_code >= 500 or response.status_code == 429:
        raise ProviderError(f"HTTP {response.status_code}")
    try:
        # The shared parser: a provider's answer too is bounded in depth and numbers.
        data = json_body_load(response.content)
    except JsonBodyError:
        raise ProviderError(f"HTTP {response.status_code} without JSON") from None
    if not isinstance(data, dict):
        raise ProviderError(f"HTTP {response.status_code} with an unexpected body")
    return data


class PaymentProvider:
    code = ""

    def initiate(self, link: LinkRequest) -> tuple[str, str]:  # pragma: no cover - interface
        raise NotImplementedError

    def verify_notification(self, request) -> str:  # pragma: no cover - interface
        """Return the notified transaction's provider reference, or raise NotificationRejected."""
        raise NotImplementedError

    def fetch_status(self, provider_ref: str) -> ProviderStatus:  # pragma: no cover - interface
        raise NotImplementedError

    def charged(self, amount: int) -> int:
        """What the provider is asked for to collect ``amount``."""
        return amount

    @staticmethod
    def notification_reference(request) -> str:  # pragma: no cover - interface
        """The reference a notification names, read before its signature is checked (to find whose key checks it)."""
        raise NotImplementedError


class CinetPay(PaymentProvider):
    code = "cinetpay"

    def __init__(self, *, api_key: str, site_id: str, secret_key: str):
        self.api_key, self.site_id, self.secret_key = api_key, site_id, secret_key

    @property
    def base(self) -> str:
        return settings.CINETPAY_URL.rstrip("/")

    def charged(self, amount: int) -> int:
        return round_up_to_5(amount)

    def initiate(self, link: LinkRequest) -> tuple[str, str]:
        body = {
            "apikey": self.api_key,
            "site_id": self.site_id,
            "transaction_id": link.reference,
            "amount": self.charged(link.amount),
            "currency": "XOF",
            "description": link.description[:100],
            "notify_url": link.notify_url,
            "return_url": link.return_url,
            "channels": "MOBILE_MONEY",
            "lang": "fr",
            "customer_name": link.customer_name[:60],
            "customer_phone_number": link.customer_phone,
        }
        response = _post(f"{self.base}/v2/payment", json=body, headers={"User-Agent": USER_AGENT})
        data = _json(response)
        if str(data.get("code")) != "201" or not (data.get("data") or {}).get("payment_url"):
            raise ProviderError(
                f"CinetPay refused the payment (code {data.get('code')}: {data.get('message', '')})"[:300]
            )
        return link.reference, data["data"]["payment_url"]

    @staticmethod
    def notification_reference(request) -> str:
        return str(request.POST.get("cpm_trans_id") or "")

    def verify_notification(self, request) -> str:
        form = request.POST
        if form.get("cpm_site_id", "") != self.site_id:
            raise NotificationRejected("site id mismatch")
        message = "".join(form.get(name, "") for name in CINETPAY_TOKEN_FIELDS)
        expected = hmac.new(self.secret_key.encode(), message.encode(), hashlib.sha256).hexdigest()
        if not hmac.compare_digest(expected, request.headers.get("x-token", "")):
            raise NotificationRejected("bad x-token")
        return form["cpm_trans_id"]

    def fetch_status(self, provider_ref: str) -> ProviderStatus:
        body = {"apikey": self.api_key, "site_id": self.site_id, "transaction_id": provider_ref}
        data = _json(_post(f"{self.base}/v2/payment/check", json=body, headers={"User-Agent": USER_AGENT}))
        details = data.get("data") or {}
        status = str(details.get("status") or "")
        try:
            amount = int(float(details.get("amount"))) if details.get("amount") not in (None, "") else None
        except (TypeError, ValueError):
            amount = None
        succeeded = str(data.get("code")) == "00" and status == "ACCEPTED"
        return ProviderStatus(
            succeeded=succeeded,
            failed=status in ("REFUSED", "CANCELED", "CANCELLED"),
            amount=amount,
            raw_status=status or str(data.get("code")),
        )


class WaveCheckout(PaymentProvider):
    code = "wave"

    def __init__(self, *, api_key: str, webhook_secret: str):
        self.api_key, self.webhook_secret = api_key, webhook_secret

    @property
    def base(self) -> str:
        return settings.WAVE_URL.rstrip("/")

    def _headers(self, **extra) -> dict:
        return {"Authorization": f"Bearer {self.api_key}", "User-Agent": USER_AGENT, **extra}

    def initiate(self, link: LinkRequest) -> tuple[str, str]:
        body = {
            "amount": str(int(link.amount)),
            "currency": "XOF",
            "client_reference": link.reference,
            "success_url": link.return_url,
            "error_url": link.return_url,
        }
        # Wave's idempotency key: a retried POST returns the same session instead of a second one.
        response = _post(
            f"{self.base}/v1/checkout/sessions", json=body, headers=self._headers(**{"Idempotency-Key": link.reference})
        )
        data = _json(response)
        if response.status_code >= 400 or not data.get("id") or not data.get("wave_launch_url"):
            raise ProviderError(f"Wave refused the session (HTTP {response.status_code}: {data.get('code', '')})"[:300])
        return data["id"], data["wave_launch_url"]

    @staticmethod
    def notification_reference(request) -> str:
        try:
            data = json_body_load(request.body).get("data") or {}
        except (JsonBodyError, AttributeError):
            return ""
        return str(data.get("id") or "") if isinstance(data, dict) else ""

    def verify_notification(self, request) -> str:
        header = request.headers.get("Wave-Signature", "")
        parts = [part.strip().split("=", 1) for part in header.split(",") if "=" in part]
        timestamp = next((value for key, value in parts if key == "t"), "")
        signatures = [value for key, value in parts if key == "v1"]
        if not timestamp.isdigit() or not signatures:
            raise NotificationRejected("no Wave-Signature")
        if abs(time.time() - int(timestamp)) > WAVE_SIGNATURE_TOLERANCE_SECONDS:
            raise NotificationRejected("stale Wave-Signature")
        expected = hmac.new(self.webhook_secret.encode(), timestamp.encode() + request.body, hashlib.sha256).hexdigest()
        if not any(hmac.compare_digest(expected, signature) for signature in signatures):
            raise NotificationRejected("bad Wave-Signature")
        reference = self.notification_reference(request)
        if not reference:
            raise NotificationRejected("no session id")
        return reference

    def fetch_status(self, provider_ref: str) -> ProviderStatus:
        response = _get(f"{self.base}/v1/checkout/sessions/{provider_ref}", headers=self._headers())
        data = _json(response)
        if response.status_code >= 400:
            raise ProviderError(f"Wave session check failed (HTTP {response.status_code})")
        payment_status = str(data.get("payment_status") or "")
        try:
            amount = int(float(data.get("amount"))) if data.get("amount") not in (None, "") else None
        except (TypeError, ValueError):
            amount = None
        failed = payment_status == "cancelled" or data.get("checkout_status") == "expired"
        return ProviderStatus(
            succeeded=payment_status == "succeeded",
            failed=failed and payment_status != "succeeded",
            amount=amount,
            raw_status=payment_status,
        )


PROVIDER_CLASSES = {"cinetpay": CinetPay, "wave": WaveCheckout}
