"""Input and output serializers of the auth API, with SPEC.md section 5's French messages."""

import re

from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import EmailValidator
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.serializers import InputSerializer, PhoneNumberField, StrictCharField

from .models import User
from .photos import MSG_PHOTO_NOT_IMAGE as MSG_PHOTO_INVALID

MSG_NOM_MIN = "Le nom doit contenir au moins 2 caractères"
MSG_NOM_MAX = "Le nom ne peut pas dépasser 50 caractères"
MSG_PRENOM_MIN = "Le prénom doit contenir au moins 2 caractères"
MSG_PRENOM_MAX = "Le prénom ne peut pas dépasser 50 caractères"
MSG_EMAIL_INVALID = "Adresse email invalide"
MSG_EMAIL_SHORT = "L'email doit contenir au moins 5 caractères"
MSG_PHONE_SHORT = "Numéro de téléphone trop court"
MSG_PHONE_LONG = "Numéro de téléphone trop long"
MSG_PHONE_FORMAT = "Le numéro doit commencer par +225 et contenir entre 8 à 10 chiffres"
MSG_PHONE_INTERNATIONAL = "Numéro de téléphone invalide : indiquez l'indicatif du pays (+225...) suivi du numéro."
MSG_WHATSAPP_INVALID = "Numéro WhatsApp invalide : indiquez l'indicatif du pays (+225...) suivi du numéro."
MSG_PAYS = "Veuillez sélectionner un pays"
MSG_PASSWORD_REQUIRED = "Le mot de passe est requis"
MSG_PASSWORD_SHORT = "Le mot de passe doit contenir au moins 8 caractères"
MSG_PASSWORD_WEAK = "Le mot de passe doit contenir au moins une majuscule, une minuscule et un chiffre"
MSG_PASSWORD_LONG = "Le mot de passe ne peut pas dépasser 128 caractères"
MSG_OTP_FORMAT = "Le code OTP doit contenir 6 chiffres."
MSG_IDENTIFIER_REQUIRED = "Indiquez votre adresse email ou votre numéro de téléphone."
MSG_IDENTIFIER_PHONE_INVALID = "Numéro de téléphone invalide : par exemple 07 07 12 34 56 ou +225 07 07 12 34 56."
MSG_REFRESH_REQUIRED = "Le jeton de rafraîchissement est requis."
LABEL_SECTEUR = "Le secteur d'activité"
LABEL_ENTREPRISE = "Le nom de l'entreprise"
MSG_TYPE = "Le type doit être « email » ou « phone »."


def _too_long(label: str, limit: int) -> str:
    return f"{label} ne peut pas dépasser {limit} caractères"


def name_field(*, min_message: str, max_message: str, **kwargs) -> StrictCharField:
    return StrictCharField(
        min_length=2,
        max_length=50,
        error_messages={
            "required": min_message,
            "null": min_message,
            "blank": min_message,
            "min_length": min_message,
            "max_length": max_message,
        },
        **kwargs,
    )


