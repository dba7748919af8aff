"""The Graph API client: the only code that talks to Meta's WhatsApp Cloud API.

Plain ``requests`` (already used for the token relay) rather than pywa: we need six endpoints, our
own retry policy and a guarantee that the token never reaches a log line or an exception, and pywa
brings its own webhook server, handler registry and dataclasses we would have to work around.

Every call has a timeout (``WHATSAPP_GRAPH_TIMEOUT``), retries with exponential backoff on network
errors, 5xx and 429 (Meta's throttling), and raises ``GraphError`` otherwise, whose ``permanent``
flag says whether trying again can help (4xx: no). The access token travels only in the
``Authorization`` header; messages and errors never include it.
"""

import logging
import re
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.core.cache import cache

from conversations.transport import TransportError

logger = logging.getLogger("flux.integrations.whatsapp")

# The code exchange sends the app secret in the query string (as Meta documents it), and urllib3 logs
# every request line at DEBUG: secrets in a URL are masked before any handler sees them.
_SECRET_PARAMS = re.compile(
    r"((?:client_secret|access_token|code|appsecret_proof|input_token|fb_exchange_token)=)[^&\s\"']+"
)


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = _SECRET_PARAMS.sub(r"\1[masqué]", message)
        if redacted != message:
            record.msg, record.args = redacted, ()
        return True


logging.getLogger("urllib3.connectionpool").addFilter(RedactSecrets())

MAX_TEXT_LENGTH = 4096
MAX_BUTTONS = 3
MAX_BUTTON_TITLE = 20
MAX_LIST_ROWS = 10
MAX_ROW_TITLE = 24
RETRY_COUNT = 3
TEMPLATES_CACHE_SECONDS = 600
USER_AGENT = "FluxIA/1.0 (+whatsapp-cloud-api)"
LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1"}


class GraphError(TransportError):
    """Meta refused or could not be reached. ``str()`` is safe to log (never holds the token). A
    ``TransportError`` of the conversation core: ``permanent`` refusals are stored, others retried."""

    def __init__(self, message: str, *, status: int | None = None, code: int | None = None, permanent: bool = False):
        super().__init__(message, code=code, permanent=permanent)
        self.status = status


def graph_url_problem(url: str) -> str | None:
    """Why ``url`` may not be the Graph API base, or None when it is fine (https, or http on loopback)."""
    parts = urlsplit(url)
    if not parts.hostname or parts.scheme not in ("https", "http"):
        return "WHATSAPP_GRAPH_URL must be an http(s) URL"
    if parts.scheme == "http" and parts.hostname not in LOOPBACK_HOSTS:
        return "WHATSAPP_GRAPH_URL must use https (plain http only for 127.0.0.1 / localhost fakes)"
    return None


@dataclass(frozen=True)
class SendResult:
    wamid: str


_session = requests.Session()


def _base() -> str:
    return f"{settings.WHATSAPP_GRAPH_URL.rstrip('/')}/{settings.WHATSAPP_GRAPH_VERSION}"


def _error_from(response: requests.Response) -> GraphError:
    code, title = None, f"HTTP {response.status_code}"
    try:
        error = response.json().get("error") or {}
        code = error.get("code")
        details = (error.get("error_data") or {}).get("details")
        title = str(error.get("message") or details or title)[:300]
    except (ValueError, AttributeError):
        pass
    retryable = response.status_code >= 500 or response.status_code == 429
    return GraphError(title, status=response.status_code, code=code, permanent=not retryable)


def request(method: str, path: str, *, token: str = "", params=None, json=None, raw: bool = False):
    """One Graph API call with retries; the parsed JSON answer (or the response when ``raw``)."""
    url = f"{_base()}/{path.lstrip('/')}"
    headers = {"User-Agent": USER_AGENT}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    timeout = float(settings.WHATSAPP_GRAPH_TIMEOUT)
    last: GraphError | None = None
    base = float(settings.WHATSAPP_GRAPH_RETRY_DELAY)
    delays = (0.0, *(base * 2**n for n in range(RETRY_COUNT)))
    for attempt, delay in enumerate(delays):
        if delay:
            time.sleep(delay)
        try:
            response = _session.request(
                method, url, headers=headers, params=params, json=json, timeout=timeout, allow_redirects=False
            )
        except requests.RequestException as exc:
            last = GraphError(f"Graph API unreachable ({type(exc).__name__})")
            logger.warning("Graph API %s %s failed (attempt %s): %s", method, path, attempt + 1, last)
            continue
        if response.status_code < 400:
            return response if raw else (response.json() if response.content else {})
        last = _error_from(response)
        if last.permanent:
            raise last
        logger.warning("Graph API %s %s answered %s (attempt %s)", method, path, response.status_code, attempt + 1)
    raise last


def _send(*, phone_number_id: str, token: str, to: str, body: dict) -> SendResult:
    from .recipient import recipient_field  # ``to`` is a number's WhatsApp id or a business-scoped user id

    payload = {"messaging_product": "whatsapp", "recipient_type": "individual", recipient_field(to): to, **body}
    answer = request("POST", f"{phone_number_id}/messages", token=token, json=payload)
    try:
        return SendResult(wamid=answer["messages"][0]["id"])
    except (KeyError, IndexError, TypeError):
        raise GraphError("Graph API answered without a message id") from None


