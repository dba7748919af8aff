"""The base of every input serializer: a French 400 for a body that is not an object, strings that
stay strings (a number is not a name), and phone numbers stored as E.164 (core.phone)."""

import re

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail
from rest_framework.settings import api_settings
from rest_framework.utils.serializer_helpers import ReturnDict

from .phone import DEFAULT_REGION, InvalidPhoneNumber, phone_to_e164

MSG_NOT_A_STRING = "Ce champ doit être une chaîne de caractères."
MSG_FIELD_REQUIRED = "Ce champ est requis."
MSG_BODY_NOT_OBJECT = "Le corps de la requête doit être un objet JSON (ou un formulaire)."
MSG_PHONE_INVALID = "Numéro de téléphone invalide."

# What people type around the digits; anything else (letters, which libphonenumber would read as
# a keypad's "vanity" digits) is refused.
PHONE_CHARACTERS = re.compile(r"^\+?[0-9 .()\-]+$")


class InputSerializer(serializers.Serializer):
    """Request bodies that are not an object (a list, a string, null) get a French 400."""

    default_error_messages = {"invalid": MSG_BODY_NOT_OBJECT}

    @property
    def errors(self):
        errors = super().errors
        general = errors.get(api_settings.NON_FIELD_ERRORS_KEY) or []
        if general and getattr(general[0], "code", None) == "null":
            errors = ReturnDict(
                {api_settings.NON_FIELD_ERRORS_KEY: [ErrorDetail(MSG_BODY_NOT_OBJECT, code="null")]}, serializer=self
            )
        return errors


class StrictCharField(serializers.CharField):
    """A CharField that refuses numbers, booleans, lists and objects instead of coercing them."""

    def __init__(self, **kwargs):
        messages = {
            "invalid": MSG_NOT_A_STRING,
            "required": MSG_FIELD_REQUIRED,
            "null": MSG_FIELD_REQUIRED,
            "blank": MSG_FIELD_REQUIRED,
        }
        messages.update(kwargs.pop("error_messages", {}))
        super().__init__(error_messages=messages, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


@extend_schema_field({"type": "string", "maxLength": 32, "example": "+2250748017823"})
class PhoneNumberField(StrictCharField):
    """A phone number in any usual writing (``07 48 01 78 23``, ``+225 07…``, ``00225…``), returned
    as E.164. A number without its country code is read in ``region`` (Côte d'Ivoire)."""

    def __init__(self, *, region: str = DEFAULT_REGION, invalid_message: str = MSG_PHONE_INVALID, **kwargs):
        self.region = region
        self.invalid_message = invalid_message
        kwargs.setdefault("max_length", 32)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if not PHONE_CHARACTERS.match(value):
            raise serializers.ValidationError(self.invalid_message)
        try:
            return phone_to_e164(value, region=self.region)
        except InvalidPhoneNumber:
            raise serializers.ValidationError(self.invalid_message) from None


@extend_schema_field({"type": "string", "pattern": r"^([01]\d|2[0-3]):[0-5]\d$", "example": "08:00"})
class HourMinuteField(serializers.TimeField):
    """A time of day written ``HH:MM`` (opening hours), in and out. The schema says so: OpenAPI's
    ``format: time`` is RFC 3339's ``08:00:00Z``, which the API never writes."""

    def __init__(self, **kwargs):
        kwargs.setdefault("format", "%H:%M")
        super().__init__(**kwargs)