class EmailField(StrictCharField):
    """SPEC: a valid address ('Adresse email invalide') of at least 5 characters."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 254)
        kwargs.setdefault(
            "error_messages",
            {
                "required": MSG_EMAIL_INVALID,
                "null": MSG_EMAIL_INVALID,
                "blank": MSG_EMAIL_INVALID,
                "max_length": "L'adresse email ne peut pas dépasser 254 caractères",
            },
        )
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        errors = []
        try:
            EmailValidator()(value)
        except DjangoValidationError:
            errors.append(MSG_EMAIL_INVALID)
        if len(value) < 5:
            errors.append(MSG_EMAIL_SHORT)
        if errors:
            raise serializers.ValidationError(errors)
        return value.lower()


@extend_schema_field({"type": "string", "minLength": 13, "maxLength": 20, "example": "+2250701020304"})
class IvorianPhoneField(PhoneNumberField):
    """SPEC: 13 to 20 characters starting with +225; stored as E.164 (core.phone)."""

    def __init__(self, **kwargs):
        kwargs.setdefault(
            "error_messages",
            {"required": MSG_PHONE_SHORT, "null": MSG_PHONE_SHORT, "blank": MSG_PHONE_SHORT},
        )
        kwargs.setdefault("invalid_message", MSG_PHONE_FORMAT)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        raw = StrictCharField.to_internal_value(self, data)
        if len(raw) < 13:
            raise serializers.ValidationError(MSG_PHONE_SHORT)
        if len(raw) > 20:
            raise serializers.ValidationError(MSG_PHONE_LONG)
        if not raw.startswith("+225"):
            raise serializers.ValidationError(MSG_PHONE_FORMAT)
        return super().to_internal_value(raw)


@extend_schema_field({"type": "string", "maxLength": 20, "example": "+2250707070707"})
class InternationalPhoneField(PhoneNumberField):
    """Quick register's country picker: a leading plus, the country code and the number (E.164 out)."""

    def __init__(self, **kwargs):
        kwargs.setdefault(
            "error_messages",
            {"required": MSG_PHONE_INTERNATIONAL, "null": MSG_PHONE_INTERNATIONAL, "blank": MSG_PHONE_INTERNATIONAL},
        )
        kwargs.setdefault("invalid_message", MSG_PHONE_INTERNATIONAL)
        kwargs.setdefault("max_length", 20)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        raw = StrictCharField.to_internal_value(self, data)
        if not raw.startswith("+"):
            raise serializers.ValidationError(MSG_PHONE_INTERNATIONAL)
        return super().to_internal_value(raw)


class NewPasswordField(StrictCharField):
    """SPEC: at least 8 characters with an uppercase letter, a lowercase letter and a digit."""

    def __init__(self, **kwargs):
        kwargs.setdefault("trim_whitespace", False)
        kwargs.setdefault(
            "error_messages",
            {"required": MSG_PASSWORD_REQUIRED, "null": MSG_PASSWORD_REQUIRED, "blank": MSG_PASSWORD_REQUIRED},
        )
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if len(value) < 8:
            raise serializers.ValidationError(MSG_PASSWORD_SHORT)
        if len(value) > 128:
            raise serializers.ValidationError(MSG_PASSWORD_LONG)
        if not (re.search(r"[a-z]", value) and re.search(r"[A-Z]", value) and re.search(r"[0-9]", value)):
            raise serializers.ValidationError(MSG_PASSWORD_WEAK)
        return value


def login_password_field() -> StrictCharField:
    return StrictCharField(
        trim_whitespace=False,
        max_length=4096,
        error_messages={
            "required": MSG_PASSWORD_REQUIRED,
            "null": MSG_PASSWORD_REQUIRED,
            "blank": MSG_PASSWORD_REQUIRED,
            "max_length": MSG_PASSWORD_LONG,
        },
    )


@extend_schema_field({"type": "string", "pattern": "^[0-9]{6}$", "minLength": 6, "maxLength": 6})
class OtpCodeField(StrictCharField):
    def __init__(self, **kwargs):
        kwargs.setdefault(
            "error_messages", {"required": MSG_OTP_FORMAT, "null": MSG_OTP_FORMAT, "blank": MSG_OTP_FORMAT}
        )
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if not re.fullmatch(r"[0-9]{6}", value):
            raise serializers.ValidationError(MSG_OTP_FORMAT)
        return value


class _RemovePhoto:
    """Marker: an empty value for the photo (remove it on PATCH, nothing on registration)."""


REMOVE_PHOTO = _RemovePhoto()