def send_text(*, phone_number_id: str, token: str, to: str, text: str) -> SendResult:
    return _send(
        phone_number_id=phone_number_id,
        token=token,
        to=to,
        body={"type": "text", "text": {"preview_url": False, "body": text[:MAX_TEXT_LENGTH]}},
    )


def send_buttons(*, phone_number_id: str, token: str, to: str, text: str, buttons: list[str]) -> SendResult:
    """Reply buttons (at most 3, titles ≤ 20 characters); the id of each is its index."""
    rows = [
        {"type": "reply", "reply": {"id": f"b{index}", "title": title[:MAX_BUTTON_TITLE]}}
        for index, title in enumerate(buttons[:MAX_BUTTONS])
    ]
    body = {
        "type": "interactive",
        "interactive": {"type": "button", "body": {"text": text[:1024]}, "action": {"buttons": rows}},
    }
    return _send(phone_number_id=phone_number_id, token=token, to=to, body=body)


def send_cta_url(*, phone_number_id: str, token: str, to: str, text: str, url: str, button: str) -> SendResult:
    """An interactive call-to-action URL button (a payment link): body ≤ 1024, button ≤ 20 characters."""
    body = {
        "type": "interactive",
        "interactive": {
            "type": "cta_url",
            "body": {"text": text[:1024]},
            "action": {"name": "cta_url", "parameters": {"display_text": button[:MAX_BUTTON_TITLE], "url": url}},
        },
    }
    return _send(phone_number_id=phone_number_id, token=token, to=to, body=body)


def send_list(
    *, phone_number_id: str, token: str, to: str, text: str, button: str, rows: list[str], section: str = "Choix"
) -> SendResult:
    """A list message (at most 10 rows, titles ≤ 24 characters)."""
    items = [{"id": f"r{index}", "title": title[:MAX_ROW_TITLE]} for index, title in enumerate(rows[:MAX_LIST_ROWS])]
    body = {
        "type": "interactive",
        "interactive": {
            "type": "list",
            "body": {"text": text[:4096]},
            "action": {"button": button[:20], "sections": [{"title": section[:24], "rows": items}]},
        },
    }
    return _send(phone_number_id=phone_number_id, token=token, to=to, body=body)


def send_template(
    *, phone_number_id: str, token: str, to: str, name: str, language: str, components: list | None = None
) -> SendResult:
    template = {"name": name, "language": {"code": language}}
    if components:
        template["components"] = components
    return _send(phone_number_id=phone_number_id, token=token, to=to, body={"type": "template", "template": template})


def mark_read(*, phone_number_id: str, token: str, wamid: str, typing: bool = True) -> None:
    """Blue ticks on the customer's message and, with ``typing``, the typing indicator (≤ 25 s)."""
    payload = {"messaging_product": "whatsapp", "status": "read", "message_id": wamid}
    if typing:
        payload["typing_indicator"] = {"type": "text"}
    request("POST", f"{phone_number_id}/messages", token=token, json=payload)


class MediaTooLarge(GraphError):
    """The media is larger than the caller accepts: refused from Meta's announced size or after
    ``max_bytes`` + 1 bytes at most, never read whole."""

    def __init__(self, size: int | None = None):
        super().__init__("media larger than allowed", permanent=True)
        self.size = size


def media_fetch(*, media_id: str, token: str, max_bytes: int) -> tuple[bytes, str]:
    """The media's bytes and MIME type: its URL first (valid a few minutes), then the file itself. A media
    over ``max_bytes`` raises ``MediaTooLarge`` as soon as Meta's ``file_size`` or the download's
    Content-Length announces it, or once the stream passes it: never read whole."""
    info = request("GET", media_id, token=token)
    url = info.get("url")
    if not url:
        raise GraphError("Graph API answered without a media URL", permanent=True)
    announced = info.get("file_size")
    if isinstance(announced, int | str) and str(announced).isdigit() and int(announced) > max_bytes:
        raise MediaTooLarge(int(announced))
    try:
        response = _session.get(
            url,
            headers={"Authorization": f"Bearer {token}", "User-Agent": USER_AGENT},
            timeout=float(settings.WHATSAPP_GRAPH_TIMEOUT),
            allow_redirects=False,
            stream=True,
        )
    except requests.RequestException as exc:
        raise GraphError(f"media unreachable ({type(exc).__name__})") from None
    with response:
        if response.status_code >= 400:
            raise _error_from(response)
        length = response.headers.get("Content-Length", "")
        if length.isdigit() and int(length) > max_bytes:
            raise MediaTooLarge(int(length))
        content = bytearray()
        try:
            for chunk in response.iter_content(chunk_size=65536):
                content.extend(chunk)
                if len(content) > max_bytes:
                    raise MediaTooLarge()
        except requests.RequestException as exc:
            raise GraphError(f"media download interrupted ({type(exc).__name__})") from None
    return bytes(content), str(info.get("mime_type") or "application/octet-stream")


