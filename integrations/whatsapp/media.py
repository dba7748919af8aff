"""Media of the WhatsApp channel: the customer's voice notes in, the catalogue's product photos out.

Voice notes. When a transcription provider is configured (``assistant.stt``), ``voice_note_prepare``
runs before the assistant reads an audio message: it downloads the note from Meta with the account's
token (refused from Meta's announced size, or after ``VOICE_MAX_BYTES`` + 1 bytes, never read whole),
keeps the file on the message (``media_file``, its MIME type and size: the owner plays it in
Conversations IA, the file is pruned after ``MEDIA_KEEP_DAYS``), reads its duration from the Ogg
container (no ffmpeg: the last page's granule position), refuses notes over ``VOICE_MAX_SECONDS``,
and transcribes the rest. The outcome lands on the message (``transcript``, ``transcript_status``):
a message that has a status is never downloaded or transcribed again, so a task that runs twice
costs one call. A file kept before a worker died is transcribed from disk, not downloaded again.

Product photos. An assistant reply of kind IMAGE shows ``message.product``'s photo with the reply's
text as caption: by a public HTTPS link to our media when the site has one (``FRONTEND_URL`` in
https), else uploaded to Meta first (``POST /{phone_number_id}/media``) and sent by id; the media id
is cached for the file (Meta keeps uploads 30 days), so a photo is uploaded once per number.
"""

import logging
import mimetypes
import struct
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.core.files.base import ContentFile
from django.utils import timezone

from conversations.models import Message, MessageKind

from . import client

logger = logging.getLogger("flux.integrations.whatsapp")

# Defaults of the limits (settings WHATSAPP_VOICE_MAX_BYTES, WHATSAPP_VOICE_MAX_SECONDS override them).
VOICE_MAX_BYTES = 16 * 1024 * 1024  # WhatsApp's own limit for audio
VOICE_MAX_SECONDS = 5 * 60
MEDIA_KEEP_DAYS = 30
UPLOAD_CACHE_SECONDS = 25 * 24 * 3600  # under Meta's 30 days
OPUS_RATE = 48_000  # Opus granule positions always count 48 kHz samples
MIME_SUFFIXES = {"audio/ogg": ".ogg", "audio/opus": ".opus", "audio/mpeg": ".mp3", "audio/mp4": ".m4a"}


# --- The Ogg container -----------------------------------------------------------------------------


def is_ogg(data: bytes) -> bool:
    return data[:4] == b"OggS"


def ogg_duration(data: bytes) -> float | None:
    """Seconds of an Ogg Opus (or Vorbis) stream read from its pages, or None when the file is not a
    well-formed Ogg stream (a page not where the previous one ends, a truncated page, no codec header).

    Each page is ``OggS``, version 0, flags, the 64-bit granule position, serial, sequence, CRC, the
    segment count and table, then the data; the duration is the last granule position (minus Opus's
    pre-skip) over the sample rate.
    """
    offset, granule, rate, pre_skip, first = 0, -1, 0, 0, True
    size = len(data)
    while offset < size:
        if size - offset < 27 or data[offset : offset + 4] != b"OggS" or data[offset + 4] != 0:
            return None
        page_granule = struct.unpack_from("<q", data, offset + 6)[0]
        segments = data[offset + 26]
        if size - offset < 27 + segments:
            return None
        body = sum(data[offset + 27 : offset + 27 + segments])
        start = offset + 27 + segments
        if start + body > size:
            return None
        if first:
            packet = data[start : start + body]
            if packet[:8] == b"OpusHead" and len(packet) >= 19:
                rate, pre_skip = OPUS_RATE, struct.unpack_from("<H", packet, 10)[0]
            elif packet[:7] == b"\x01vorbis" and len(packet) >= 16:
                rate = struct.unpack_from("<I", packet, 12)[0]
            else:
                return None
            first = False
        if page_granule >= 0:
            granule = page_granule
        offset = start + body
    if not rate or granule < 0:
        return None
    return max(granule - pre_skip, 0) / rate


# --- Voice notes -----------------------------------------------------------------------------------


def _suffix(mime: str) -> str:
    base = mime.split(";", 1)[0].strip().lower()
    return MIME_SUFFIXES.get(base) or mimetypes.guess_extension(base) or ".bin"


def _status_store(message: Message, *, status: str, transcript: str = "") -> None:
    """Store the outcome once: a message that already has one keeps it."""
    Message.objects.filter(pk=message.pk, transcript_status="").update(transcript_status=status, transcript=transcript)
    message.transcript_status, message.transcript = status, transcript


def _file_keep(message: Message, *, data: bytes, mime: str) -> None:
    field = message.media_file
    name = field.field.generate_filename(message, f"note{_suffix(mime)}")
    stored = field.storage.save(name, ContentFile(data))
    updated = Message.objects.filter(pk=message.pk, media_file="").update(
        media_file=stored, media_mime=mime[:100], media_size=len(data)
    )
    if not updated:  # another run kept one first
        field.storage.delete(stored)
        message.refresh_from_db(fields=["media_file", "media_mime", "media_size"])
        return
    message.media_file.name, message.media_mime, message.media_size = stored, mime[:100], len(data)


def _limits() -> tuple[int, int]:
    return (
        int(getattr(settings, "WHATSAPP_VOICE_MAX_BYTES", VOICE_MAX_BYTES)),
        int(getattr(settings, "WHATSAPP_VOICE_MAX_SECONDS", VOICE_MAX_SECONDS)),
    )


