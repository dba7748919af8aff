"""Meta's webhook: the signature check and the reading of its payload into plain records.

Reading never raises on a strange payload: an unknown message type becomes a stored placeholder,
a malformed item is logged and skipped (never the whole delivery).

Customers are named by two ids (docs/whatsapp-user-ids.md): the number's WhatsApp id (``from``,
``contacts[].wa_id``; absent for a customer who hides it behind a username) and, since April 2026,
the business-scoped user id (``from_user_id``, ``contacts[].user_id``), with the username in
``contacts[].profile.username``. A message needs at least one of the two ids.
"""

import hashlib
import hmac
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime

from django.utils import timezone

from conversations.models import MessageKind

logger = logging.getLogger("flux.integrations.whatsapp")

MAX_BODY_BYTES = 3 * 1024 * 1024

PLACEHOLDERS = {
    "image": "[Image]",
    "audio": "[Message vocal]",
    "video": "[Vidéo]",
    "document": "[Document]",
    "sticker": "[Autocollant]",
    "location": "[Position]",
    "contacts": "[Contact partagé]",
    "reaction": "[Réaction]",
    "unknown": "[Message non pris en charge]",
}
MEDIA_TYPES = {"image", "audio", "video", "document", "sticker"}


def signature_valid(*, body: bytes, header: str, secret: str) -> bool:
    """``X-Hub-Signature-256: sha256=<hex>`` is the HMAC-SHA256 of the raw body with the app secret."""
    if not secret or not header or not header.startswith("sha256="):
        return False
    expected = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, header.removeprefix("sha256=").strip().lower())


@dataclass
class Inbound:
    wamid: str
    wa_id: str  # the number's WhatsApp id (digits), "" when Meta withholds the number
    name: str
    kind: str
    content: str
    at: datetime
    latitude: float | None = None
    longitude: float | None = None
    media_id: str = ""
    user_id: str = ""  # the business-scoped user id (``CI.1234…``), "" in deliveries older than April 2026
    username: str = ""  # the customer's WhatsApp username, when they adopted one

    def to_data(self) -> dict:
        """The JSON stored on the inbound event row (``InboundEvent.data``)."""
        return {
            "wa_id": self.wa_id,
            "user_id": self.user_id,
            "username": self.username,
            "name": self.name,
            "kind": str(self.kind),
            "content": self.content,
            "at": self.at.isoformat(),
            "latitude": self.latitude,
            "longitude": self.longitude,
            "media_id": self.media_id,
        }

    @classmethod
    def from_data(cls, *, wamid: str, data: dict) -> "Inbound":
        wa_id, user_id = str(data.get("wa_id") or ""), str(data.get("user_id") or "")
        if not wa_id and not user_id:
            raise KeyError("wa_id")
        return cls(
            wamid=wamid,
            wa_id=wa_id,
            user_id=user_id,
            username=str(data.get("username") or ""),
            name=data.get("name", ""),
            kind=data.get("kind", MessageKind.UNKNOWN),
            content=data.get("content", ""),
            at=datetime.fromisoformat(data["at"]),
            latitude=data.get("latitude"),
            longitude=data.get("longitude"),
            media_id=data.get("media_id", ""),
        )


@dataclass
class StatusUpdate:
    wamid: str
    status: str
    at: datetime
    error_code: int | None = None
    error_title: str = ""


@dataclass
class Change:
    phone_number_id: str
    messages: list[Inbound] = field(default_factory=list)
    statuses: list[StatusUpdate] = field(default_factory=list)


def _time(value) -> datetime:
    try:
        return datetime.fromtimestamp(int(value), tz=UTC)
    except (TypeError, ValueError, OverflowError):
        return timezone.now()


def _id(value) -> str:
    return str(value).strip() if isinstance(value, str | int) and not isinstance(value, bool) else ""


