"""Input and output of the WhatsApp connection API (``/api/v1/integrations/whatsapp/*``).

The credential is write-only: no output serializer has a field for it.
"""

import re

from rest_framework import serializers

from core.serializers import InputSerializer, StrictCharField

from .models import ConnectionStatus

MSG_CREDENTIAL_REQUIRED = "Le jeton d'accès Facebook ou le code d'inscription est requis."
MSG_CREDENTIAL_BOTH = "Envoyez soit le jeton d'accès, soit le code d'inscription, pas les deux."
MSG_TOKEN_TOO_LONG = "Le jeton d'accès est trop long."
MSG_TOKEN_INVALID = "Le jeton d'accès contient des caractères invalides."
MSG_CODE_TOO_LONG = "Le code d'inscription est trop long."
MSG_CODE_INVALID = "Le code d'inscription contient des caractères invalides."
MSG_WABA_ID_INVALID = "L'identifiant du compte WhatsApp Business doit contenir uniquement des chiffres."
MSG_PHONE_NUMBER_ID_INVALID = "L'identifiant du numéro WhatsApp doit contenir uniquement des chiffres."
MSG_ID_TOO_LONG = "L'identifiant ne peut pas dépasser 32 chiffres."
MSG_NOT_AN_OBJECT = "Le corps de la requête doit être un objet JSON."
MSG_NOT_TEXT = "Valeur invalide : une chaîne de caractères est attendue."

MAX_CREDENTIAL_LENGTH = 4096
MAX_ID_LENGTH = 32
# Facebook tokens and codes are printable ASCII without spaces.
CREDENTIAL_PATTERN = re.compile(r"^[\x21-\x7e]+$")
ID_PATTERN = re.compile(r"^[0-9]+$")


def _text(*, too_long: str, max_length: int, help_text: str) -> serializers.CharField:
    return serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=max_length,
        help_text=help_text,
        error_messages={"invalid": MSG_NOT_TEXT, "max_length": too_long},
    )


class WhatsAppConnectInputSerializer(serializers.Serializer):
    default_error_messages = {"invalid": MSG_NOT_AN_OBJECT}

    access_token = _text(
        too_long=MSG_TOKEN_TOO_LONG,
        max_length=MAX_CREDENTIAL_LENGTH,
        help_text="Jeton d'accès renvoyé par FB.login (flux classique). Exclusif avec « code ».",
    )
    code = _text(
        too_long=MSG_CODE_TOO_LONG,
        max_length=MAX_CREDENTIAL_LENGTH,
        help_text="Code renvoyé par FB.login avec l'inscription intégrée (response_type « code »). "
        "Exclusif avec « access_token ».",
    )
    waba_id = _text(
        too_long=MSG_ID_TOO_LONG,
        max_length=MAX_ID_LENGTH,
        help_text="Identifiant du compte WhatsApp Business (événement WA_EMBEDDED_SIGNUP), facultatif.",
    )
    phone_number_id = _text(
        too_long=MSG_ID_TOO_LONG,
        max_length=MAX_ID_LENGTH,
        help_text="Identifiant du numéro de téléphone WhatsApp (événement WA_EMBEDDED_SIGNUP), facultatif.",
    )

    def validate_access_token(self, value: str) -> str:
        if value and not CREDENTIAL_PATTERN.match(value):
            raise serializers.ValidationError(MSG_TOKEN_INVALID)
        return value

    def validate_code(self, value: str) -> str:
        if value and not CREDENTIAL_PATTERN.match(value):
            raise serializers.ValidationError(MSG_CODE_INVALID)
        return value

    def validate_waba_id(self, value: str) -> str:
        if value and not ID_PATTERN.match(value):
            raise serializers.ValidationError(MSG_WABA_ID_INVALID)
        return value

    def validate_phone_number_id(self, value: str) -> str:
        if value and not ID_PATTERN.match(value):
            raise serializers.ValidationError(MSG_PHONE_NUMBER_ID_INVALID)
        return value

    def validate(self, attrs: dict) -> dict:
        access_token, code = attrs.get("access_token", ""), attrs.get("code", "")
        if not access_token and not code:
            raise serializers.ValidationError({"access_token": [MSG_CREDENTIAL_REQUIRED]})
        if access_token and code:
            raise serializers.ValidationError({"code": [MSG_CREDENTIAL_BOTH]})
        return attrs


class WhatsAppStatusOutputSerializer(serializers.Serializer):
    """The account's connection as the dashboard shows it; built from a row or from None."""

    connected = serializers.BooleanField()
    status = serializers.ChoiceField(choices=[*ConnectionStatus.values, "not_connected"])
    connected_at = serializers.DateTimeField(allow_null=True)
    disconnected_at = serializers.DateTimeField(allow_null=True)
    waba_id = serializers.CharField(allow_null=True)
    phone_number_id = serializers.CharField(allow_null=True)
    display_phone_number = serializers.CharField(allow_null=True, help_text="Numéro connecté, tel que Meta l'affiche.")
    verified_name = serializers.CharField(allow_null=True, help_text="Nom vérifié du compte WhatsApp Business.")
    needs_reconnect = serializers.BooleanField(
        help_text="Meta a refusé le jeton (erreur 190) : le tableau de bord affiche « Reconnectez WhatsApp »."
    )

    @staticmethod
    def from_connection(connection) -> "WhatsAppStatusOutputSerializer":
        if connection is None:
            data = {
                "connected": False,
                "status": "not_connected",
                "connected_at": None,
                "disconnected_at": None,
                "waba_id": None,
                "phone_number_id": None,
                "display_phone_number": None,
                "verified_name": None,
                "needs_reconnect": False,
            }
        else:
            data = {
                "connected": connection.is_connected,
                "status": connection.status,
                "connected_at": connection.connected_at,
                "disconnected_at": connection.disconnected_at,
                "waba_id": connection.waba_id or None,
                "phone_number_id": connection.phone_number_id or None,
                "display_phone_number": connection.display_phone_number or None,
                "verified_name": connection.verified_name or None,
                "needs_reconnect": connection.is_connected and connection.token_invalid_at is not None,
            }
        return WhatsAppStatusOutputSerializer(data)


class WhatsAppConnectOutputSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["success"], help_text="Toujours « success » (SPEC.md section 7).")
    connection = WhatsAppStatusOutputSerializer()


class WhatsAppTemplateOutputSerializer(serializers.Serializer):
    name = serializers.CharField()
    language = serializers.CharField()
    category = serializers.CharField()
    body = serializers.CharField(help_text="Texte du modèle (avec ses variables {{1}}…).")


class WhatsAppTemplateListOutputSerializer(serializers.Serializer):
    results = WhatsAppTemplateOutputSerializer(many=True)


MSG_MANUAL_PHONE_NUMBER_ID_REQUIRED = "L'identifiant du numéro de téléphone est requis."
MSG_MANUAL_WABA_ID_REQUIRED = "L'identifiant du compte WhatsApp Business est requis."
MSG_MANUAL_TOKEN_REQUIRED = "Le jeton d'accès permanent est requis."
MSG_MANUAL_APP_SECRET_FORMAT = (
    "La clé secrète de l'application compte 32 caractères (chiffres et lettres de a à f), telle que Meta l'affiche."
)
# Meta app secrets are 32 hexadecimal characters.
APP_SECRET_PATTERN = re.compile(r"^[0-9a-fA-F]{32}$")


def _required_text(*, required: str, too_long: str, max_length: int, help_text: str) -> StrictCharField:
    return StrictCharField(
        max_length=max_length,
        help_text=help_text,
        error_messages={"required": required, "null": required, "blank": required, "max_length": too_long},
    )


class WhatsAppManualConnectInputSerializer(InputSerializer):
    """The three values an owner copies from their Meta console (WhatsApp → API set-up)."""

    phone_number_id = _required_text(
        required=MSG_MANUAL_PHONE_NUMBER_ID_REQUIRED,
        too_long=MSG_ID_TOO_LONG,
        max_length=MAX_ID_LENGTH,
        help_text="« Identifiant du numéro de téléphone » (Phone number ID) affiché par Meta.",
    )
    waba_id = _required_text(
        required=MSG_MANUAL_WABA_ID_REQUIRED,
        too_long=MSG_ID_TOO_LONG,
        max_length=MAX_ID_LENGTH,
        help_text="« Identifiant du compte WhatsApp Business » (WhatsApp Business Account ID).",
    )
    access_token = _required_text(
        required=MSG_MANUAL_TOKEN_REQUIRED,
        too_long=MSG_TOKEN_TOO_LONG,
        max_length=MAX_CREDENTIAL_LENGTH,
        help_text="Jeton d'accès permanent d'un utilisateur système Meta. Stocké chiffré, jamais renvoyé.",
    )
    app_secret = StrictCharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=64,
        help_text="Clé secrète de l'application Meta de l'entreprise, qui signe les webhooks de ce numéro "
        "(facultative : sans elle, ils doivent être signés avec FACEBOOK_APP_SECRET). Stockée chiffrée, "
        "jamais renvoyée.",
        error_messages={"max_length": MSG_MANUAL_APP_SECRET_FORMAT},
    )

    def validate_phone_number_id(self, value: str) -> str:
        if not ID_PATTERN.match(value):
            raise serializers.ValidationError(MSG_PHONE_NUMBER_ID_INVALID)
        return value

    def validate_waba_id(self, value: str) -> str:
        if not ID_PATTERN.match(value):
            raise serializers.ValidationError(MSG_WABA_ID_INVALID)
        return value

    def validate_access_token(self, value: str) -> str:
        if not CREDENTIAL_PATTERN.match(value):
            raise serializers.ValidationError(MSG_TOKEN_INVALID)
        return value

    def validate_app_secret(self, value: str) -> str:
        if value and not APP_SECRET_PATTERN.match(value):
            raise serializers.ValidationError(MSG_MANUAL_APP_SECRET_FORMAT)
        return value.lower()


class WhatsAppWebhookSettingsOutputSerializer(serializers.Serializer):
    """What an owner copies into their Meta app's webhook settings for the manual set-up."""

    webhook_url = serializers.CharField(help_text="URL de rappel à coller dans Meta (WhatsApp → Configuration).")
    verify_token = serializers.CharField(
        allow_blank=True, help_text="Jeton de vérification à coller dans Meta (vide : non configuré sur ce serveur)."
    )
    receiving = serializers.BooleanField(
        help_text="Meta peut enregistrer le webhook de ce serveur (WHATSAPP_VERIFY_TOKEN défini)."
    )
    app_secret_required = serializers.BooleanField(
        help_text="La configuration manuelle exige la clé secrète de l'application (FACEBOOK_APP_SECRET non défini)."
    )
