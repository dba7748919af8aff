"""The one way the API reads a JSON request body.

Python's ``json`` module recurses once per nested array or object, so a body of a few thousand
``[`` raises ``RecursionError`` (a 500 in every view that parses JSON). Numbers have their own
traps: ``1e999999`` becomes ``inf``, ``NaN`` is accepted, and an integer of 5 000 digits raises
``ValueError`` from the int-to-string limit. Every JSON body the API reads goes through
``json_body_load``: DRF views through ``JsonParser`` (``DEFAULT_PARSER_CLASSES``), and the views that
must read the raw bytes first (signed webhooks) by calling the function themselves.

A body that is not UTF-8, not JSON, nested more than ``MAX_JSON_DEPTH`` levels, or carrying a
number out of range raises ``JsonBodyError``: a French 400 in the DESIGN.md error shape, code
``parse_error``. The depth is counted before parsing by a linear scan (regular expressions, no
recursion), so the parser never meets a body deeper than the limit.
"""

import json
import math
import re
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework.parsers import BaseParser
from rest_framework.renderers import JSONRenderer

from .exceptions import ApplicationError

# Deep enough for every document the API takes (the shop document nests 4 levels, Meta's webhook
# payload 7), far below Python's recursion limit.
MAX_JSON_DEPTH = 64
# Beyond any 64-bit (or 128-bit) value: no field of the API needs more, and long digit strings cost
# quadratic time to convert.
MAX_JSON_INT_DIGITS = 40

MSG_JSON_MALFORMED = "Le corps de la requête est invalide (JSON mal formé)."
MSG_JSON_TOO_DEEP = f"Le corps de la requête est trop imbriqué ({MAX_JSON_DEPTH} niveaux au plus)."
MSG_JSON_NUMBER = "Le corps de la requête contient un nombre hors des limites acceptées."
MSG_JSON_ENCODING = "Le corps de la requête doit être du texte encodé en UTF-8."

# A JSON string, escapes included; possessive quantifiers keep an unterminated string linear.
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class JsonBodyError(ApplicationError):
    """A request body the API cannot read as JSON (400, ``parse_error``)."""

    def __init__(self, message: str = MSG_JSON_MALFORMED):
        super().__init__(message, code="parse_error", status_code=400)


class _NumberOutOfRange(ValueError):
    pass


def json_depth_exceeds(text: str, limit: int = MAX_JSON_DEPTH) -> bool:
    """True when arrays and objects nest deeper than ``limit`` in ``text``.

    Brackets inside strings do not count. On malformed text the count may be too high, never too
    low, so a text this passes cannot nest deeper than ``limit`` in the parser."""
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        if match.group() in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def _parse_int(digits: str) -> int:
    if len(digits) - digits.startswith("-") > MAX_JSON_INT_DIGITS:
        raise _NumberOutOfRange(digits[:20])
    return int(digits)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NumberOutOfRange(text[:20])
    return value


def _parse_constant(name: str):
    # NaN, Infinity and -Infinity are Python extensions, not JSON.
    raise _NumberOutOfRange(name)


_decoder = json.JSONDecoder(parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)


def json_body_load(raw: bytes | str, *, encoding: str = "utf-8") -> Any:
    """Parse a request body as strict JSON, or raise ``JsonBodyError`` (a French 400)."""
    if isinstance(raw, (bytes, bytearray, memoryview)):
        try:
            text = bytes(raw).decode(encoding)
        except (UnicodeDecodeError, LookupError):
            raise JsonBodyError(MSG_JSON_ENCODING) from None
    else:
        text = raw
    if json_depth_exceeds(text):
        raise JsonBodyError(MSG_JSON_TOO_DEEP)
    try:
        return _decoder.decode(text)
    except _NumberOutOfRange:
        raise JsonBodyError(MSG_JSON_NUMBER) from None
    except RecursionError:  # not reachable after the scan; kept so no body can ever be a 500
        raise JsonBodyError(MSG_JSON_TOO_DEEP) from None
    except ValueError:
        raise JsonBodyError(MSG_JSON_MALFORMED) from None


class JsonParser(BaseParser):
    """DRF's JSON parser, reading through ``json_body_load``: bounded size, depth and numbers."""

    media_type = "application/json"
    renderer_class = JSONRenderer

    def parse(self, stream, media_type=None, parser_context=None):
        parser_context = parser_context or {}
        encoding = parser_context.get("encoding") or settings.DEFAULT_CHARSET
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        # DRF hands the request itself as the stream, which skips Django's body size check: keep it.
        raw = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(raw) > limit:
            raise RequestDataTooBig("Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.")
        return json_body_load(raw, encoding=encoding)
