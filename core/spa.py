"""The React single-page app's shell.

Django serves the same HTML for every client-side route. It reads the SPA's route table from
frontend/src/config/routes.json (the file the React router reads too), so a known route answers
200 and anything else answers 404 with the same shell, which renders the not-found page: crawlers
and monitoring see real 404s while a person sees the French page.
"""

import json
import logging
from functools import cache

from django.conf import settings
from django.shortcuts import render
from django.views.decorators.http import require_safe

logger = logging.getLogger("flux.spa")

ROUTES_FILE = settings.BASE_DIR / "frontend" / "src" / "config" / "routes.json"


@cache
def spa_routes() -> frozenset[str]:
    with open(ROUTES_FILE, encoding="utf-8") as fh:
        return frozenset(json.load(fh)["routes"])


def is_spa_route(path: str) -> bool:
    normalised = path.rstrip("/") or "/"
    return normalised in spa_routes()


def render_shell(request, *, status: int = 200):
    # Public, non-secret values the React app reads from <script id="flux-config">.
    context = {
        "app_config": {
            "facebookAppId": settings.FACEBOOK_APP_ID,
            "facebookConfigId": settings.FACEBOOK_CONFIG_ID,
        }
    }
    return render(request, "spa.html", context, status=status)


@require_safe
def spa_view(request, path: str = ""):
    if is_spa_route(request.path):
        return render_shell(request)
    logger.info("404 not found: %s", request.path)
    return render_shell(request, status=404)