def _inbound(item: dict, profiles: dict[str, dict]) -> Inbound:
    kind = item.get("type") or "unknown"
    wa_id, user_id = _id(item.get("from")), _id(item.get("from_user_id"))
    profile = profiles.get(user_id) or profiles.get(wa_id) or {}
    # A message carries its ids; the matching ``contacts`` entry may add the one it lacks.
    wa_id, user_id = wa_id or profile.get("wa_id", ""), user_id or profile.get("user_id", "")
    if not wa_id and not user_id:
        raise KeyError("from")
    message = Inbound(
        wamid=str(item["id"])[:160],
        wa_id=wa_id[:20],
        user_id=user_id[:128],
        username=profile.get("username", "")[:120],
        name=profile.get("name", "")[:120],
        kind=MessageKind.UNKNOWN,
        content="",
        at=_time(item.get("timestamp")),
    )
    body = item.get(kind) if isinstance(item.get(kind), dict) else {}
    if kind == "text":
        message.kind, message.content = MessageKind.TEXT, str(body.get("body", ""))
    elif kind == "interactive":
        reply = body.get("button_reply") or body.get("list_reply") or {}
        message.kind, message.content = MessageKind.INTERACTIVE, str(reply.get("title", ""))
    elif kind == "button":  # a quick-reply button of a template
        message.kind, message.content = MessageKind.INTERACTIVE, str(body.get("text", ""))
    elif kind == "location":
        message.kind = MessageKind.LOCATION
        message.latitude, message.longitude = float(body["latitude"]), float(body["longitude"])
        label = " — ".join(str(part) for part in (body.get("name"), body.get("address")) if part)
        message.content = f"{PLACEHOLDERS['location']} {label}".strip()
    elif kind in MEDIA_TYPES:
        message.kind = kind
        message.media_id = str(body.get("id", ""))[:64]
        caption = str(body.get("caption") or body.get("filename") or "")
        message.content = f"{PLACEHOLDERS[kind]} {caption}".strip()
    elif kind == "contacts":
        message.kind, message.content = MessageKind.CONTACTS, PLACEHOLDERS["contacts"]
    elif kind == "reaction":
        message.kind = MessageKind.REACTION
        message.content = f"{PLACEHOLDERS['reaction']} {body.get('emoji', '')}".strip()
    if not message.content.strip():
        message.content = PLACEHOLDERS.get(message.kind, PLACEHOLDERS["unknown"])
    return message


def _status(item: dict) -> StatusUpdate:
    update = StatusUpdate(wamid=str(item["id"]), status=str(item["status"]), at=_time(item.get("timestamp")))
    errors = item.get("errors") or []
    if errors:
        error = errors[0]
        code = error.get("code")
        update.error_code = int(code) if isinstance(code, int | str) and str(code).isdigit() else None
        details = (error.get("error_data") or {}).get("details")
        update.error_title = str(error.get("title") or error.get("message") or details or "")[:300]
    return update


def _profiles(contacts) -> dict[str, dict]:
    """``contacts[]`` by each of its ids: ``{wa_id, user_id, name, username}``."""
    profiles: dict[str, dict] = {}
    for contact in contacts if isinstance(contacts, list) else []:
        if not isinstance(contact, dict):
            continue
        profile = contact.get("profile") if isinstance(contact.get("profile"), dict) else {}
        read = {
            "wa_id": _id(contact.get("wa_id")),
            "user_id": _id(contact.get("user_id")),
            "name": str(profile.get("name") or ""),
            "username": str(profile.get("username") or ""),
        }
        for key in (read["wa_id"], read["user_id"]):
            if key:
                profiles[key] = read
    return profiles


def changes_read(payload: dict) -> list[Change]:
    """Meta's ``entry[].changes[].value`` as one ``Change`` per phone number id."""
    changes = []
    entries = payload.get("entry") if isinstance(payload, dict) else None
    for entry in entries if isinstance(entries, list) else []:
        for change in (entry or {}).get("changes") or []:
            value = (change or {}).get("value") or {}
            phone_number_id = str((value.get("metadata") or {}).get("phone_number_id") or "")
            if not phone_number_id:
                continue
            read = Change(phone_number_id=phone_number_id)
            profiles = _profiles(value.get("contacts"))
            for item in value.get("messages") or []:
                try:
                    read.messages.append(_inbound(item, profiles))
                except (KeyError, TypeError, ValueError, AttributeError) as exc:
                    logger.warning("Unreadable WhatsApp message skipped (%s)", type(exc).__name__)
            for item in value.get("statuses") or []:
                try:
                    read.statuses.append(_status(item))
                except (KeyError, TypeError, ValueError, AttributeError) as exc:
                    logger.warning("Unreadable WhatsApp status skipped (%s)", type(exc).__name__)
            changes.append(read)
    return changes
