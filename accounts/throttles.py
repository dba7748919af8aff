"""Rate limits on the shared cache (Redis when REDIS_URL is set), keyed by client IP and account.

Each limit is a fixed window that opens at its first hit: ``limit`` hits per ``period`` seconds.
Counting uses the cache's atomic ``incr`` so concurrent requests cannot slip past a limit. When a
limit is reached the service raises ``ApplicationError`` (429) with a French message saying when
to retry and a ``Retry-After`` header.
"""

import hashlib
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

from config.exceptions import throttled_message
from core.exceptions import ApplicationError

KEY_PREFIX = "accounts:rl"


@dataclass(frozen=True)
class Rate:
    name: str
    limit: int
    period: int  # seconds


LOGIN_FAILURES_PER_ACCOUNT = Rate("login-account", 5, 5 * 60)
LOGIN_FAILURES_PER_IP = Rate("login-ip", 30, 60)
REGISTRATIONS_PER_IP = Rate("register-ip", 20, 60)
RESEND_PER_MINUTE = Rate("resend-min", 1, 60)
RESEND_PER_HOUR = Rate("resend-hour", 5, 60 * 60)
FORGOT_PASSWORD_PER_HOUR = Rate("forgot-hour", 5, 60 * 60)


def client_ip(request) -> str:
    """The client's address: REMOTE_ADDR, or the address the trusted proxies saw.

    ``settings.NUM_PROXIES`` proxies each append to X-Forwarded-For, so the client is the
    NUM_PROXIES-th address from the right. Anything to its left was written by the client and is
    ignored; with NUM_PROXIES = 0 the header is not read at all.
    """
    remote_addr = request.META.get("REMOTE_ADDR", "") or ""
    num_proxies = int(getattr(settings, "NUM_PROXIES", 0) or 0)
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if num_proxies <= 0 or not forwarded:
        return remote_addr
    addresses = [part.strip() for part in forwarded.split(",") if part.strip()]
    if not addresses:
        return remote_addr
    return addresses[-min(num_proxies, len(addresses))]


def subject_key(value: str) -> str:
    """A short, cache-safe key for an address (e-mail lower-cased, phone as typed)."""
    return hashlib.sha256(value.strip().lower().encode()).hexdigest()[:32]


def _keys(rate: Rate, subject: str) -> tuple[str, str]:
    base = f"{KEY_PREFIX}:{rate.name}:{subject}"
    return f"{base}:n", f"{base}:t"


def _wait(start_key: str, rate: Rate) -> float:
    started = cache.get(start_key)
    if started is None:
        return float(rate.period)
    return max(1.0, started + rate.period - time.time())


def too_many(wait: float) -> ApplicationError:
    seconds = max(1, math.ceil(wait))
    return ApplicationError(
        throttled_message(seconds), code="throttled", status_code=429, headers={"Retry-After": str(seconds)}
    )


def hit(rate: Rate, subject: str) -> int:
    """Count one hit in the current window and return the count."""
    count_key, start_key = _keys(rate, subject)
    cache.add(start_key, time.time(), rate.period)
    cache.add(count_key, 0, rate.period)
    try:
        return cache.incr(count_key)
    except ValueError:  # the key expired between add and incr: a new window starts
        cache.add(count_key, 0, rate.period)
        return cache.incr(count_key)


def hit_or_raise(rate: Rate, subject: str) -> None:
    """Count this request; refuse it (429) when it goes over the limit."""
    if hit(rate, subject) > rate.limit:
        raise too_many(_wait(_keys(rate, subject)[1], rate))


def raise_if_exhausted(rate: Rate, subject: str) -> None:
    """Refuse (429) when earlier hits have used the whole window, without counting this one."""
    count_key, start_key = _keys(rate, subject)
    if (cache.get(count_key) or 0) >= rate.limit:
        raise too_many(_wait(start_key, rate))


def reset(rate: Rate, subject: str) -> None:
    cache.delete_many(list(_keys(rate, subject)))
