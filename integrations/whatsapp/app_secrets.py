"""Webhook deliveries signed by a business's own Meta app (the manual set-up with an app secret).

Meta signs each delivery with the secret of the app subscribed to the WhatsApp Business account. For
numbers connected through the platform's app that is ``FACEBOOK_APP_SECRET``; a business that
connected its own app gave its app secret, stored encrypted on its connection. The webhook checks
the platform secret first (the usual case, no database read) and calls this only when it fails.
"""

from core.parsers import JsonBodyError, json_body_load

from ..crypto import InvalidToken, decrypt_token
from ..models import ConnectionStatus, WhatsAppConnection
from .webhook import signature_valid


def _phone_number_ids(payload) -> set[str] | None:
    """The numbers a delivery is for; None when one of its changes names none (it cannot be routed
    to a connection, so no connection's secret may vouch for it)."""
    ids: set[str] = set()
    entries = payload.get("entry") if isinstance(payload, dict) else None
    if not isinstance(entries, list):
        return None
    for entry in entries:
        changes = entry.get("changes") if isinstance(entry, dict) else None
        if not isinstance(changes, list):
            return None
        for change in changes:
            value = change.get("value") if isinstance(change, dict) else None
            metadata = value.get("metadata") if isinstance(value, dict) else None
            number = metadata.get("phone_number_id") if isinstance(metadata, dict) else None
            if not isinstance(number, str) or not number:
                return None
            ids.add(number)
    return ids or None


def connection_signature_valid(*, body: bytes, header: str) -> bool:
    """True when the body's ``X-Hub-Signature-256`` is the HMAC of one app secret that every number
    of the delivery was connected with: a business's secret vouches for its own numbers only."""
    if not header.startswith("sha256="):
        return False
    try:
        # Read before any signature is checked: the shared parser bounds depth and numbers.
        ids = _phone_number_ids(json_body_load(body))
    except JsonBodyError:
        return False
    if not ids:
        return False
    secrets_by_number: dict[str, set[str]] = {}
    rows = (
        WhatsAppConnection.objects.filter(phone_number_id__in=ids, status=ConnectionStatus.CONNECTED)
        .exclude(app_secret_ciphertext="")
        .values_list("phone_number_id", "app_secret_ciphertext")
    )
    for number, ciphertext in rows:
        try:
            secrets_by_number.setdefault(number, set()).add(decrypt_token(ciphertext))
        except InvalidToken:
            continue
    if set(secrets_by_number) != ids:
        return False
    shared = set.intersection(*secrets_by_number.values())
    return any(signature_valid(body=body, header=header, secret=secret) for secret in shared)
