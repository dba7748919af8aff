"""Webhook payloads shaped like Meta's (WhatsApp Cloud API, ``whatsapp_business_account``), signed."""

import hashlib
import hmac
import itertools
import json
import time

APP_SECRET = "test-app-secret"
VERIFY_TOKEN = "verify-me-please"
PHONE_NUMBER_ID = "106540352242922"
WEBHOOK_URL = "/api/v1/integrations/whatsapp/webhook"
CUSTOMER = "2250748017823"

_ids = itertools.count(1)


def wamid() -> str:
    return f"wamid.HBgMMjI1MDc0ODAxNzgyMxUCABIYFjNFQjA{next(_ids):06d}"


def message(kind: str = "text", *, body: dict | None = None, sender: str = CUSTOMER, id: str | None = None) -> dict:
    item = {"from": sender, "id": id or wamid(), "timestamp": str(int(time.time())), "type": kind}
    if kind == "text" and body is None:
        body = {"body": "Bonsoir, le garba c'est combien ?"}
    if body is not None:
        item[kind] = body
    return item


def status(message_id: str, value: str, *, errors: list | None = None) -> dict:
    item = {
        "id": message_id,
        "status": value,
        "timestamp": str(int(time.time())),
        "recipient_id": CUSTOMER,
        "conversation": {"id": "c1", "origin": {"type": "service"}},
        "pricing": {"billable": True, "pricing_model": "PMP", "category": "service"},
    }
    if errors:
        item["errors"] = errors
    return item


def payload(
    *, messages=(), statuses=(), phone_number_id: str = PHONE_NUMBER_ID, name: str = "Fatou Bamba", sender=CUSTOMER
) -> dict:
    value = {
        "messaging_product": "whatsapp",
        "metadata": {"display_phone_number": "2250700000000", "phone_number_id": phone_number_id},
    }
    if messages:
        value["contacts"] = [{"profile": {"name": name}, "wa_id": sender}]
        value["messages"] = list(messages)
    if statuses:
        value["statuses"] = list(statuses)
    return {
        "object": "whatsapp_business_account",
        "entry": [{"id": "102290129340398", "changes": [{"value": value, "field": "messages"}]}],
    }


def signed(body: dict | bytes, secret: str = APP_SECRET) -> tuple[bytes, str]:
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    return raw, "sha256=" + hmac.new(secret.encode(), raw, hashlib.sha256).hexdigest()


def post(client, body: dict | bytes, *, secret: str = APP_SECRET, signature: str | None = None):
    raw, good = signed(body, secret)
    return client.post(
        WEBHOOK_URL,
        data=raw,
        content_type="application/json",
        HTTP_X_HUB_SIGNATURE_256=good if signature is None else signature,
    )
