"""A fake token webhook: a real HTTP(S) server on 127.0.0.1 that records what it receives.

Each test says how it answers (``webhook.answer(...)``): a JSON status, any raw body, an HTTP
error, or a delay longer than the relay's timeout. By default it speaks TLS with a throw-away
certificate the relay is told to trust (``REQUESTS_CA_BUNDLE``), so tests run the production path
(DEBUG off, https only); ``plain_webhook`` is the http variant for DEBUG-mode tests.
"""

import datetime
import ipaddress
import json
import logging
import socket
import ssl
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import RefreshToken

WEBHOOK_PATH = "/webhook/whatsapp-token"


@dataclass
class Received:
    method: str
    path: str
    headers: dict
    body: bytes

    def json(self) -> dict:
        return json.loads(self.body)


class FakeWebhook:
    def __init__(self, ssl_context: ssl.SSLContext | None = None):
        self.received: list[Received] = []
        self.status_code = 200
        self.body = b'{"status": "success"}'
        self.delay = 0.0
        self._release = threading.Event()
        webhook = self

        class Handler(BaseHTTPRequestHandler):
            def handle_post(self):
                length = int(self.headers.get("Content-Length") or 0)
                webhook.received.append(
                    Received("POST", self.path, dict(self.headers.items()), self.rfile.read(length))
                )
                if webhook.delay:
                    webhook._release.wait(webhook.delay)
                self.send_response(webhook.status_code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(webhook.body)))
                self.end_headers()
                try:
                    self.wfile.write(webhook.body)
                except OSError:
                    pass  # the relay gave up (timeout) and closed the connection

            def log_message(self, format, *args):
                pass

            # http.server dispatches on these names.
            do_POST = handle_post

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.scheme = "http"
        if ssl_context is not None:
            self.server.socket = ssl_context.wrap_socket(self.server.socket, server_side=True)
            self.scheme = "https"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.server.server_port}{WEBHOOK_PATH}"

    def answer(self, *, json_body=None, raw: bytes | None = None, status_code: int = 200, delay: float = 0.0):
        self.body = raw if raw is not None else json.dumps(json_body).encode()
        self.status_code = status_code
        self.delay = delay

    def start(self) -> "FakeWebhook":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._release.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="session")
def tls_certificate(tmp_path_factory):
    """A self-signed certificate for 127.0.0.1: (cert path, key path)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    folder = tmp_path_factory.mktemp("webhook-tls")
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_path, key_path


@pytest.fixture
def webhook(settings, monkeypatch, tls_certificate):
    """The fake webhook over https, configured as WHATSAPP_TOKEN_WEBHOOK_URL with DEBUG off."""
    cert_path, key_path = tls_certificate
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert_path, key_path)
    fake = FakeWebhook(context).start()
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", str(cert_path))
    settings.DEBUG = False
    settings.WHATSAPP_TOKEN_WEBHOOK_URL = fake.url
    settings.WHATSAPP_WEBHOOK_TIMEOUT = 5
    yield fake
    fake.stop()


@pytest.fixture
def plain_webhook(settings):
    """The fake webhook over plain http (only DEBUG may use it)."""
    fake = FakeWebhook().start()
    settings.WHATSAPP_TOKEN_WEBHOOK_URL = fake.url
    settings.WHATSAPP_WEBHOOK_TIMEOUT = 5
    yield fake
    fake.stop()


@pytest.fixture
def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on: connections to it are refused."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def all_logs(caplog):
    """Every log record at DEBUG, from every logger (urllib3 included, and the ``flux`` and
    ``django`` loggers that do not propagate to the root)."""
    caplog.set_level(logging.DEBUG)
    touched = []
    for name in dict.fromkeys(["flux", "django", "urllib3", *logging.root.manager.loggerDict]):
        logger = logging.getLogger(name)
        if not logger.propagate or logger.level > logging.DEBUG:
            touched.append((logger, logger.level, logger.propagate))
            logger.setLevel(logging.DEBUG)
            if not logger.propagate:
                logger.addHandler(caplog.handler)
    yield caplog
    for logger, level, propagate in touched:
        logger.setLevel(level)
        if not propagate:
            logger.removeHandler(caplog.handler)


def bearer_client(user) -> APIClient:
    """An API client authenticated the way the dashboard is: a JWT access token as Bearer."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {RefreshToken.for_user(user).access_token}")
    return client


@pytest.fixture
def owner_bearer_api(owner) -> APIClient:
    """``owner_api`` the way the dashboard authenticates: a real JWT, so the auth path is exercised too."""
    return bearer_client(owner)


# --- WhatsApp Cloud API --------------------------------------------------------------------------


@pytest.fixture
def graph(settings):
    """The fake Graph API, configured with the app secret, verify token and the echo responder."""
    from . import meta, responders
    from .fake_graph import VERSION, FakeGraph

    fake = FakeGraph().start()
    settings.WHATSAPP_GRAPH_URL = fake.url
    settings.WHATSAPP_GRAPH_VERSION = VERSION
    settings.FACEBOOK_APP_SECRET = meta.APP_SECRET
    settings.FACEBOOK_APP_ID = "1234567890"
    settings.WHATSAPP_VERIFY_TOKEN = meta.VERIFY_TOKEN
    settings.WHATSAPP_RESPONDER = "integrations.tests.responders.echo"
    settings.WHATSAPP_GRAPH_TIMEOUT = 5
    settings.WHATSAPP_GRAPH_RETRY_DELAY = 0.01
    responders.calls.clear()
    yield fake
    fake.stop()


@pytest.fixture
def connection(owner):
    """The owner's number, connected with a token, as the webhook's phone_number_id routes to it."""
    from .factories import WhatsAppConnectionFactory
    from .meta import PHONE_NUMBER_ID

    return WhatsAppConnectionFactory(owner=owner, phone_number_id=PHONE_NUMBER_ID)
