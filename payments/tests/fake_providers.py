"""Fake payment providers: one real threaded HTTP server on 127.0.0.1 speaking CinetPay's
(``/v2/payment``, ``/v2/payment/check``) and Wave Checkout's (``/v1/checkout/sessions``) protocols,
recording every request. Tests say what the provider answers (``succeed``, ``refuse``, ``down``) and
build the notifications the real providers would send, signed with the merchant's secret.
"""

import hashlib
import hmac
import json
import threading
import time
import uuid
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

from payments.providers import CINETPAY_TOKEN_FIELDS

CINETPAY_API_KEY = "cp-api-key-123"
CINETPAY_SITE_ID = "105900"
CINETPAY_SECRET = "cp-secret-key-456"
WAVE_API_KEY = "wave_ci_prod_testkey"
WAVE_SECRET = "wave_ci_WHS_secret789"


@dataclass
class Call:
    method: str
    path: str
    headers: dict
    body: dict | None


class FakeProviders:
    def __init__(self):
        self.calls: list[Call] = []
        self.is_down = False
        self.statuses: dict[str, str] = {}  # CinetPay transaction id or Wave session id -> status
        self.amounts: dict[str, int] = {}
        self.sessions: dict[str, dict] = {}
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _answer(self, status: int, body: dict):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _record(self) -> Call:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                call = Call(
                    self.command, urlsplit(self.path).path, dict(self.headers.items()), json.loads(raw) if raw else None
                )
                with fake._lock:
                    fake.calls.append(call)
                return call

            def do_POST(self):
                call = self._record()
                if fake.is_down:
                    return self._answer(503, {"message": "Service Unavailable"})
                if call.path == "/v2/payment":
                    body = call.body
                    if body.get("apikey") != CINETPAY_API_KEY or body.get("amount", 0) % 5:
                        return self._answer(200, {"code": "608", "message": "MINIMUM_REQUIRED_FIELDS"})
                    reference = body["transaction_id"]
                    fake.statuses.setdefault(reference, "PENDING")
                    fake.amounts[reference] = body["amount"]
                    token = uuid.uuid4().hex
                    return self._answer(
                        200,
                        {
                            "code": "201",
                            "message": "CREATED",
                            "data": {
                                "payment_token": token,
                                "payment_url": f"{fake.url}/payment/{token}",
                            },
                        },
                    )
                if call.path == "/v2/payment/check":
                    reference = call.body.get("transaction_id")
                    if call.body.get("apikey") != CINETPAY_API_KEY or reference not in fake.statuses:
                        return self._answer(200, {"code": "627", "message": "TRANSACTION_NOT_FOUND", "data": {}})
                    status = fake.statuses[reference]
                    code = "00" if status == "ACCEPTED" else "662" if status == "PENDING" else "600"
                    data = {
                        "amount": str(fake.amounts[reference]),
                        "currency": "XOF",
                        "status": status,
                        "payment_method": "OM",
                    }
                    return self._answer(200, {"code": code, "message": status, "data": data})
                if call.path == "/v1/checkout/sessions":
                    if call.headers.get("Authorization") != f"Bearer {WAVE_API_KEY}":
                        return self._answer(401, {"code": "no-matching-api-key"})
                    session_id = "cos-" + uuid.uuid4().hex[:18]
                    session = {
                        "id": session_id,
                        "amount": call.body["amount"],
                        "currency": "XOF",
                        "client_reference": call.body["client_reference"],
                        "checkout_status": "open",
                        "payment_status": "processing",
                        "wave_launch_url": f"https://pay.wave.com/c/{session_id}",
                    }
                    fake.sessions[session_id] = session
                    return self._answer(200, session)
                self._answer(404, {"message": "not found"})

            def do_GET(self):
                call = self._record()
                if call.path.startswith("/payment/"):
                    # The checkout page a payer is sent to (the browser test lands here).
                    page = b"<!doctype html><title>CinetPay</title><h1>Paiement CinetPay (simulation)</h1>"
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html; charset=utf-8")
                    self.send_header("Content-Length", str(len(page)))
                    self.end_headers()
                    self.wfile.write(page)
                    return
                if fake.is_down:
                    return self._answer(503, {"message": "Service Unavailable"})
                if call.path.startswith("/v1/checkout/sessions/"):
                    session = fake.sessions.get(call.path.rsplit("/", 1)[1])
                    if session is None or call.headers.get("Authorization") != f"Bearer {WAVE_API_KEY}":
                        return self._answer(404, {"code": "checkout-session-not-found"})
                    return self._answer(200, session)
                self._answer(404, {"message": "not found"})

            def log_message(self, format, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}"

    def start(self) -> "FakeProviders":
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    # --- what the provider says ---------------------------------------------------------------

    def cinetpay_set(self, reference: str, status: str) -> None:
        self.statuses[reference] = status

    def wave_set(self, session_id: str, payment_status: str, checkout_status: str = "complete") -> None:
        self.sessions[session_id].update(payment_status=payment_status, checkout_status=checkout_status)

    def calls_to(self, path: str) -> list[Call]:
        return [call for call in self.calls if call.path == path]


# --- notifications as the providers send them ------------------------------------------------------


def cinetpay_notification(reference: str, amount: int, *, secret: str = CINETPAY_SECRET) -> tuple[dict, dict]:
    """The form CinetPay posts to notify_url, and its headers (``x-token``)."""
    form = {
        "cpm_site_id": CINETPAY_SITE_ID,
        "cpm_trans_id": reference,
        "cpm_trans_date": "2026-11-23 10:15:02",
        "cpm_amount": str(amount),
        "cpm_currency": "XOF",
        "signature": uuid.uuid4().hex,
        "payment_method": "OM",
        "cel_phone_num": "0700112233",
        "cpm_phone_prefixe": "225",
        "cpm_language": "fr",
        "cpm_version": "V4",
        "cpm_payment_config": "SINGLE",
        "cpm_page_action": "PAYMENT",
        "cpm_custom": "",
        "cpm_designation": "Commande",
        "cpm_error_message": "SUCCES",
    }
    token = hmac.new(secret.encode(), "".join(form[name] for name in CINETPAY_TOKEN_FIELDS).encode(), hashlib.sha256)
    return form, {"HTTP_X_TOKEN": token.hexdigest()}


def wave_webhook(session: dict, *, secret: str = WAVE_SECRET, at: int | None = None) -> tuple[bytes, dict]:
    """The body Wave posts for checkout.session.completed, and its ``Wave-Signature`` header."""
    body = json.dumps(
        {
            "id": "EV_" + uuid.uuid4().hex[:12],
            "type": "checkout.session.completed",
            "data": {**session, "payment_status": "succeeded"},
        }
    ).encode()
    timestamp = str(at or int(time.time()))
    signature = hmac.new(secret.encode(), timestamp.encode() + body, hashlib.sha256).hexdigest()
    return body, {"HTTP_WAVE_SIGNATURE": f"t={timestamp},v1={signature}"}


def notify_cinetpay(client, form: dict, headers: dict):
    """POST the notification the way CinetPay does: an urlencoded form."""
    from urllib.parse import urlencode

    return client.post(
        "/api/v1/payments/notify/cinetpay",
        data=urlencode(form),
        content_type="application/x-www-form-urlencoded",
        **headers,
    )
