from rest_framework import serializers

from .models import ConversationStatus, MessageStatus, Sender

MSG_CONTENT_REQUIRED = "Le message ne peut pas être vide."
MSG_CONTENT_TOO_LONG = "Le message ne peut pas dépasser 4096 caractères."
MSG_NAME_REQUIRED = "Le nom du contact est requis."
MSG_NUMBER_INVALID = "Numéro WhatsApp invalide : chiffres uniquement, avec l'indicatif (+225...)."
MSG_BOOLEAN_INVALID = "Valeur invalide : utilisez true ou false."


class ContactOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    whatsappNumber = serializers.CharField(source="whatsapp_number")  # noqa: N815


class ConversationOutputSerializer(serializers.Serializer):
    """SPEC.md's Conversation shape: contact, last message, time, unread count, status, isAI."""

    id = serializers.IntegerField()
    contact = ContactOutputSerializer()
    lastMessage = serializers.CharField(source="last_message_preview")  # noqa: N815
    time = serializers.DateTimeField(source="last_message_at")
    unread = serializers.IntegerField(source="unread_count")
    status = serializers.ChoiceField(choices=ConversationStatus.choices)
    statusLabel = serializers.CharField(source="get_status_display")  # noqa: N815
    isAI = serializers.BooleanField(source="is_ai")  # noqa: N815
    createdAt = serializers.DateTimeField(source="created_at")  # noqa: N815


class ChatMessageOutputSerializer(serializers.Serializer):
    """SPEC.md's message: sender (user = the customer, ai, agent = the owner), content, time, status."""

    id = serializers.IntegerField()
    sender = serializers.ChoiceField(choices=Sender.choices)
    senderLabel = serializers.CharField(source="get_sender_display")  # noqa: N815
    content = serializers.CharField()
    time = serializers.DateTimeField(source="sent_at")
    status = serializers.ChoiceField(choices=MessageStatus.choices)
    statusLabel = serializers.CharField(source="get_status_display")  # noqa: N815
    category = serializers.CharField(help_text="Catégorie de la question (vide si non classée).")
    accurate = serializers.BooleanField(
        allow_null=True, help_text="Réponse de l'IA jugée correcte (true/false), null si non évaluée."
    )


class ConversationCountersSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    unread = serializers.IntegerField(help_text="Conversations avec des messages non lus.")
    unreadMessages = serializers.IntegerField()  # noqa: N815


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
    whatsappNumber = serializers.RegexField(  # noqa: N815
        r"^\+[0-9]{8,15}$",
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
