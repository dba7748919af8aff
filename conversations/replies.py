"""The one seam between the WhatsApp channel and the assistant engine.

``settings.WHATSAPP_RESPONDER`` is the dotted path of a callable
``responder(*, conversation, message) -> list[OutboundReply]`` (default
``assistant.services.assistant_answer``). It is resolved lazily, on the first message to answer, so
that the channel works (stores, shows, lets the owner reply) before the engine exists: when the path
cannot be imported the assistant is silent, and that is logged once per path.
"""

import logging
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.utils.module_loading import import_string

logger = logging.getLogger("flux.conversations")

MAX_BUTTONS = 3


@dataclass(frozen=True)
class OutboundReply:
    """One message of the assistant: a text, and at most 3 reply buttons (WhatsApp's limit). With
    ``photo`` (a catalogue sku) the text is the caption of that product's photo."""

    text: str
    buttons: tuple[str, ...] = ()
    photo: str = ""


Responder = Callable[..., list[OutboundReply]]

_resolved: dict[str, Responder | None] = {}


def responder_get() -> Responder | None:
    """The configured responder, or None (assistant silent) when its path cannot be imported."""
    path = settings.WHATSAPP_RESPONDER
    if path not in _resolved:
        try:
            _resolved[path] = import_string(path) if path else None
        except ImportError as exc:
            logger.warning("WHATSAPP_RESPONDER %r cannot be imported (%s): the assistant stays silent", path, exc)
            _resolved[path] = None
    return _resolved[path]