@extend_schema_field({"type": "string", "format": "binary", "nullable": True})
class PhotoField(serializers.Field):
    """An uploaded file, or an empty string / null meaning "no photo" (SPEC: empty values sent as "")."""

    default_error_messages = {"invalid": MSG_PHOTO_INVALID}

    def get_value(self, dictionary):
        # DRF skips an empty multipart value of an optional field; here "" means "no photo".
        if self.field_name in dictionary and dictionary.get(self.field_name) in ("", None):
            return ""
        return super().get_value(dictionary)

    def validate_empty_values(self, data):
        if data is None or data == "":
            return (True, REMOVE_PHOTO)
        return super().validate_empty_values(data)

    def to_internal_value(self, data):
        if not hasattr(data, "read") or not hasattr(data, "size"):
            self.fail("invalid")
        return data

    def to_representation(self, value):
        return None


def optional_text(limit: int, label: str) -> StrictCharField:
    return StrictCharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        max_length=limit,
        error_messages={"max_length": _too_long(label, limit)},
    )


def _django_password_errors(password: str, user: User) -> list[str]:
    """Django's validators (common passwords, similarity with the account's fields), in French."""
    try:
        password_validation.validate_password(password, user)
    except DjangoValidationError as error:
        return list(error.messages)
    return []


# --- Inputs ------------------------------------------------------------------------------------


class RegisterInputSerializer(InputSerializer):
    nom = name_field(min_message=MSG_NOM_MIN, max_message=MSG_NOM_MAX)
    prenom = name_field(min_message=MSG_PRENOM_MIN, max_message=MSG_PRENOM_MAX)
    adresse_email = EmailField()
    numero_telephone = IvorianPhoneField()
    pays = StrictCharField(
        min_length=2,
        max_length=100,
        error_messages={
            "required": MSG_PAYS,
            "null": MSG_PAYS,
            "blank": MSG_PAYS,
            "min_length": MSG_PAYS,
            "max_length": _too_long("Le pays", 100),
        },
    )
    secteur_activite = optional_text(100, LABEL_SECTEUR)
    nom_entreprise = optional_text(150, LABEL_ENTREPRISE)
    mot_de_passe = NewPasswordField()
    photo_profil = PhotoField(required=False)

    def validate(self, attrs):
        for name in ("secteur_activite", "nom_entreprise"):
            attrs[name] = attrs.get(name) or ""
        if attrs.get("photo_profil") is REMOVE_PHOTO:
            attrs["photo_profil"] = None
        probe = User(
            adresse_email=attrs["adresse_email"],
            prenom=attrs["prenom"],
            nom=attrs["nom"],
            nom_entreprise=attrs["nom_entreprise"],
        )
        errors = _django_password_errors(attrs["mot_de_passe"], probe)
        if errors:
            raise serializers.ValidationError({"mot_de_passe": errors})
        return attrs


class QuickRegisterInputSerializer(InputSerializer):
    type = serializers.ChoiceField(
        choices=["email", "phone"],
        error_messages={"invalid_choice": MSG_TYPE, "required": MSG_TYPE, "null": MSG_TYPE},
    )
    adresse_email = EmailField(required=False)
    numero_telephone = InternationalPhoneField(required=False)
    mot_de_passe = NewPasswordField()

    def validate(self, attrs):
        if attrs["type"] == "email" and not attrs.get("adresse_email"):
            raise serializers.ValidationError({"adresse_email": [MSG_EMAIL_INVALID]})
        if attrs["type"] == "phone" and not attrs.get("numero_telephone"):
            raise serializers.ValidationError({"numero_telephone": [MSG_PHONE_INTERNATIONAL]})
        if attrs["type"] == "email":
            attrs.pop("numero_telephone", None)
        else:
            attrs.pop("adresse_email", None)
        probe = User(adresse_email=attrs.get("adresse_email"))
        errors = _django_password_errors(attrs["mot_de_passe"], probe)
        if errors:
            raise serializers.ValidationError({"mot_de_passe": errors})
        return attrs


