"""Links to a message's kept media (a customer's voice note) for the owner's browser.

The dashboard authenticates with a JWT in a header, which an ``<audio src>`` cannot send; the API
therefore gives the owner, in the message list they are allowed to read, a link signed for that one
message (``TimestampSigner``, ``MEDIA_LINK_SECONDS``). The route serves the file with either the
signature or the owner's token; Meta's URL and token never reach the browser.
"""

from django.core import signing
from django.urls import reverse

MEDIA_LINK_SECONDS = 3600
SALT = "conversations.message-media"


def _value(message) -> str:
    return f"{message.conversation_id}:{message.pk}:{message.media_file.name}"


def media_url(message) -> str:
    signature = signing.TimestampSigner(salt=SALT).sign(_value(message)).rsplit(":", 2)
    path = reverse(
        "conversation-message-media", kwargs={"conversation_id": message.conversation_id, "message_id": message.pk}
    )
    return f"{path}?t={signature[-2]}&s={signature[-1]}"


def media_signature_valid(message, *, timestamp: str, signature: str) -> bool:
    if not (timestamp and signature and message.media_file):
        return False
    try:
        signing.TimestampSigner(salt=SALT).unsign(
            f"{_value(message)}:{timestamp}:{signature}", max_age=MEDIA_LINK_SECONDS
        )
    except signing.BadSignature:
        return False
    return True
