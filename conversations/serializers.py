from rest_framework import serializers

from .models import ConversationMode, ConversationStatus, Intent, MessageKind, MessageStatus, Sender, error_explanation
from .services import conversation_window_open

MSG_CONTENT_REQUIRED = "Le message ne peut pas être vide."
MSG_CONTENT_TOO_LONG = "Le message ne peut pas dépasser 4096 caractères."
MSG_NAME_REQUIRED = "Le nom du contact est requis."
MSG_NUMBER_INVALID = "Numéro WhatsApp invalide : chiffres uniquement, avec l'indicatif (+225...)."
MSG_BOOLEAN_INVALID = "Valeur invalide : utilisez true ou false."


class ContactOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    whatsapp_number = serializers.CharField(
        help_text="E.164, par exemple +2250748017823 ; vide pour un client connu par son identifiant WhatsApp seul."
    )


class ConversationOutputSerializer(serializers.Serializer):
    """SPEC.md's Conversation shape (snake_case): contact, last message, time, unread count, status, mode."""

    id = serializers.IntegerField()
    contact = ContactOutputSerializer()
    last_message = serializers.CharField(source="last_message_preview")
    time = serializers.DateTimeField(source="last_message_at")
    unread = serializers.IntegerField(source="unread_count")
    status = serializers.ChoiceField(choices=ConversationStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    mode = serializers.ChoiceField(
        choices=ConversationMode.choices, help_text="ai : l'assistant répond ; human : le propriétaire seul."
    )
    over_quota = serializers.BooleanField(
        help_text="Commencée alors que la limite mensuelle du plan était atteinte : l'assistant n'y répond pas."
    )
    window_open = serializers.SerializerMethodField(
        help_text="Moins de 24 h depuis le dernier message du client : le texte libre est permis."
    )
    created_at = serializers.DateTimeField()

    def get_window_open(self, conversation) -> bool:
        return conversation_window_open(conversation)


class ChatMessageOutputSerializer(serializers.Serializer):
    """SPEC.md's message: sender (user = the customer, ai, agent = the owner), content, time, status."""

    id = serializers.IntegerField()
    sender = serializers.ChoiceField(choices=Sender.choices)
    sender_label = serializers.CharField(source="get_sender_display")
    content = serializers.CharField()
    kind = serializers.ChoiceField(choices=MessageKind.choices)
    time = serializers.DateTimeField(source="sent_at")
    status = serializers.ChoiceField(choices=MessageStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    error_code = serializers.IntegerField(allow_null=True, help_text="Code d'erreur de Meta (statut failed).")
    error_reason = serializers.SerializerMethodField(help_text="Explication en français de l'échec.")
    intent = serializers.SerializerMethodField(
        help_text="Intention du message du client, ou de celui auquel répond l'IA (vide si non classé)."
    )
    intent_label = serializers.SerializerMethodField(help_text="L'intention en français (« Prix »…), vide sinon.")
    latitude = serializers.FloatField(allow_null=True)
    longitude = serializers.FloatField(allow_null=True)
    category = serializers.CharField(help_text="Catégorie de la question (vide si non classée).")
    accurate = serializers.BooleanField(
        allow_null=True, help_text="Réponse de l'IA jugée correcte (true/false), null si non évaluée."
    )
    transcript = serializers.CharField(help_text="Transcription d'un message vocal (vide sinon).")
    transcript_status = serializers.CharField(
        help_text="ok, unclear, failed, too_long, too_large ; vide sans transcription."
    )
    media_url = serializers.SerializerMethodField(
        help_text="Lien signé (1 h) vers le média conservé (message vocal), servi par l'API ; null sinon."
    )
    product_id = serializers.IntegerField(allow_null=True, help_text="Produit montré par une photo envoyée.")

    def get_media_url(self, message) -> str | None:
        if not message.media_file:
            return None
        from .media import media_url

        return media_url(message)

    def get_intent(self, message) -> str:
        if message.intent or message.reply_to_id is None:
            return message.intent
        return message.reply_to.intent

    def get_intent_label(self, message) -> str:
        intent = self.get_intent(message)
        return Intent(intent).label if intent in Intent.values else ""

    def get_error_reason(self, message) -> str:
        return error_explanation(message.error_code) if message.status == MessageStatus.FAILED else ""


class ConversationCountersSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    unread = serializers.IntegerField(help_text="Conversations avec des messages non lus.")
    unread_messages = serializers.IntegerField()
    over_quota = serializers.IntegerField(help_text="Conversations hors quota du plan (assistant muet).")


class ConversationListResponseSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = ConversationOutputSerializer(many=True)
    counters = ConversationCountersSerializer()


class ChatMessageListResponseSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = ChatMessageOutputSerializer(many=True, help_text="Du plus récent au plus ancien.")
    conversation = ConversationOutputSerializer()


class ConversationListFilterSerializer(serializers.Serializer):
    search = serializers.CharField(required=False, allow_blank=True, max_length=100, default="")
    unread = serializers.BooleanField(required=False, default=False, error_messages={"invalid": MSG_BOOLEAN_INVALID})


def _content_field():
    return serializers.CharField(
        max_length=4096,
        error_messages={
            "required": MSG_CONTENT_REQUIRED,
            "blank": MSG_CONTENT_REQUIRED,
            "null": MSG_CONTENT_REQUIRED,
            "max_length": MSG_CONTENT_TOO_LONG,
        },
    )


class ChatMessageSendInputSerializer(serializers.Serializer):
    content = _content_field()


class ConversationStartInputSerializer(serializers.Serializer):
    name = serializers.CharField(
        max_length=120, error_messages={"required": MSG_NAME_REQUIRED, "blank": MSG_NAME_REQUIRED}
    )
    whatsapp_number = serializers.CharField(
        max_length=30,
        error_messages={"required": MSG_NUMBER_INVALID, "blank": MSG_NUMBER_INVALID, "invalid": MSG_NUMBER_INVALID},
    )
    content = _content_field()


class ChatMessageSentResponseSerializer(serializers.Serializer):
    message = ChatMessageOutputSerializer()
    conversation = ConversationOutputSerializer()


class ChatMessageRateInputSerializer(serializers.Serializer):
    accurate = serializers.BooleanField(
        error_messages={"required": MSG_BOOLEAN_INVALID, "null": MSG_BOOLEAN_INVALID, "invalid": MSG_BOOLEAN_INVALID}
    )


MSG_MODE_INVALID = "Mode invalide : « ai » ou « human »."
MSG_TEMPLATE_REQUIRED = "Choisissez un modèle de message."


class ConversationUpdateInputSerializer(serializers.Serializer):
    mode = serializers.ChoiceField(
        choices=ConversationMode.choices,
        error_messages={"required": MSG_MODE_INVALID, "invalid_choice": MSG_MODE_INVALID, "null": MSG_MODE_INVALID},
    )


class ChatTemplateSendInputSerializer(serializers.Serializer):
    name = serializers.RegexField(
        r"^[a-z0-9_]{1,512}$",
        error_messages={
            "required": MSG_TEMPLATE_REQUIRED,
            "blank": MSG_TEMPLATE_REQUIRED,
            "invalid": MSG_TEMPLATE_REQUIRED,
        },
    )
    language = serializers.RegexField(
        r"^[a-zA-Z_]{2,15}$",
        error_messages={
            "required": MSG_TEMPLATE_REQUIRED,
            "blank": MSG_TEMPLATE_REQUIRED,
            "invalid": MSG_TEMPLATE_REQUIRED,
        },
    )
    body = serializers.CharField(required=False, allow_blank=True, default="", max_length=1024)
