"""Voice notes to text: any OpenAI-compatible ``/audio/transcriptions`` endpoint (OpenAI's, a
self-hosted faster-whisper server…) through the official ``openai`` SDK, like the language model.

Configured by ``ASSISTANT_STT_URL`` and ``ASSISTANT_STT_MODEL`` (``ASSISTANT_STT_API_KEY`` when the
server wants one). Without them, voice notes are transcribed on our own server by faster-whisper and
the Whisper model shipped in a PyPI package (``assistant.stt_local``) unless ``ASSISTANT_STT_LOCAL`` is
false or the packages are not installed; then nothing is transcribed and a voice note gets today's
request to write.

One call, no retry loop, within ``ASSISTANT_STT_TIMEOUT`` (10 s by default: the customer waits): a
server down, slow, refusing the file or answering nonsense gives ``failed``, and the customer is
asked to type. The answer is asked as ``verbose_json``: when the server gives its segments, their
``avg_logprob`` and ``no_speech_prob`` (Whisper's own confidence) decide whether it was understood
(``unclear`` otherwise); a server that answers the plain ``{"text": …}`` is trusted unless the text is
empty. Every call is counted per account and day (``TranscriptionUsage``): audio seconds, calls,
failures, refusals and latency.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from django.conf import settings
from django.db.models import F
from django.utils import timezone

logger = logging.getLogger("flux.assistant.stt")

DEFAULT_TIMEOUT = 10.0
# The local model's budget (ASSISTANT_STT_LOCAL_TIMEOUT): it shares the server's 2 cores with the rest, so
# a note of a few seconds takes 3 to 10 s here; past the budget the customer is asked to type.
LOCAL_TIMEOUT = 30.0
# Whisper's own thresholds (its decoding fallback): a segment whose average log-probability is below
# -1 is a guess, and one with no_speech_prob above 0.6 and a low log-probability is silence or noise.
MIN_AVG_LOGPROB = -1.0
NO_SPEECH_PROB = 0.6


class TranscriptStatus:
    """``Message.transcript_status`` values."""

    OK = "ok"
    UNCLEAR = "unclear"  # the provider answered, but nothing (or nothing sure) was heard
    FAILED = "failed"  # corrupt file, provider down, slow or refusing
    TOO_LONG = "too_long"  # longer than the duration limit: never sent to the provider
    TOO_LARGE = "too_large"  # larger than the size limit: never downloaded whole

    ALL = (OK, UNCLEAR, FAILED, TOO_LONG, TOO_LARGE)


@dataclass(frozen=True)
class Transcription:
    status: str
    text: str = ""
    latency_ms: int = 0


def stt_provider_configured() -> bool:
    return bool(getattr(settings, "ASSISTANT_STT_URL", "") and getattr(settings, "ASSISTANT_STT_MODEL", ""))


def stt_local_enabled() -> bool:
    """``ASSISTANT_STT_LOCAL`` on (the default) and the packaged model installed: used when no provider is."""
    from .stt_local import local_installed

    return bool(getattr(settings, "ASSISTANT_STT_LOCAL", True)) and local_installed()


def stt_configured() -> bool:
    """Voice notes can be transcribed: by the provider, else by the local model."""
    return stt_provider_configured() or stt_local_enabled()


def _timeout() -> float:
    return float(getattr(settings, "ASSISTANT_STT_TIMEOUT", DEFAULT_TIMEOUT) or DEFAULT_TIMEOUT)


def _client():
    # Imported here: with no transcription settings the product never loads the SDK.
    import openai

    return openai.OpenAI(
        base_url=settings.ASSISTANT_STT_URL,
        api_key=getattr(settings, "ASSISTANT_STT_API_KEY", "") or "not-needed",
        max_retries=0,  # one try within the budget: past it the customer is asked to type
        timeout=_timeout(),
    )


def _field(item, name: str):
    return item.get(name) if isinstance(item, dict) else getattr(item, name, None)


def _understood(answer) -> tuple[str, str]:
    """(status, text) of the provider's answer."""
    text = " ".join(str(_field(answer, "text") or "").split())
    if not text:
        return TranscriptStatus.UNCLEAR, ""
    segments = _field(answer, "segments") or []
    weighted, total = 0.0, 0.0
    heard = []
    for segment in segments:
        logprob = _field(segment, "avg_logprob")
        no_speech = _field(segment, "no_speech_prob")
        if logprob is None:
            continue
        if no_speech is not None and float(no_speech) > NO_SPEECH_PROB and float(logprob) < MIN_AVG_LOGPROB:
            continue  # silence or noise Whisper wrote words over
        start, end = _field(segment, "start") or 0.0, _field(segment, "end") or 0.0
        length = max(float(end) - float(start), 0.01)
        weighted += float(logprob) * length
        total += length
        heard.append(str(_field(segment, "text") or "").strip())
    if segments and any(_field(s, "avg_logprob") is not None for s in segments):
        if not total or weighted / total < MIN_AVG_LOGPROB:
            return TranscriptStatus.UNCLEAR, ""
        text = " ".join(" ".join(heard).split()) or text
    return TranscriptStatus.OK, text


