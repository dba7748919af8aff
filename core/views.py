"""URL-level error handlers: JSON in the API's error shape under /api/, the SPA shell elsewhere."""

import logging

from django.conf import settings
from django.http import HttpResponse
from django.utils.csp import CSP
from django.views.decorators.csrf import csrf_exempt

from config.exceptions import (
    MSG_BAD_REQUEST,
    MSG_NOT_FOUND,
    MSG_PERMISSION_DENIED,
    MSG_SERVER_ERROR,
    json_error_response,
)
from core.spa import render_shell

logger = logging.getLogger("flux.spa")


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


@csrf_exempt
def api_not_found(request, *args, **kwargs):
    return json_error_response(MSG_NOT_FOUND, "not_found", 404)


def handler400(request, exception=None):
    if _is_api(request):
        return json_error_response(MSG_BAD_REQUEST, "bad_request", 400)
    return HttpResponse(MSG_BAD_REQUEST, status=400, content_type="text/plain; charset=utf-8")


def handler403(request, exception=None):
    if _is_api(request):
        return json_error_response(MSG_PERMISSION_DENIED, "permission_denied", 403)
    return HttpResponse("Accès refusé.", status=403, content_type="text/plain; charset=utf-8")


def handler404(request, exception=None):
    if _is_api(request):
        return json_error_response(MSG_NOT_FOUND, "not_found", 404)
    logger.info("404 not found: %s", request.path)
    if request.path.startswith((settings.STATIC_URL, settings.MEDIA_URL)):
        return HttpResponse("Fichier introuvable.", status=404, content_type="text/plain; charset=utf-8")
    return render_shell(request, status=404)


def handler500(request):
    if _is_api(request):
        return json_error_response(MSG_SERVER_ERROR, "server_error", 500)
    return HttpResponse(MSG_SERVER_ERROR, status=500, content_type="text/plain; charset=utf-8")


def robots_txt(request):
    lines = ["User-agent: *", "Disallow: /api/", "Disallow: /admin/", "Disallow: /dashboard", ""]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")


def swagger_csp() -> dict:
    """The Swagger page's policy: the site's, plus the inline <style> block of its template."""
    policy = dict(settings.SECURE_CSP)
    policy["style-src"] = [CSP.SELF, CSP.UNSAFE_INLINE]
    return policy
