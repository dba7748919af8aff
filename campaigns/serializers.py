from rest_framework import serializers

from conversations.models import error_explanation
from core.pagination import PageWithCountersSerializer
from core.serializers import InputSerializer, StrictCharField

from .models import Campaign, CampaignSettings, MessagingTier, Recipient
from .services import PARAMETER_SOURCES

MSG_SEGMENT = (
    "Audience inconnue : choisissez « all » (tous ceux qui ont écrit) ou « ordered » (clients ayant commandé)."
)
MSG_LANGUAGE = "Langue inconnue : « fr » ou « en »."
MSG_SOURCE = "Variable inconnue : prénom (first_name), dernier produit (last_product), boutique (shop_name) ou texte."
MSG_DAYS = "Indiquez un nombre de jours entre 1 et 3650."


def _days(**kwargs):
    return serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=3650,
        error_messages={"min_value": MSG_DAYS, "max_value": MSG_DAYS, "invalid": MSG_DAYS},
        **kwargs,
    )


class AudienceInputSerializer(InputSerializer):
    segment = serializers.ChoiceField(
        choices=["all", "ordered"], default="all", error_messages={"invalid_choice": MSG_SEGMENT}
    )
    ordered_within_days = _days()
    product_sku = StrictCharField(required=False, allow_blank=True, max_length=32, default="")
    zone = StrictCharField(required=False, allow_blank=True, max_length=80, default="")
    language = serializers.ChoiceField(
        choices=["", "fr", "en"], required=False, default="", error_messages={"invalid_choice": MSG_LANGUAGE}
    )
    inactive_days = _days()


class ParameterInputSerializer(InputSerializer):
    source = serializers.ChoiceField(choices=list(PARAMETER_SOURCES), error_messages={"invalid_choice": MSG_SOURCE})
    text = StrictCharField(required=False, allow_blank=True, max_length=200, default="")


class TemplateChoiceInputSerializer(InputSerializer):
    audience = AudienceInputSerializer()
    template_name = StrictCharField(max_length=512)
    template_language = StrictCharField(max_length=15)
    parameters = ParameterInputSerializer(many=True, required=False, default=list, max_length=10)


class CampaignCreateInputSerializer(TemplateChoiceInputSerializer):
    name = StrictCharField(max_length=120)
    scheduled_at = serializers.DateTimeField(required=False, allow_null=True, default=None)


class PreviewOutputSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    price_per_message = serializers.CharField(help_text="F CFA par message (décimal).")
    estimated_cost = serializers.IntegerField(help_text="F CFA, arrondi au franc supérieur.")
    category = serializers.CharField()
    body = serializers.CharField(help_text="Le message tel que WhatsApp l'affiche pour le client d'exemple.")
    example_name = serializers.CharField()
    cap = serializers.IntegerField(help_text="Messages de campagne par mois de l'offre (-1 : illimité).")
    used = serializers.IntegerField()


class CampaignOutputSerializer(serializers.ModelSerializer):
    status_label = serializers.CharField(source="get_status_display")
    sent_count = serializers.IntegerField()
    delivered_count = serializers.IntegerField()
    read_count = serializers.IntegerField()
    failed_count = serializers.IntegerField()
    queued_count = serializers.IntegerField()

    class Meta:
        model = Campaign
        fields = [
            "id",
            "name",
            "status",
            "status_label",
            "audience",
            "template_name",
            "template_language",
            "template_category",
            "template_body",
            "parameters",
            "scheduled_at",
            "started_at",
            "finished_at",
            "recipient_count",
            "estimated_cost",
            "created_at",
            "sent_count",
            "delivered_count",
            "read_count",
            "failed_count",
            "queued_count",
        ]


class OutcomeSerializer(serializers.Serializer):
    replies = serializers.IntegerField(help_text="Clients qui ont répondu dans les 7 jours.")
    orders = serializers.IntegerField(help_text="Commandes attribuées (7 jours, dernier envoi).")
    revenue = serializers.IntegerField(help_text="F CFA.")


class CampaignDetailOutputSerializer(CampaignOutputSerializer):
    outcome = OutcomeSerializer()

    class Meta(CampaignOutputSerializer.Meta):
        fields = [*CampaignOutputSerializer.Meta.fields, "outcome"]


class RecipientOutputSerializer(serializers.ModelSerializer):
    contact_name = serializers.CharField(source="contact.name")
    whatsapp_number = serializers.CharField(source="contact.whatsapp_number")
    conversation_id = serializers.IntegerField(source="message.conversation_id", allow_null=True, default=None)
    status = serializers.SerializerMethodField()
    status_label = serializers.SerializerMethodField()
    error = serializers.SerializerMethodField()
    replied = serializers.BooleanField()
    orders = serializers.IntegerField()
    revenue = serializers.IntegerField()

    class Meta:
        model = Recipient
        fields = [
            "id",
            "contact_name",
            "whatsapp_number",
            "conversation_id",
            "state",
            "status",
            "status_label",
            "error",
            "sent_at",
            "replied",
            "orders",
            "revenue",
        ]

    def get_status(self, recipient) -> str:
        """The message's status (sent, delivered, read, failed) once recorded, else the row's state."""
        return recipient.message.status if recipient.message_id else recipient.state

    def get_status_label(self, recipient) -> str:
        if recipient.message_id:
            return recipient.message.get_status_display()
        return recipient.get_state_display()

    def get_error(self, recipient) -> str:
        """Meta's reason in French for a failed send."""
        code = recipient.message.error_code if recipient.message_id else recipient.error_code
        failed = recipient.state == "failed" or (recipient.message_id and recipient.message.status == "failed")
        return error_explanation(code) if failed and code is not None else ""


class TemplateOutputSerializer(serializers.Serializer):
    name = serializers.CharField()
    language = serializers.CharField()
    category = serializers.CharField()
    body = serializers.CharField()
    variables = serializers.IntegerField()
    price_per_message = serializers.CharField()


class OptionsOutputSerializer(serializers.Serializer):
    zones = serializers.ListField(child=serializers.CharField())
    products = serializers.ListField(child=serializers.DictField())
    cap = serializers.IntegerField()
    used = serializers.IntegerField()
    plan_caps = serializers.DictField(
        child=serializers.IntegerField(), help_text="Messages de campagne par mois de chaque offre (-1 : illimité)."
    )
    whatsapp_connected = serializers.BooleanField(help_text="Un numéro WhatsApp connecté peut envoyer les modèles.")


class CampaignSettingsSerializer(serializers.ModelSerializer):
    messaging_tier = serializers.ChoiceField(choices=MessagingTier.choices, required=False)

    class Meta:
        model = CampaignSettings
        fields = [
            "messaging_tier",
            "cart_reminder_enabled",
            "reorder_enabled",
            "reorder_after_days",
            "reorder_template_name",
            "reorder_template_language",
        ]
        extra_kwargs = {
            "reorder_after_days": {"min_value": 3, "max_value": 90},
            "reorder_template_name": {"required": False},
            "reorder_template_language": {"required": False},
        }


class CampaignPageSerializer(PageWithCountersSerializer):
    results = CampaignOutputSerializer(many=True)
    counters = serializers.DictField()


class RecipientPageSerializer(PageWithCountersSerializer):
    results = RecipientOutputSerializer(many=True)
    counters = serializers.DictField()
