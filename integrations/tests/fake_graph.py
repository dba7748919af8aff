"""A fake Graph API: a real threaded HTTP server on 127.0.0.1 speaking the endpoints our client uses
(messages, mark-as-read, media, templates, Embedded Signup, the number and account checks of the
set-up) and recording every request.

It knows WhatsApp Business accounts and their numbers (``accounts``; one by default) and answers
Meta's error 100 for an id it does not know; with ``tokens`` set, any other bearer token gets
Meta's error 190.

Tests queue answers for the next ``/messages`` sends (``fail_next``), or make a send hang until
released (``hold_sends``) to kill a worker in the middle of one.

Media: ``add_media`` registers a file under a media id (``GET /{id}`` answers its URL, MIME type and
size, then ``GET /media/{id}`` its bytes, bearer token required like Meta's); ``POST
/{phone_number_id}/media`` (multipart, as Meta's upload) records the file and answers a media id.
"""

import hashlib
import hmac
import json
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

VERSION = "v23.0"
EXCHANGED_TOKEN = "EAAGexchangedBusinessToken"
DISPLAY_NUMBER = "+225 07 48 01 78 23"
VERIFIED_NAME = "Boutique Akwaba"
MEDIA_BYTES = b"\x89PNG fake image"
WABA_ID, PHONE_NUMBER_ID = "102290129340398", "106540352242922"
PLATFORM_APP_ID = "1234567890"  # the graph fixture's FACEBOOK_APP_ID
TOKEN_ERROR = {
    "message": "Invalid OAuth access token - Cannot parse access token",
    "type": "OAuthException",
    "code": 190,
}


def unknown_id_error(object_id: str) -> dict:
    return {
        "message": f"Unsupported get request. Object with ID '{object_id}' does not exist, cannot be loaded due "
        "to missing permissions, or does not support this operation.",
        "type": "GraphMethodException",
        "code": 100,
        "error_subcode": 33,
    }


@dataclass
class Call:
    method: str
    path: str
    query: dict
    headers: dict
    body: dict | None
    raw: bytes = b""  # the request's bytes when they are not JSON (a multipart upload)


