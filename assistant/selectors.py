"""Reads for the assistant: a small process-level cache of compiled shop knowledge, keyed by
(account, shop version), so the document is compiled once per version and not on every message."""

from collections import OrderedDict
from threading import Lock

from .engine import Knowledge

MAX_SHOPS = 64

_cache: "OrderedDict[tuple, Knowledge]" = OrderedDict()
_lock = Lock()


def knowledge_for(snapshot) -> Knowledge:
    """``snapshot`` has ``account_id``, ``version`` and ``document`` (shop.selectors.shop_knowledge)."""
    key = (snapshot.account_id, snapshot.version)
    with _lock:
        hit = _cache.get(key)
        if hit is not None:
            _cache.move_to_end(key)
            return hit
    knowledge = Knowledge.from_document(snapshot.document)
    with _lock:
        _cache[key] = knowledge
        _cache.move_to_end(key)
        while len(_cache) > MAX_SHOPS:
            _cache.popitem(last=False)
    return knowledge


def knowledge_cache_clear() -> None:
    with _lock:
        _cache.clear()


def assistant_llm_state(*, user, days: int = 30) -> dict:
    """The « Ma boutique » switch and the statistics card: is a model available on the platform, is it
    on for this account, and what it cost over the last ``days`` days (2 queries)."""
    from datetime import timedelta

    from django.db.models import Sum
    from django.utils import timezone

    from .llm import llm_configured
    from .models import AssistantSettings, LLMUsage

    since = timezone.localdate() - timedelta(days=days - 1)
    names = ("replies", "calls", "prompt_tokens", "completion_tokens", "fallbacks", "latency_ms")
    totals = LLMUsage.objects.filter(owner=user, day__gte=since).aggregate(**{name: Sum(name) for name in names})
    totals = {name: totals[name] or 0 for name in names}
    latency = totals.pop("latency_ms")
    return {
        "available": llm_configured(),
        "enabled": AssistantSettings.objects.filter(owner=user, llm_enabled=True).exists(),
        "usage": {
            "days": days,
            **totals,
            "average_latency_ms": round(latency / totals["replies"]) if totals["replies"] else None,
        },
    }


def assistant_transcription_usage(*, user, days: int = 30) -> dict:
    """The statistics card's voice notes: which engine transcribes them (the configured provider, the
    model on our server, or none), and the last ``days`` days' ``TranscriptionUsage`` totals (1 query).
    Each voice note has one outcome, so ``heard`` is what is left of the notes once the failed, unclear
    and refused ones are taken out."""
    from datetime import timedelta

    from django.db.models import Sum
    from django.utils import timezone

    from .models import TranscriptionUsage
    from .stt import stt_local_enabled, stt_provider_configured

    since = timezone.localdate() - timedelta(days=days - 1)
    names = ("voice_notes", "calls", "audio_seconds", "failures", "unclear", "refused", "latency_ms")
    totals = TranscriptionUsage.objects.filter(owner=user, day__gte=since).aggregate(
        **{name: Sum(name) for name in names}
    )
    totals = {name: totals[name] or 0 for name in names}
    latency = totals.pop("latency_ms")
    if stt_provider_configured():
        engine = "provider"
    elif stt_local_enabled():
        engine = "local"
    else:
        engine = "none"
    return {
        "days": days,
        "engine": engine,
        **totals,
        "heard": max(totals["voice_notes"] - totals["failures"] - totals["unclear"] - totals["refused"], 0),
        "audio_minutes": round(totals["audio_seconds"] / 60, 1),
        "average_latency_ms": round(latency / totals["calls"]) if totals["calls"] else None,
    }