def voice_note_prepare(message: Message, *, token: str) -> None:
    """Download, keep and transcribe the customer's voice note ``message`` (see the module's doc).

    Nothing happens for other messages, a message already done, or without a provider. A temporary
    Graph API error raises (``client.GraphError``): the conversation's task tries again later, the
    message still unhandled. Anything else ends with a status, and the assistant answers.
    """
    if message.kind != MessageKind.AUDIO or message.transcript_status:
        return
    from assistant import stt  # the assistant's transcription, loaded only when a voice note comes

    if not stt.stt_configured():
        return
    user = message.conversation.owner
    max_bytes, max_seconds = _limits()
    if message.media_file:
        with message.media_file.open("rb") as kept:
            data = kept.read()
        mime = message.media_mime
    elif not message.media_id:
        _status_store(message, status=stt.TranscriptStatus.FAILED)
        stt.stt_usage_record(user=user, status=stt.TranscriptStatus.FAILED, called=False)
        return
    else:
        try:
            data, mime = client.media_fetch(media_id=message.media_id, token=token, max_bytes=max_bytes)
        except client.MediaTooLarge as error:
            logger.info("Voice note %s refused: larger than %s bytes (%s)", message.pk, max_bytes, error.size)
            _status_store(message, status=stt.TranscriptStatus.TOO_LARGE)
            stt.stt_usage_record(user=user, status=stt.TranscriptStatus.TOO_LARGE, called=False)
            return
        except client.GraphError as error:
            if not error.permanent:
                raise
            logger.warning("Voice note %s could not be downloaded (%s)", message.pk, error.code)
            _status_store(message, status=stt.TranscriptStatus.FAILED)
            stt.stt_usage_record(user=user, status=stt.TranscriptStatus.FAILED, called=False)
            return
        _file_keep(message, data=data, mime=mime)

    seconds = ogg_duration(data) if is_ogg(data) or "ogg" in mime.lower() else None
    if seconds is None and (is_ogg(data) or "ogg" in mime.lower()):
        logger.info("Voice note %s is not a readable Ogg stream", message.pk)
        _status_store(message, status=stt.TranscriptStatus.FAILED)
        stt.stt_usage_record(user=user, status=stt.TranscriptStatus.FAILED, called=False)
        return
    if seconds is not None and seconds > max_seconds:
        _status_store(message, status=stt.TranscriptStatus.TOO_LONG)
        stt.stt_usage_record(user=user, status=stt.TranscriptStatus.TOO_LONG, called=False)
        return
    result = stt.voice_note_transcribe(
        user=user,
        audio=data,
        filename=f"note{_suffix(mime)}",
        mime=mime.split(";", 1)[0].strip() or "application/octet-stream",
        language=message.conversation.language,
        audio_seconds=seconds or 0.0,
    )
    _status_store(message, status=result.status, transcript=result.text)


def media_prune(*, days: int = MEDIA_KEEP_DAYS, batch: int = 500) -> int:
    """Delete the kept media of messages older than ``days`` and clear their field; the transcript
    stays. Returns how many files went. Safe to run twice: a cleared row is not selected again."""
    cutoff = timezone.now() - timedelta(days=days)
    pruned = 0
    while True:
        rows = list(
            Message.objects.filter(sent_at__lt=cutoff)
            .exclude(media_file="")
            .order_by("id")
            .values_list("id", "media_file")[:batch]
        )
        if not rows:
            return pruned
        storage = Message._meta.get_field("media_file").storage
        for message_id, name in rows:
            Message.objects.filter(pk=message_id, media_file=name).update(media_file="", media_size=None)
            storage.delete(name)
            pruned += 1
        if len(rows) < batch:
            return pruned


# --- Product photos --------------------------------------------------------------------------------


def _public_link(photo) -> str:
    """The photo's public HTTPS URL, or "" when the site has none (then it is uploaded)."""
    url = photo.url
    if url.startswith("https://"):
        return url
    base = settings.FRONTEND_URL.rstrip("/")
    if base.startswith("https://") and url.startswith("/"):
        return f"{base}{url}"
    return ""


def product_photo_media_id(*, phone_number_id: str, token: str, photo) -> str:
    """Meta's media id for ``photo`` on this number: uploaded once, then read from the cache."""
    key = f"whatsapp:photo-media:{phone_number_id}:{photo.name}"
    media_id = cache.get(key)
    if media_id:
        return media_id
    with photo.open("rb") as file:
        data = file.read()
    mime = mimetypes.guess_type(photo.name)[0] or "image/jpeg"
    media_id = client.media_upload(
        phone_number_id=phone_number_id, token=token, data=data, mime=mime, filename=photo.name.rsplit("/", 1)[-1]
    )
    cache.set(key, media_id, UPLOAD_CACHE_SECONDS)
    return media_id


def product_photo_send(message: Message, *, phone_number_id: str, token: str, to: str) -> client.SendResult:
    """Send the product photo of the IMAGE reply ``message`` with its caption; its text alone when
    the product or its photo is gone since the reply was recorded."""
    product = message.product
    if product is None or not product.photo:
        return client.send_text(phone_number_id=phone_number_id, token=token, to=to, text=message.content)
    link = _public_link(product.photo)
    common = {"phone_number_id": phone_number_id, "token": token, "to": to, "caption": message.content}
    if link:
        return client.send_image(link=link, **common)
    return client.send_image(
        media_id=product_photo_media_id(phone_number_id=phone_number_id, token=token, photo=product.photo), **common
    )