class FakeGraph:
    def __init__(self):
        self.calls: list[Call] = []
        self._lock = threading.Lock()
        self._failures: list[tuple[int, dict] | None] = []
        self._sent = 0
        # Sends from the ``hold_from``-th attempt on hang until ``hold`` is set, unrecorded: a request
        # Meta never processed. ``drop_held`` then closes them without an answer (the caller died).
        self.hold = threading.Event()
        self.hold.set()
        self.holding = threading.Event()
        self.hold_from = 0
        self.drop_held = False
        self._attempts = 0
        # WhatsApp Business account id -> {phone number id: (display number, verified name)}.
        self.accounts: dict[str, dict[str, tuple[str, str]]] = {
            WABA_ID: {PHONE_NUMBER_ID: (DISPLAY_NUMBER, VERIFIED_NAME)}
        }
        # None: any bearer token is accepted; a set: only these are (the others get error 190).
        self.tokens: set[str] | None = None
        # Paths (after the version) answered with Meta's permission error 200, as for a token that
        # lacks whatsapp_business_management on the account.
        self.forbidden: set[str] = set()
        # The app the tokens were issued for (the platform's by default) and its secret, with which
        # GET /app checks an ``appsecret_proof`` it is given (Meta requires none by default).
        self.app_id = PLATFORM_APP_ID
        self.app_secret: str | None = None
        # Media id -> (bytes, MIME type) served by the media endpoints; uploads received (multipart calls).
        self.media: dict[str, tuple[bytes, str]] = {}
        self.announce_media_size = True
        self.uploads: list[Call] = []
        self.templates = [
            {
                "name": "relance_commande",
                "language": "fr",
                "status": "APPROVED",
                "category": "UTILITY",
                "components": [{"type": "BODY", "text": "Bonjour, votre commande vous attend."}],
            },
            {"name": "brouillon", "language": "fr", "status": "REJECTED", "category": "MARKETING", "components": []},
        ]
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _answer(self, status: int, body, content_type="application/json"):
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _record(self, keep: bool = True) -> Call:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                parts = urlsplit(self.path)
                try:
                    body = json.loads(raw) if raw else None
                except ValueError:
                    body = None
                call = Call(
                    self.command,
                    parts.path,
                    {k: v[0] for k, v in parse_qs(parts.query).items()},
                    dict(self.headers.items()),
                    body,
                    raw if body is None else b"",
                )
                if keep:
                    with fake._lock:
                        fake.calls.append(call)
                return call

            def _refused(self, call: Call, path: str) -> bool:
                """Answer Meta's error for a bad token or an unknown account; True when answered."""
                bearer = call.headers.get("Authorization", "").removeprefix("Bearer ")
                if fake.tokens is not None and path != "oauth/access_token" and bearer not in fake.tokens:
                    self._answer(401, {"error": TOKEN_ERROR})
                    return True
                if path in fake.forbidden:
                    self._answer(403, {"error": {"message": "(#200) Permissions error", "code": 200}})
                    return True
                first = path.split("/", 1)[0]
                if path.endswith(("/phone_numbers", "/subscribed_apps")) and first not in fake.accounts:
                    self._answer(400, {"error": unknown_id_error(first)})
                    return True
                return False

            def handle_get(self):
                call = self._record()
                path = call.path.removeprefix(f"/{VERSION}/")
                if self._refused(call, path):
                    return None
                if call.path.startswith("/media/"):
                    known = fake.media.get(call.path.removeprefix("/media/"))
                    if known is not None:
                        if not call.headers.get("Authorization", "").startswith("Bearer "):
                            return self._answer(401, {"error": TOKEN_ERROR})
                        return self._answer(200, known[0], known[1])
                    return self._answer(200, MEDIA_BYTES, "image/png")
                if path in fake.media:
                    data, mime = fake.media[path]
                    host = self.headers.get("Host")
                    answer = {"url": f"http://{host}/media/{path}", "mime_type": mime, "id": path}
                    if fake.announce_media_size:
                        answer["file_size"] = len(data)
                        answer["sha256"] = hashlib.sha256(data).hexdigest()
                    return self._answer(200, answer)
                if path == "oauth/access_token":
                    if call.query.get("code") == "expired-code":
                        return self._answer(400, {"error": {"message": "Invalid code", "code": 100}})
                    return self._answer(200, {"access_token": EXCHANGED_TOKEN, "token_type": "bearer"})
                if path == "app":
                    bearer = call.headers.get("Authorization", "").removeprefix("Bearer ")
                    expected = hmac.new((fake.app_secret or "").encode(), bearer.encode(), hashlib.sha256).hexdigest()
                    proof = call.query.get("appsecret_proof")
                    if fake.app_secret is not None and proof is not None and proof != expected:
                        error = {"message": "Invalid appsecret_proof provided in the API argument", "code": 100}
                        return self._answer(400, {"error": error})
                    return self._answer(200, {"id": fake.app_id})
                if path.endswith("/message_templates"):
                    return self._answer(200, {"data": fake.templates})
                if path.startswith("media-"):
                    host = self.headers.get("Host")
                    return self._answer(200, {"url": f"http://{host}/media/{path}", "mime_type": "image/png"})
                if path.endswith("/phone_numbers"):
                    numbers = fake.accounts[path.split("/", 1)[0]]
                    return self._answer(200, {"data": [{"id": number} for number in numbers]})
                for numbers in fake.accounts.values():
                    if path in numbers:
                        display, name = numbers[path]
                        return self._answer(200, {"id": path, "display_phone_number": display, "verified_name": name})
                return self._answer(400, {"error": unknown_id_error(path)})

            def handle_post(self):
                call = self._record(keep=False)
                path = call.path.removeprefix(f"/{VERSION}/")
                if path.endswith("/messages") and (call.body or {}).get("status") != "read":
                    with fake._lock:
                        fake._attempts += 1
                        attempt = fake._attempts
                    if fake.hold_from and attempt >= fake.hold_from and not fake.hold.is_set():
                        fake.holding.set()
                        fake.hold.wait(60)
                        if fake.drop_held:
                            self.close_connection = True
                            return None
                with fake._lock:
                    fake.calls.append(call)
                if self._refused(call, path):
                    return None
                if path.endswith("/messages"):
                    if (call.body or {}).get("status") == "read":
                        return self._answer(200, {"success": True})
                    with fake._lock:
                        failure = fake._failures.pop(0) if fake._failures else None
                        fake._sent += 1
                        number = fake._sent
                    if failure is not None:
                        return self._answer(*failure)
                    return self._answer(
                        200, {"messaging_product": "whatsapp", "messages": [{"id": f"wamid.OUT{number}"}]}
                    )
                if path.endswith("/media"):
                    content_type = call.headers.get("Content-Type", "")
                    if not content_type.startswith("multipart/form-data") or b'name="file"' not in call.raw:
                        return self._answer(400, {"error": {"message": "(#100) file is required", "code": 100}})
                    with fake._lock:
                        fake.uploads.append(call)
                        media_id = f"upload-{len(fake.uploads)}"
                    return self._answer(200, {"id": media_id})
                return self._answer(200, {"success": True})

            def log_message(self, format, *args):
                pass

            # http.server dispatches on these names.
            do_POST = handle_post
            do_GET = handle_get

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}"

    def start(self) -> "FakeGraph":
        self._thread.start()
        return self

    def stop(self) -> None:
        self.drop_held = True
        self.hold.set()
        self.server.shutdown()
        self.server.server_close()

    def fail_next(self, *, status: int, code: int, message: str = "error", times: int = 1) -> None:
        with self._lock:
            self._failures.extend([(status, {"error": {"message": message, "code": code}})] * times)

    def script(self, answers: list[tuple[int, int] | None]) -> None:
        """The answers of the next sends, in order: None succeeds, (status, code) fails."""
        with self._lock:
            self._failures.extend(
                None if a is None else (a[0], {"error": {"message": f"error {a[1]}", "code": a[1]}}) for a in answers
            )

    def sends(self) -> list[Call]:
        """Messages sent (not read receipts), in order."""
        with self._lock:
            return [
                c
                for c in self.calls
                if c.method == "POST" and c.path.endswith("/messages") and (c.body or {}).get("status") != "read"
            ]

    def add_media(self, media_id: str, data: bytes, mime: str) -> str:
        self.media[media_id] = (data, mime)
        return media_id

    def images(self) -> list[Call]:
        """Image messages sent, in order."""
        return [c for c in self.sends() if (c.body or {}).get("type") == "image"]

    def reads(self) -> list[Call]:
        with self._lock:
            return [c for c in self.calls if c.path.endswith("/messages") and (c.body or {}).get("status") == "read"]
