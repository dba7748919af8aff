"""The React single-page app's shell.

Django serves the same HTML for every client-side route. It reads the SPA's route table from
frontend/src/config/routes.json (the file the React router reads too), so a known route answers
200 and anything else answers 404 with the same shell, which renders the not-found page: crawlers
and monitoring see real 404s while a person sees the French page.

"/" is the exception: the build prerenders the landing page to frontend/prerendered/landing.html
(see frontend/webpack.config.js), served inside the shell with the small `landing` bundle, so the
page paints before any JavaScript runs and never downloads the SPA's libraries.
"""

import json
import logging
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path

from django.conf import settings
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.cache import patch_vary_headers
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_safe

logger = logging.getLogger("flux.spa")

ROUTES_FILE = settings.BASE_DIR / "frontend" / "src" / "config" / "routes.json"
LANDING_HTML_FILE = settings.BASE_DIR / "frontend" / "prerendered" / "landing.html"

META_TITLE = "Flux IA — l'assistant IA WhatsApp des entreprises ivoiriennes"
META_DESCRIPTION = (
    "Flux IA répond à vos clients sur WhatsApp en français, en anglais et en nouchi, vend et prend "
    "les commandes 24h/24. Tableau de bord en français, prix en F CFA."
)


# (path prefix, hook): an app that needs more on some of the SPA's pages (integrations: the Facebook
# SDK's policy on /dashboard*) registers a hook from its AppConfig.ready(), so core imports no app.
_route_hooks: list[tuple[str, Callable]] = []


def register_route_hook(prefix: str, hook: Callable) -> None:
    """Call ``hook(response)`` on every SPA route response whose path starts with ``prefix``."""
    if (prefix, hook) not in _route_hooks:
        _route_hooks.append((prefix, hook))


@cache
def spa_routes() -> frozenset[str]:
    with open(ROUTES_FILE, encoding="utf-8") as fh:
        return frozenset(json.load(fh)["routes"])


def is_spa_route(path: str) -> bool:
    normalised = path.rstrip("/") or "/"
    return normalised in spa_routes()


@lru_cache(maxsize=2)
def _read_prerendered(path: Path, modified: float) -> SafeString:
    # The file is our own build output (React-escaped markup), never user input.
    return mark_safe(path.read_text(encoding="utf-8"))


def prerendered_landing() -> SafeString | None:
    """The landing page's prerendered HTML, re-read whenever a build rewrites it."""
    try:
        modified = LANDING_HTML_FILE.stat().st_mtime
    except FileNotFoundError:
        return None
    return _read_prerendered(LANDING_HTML_FILE, modified)


def wants_to_save_data(request) -> bool:
    return request.headers.get("Save-Data", "").strip().lower() == "on"


def shell_context(request) -> dict:
    return {
        # Public, non-secret values the React app reads from <script id="flux-config">.
        "app_config": {
            "facebook_app_id": settings.FACEBOOK_APP_ID,
            "facebook_config_id": settings.FACEBOOK_CONFIG_ID,
        },
        "meta_title": META_TITLE,
        "meta_description": META_DESCRIPTION,
        "page_url": request.build_absolute_uri(request.path),
        "share_image_url": request.build_absolute_uri(static("img/og-image.jpg")),
        # The page shows the video's poster and a play button instead of downloading the clip.
        "save_data": wants_to_save_data(request),
    }


def render_shell(request, *, status: int = 200):
    response = render(request, "spa.html", shell_context(request), status=status)
    patch_vary_headers(response, ["Save-Data"])
    return response


def render_landing(request):
    landing_html = prerendered_landing()
    if landing_html is None:
        # A build without the prerender step: the SPA renders the same page client-side.
        logger.warning("No prerendered landing page at %s; serving the SPA shell", LANDING_HTML_FILE)
        return render_shell(request)
    context = {**shell_context(request), "landing_html": landing_html}
    response = render(request, "landing.html", context)
    patch_vary_headers(response, ["Save-Data"])
    return response


# The shell holds no secret (no CSRF token, no user data), so compressing it is BREACH-safe; the
# prerendered landing page shrinks from ~55 KB to a fraction of that.
@gzip_page
@require_safe
def spa_view(request, path: str = ""):
    if request.path == "/":
        return render_landing(request)
    if is_spa_route(request.path):
        response = render_shell(request)
        for prefix, hook in _route_hooks:
            if request.path.startswith(prefix):
                hook(response)
        return response
    logger.info("404 not found: %s", request.path)
    return render_shell(request, status=404)