def _transcribe_local(*, audio: bytes, language: str) -> Transcription:
    """The local model's transcription, judged like the provider's answer (same thresholds)."""
    import av

    from . import stt_local

    started = time.monotonic()
    budget = float(getattr(settings, "ASSISTANT_STT_LOCAL_TIMEOUT", LOCAL_TIMEOUT) or LOCAL_TIMEOUT)
    try:
        heard = stt_local.hear(audio=audio, language=language, budget=budget)
    except stt_local.ModelRefused:
        status, text = TranscriptStatus.FAILED, ""  # logged once by the loader
    except (av.error.FFmpegError, ValueError, OSError, RuntimeError) as exc:  # not audio FFmpeg decodes
        logger.warning("Local transcription failed: %s", type(exc).__name__)
        status, text = TranscriptStatus.FAILED, ""
    else:
        if heard.over_budget:
            logger.warning("Local transcription stopped past its budget of %.1f s", budget)
            status, text = TranscriptStatus.FAILED, ""
        else:
            status, text = _understood({"text": heard.text, "segments": heard.segments})
    return Transcription(status=status, text=text[:4000], latency_ms=round((time.monotonic() - started) * 1000))


def transcribe(*, audio: bytes, filename: str, mime: str, language: str = "") -> Transcription:
    """The words of one voice note (``language``: "fr"/"en" hint, empty lets the provider detect it):
    by the provider when one is configured, else by the local model."""
    if not stt_provider_configured():
        return _transcribe_local(audio=audio, language=language)
    import openai

    started = time.monotonic()
    options = {"language": language} if language in ("fr", "en") else {}
    try:
        answer = _client().audio.transcriptions.create(
            model=settings.ASSISTANT_STT_MODEL,
            file=(filename, audio, mime or "application/octet-stream"),
            response_format="verbose_json",
            temperature=0,
            **options,
        )
        status, text = _understood(answer)
    except openai.APITimeoutError:
        logger.warning("Transcription timed out after %.1f s", time.monotonic() - started)
        status, text = TranscriptStatus.FAILED, ""
    except openai.APIError as exc:
        logger.warning("Transcription failed: %s", type(exc).__name__)
        status, text = TranscriptStatus.FAILED, ""
    except (ValueError, TypeError, KeyError) as exc:  # an answer the SDK or we could not read
        logger.warning("Transcription answer unreadable: %s", type(exc).__name__)
        status, text = TranscriptStatus.FAILED, ""
    return Transcription(status=status, text=text[:4000], latency_ms=round((time.monotonic() - started) * 1000))


def stt_usage_record(*, user, status: str, audio_seconds: float = 0.0, latency_ms: int = 0, called: bool) -> None:
    """Add one voice note to the account's counters of the day (one get_or_create, one F() update)."""
    from .models import TranscriptionUsage

    day = timezone.localdate()
    values = {
        "voice_notes": 1,
        "calls": 1 if called else 0,
        "audio_seconds": int(round(audio_seconds)) if called else 0,
        "failures": 1 if status == TranscriptStatus.FAILED else 0,
        "unclear": 1 if status == TranscriptStatus.UNCLEAR else 0,
        "refused": 1 if status in (TranscriptStatus.TOO_LONG, TranscriptStatus.TOO_LARGE) else 0,
        "latency_ms": latency_ms,
    }
    TranscriptionUsage.objects.get_or_create(owner=user, day=day)
    TranscriptionUsage.objects.filter(owner=user, day=day).update(
        **{name: F(name) + value for name, value in values.items()}
    )


def voice_note_transcribe(
    *, user, audio: bytes, filename: str, mime: str, language: str, audio_seconds: float
) -> Transcription:
    """Transcribe and count it for ``user`` (the channel's entry point, ``integrations.whatsapp.media``)."""
    result = transcribe(audio=audio, filename=filename, mime=mime, language=language)
    stt_usage_record(
        user=user, status=result.status, audio_seconds=audio_seconds, latency_ms=result.latency_ms, called=True
    )
    return result
