"""The customer's tracking page (/suivi/<token>): server-rendered HTML, one small static script that
refreshes it from the public JSON, no inline script or style (the site's CSP applies unchanged)."""

from django.conf import settings
from django.shortcuts import render
from django.views.decorators.http import require_safe

from core.exceptions import ApplicationError

from .selectors import tracking_link_find, tracking_view
from .services import tracking_link_viewed
from .throttles import tracking_throttle

POLL_SECONDS = 20


def _private(response):
    """Nobody but the customer sees the page: not cached, no referrer, not indexed."""
    response["Cache-Control"] = "no-store"
    response["Referrer-Policy"] = "no-referrer"
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


@require_safe
def tracking_page(request, token: str = ""):
    try:
        tracking_throttle(request, token)
    except ApplicationError as error:
        response = render(request, "aftersales/tracking_error.html", {"message": error.message}, status=429)
        for header, value in error.headers.items():
            response[header] = value
        return _private(response)
    link = tracking_link_find(token=token)
    if link is None:
        return _private(render(request, "aftersales/tracking_not_found.html", status=404))
    view = tracking_view(link=link)
    tracking_link_viewed(link=link, now=view["refreshed_at"])
    context = {
        "view": view,
        "api_url": f"/api/v1/public/tracking/{token}",
        "poll_seconds": int(getattr(settings, "TRACKING_POLL_SECONDS", POLL_SECONDS)),
    }
    return _private(render(request, "aftersales/tracking.html", context))
