"""The preferences as the profile page shows them: ``{ai: {...}, notifications: {...}}``.

Keys are snake_case like every resource (the API convention); SPEC.md's camelCase samples (``newMessages``...)
become ``new_messages``, ``weekly_reports``...
"""

from rest_framework import serializers

from core.serializers import HourMinuteField, InputSerializer, StrictCharField

from .models import Language, Tone, Weekday

MSG_LANGUAGES_EMPTY = "Choisissez au moins une langue pour l'assistant."
MSG_LANGUAGE_INVALID = "Langue inconnue : choisissez parmi fr, en et nouchi."
MSG_TONE_INVALID = "Ton inconnu : choisissez parmi professionnel, amical et decontracte."
MSG_DAY_INVALID = "Jour inconnu : utilisez lundi, mardi, mercredi, jeudi, vendredi, samedi ou dimanche."
MSG_DAYS_EMPTY = "Choisissez au moins un jour d'ouverture."
MSG_TIME_INVALID = "Heure invalide : utilisez le format HH:MM."
MSG_DESCRIPTION_TOO_LONG = "La description ne peut pas dépasser 500 caractères."
MSG_BOOLEAN_INVALID = "Valeur invalide : utilisez true ou false."


class OpeningHoursSerializer(InputSerializer):
    days = serializers.ListField(
        child=serializers.ChoiceField(choices=Weekday.choices, error_messages={"invalid_choice": MSG_DAY_INVALID}),
        allow_empty=False,
        error_messages={"empty": MSG_DAYS_EMPTY},
        required=False,
    )
    opens = HourMinuteField(required=False, error_messages={"invalid": MSG_TIME_INVALID})
    closes = HourMinuteField(required=False, error_messages={"invalid": MSG_TIME_INVALID})


class AiConfigurationSerializer(InputSerializer):
    languages = serializers.ListField(
        child=serializers.ChoiceField(
            choices=Language.choices, error_messages={"invalid_choice": MSG_LANGUAGE_INVALID}
        ),
        allow_empty=False,
        error_messages={"empty": MSG_LANGUAGES_EMPTY},
        required=False,
    )
    tone = serializers.ChoiceField(
        choices=Tone.choices, required=False, error_messages={"invalid_choice": MSG_TONE_INVALID}
    )
    opening_hours = OpeningHoursSerializer(required=False)
    business_description = StrictCharField(
        max_length=500, allow_blank=True, required=False, error_messages={"max_length": MSG_DESCRIPTION_TOO_LONG}
    )


def _switch():
    return serializers.BooleanField(required=False, error_messages={"invalid": MSG_BOOLEAN_INVALID})


class NotificationsSerializer(InputSerializer):
    new_messages = _switch()
    ai_alerts = _switch()
    delivery_updates = _switch()
    weekly_reports = _switch()


class PreferencesUpdateInputSerializer(InputSerializer):
    ai = AiConfigurationSerializer(required=False)
    notifications = NotificationsSerializer(required=False)

    def to_service_kwargs(self) -> dict:
        """Flatten the nested input into the service's field names."""
        data = self.validated_data
        ai = data.get("ai", {})
        hours = ai.get("opening_hours", {})
        notifications = data.get("notifications", {})
        mapping = {
            "languages": ai.get("languages"),
            "tone": ai.get("tone"),
            "business_description": ai.get("business_description"),
            "opening_days": hours.get("days"),
            "opens_at": hours.get("opens"),
            "closes_at": hours.get("closes"),
            "new_messages": notifications.get("new_messages"),
            "ai_alerts": notifications.get("ai_alerts"),
            "delivery_updates": notifications.get("delivery_updates"),
            "weekly_reports": notifications.get("weekly_reports"),
        }
        kwargs = {key: value for key, value in mapping.items() if value is not None}
        if "languages" in kwargs:
            # Keep the catalogue's order and drop repeats: ["nouchi", "fr", "fr"] -> ["fr", "nouchi"].
            kwargs["languages"] = [code for code in Language.values if code in kwargs["languages"]]
        if "opening_days" in kwargs:
            kwargs["opening_days"] = [day for day in Weekday.values if day in kwargs["opening_days"]]
        return kwargs


class OpeningHoursOutputSerializer(serializers.Serializer):
    days = serializers.ListField(child=serializers.CharField(), source="opening_days")
    opens = HourMinuteField(source="opens_at")
    closes = HourMinuteField(source="closes_at")


class AiConfigurationOutputSerializer(serializers.Serializer):
    languages = serializers.ListField(child=serializers.CharField())
    language_labels = serializers.SerializerMethodField()
    tone = serializers.CharField()
    tone_label = serializers.CharField(source="get_tone_display")
    opening_hours = OpeningHoursOutputSerializer(source="*")
    business_description = serializers.CharField()

    def get_language_labels(self, obj) -> list[str]:
        labels = dict(Language.choices)
        return [labels[code] for code in obj.languages if code in labels]


class NotificationsOutputSerializer(serializers.Serializer):
    new_messages = serializers.BooleanField()
    ai_alerts = serializers.BooleanField()
    delivery_updates = serializers.BooleanField()
    weekly_reports = serializers.BooleanField()


class PreferencesOutputSerializer(serializers.Serializer):
    ai = AiConfigurationOutputSerializer(source="*")
    notifications = NotificationsOutputSerializer(source="*")
    updated_at = serializers.DateTimeField()