class IdentifierInputSerializer(InputSerializer):
    """An account named by its e-mail or, for phone-only accounts, its number (written as people
    write it: a national number is read as Ivorian, core.phone)."""

    adresse_email = EmailField(required=False)
    numero_telephone = PhoneNumberField(
        required=False,
        max_length=32,
        invalid_message=MSG_IDENTIFIER_PHONE_INVALID,
        error_messages={"blank": MSG_IDENTIFIER_REQUIRED, "null": MSG_IDENTIFIER_REQUIRED},
    )

    def validate(self, attrs):
        if not attrs.get("adresse_email") and not attrs.get("numero_telephone"):
            raise serializers.ValidationError({"adresse_email": [MSG_IDENTIFIER_REQUIRED]})
        if attrs.get("adresse_email"):
            attrs.pop("numero_telephone", None)
        return attrs


class VerifyOtpInputSerializer(IdentifierInputSerializer):
    otp_code = OtpCodeField()


class ResendOtpInputSerializer(IdentifierInputSerializer):
    pass


class LoginInputSerializer(IdentifierInputSerializer):
    mot_de_passe = login_password_field()


class RefreshInputSerializer(InputSerializer):
    refresh_token = StrictCharField(
        max_length=4096,
        error_messages={
            "required": MSG_REFRESH_REQUIRED,
            "blank": MSG_REFRESH_REQUIRED,
        },
    )


class LogoutInputSerializer(InputSerializer):
    refresh_token = StrictCharField(required=False, allow_blank=True, allow_null=True, max_length=4096)


class ForgotPasswordInputSerializer(IdentifierInputSerializer):
    """The account's e-mail or, for an account created by phone, its number."""


class ResetPasswordInputSerializer(IdentifierInputSerializer):
    otp_code = OtpCodeField()
    mot_de_passe = NewPasswordField()

    def validate(self, attrs):
        attrs = super().validate(attrs)
        errors = _django_password_errors(attrs["mot_de_passe"], User(adresse_email=attrs.get("adresse_email")))
        if errors:
            raise serializers.ValidationError({"mot_de_passe": errors})
        return attrs


KEEP_PHONE = object()


class ProfileUpdateInputSerializer(InputSerializer):
    """PATCH /auth/me: only the profile fields; the e-mail may be sent back unchanged, never changed."""

    prenom = name_field(min_message=MSG_PRENOM_MIN, max_message=MSG_PRENOM_MAX, required=False)
    nom = name_field(min_message=MSG_NOM_MIN, max_message=MSG_NOM_MAX, required=False)
    numero_telephone = StrictCharField(required=False, allow_blank=True, max_length=64)
    pays = StrictCharField(
        required=False,
        min_length=2,
        max_length=100,
        error_messages={
            "blank": MSG_PAYS,
            "null": MSG_PAYS,
            "min_length": MSG_PAYS,
            "max_length": _too_long("Le pays", 100),
        },
    )
    whatsapp = PhoneNumberField(
        required=False, allow_blank=True, allow_null=True, max_length=32, invalid_message=MSG_WHATSAPP_INVALID
    )
    adresse = optional_text(255, "L'adresse")
    nom_entreprise = optional_text(150, LABEL_ENTREPRISE)
    secteur_activite = optional_text(100, LABEL_SECTEUR)
    photo_profil = PhotoField(required=False)
    adresse_email = StrictCharField(required=False, allow_blank=True, allow_null=True, max_length=254)

    def validate_numero_telephone(self, value):
        """The number the account already holds may come back as is (a phone-only account may
        hold a foreign one); a new number is read like every number (core.phone: ``0707123456``
        is ``+2250707123456``) and must be Ivorian, as at registration."""
        user = self.context["user"]
        if value == (str(user.numero_telephone) if user.numero_telephone else ""):
            return KEEP_PHONE
        if not value:
            raise serializers.ValidationError(MSG_PHONE_SHORT)
        number = PhoneNumberField(invalid_message=MSG_PHONE_FORMAT).to_internal_value(value)
        if not number.startswith("+225"):
            raise serializers.ValidationError(MSG_PHONE_FORMAT)
        return number

    def validate(self, attrs):
        from .services import MSG_EMAIL_READ_ONLY

        user = self.context["user"]
        if attrs.get("numero_telephone") is KEEP_PHONE:
            del attrs["numero_telephone"]
        email = attrs.pop("adresse_email", None)
        current = (user.adresse_email or "").lower()
        if email is not None and email.strip().lower() != current:
            raise serializers.ValidationError({"adresse_email": [MSG_EMAIL_READ_ONLY]})
        for name in ("whatsapp", "adresse", "nom_entreprise", "secteur_activite"):
            if name in attrs and attrs[name] is None:
                attrs[name] = ""
        return attrs


