"""One error shape for the whole API (DESIGN.md):

    {"message": "...", "error": "validation_error", "statusCode": 400, "errors": {...}}

``message`` is a French sentence for a person, ``error`` a stable machine code, ``errors`` only
for validation failures. Unexpected exceptions become a generic 500; the traceback goes to the
log, never to the client.
"""

import logging
import math

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import Http404, JsonResponse
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback
from rest_framework_simplejwt.exceptions import InvalidToken, TokenError

from core.exceptions import ApplicationError

logger = logging.getLogger("flux.api")

MSG_VALIDATION = "Les données envoyées sont invalides."
MSG_PARSE = "Le corps de la requête est invalide (JSON mal formé)."
MSG_NOT_AUTHENTICATED = "Authentification requise. Veuillez vous connecter."
MSG_INVALID_TOKEN = "Votre session a expiré ou est invalide. Veuillez vous reconnecter."
MSG_PERMISSION_DENIED = "Vous n'avez pas les permissions nécessaires pour effectuer cette action."
MSG_NOT_FOUND = "Ressource introuvable."
MSG_METHOD_NOT_ALLOWED = "Méthode « {method} » non autorisée."
MSG_UNSUPPORTED_MEDIA = "Type de contenu « {media_type} » non pris en charge."
MSG_NOT_ACCEPTABLE = "Format de réponse demandé non disponible."
MSG_TOO_LARGE = "La requête est trop volumineuse."
MSG_BAD_REQUEST = "Requête invalide."
MSG_SERVER_ERROR = "Une erreur interne est survenue. Veuillez réessayer plus tard."


def throttled_message(wait: float | None) -> str:
    if wait is None:
        return "Trop de tentatives. Veuillez réessayer plus tard."
    seconds = max(1, math.ceil(wait))
    if seconds < 60:
        unit = "seconde" if seconds == 1 else "secondes"
        return f"Trop de tentatives. Veuillez réessayer dans {seconds} {unit}."
    minutes = math.ceil(seconds / 60)
    unit = "minute" if minutes == 1 else "minutes"
    return f"Trop de tentatives. Veuillez réessayer dans {minutes} {unit}."


def error_body(message: str, code: str, status_code: int, errors: dict | None = None) -> dict:
    body = {"message": message, "error": code, "statusCode": status_code}
    if errors is not None:
        body["errors"] = errors
    return body


def _flatten(detail, prefix: str = "") -> dict[str, list[str]]:
    """Turn DRF's nested error detail into {"field": ["message", ...]} (dotted paths for nesting)."""
    out: dict[str, list[str]] = {}
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            for field, messages in _flatten(value, name).items():
                out.setdefault(field, []).extend(messages)
    elif isinstance(detail, list):
        if all(not isinstance(item, (dict, list)) for item in detail):
            out[prefix or "non_field_errors"] = [str(item) for item in detail]
        else:
            for index, item in enumerate(detail):
                name = f"{prefix}.{index}" if prefix else str(index)
                for field, messages in _flatten(item, name).items():
                    out.setdefault(field, []).extend(messages)
    else:
        out[prefix or "non_field_errors"] = [str(detail)]
    return out


def _from_exception(exc, context) -> tuple[dict, int, dict]:
    """Map an exception to (body, status, headers)."""
    headers: dict[str, str] = {}
    if isinstance(exc, ApplicationError):
        return error_body(exc.message, exc.code, exc.status_code, exc.errors), exc.status_code, exc.headers
    if isinstance(exc, (InvalidToken, TokenError)):
        code = status.HTTP_401_UNAUTHORIZED
        return error_body(MSG_INVALID_TOKEN, "token_not_valid", code), code, {"WWW-Authenticate": 'Bearer realm="api"'}
    if isinstance(exc, exceptions.ValidationError):
        errors = _flatten(exc.detail)
        first = next(iter(errors.values()), [MSG_VALIDATION])
        message = first[0] if first else MSG_VALIDATION
        return error_body(message, "validation_error", 400, errors), 400, headers
    if isinstance(exc, exceptions.ParseError):
        return error_body(MSG_PARSE, "parse_error", 400), 400, headers
    if isinstance(exc, exceptions.NotAuthenticated):
        return (
            error_body(MSG_NOT_AUTHENTICATED, "not_authenticated", 401),
            401,
            {"WWW-Authenticate": 'Bearer realm="api"'},
        )
    if isinstance(exc, exceptions.AuthenticationFailed):
        message = _french_or(exc, MSG_INVALID_TOKEN)
        return error_body(message, "authentication_failed", 401), 401, {"WWW-Authenticate": 'Bearer realm="api"'}
    if isinstance(exc, (exceptions.PermissionDenied, DjangoPermissionDenied)):
        message = _french_or(exc, MSG_PERMISSION_DENIED)
        return error_body(message, "permission_denied", 403), 403, headers
    if isinstance(exc, (exceptions.NotFound, Http404)):
        return error_body(MSG_NOT_FOUND, "not_found", 404), 404, headers
    if isinstance(exc, exceptions.MethodNotAllowed):
        request = context.get("request") if context else None
        method = getattr(request, "method", "")
        return error_body(MSG_METHOD_NOT_ALLOWED.format(method=method), "method_not_allowed", 405), 405, headers
    if isinstance(exc, exceptions.UnsupportedMediaType):
        media_type = getattr(exc, "args", [""])[0] if exc.args else ""
        return (
            error_body(MSG_UNSUPPORTED_MEDIA.format(media_type=media_type), "unsupported_media_type", 415),
            415,
            headers,
        )
    if isinstance(exc, exceptions.NotAcceptable):
        return error_body(MSG_NOT_ACCEPTABLE, "not_acceptable", 406), 406, headers
    if isinstance(exc, exceptions.Throttled):
        if exc.wait is not None:
            headers["Retry-After"] = str(max(1, math.ceil(exc.wait)))
        return error_body(throttled_message(exc.wait), "throttled", 429), 429, headers
    if isinstance(exc, RequestDataTooBig):
        return error_body(MSG_TOO_LARGE, "payload_too_large", 413), 413, headers
    if isinstance(exc, SuspiciousOperation):
        return error_body(MSG_BAD_REQUEST, "bad_request", 400), 400, headers
    if isinstance(exc, exceptions.APIException):
        code = exc.status_code
        return error_body(_french_or(exc, MSG_BAD_REQUEST), exc.default_code, code), code, headers
    logger.exception("Unhandled API exception", exc_info=exc)
    return error_body(MSG_SERVER_ERROR, "server_error", 500), 500, headers


def _french_or(exc, fallback: str) -> str:
    """Keep a message a view wrote on purpose; replace DRF's English defaults with ours."""
    detail = getattr(exc, "detail", None)
    if isinstance(detail, str) and detail and detail != str(getattr(exc, "default_detail", "")):
        return str(detail)
    return fallback


def api_exception_handler(exc, context):
    body, code, headers = _from_exception(exc, context)
    set_rollback()
    response = Response(body, status=code)
    for key, value in headers.items():
        response[key] = value
    return response


def json_error_response(message: str, code: str, status_code: int) -> JsonResponse:
    """The error shape for responses made outside DRF (URL-level 404/500 under /api/)."""
    return JsonResponse(error_body(message, code, status_code), status=status_code)