def media_upload(*, phone_number_id: str, token: str, data: bytes, mime: str, filename: str) -> str:
    """Upload a file for sending (``POST /{phone_number_id}/media``, multipart); Meta's media id (kept
    30 days by Meta). One try plus the client's retries on 5xx / network errors."""
    url = f"{_base()}/{phone_number_id}/media"
    headers = {"User-Agent": USER_AGENT, "Authorization": f"Bearer {token}"}
    timeout = float(settings.WHATSAPP_GRAPH_TIMEOUT)
    base = float(settings.WHATSAPP_GRAPH_RETRY_DELAY)
    last: GraphError | None = None
    for attempt, delay in enumerate((0.0, *(base * 2**n for n in range(RETRY_COUNT)))):
        if delay:
            time.sleep(delay)
        try:
            response = _session.post(
                url,
                headers=headers,
                data={"messaging_product": "whatsapp", "type": mime},
                files={"file": (filename, data, mime)},
                timeout=timeout,
                allow_redirects=False,
            )
        except requests.RequestException as exc:
            last = GraphError(f"Graph API unreachable ({type(exc).__name__})")
            logger.warning("Graph API media upload failed (attempt %s): %s", attempt + 1, last)
            continue
        if response.status_code < 400:
            media_id = (response.json() if response.content else {}).get("id")
            if not media_id:
                raise GraphError("Graph API answered without a media id")
            return str(media_id)
        last = _error_from(response)
        if last.permanent:
            raise last
    raise last


MAX_CAPTION_LENGTH = 1024


def send_image(
    *, phone_number_id: str, token: str, to: str, caption: str, link: str = "", media_id: str = ""
) -> SendResult:
    """An image message, by public HTTPS ``link`` or by an uploaded ``media_id``, with its caption."""
    image = {"link": link} if link else {"id": media_id}
    if caption:
        image["caption"] = caption[:MAX_CAPTION_LENGTH]
    return _send(phone_number_id=phone_number_id, token=token, to=to, body={"type": "image", "image": image})


def templates_list(*, waba_id: str, token: str) -> list[dict]:
    """The account's APPROVED message templates (name, language, category, body text), cached 10 min."""
    key = f"whatsapp:templates:{waba_id}"
    cached = cache.get(key)
    if cached is not None:
        return cached
    answer = request(
        "GET",
        f"{waba_id}/message_templates",
        token=token,
        params={"fields": "name,language,status,category,components", "limit": 100},
    )
    templates = []
    for item in answer.get("data", []):
        if item.get("status") != "APPROVED":
            continue
        body = next((c.get("text", "") for c in item.get("components", []) if c.get("type") == "BODY"), "")
        templates.append(
            {
                "name": item["name"],
                "language": item.get("language", ""),
                "category": item.get("category", ""),
                "body": body,
            }
        )
    cache.set(key, templates, TEMPLATES_CACHE_SECONDS)
    return templates


# --- Embedded Signup ---------------------------------------------------------------------------


def code_exchange(*, code: str) -> str:
    """Exchange an Embedded Signup code for the business's access token."""
    answer = request(
        "GET",
        "oauth/access_token",
        params={
            "client_id": settings.FACEBOOK_APP_ID,
            "client_secret": settings.FACEBOOK_APP_SECRET,
            "code": code,
        },
    )
    token = answer.get("access_token")
    if not token:
        raise GraphError("code exchange answered without a token", permanent=True)
    return token


def app_subscribe(*, waba_id: str, token: str) -> None:
    """Subscribe our app to the WhatsApp Business account: its webhooks then reach us."""
    request("POST", f"{waba_id}/subscribed_apps", token=token)


def number_register(*, phone_number_id: str, token: str, pin: str) -> None:
    request("POST", f"{phone_number_id}/register", token=token, json={"messaging_product": "whatsapp", "pin": pin})


def number_get(*, phone_number_id: str, token: str) -> dict:
    """{display_phone_number, verified_name} of the connected number."""
    answer = request("GET", phone_number_id, token=token, params={"fields": "display_phone_number,verified_name"})
    return {
        "display_phone_number": str(answer.get("display_phone_number", ""))[:32],
        "verified_name": str(answer.get("verified_name", ""))[:200],
    }


def waba_phone_number_ids(*, waba_id: str, token: str) -> set[str]:
    """The ids of the phone numbers of a WhatsApp Business account (the token must open it)."""
    answer = request("GET", f"{waba_id}/phone_numbers", token=token, params={"fields": "id", "limit": 100})
    return {str(item.get("id")) for item in answer.get("data", []) if isinstance(item, dict)}


def app_id_get(*, token: str, app_secret: str = "") -> str:
    """The id of the Meta app ``token`` was issued for. With ``app_secret`` the call carries
    ``appsecret_proof`` (the token's HMAC-SHA256 with the secret), and Meta answers error 100 when
    the secret is not that app's."""
    import hashlib
    import hmac

    params = {"fields": "id"}
    if app_secret:
        params["appsecret_proof"] = hmac.new(app_secret.encode(), token.encode(), hashlib.sha256).hexdigest()
    answer = request("GET", "app", token=token, params=params)
    return str(answer.get("id", ""))