# --- Outputs -----------------------------------------------------------------------------------


class UserOutputSerializer(serializers.ModelSerializer):
    photo_profil = serializers.SerializerMethodField()
    numero_telephone = serializers.SerializerMethodField()

    class Meta:
        model = User
        fields = [
            "id",
            "prenom",
            "nom",
            "adresse_email",
            "numero_telephone",
            "pays",
            "nom_entreprise",
            "secteur_activite",
            "plan_abonnement",
            "statut_abonnement",
            "compte_verifie",
            "otp_verified",
            "photo_profil",
            "whatsapp",
            "adresse",
            "date_creation",
            "date_modification",
        ]
        read_only_fields = fields

    @extend_schema_field({"type": "string", "format": "uri", "nullable": True})
    def get_photo_profil(self, user: User) -> str | None:
        if not user.photo_profil:
            return None
        url = user.photo_profil.url
        request = self.context.get("request")
        return request.build_absolute_uri(url) if request is not None else url

    @extend_schema_field(OpenApiTypes.STR)
    def get_numero_telephone(self, user: User) -> str:
        return str(user.numero_telephone) if user.numero_telephone else ""


class ErrorSerializer(serializers.Serializer):
    """DESIGN.md's one error shape."""

    message = serializers.CharField()
    error = serializers.CharField()
    statusCode = serializers.IntegerField()
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()), required=False)


class MessageOutputSerializer(serializers.Serializer):
    message = serializers.CharField()


def code_expiry_field() -> serializers.DateTimeField:
    return serializers.DateTimeField(
        allow_null=True, help_text="When the code just sent expires: the OTP screen counts down to it."
    )


def code_expiry_seconds_field() -> serializers.IntegerField:
    return serializers.IntegerField(
        allow_null=True,
        help_text="Seconds until ``expires_at``, so that a device whose clock is wrong still counts down right.",
    )


class RegisterOutputSerializer(serializers.Serializer):
    message = serializers.CharField()
    user = UserOutputSerializer()
    otp_sent = serializers.BooleanField()
    expires_at = code_expiry_field()
    expires_in = code_expiry_seconds_field()


class QuickRegisterOutputSerializer(serializers.Serializer):
    message = serializers.CharField()
    otp_sent = serializers.BooleanField()
    expires_at = code_expiry_field()
    expires_in = code_expiry_seconds_field()


class ResendOutputSerializer(serializers.Serializer):
    message = serializers.CharField()
    expires_at = code_expiry_field()
    expires_in = code_expiry_seconds_field()


class MessageUserOutputSerializer(serializers.Serializer):
    message = serializers.CharField()
    user = UserOutputSerializer()


class LoginOutputSerializer(serializers.Serializer):
    user = UserOutputSerializer()
    access_token = serializers.CharField()
    refresh_token = serializers.CharField()


class TokenPairOutputSerializer(serializers.Serializer):
    access_token = serializers.CharField()
    refresh_token = serializers.CharField()


class AccountStatusSerializer(serializers.Serializer):
    subscription_plan = serializers.CharField()
    is_fully_verified = serializers.BooleanField()
    conversation_limit = serializers.IntegerField()


class PermissionsSerializer(serializers.Serializer):
    can_access_analytics = serializers.BooleanField()
    can_use_advanced_features = serializers.BooleanField()


class MeOutputSerializer(serializers.Serializer):
    user = UserOutputSerializer()
    account = AccountStatusSerializer()
    permissions = PermissionsSerializer()
