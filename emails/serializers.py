from django.utils import timezone
from rest_framework import serializers

from core.pagination import PageWithCountersSerializer, counters_serializer
from core.serializers import InputSerializer, StrictCharField
from orders.serializers import OrderCreateInputSerializer, OrderItemInputSerializer

from .models import Security
from .selectors import FOLDERS, MSG_UNKNOWN_FOLDER, PRESETS

MSG_REQUIRED = "Ce champ est obligatoire."
MSG_HOST = "Indiquez le serveur IMAP (par exemple imap.gmail.com)."
MSG_PORT = "Le port est un nombre entre 1 et 65535 (993 en SSL/TLS, 143 en STARTTLS)."
MSG_SECURITY = "Sécurité inconnue : choisissez SSL/TLS, STARTTLS ou aucun."
MSG_ADDRESS = "Indiquez l'adresse e-mail (ou l'identifiant) de la boîte."
MSG_HOUR = "L'heure du résumé est un nombre entre 0 et 23."
MSG_PROVIDER = "Fournisseur inconnu : choisissez " + ", ".join(PRESETS) + "."
MSG_PRODUCT_ID = "Identifiant de produit invalide."


class AttachmentSerializer(serializers.Serializer):
    name = serializers.CharField()
    size = serializers.IntegerField()
    content_type = serializers.CharField(required=False)


class EmailOutputSerializer(serializers.Serializer):
    """SPEC.md's Email shape (id, from, subject, preview, time, priority, status, ai_summary,
    category) plus the French labels the page shows and what the sync adds."""

    id = serializers.IntegerField()
    locals()["from"] = serializers.CharField(source="sender_name")
    from_email = serializers.CharField(source="sender_email")
    subject = serializers.CharField()
    preview = serializers.CharField()
    time = serializers.DateTimeField(source="received_at")
    priority = serializers.CharField()
    priority_label = serializers.CharField(source="get_priority_display")
    status = serializers.CharField()
    status_label = serializers.CharField(source="get_status_display")
    ai_summary = serializers.CharField()
    category = serializers.CharField()
    category_label = serializers.CharField(source="get_category_display")
    attachments = AttachmentSerializer(many=True)
    has_order_lines = serializers.SerializerMethodField()
    order_reference = serializers.SerializerMethodField()
    notice = serializers.CharField()

    def get_has_order_lines(self, email) -> bool:
        return bool(email.order_lines)

    def get_order_reference(self, email) -> str | None:
        return email.order.reference if email.order_id and email.order else None


class OrderSuggestionLineSerializer(serializers.Serializer):
    product_id = serializers.IntegerField()
    sku = serializers.CharField()
    name = serializers.CharField()
    unit_price = serializers.IntegerField()
    quantity = serializers.IntegerField()


class EmailDetailOutputSerializer(EmailOutputSerializer):
    body_excerpt = serializers.CharField(help_text="Le texte de l'e-mail (citations et signature retirées).")
    size = serializers.IntegerField()
    order_id = serializers.IntegerField(allow_null=True)
    order_lines = OrderSuggestionLineSerializer(many=True, source="suggested_lines")


EmailCountersSerializer = counters_serializer("EmailCountersSerializer", FOLDERS)


class EmailListResponseSerializer(PageWithCountersSerializer):
    count = serializers.IntegerField(help_text="Nombre d'e-mails dans le filtre choisi.")
    results = EmailOutputSerializer(many=True)
    counters = EmailCountersSerializer(help_text="Compteurs de chaque filtre (indépendants du filtre choisi).")


class EmailListFilterSerializer(InputSerializer):
    filter = serializers.ChoiceField(
        choices=list(FOLDERS),
        default="tous",
        required=False,
        error_messages={"invalid_choice": MSG_UNKNOWN_FOLDER},
    )


class EmailOrderItemInputSerializer(OrderItemInputSerializer):
    product_id = serializers.IntegerField(
        required=False, min_value=1, max_value=2**62, error_messages={"invalid": MSG_PRODUCT_ID}
    )

    def validate(self, attrs):
        if attrs.get("product_id"):
            return attrs
        return super().validate(attrs)


class EmailOrderCreateInputSerializer(OrderCreateInputSerializer):
    """Orders' create input; an item may name the catalogue product by ``product_id``."""

    items = EmailOrderItemInputSerializer(many=True)


class EmailOrderCreatedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    reference = serializers.CharField()
    total = serializers.IntegerField()


class PresetSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    host = serializers.CharField()
    port = serializers.IntegerField()
    security = serializers.CharField()
    help = serializers.CharField()


class MailboxConnectInputSerializer(InputSerializer):
    provider = serializers.ChoiceField(
        choices=list(PRESETS), required=False, default="autre", error_messages={"invalid_choice": MSG_PROVIDER}
    )
    host = StrictCharField(
        max_length=255, error_messages={"required": MSG_HOST, "blank": MSG_HOST, "null": MSG_HOST, "invalid": MSG_HOST}
    )
    port = serializers.IntegerField(
        min_value=1,
        max_value=65535,
        error_messages=dict.fromkeys(
            ("required", "null", "invalid", "min_value", "max_value", "max_string_length"), MSG_PORT
        ),
    )
    security = serializers.ChoiceField(
        choices=Security.choices, error_messages={"invalid_choice": MSG_SECURITY, "required": MSG_SECURITY}
    )
    address = StrictCharField(
        max_length=254,
        error_messages={"required": MSG_ADDRESS, "blank": MSG_ADDRESS, "null": MSG_ADDRESS, "invalid": MSG_ADDRESS},
    )
    password = StrictCharField(
        required=False,
        allow_blank=True,
        max_length=500,
        trim_whitespace=False,
        write_only=True,
        help_text="Vide : garde le mot de passe enregistré.",
    )
    digest_hour = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=18,
        min_value=0,
        max_value=23,
        error_messages=dict.fromkeys(("invalid", "min_value", "max_value", "max_string_length"), MSG_HOUR),
    )

    def validate_host(self, value: str) -> str:
        value = value.strip()
        if not value or any(c.isspace() or c in "/@:" for c in value):
            raise serializers.ValidationError(MSG_HOST)
        return value


class MailboxStateSerializer(serializers.Serializer):
    """The mailbox connection as the page shows it (never the password)."""

    connected = serializers.BooleanField()
    allowed = serializers.BooleanField(help_text="Le plan du compte inclut l'assistant e-mail.")
    plan_message = serializers.CharField()
    provider = serializers.CharField(allow_null=True)
    host = serializers.CharField(allow_null=True)
    port = serializers.IntegerField(allow_null=True)
    security = serializers.CharField(allow_null=True)
    address = serializers.CharField(allow_null=True)
    digest_hour = serializers.IntegerField(allow_null=True)
    last_synced_at = serializers.DateTimeField(allow_null=True)
    last_error = serializers.CharField()
    last_error_at = serializers.DateTimeField(allow_null=True)
    consecutive_failures = serializers.IntegerField()
    next_attempt_at = serializers.DateTimeField(allow_null=True)
    syncing = serializers.BooleanField()
    last_run_fetched = serializers.IntegerField()
    last_run_notice = serializers.CharField()


def mailbox_state(*, mailbox, allowed: bool, plan_message: str) -> dict:
    if mailbox is None:
        return {
            "connected": False,
            "allowed": allowed,
            "plan_message": plan_message,
            **dict.fromkeys(["provider", "host", "port", "security", "address"]),
            **dict.fromkeys(["last_synced_at", "last_error_at", "next_attempt_at"]),
            "digest_hour": None,
            "last_error": "",
            "consecutive_failures": 0,
            "syncing": False,
            "last_run_fetched": 0,
            "last_run_notice": "",
        }
    return {
        "connected": True,
        "allowed": allowed,
        "plan_message": plan_message,
        "provider": mailbox.provider,
        "host": mailbox.host,
        "port": mailbox.port,
        "security": mailbox.security,
        "address": mailbox.address,
        "digest_hour": mailbox.digest_hour,
        "last_synced_at": mailbox.last_synced_at,
        "last_error": mailbox.last_error,
        "last_error_at": mailbox.last_error_at,
        "consecutive_failures": mailbox.consecutive_failures,
        "next_attempt_at": mailbox.next_attempt_at,
        "syncing": bool(mailbox.locked_until and mailbox.locked_until > timezone.now()),
        "last_run_fetched": mailbox.last_run_fetched,
        "last_run_notice": mailbox.last_run_notice,
    }
