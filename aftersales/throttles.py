"""Rate limits of the public tracking page and its JSON (the shared cache: Redis in production).

Per client address, generous (a shop's customers may share a carrier's NAT address), and per link,
tight (one customer's page polls every 20 s). Both raise the API's 429 with a French message.
"""

from django.conf import settings

from accounts.throttles import Rate, client_ip, hit_or_raise
from core.tokens import token_hash


def _rates() -> tuple[Rate, Rate]:
    per_ip = int(getattr(settings, "TRACKING_RATE_PER_IP_MINUTE", 300))
    per_link = int(getattr(settings, "TRACKING_RATE_PER_LINK_MINUTE", 20))
    return Rate("tracking-ip", per_ip, 60), Rate("tracking-link", per_link, 60)


def tracking_throttle(request, token: str) -> None:
    """Count one hit for the caller's address and for the link; ApplicationError 429 over either limit."""
    per_ip, per_link = _rates()
    hit_or_raise(per_ip, client_ip(request) or "unknown")
    hit_or_raise(per_link, token_hash(token or "")[:32])
