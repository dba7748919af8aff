"""The one seam between the conversation core and a channel (WhatsApp today; e-mail next).

A channel is a ``Transport`` bound to one account: it says whether it can speak (``usable``), puts one
``Outgoing`` message on the wire to a contact and returns the channel's id for it (``send``: WhatsApp's
wamid), marks a customer's message read, and prepares a customer's media before the assistant reads
it (a voice note heard); ``unusable_reason`` is the English title stored on an owner's message that
could not leave; ``error_explanation`` the French reason a failed message shows for the channel's
code. ``settings.CONVERSATION_TRANSPORT`` is the dotted path of a callable
``factory(*, owner_id) -> Transport`` (default ``integrations.whatsapp.transport.WhatsAppTransport``),
resolved lazily like ``WHATSAPP_RESPONDER``: this app never imports a channel, so the channel depends
on conversations and not the other way round.

Errors. A transport raises ``TransportError`` (or a subclass: the Graph API client's ``GraphError``
is one); ``permanent`` says the channel refused the message for good (stored as failed, never retried),
otherwise it is temporary and the caller's task retries.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from django.conf import settings
from django.utils.module_loading import import_string

if TYPE_CHECKING:
    from .models import Contact, Message

logger = logging.getLogger("flux.conversations")


class TransportError(Exception):
    """The channel refused a message (``permanent``) or could not be reached (temporary).
    ``code`` and ``title`` are the channel's, stored on a failed message."""

    def __init__(self, message: str, *, code: int | None = None, permanent: bool = False):
        super().__init__(message)
        self.code = code
        self.title = message
        self.permanent = permanent


class OutgoingKind:
    TEXT = "text"
    BUTTONS = "buttons"  # the text and at most 3 reply buttons
    LINK = "link"  # the text and one URL button
    TEMPLATE = "template"  # an approved template, its body's {{1}}… filled with ``parameters``
    IMAGE = "image"  # the recorded ``message``'s product photo with ``text`` as caption


@dataclass(frozen=True)
class Outgoing:
    """What one message is, whatever carries it. ``message`` is the recorded message (an image's product:
    the core sets it once the message is recorded)."""

    kind: str
    text: str = ""
    buttons: tuple[str, ...] = ()
    url: str = ""
    button: str = ""
    template: str = ""
    language: str = ""
    parameters: tuple[str, ...] = ()
    product: Any = None  # an image's catalogue product
    message: Any = None


class Transport(Protocol):
    """One account's channel (see the module's doc)."""

    owner_id: int

    def usable(self) -> bool: ...

    def unusable_reason(self) -> str: ...

    def send(self, outgoing: Outgoing, *, contact: Contact) -> str: ...

    def mark_read(self, message: Message) -> None: ...

    def prepare_media(self, message: Message) -> None: ...

    @staticmethod
    def error_explanation(code: int) -> str: ...


ERROR_NOT_CONNECTED = -1  # our own code: no usable channel when the message had to leave
ERROR_DEFAULT = "Le message n'a pas pu partir."

_resolved: dict[str, Any] = {}


def _factory():
    path = getattr(settings, "CONVERSATION_TRANSPORT", "integrations.whatsapp.transport.WhatsAppTransport")
    if path not in _resolved:
        try:
            _resolved[path] = import_string(path) if path else None
        except ImportError as exc:
            logger.warning("CONVERSATION_TRANSPORT %r cannot be imported (%s): nothing is sent", path, exc)
            _resolved[path] = None
    return _resolved[path]


def transport_installed() -> bool:
    """Whether a channel is installed at all (whatever the accounts' connections)."""
    return _factory() is not None


def transport_for(*, owner_id: int) -> Transport | None:
    """The account's transport, or None when no channel is installed (``CONVERSATION_TRANSPORT`` empty
    or not importable: messages are still stored and shown, nothing leaves)."""
    factory = _factory()
    return None if factory is None else factory(owner_id=owner_id)


def error_explanation(code: int | None) -> str:
    """The French reason shown on a failed message, in the channel's words (its ``error_explanation``)."""
    if code is None:
        return ""
    explain = getattr(_factory(), "error_explanation", None)
    return explain(code) if explain is not None else ERROR_DEFAULT
