"""Phone numbers in one place: every number the product stores is E.164 (``+2250748017823``).

Customers and owners write numbers in many ways (``07 48 01 78 23``, ``+225 07 48 01 78 23``,
``00225…``) and Meta's webhooks send WhatsApp ids without the ``+`` (``2250748017823``). Storing
each in one form is what keeps one customer one contact. Parsing and formatting use the
``phonenumbers`` library (Google's libphonenumber metadata), never hand-written rules.
"""

import phonenumbers

DEFAULT_REGION = "CI"  # Côte d'Ivoire: a national number (``0748017823``) is read as +225.


class InvalidPhoneNumber(ValueError):
    """The text is not a possible phone number."""


def _parse(raw: str, region: str) -> phonenumbers.PhoneNumber:
    text = (raw or "").strip()
    if text.startswith("00"):
        text = "+" + text[2:]
    try:
        return phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException as exc:
        raise InvalidPhoneNumber(str(exc)) from exc


def phone_to_e164(raw: str, *, region: str = DEFAULT_REGION) -> str:
    """``raw`` as E.164, or InvalidPhoneNumber when it is not a possible number.

    A number written without its country code is read in ``region`` (Côte d'Ivoire by default).
    Validity is "possible" (length and country), not "assigned": operators open new ranges faster
    than the metadata follows them.
    """
    number = _parse(raw, region)
    if not phonenumbers.is_possible_number(number):
        raise InvalidPhoneNumber(f"not a possible phone number: {raw!r}")
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def whatsapp_id_to_e164(wa_id: str) -> str:
    """A WhatsApp id as Meta sends it (the international number's digits, no ``+``) as E.164."""
    digits = "".join(ch for ch in (wa_id or "") if ch.isdigit())
    return phone_to_e164("+" + digits)


def e164_to_whatsapp_id(number: str) -> str:
    """The form the Graph API's ``to`` field takes: the digits of the E.164 number."""
    return number.lstrip("+")


def phone_display(number: str) -> str:
    """A stored number the way people read it: ``+225 07 48 01 78 23``. Unparseable text is kept."""
    try:
        parsed = _parse(number, DEFAULT_REGION)
    except InvalidPhoneNumber:
        return number
    return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
