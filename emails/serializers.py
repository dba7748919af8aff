from rest_framework import serializers

from core.pagination import PageWithCountersSerializer, counters_serializer
from core.serializers import InputSerializer

from .selectors import FOLDERS, MSG_UNKNOWN_FOLDER


class EmailOutputSerializer(serializers.Serializer):
    """SPEC.md's Email shape (id, from, subject, preview, time, priority, status, ai_summary,
    category) plus the French labels the page shows."""

    id = serializers.IntegerField()
    locals()["from"] = serializers.CharField(source="sender_name")
    from_email = serializers.EmailField(source="sender_email")
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
