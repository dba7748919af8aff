from rest_framework import serializers

from core.serializers import InputSerializer, StrictCharField

MSG_TEXT_REQUIRED = "Écrivez un message à envoyer à l'assistant."
MSG_SESSION_INVALID = "Identifiant de session invalide."
SESSION_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"


class AssistantTryInputSerializer(InputSerializer):
    text = StrictCharField(
        max_length=1000,
        error_messages={"required": MSG_TEXT_REQUIRED, "blank": MSG_TEXT_REQUIRED, "null": MSG_TEXT_REQUIRED},
    )
    session = serializers.RegexField(
        SESSION_PATTERN, error_messages={"invalid": MSG_SESSION_INVALID, "required": MSG_SESSION_INVALID}
    )


class AssistantTryResetInputSerializer(InputSerializer):
    session = serializers.RegexField(
        SESSION_PATTERN, error_messages={"invalid": MSG_SESSION_INVALID, "required": MSG_SESSION_INVALID}
    )


class AssistantReplyOutputSerializer(serializers.Serializer):
    text = serializers.CharField()
    buttons = serializers.ListField(child=serializers.CharField())


class AssistantTryOrderOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    reference = serializers.CharField()
    total = serializers.IntegerField()


class AssistantTryOutputSerializer(serializers.Serializer):
    intent = serializers.CharField(help_text="L'intention reconnue (un des 14 codes).")
    intent_label = serializers.CharField()
    language = serializers.CharField(help_text="fr, en ou nouchi.")
    replies = AssistantReplyOutputSerializer(many=True)
    handoff = serializers.BooleanField(help_text="Vrai quand l'assistant passe la main à une personne.")
    order = AssistantTryOrderOutputSerializer(allow_null=True)


class AssistantLlmInputSerializer(InputSerializer):
    enabled = serializers.BooleanField()


class AssistantLlmUsageOutputSerializer(serializers.Serializer):
    days = serializers.IntegerField()
    replies = serializers.IntegerField()
    calls = serializers.IntegerField()
    prompt_tokens = serializers.IntegerField()
    completion_tokens = serializers.IntegerField()
    fallbacks = serializers.IntegerField()
    average_latency_ms = serializers.IntegerField(allow_null=True)


class AssistantLlmOutputSerializer(serializers.Serializer):
    available = serializers.BooleanField()
    enabled = serializers.BooleanField()
    usage = AssistantLlmUsageOutputSerializer()


class AssistantTranscriptionOutputSerializer(serializers.Serializer):
    days = serializers.IntegerField()
    engine = serializers.ChoiceField(
        choices=["provider", "local", "none"],
        help_text="provider : le service de transcription configuré ; local : le modèle Whisper sur le serveur ; "
        "none : les messages vocaux reçoivent la demande d'écrire.",
    )
    voice_notes = serializers.IntegerField(help_text="Messages vocaux reçus.")
    heard = serializers.IntegerField(help_text="Messages vocaux compris et répondus comme un texte.")
    calls = serializers.IntegerField(help_text="Transcriptions faites (service ou modèle local).")
    audio_seconds = serializers.IntegerField()
    audio_minutes = serializers.FloatField()
    failures = serializers.IntegerField(help_text="Fichier illisible, service en panne ou trop lent.")
    unclear = serializers.IntegerField(help_text="Transcription vide ou peu sûre.")
    refused = serializers.IntegerField(help_text="Trop longs ou trop lourds, jamais transcrits.")
    average_latency_ms = serializers.IntegerField(allow_null=True)
