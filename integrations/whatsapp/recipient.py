"""Whom a message to a customer goes to, as the Graph API wants it (docs/whatsapp-user-ids.md).

Since 2026 a customer is known by their number, by their business-scoped user id (BSUID, e.g.
``CI.13491208655302741918``), or both. Meta's Messages API takes the number in ``to`` and the BSUID in
``recipient``; with both, ``to`` wins, and Meta advises sending to the number while it is known (the
number then keeps appearing in the webhooks). So one string names the recipient: the number's
WhatsApp id (digits only) when the contact has a number, else the BSUID (never only digits: it
starts with a country code and a dot), and ``recipient_field`` tells the client which field carries it.
"""

from core.phone import e164_to_whatsapp_id


class NoRecipient(ValueError):
    """The contact has neither a number nor a user id (cannot happen for a contact WhatsApp made)."""


def recipient_of(contact) -> str:
    """The Graph API recipient of ``contact``: its number's WhatsApp id, else its business-scoped user id."""
    if contact.whatsapp_number:
        return e164_to_whatsapp_id(contact.whatsapp_number)
    if contact.whatsapp_user_id:
        return contact.whatsapp_user_id
    raise NoRecipient(f"contact {contact.pk} has neither a WhatsApp number nor a user id")


def recipient_field(recipient: str) -> str:
    """The Messages API field that carries ``recipient``: ``to`` for a number, ``recipient`` for a BSUID."""
    return "to" if recipient.isdigit() else "recipient"
