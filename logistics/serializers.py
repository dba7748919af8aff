from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.pagination import PageWithCountersSerializer, counters_serializer
from core.serializers import InputSerializer, PhoneNumberField, StrictCharField

from .locations import PLACES
from .models import DeliveryStatus, DriverStatus, LagoonSide, Priority, ProblemReason, StepKind, Vehicle
from .services import MSG_PHONE_INVALID, MSG_UNKNOWN_COMMUNE

MSG_STATUS_UNKNOWN = "Statut inconnu : utilisez pending, preparing, en_route ou delivered."
MSG_PRIORITY_UNKNOWN = "Priorité inconnue : utilisez high, medium ou low."
MSG_DATETIME_INVALID = "Date et heure invalides : utilisez le format ISO 8601 (2025-06-01T14:30:00Z)."
MSG_REQUIRED = "Ce champ est obligatoire."
MSG_NOTE_REQUIRED = "Précisez la raison du retard."
MSG_NOTE_TOO_LONG = "La raison du retard ne peut pas dépasser 300 caractères."
MSG_PRODUCTS_EMPTY = "Indiquez au moins un produit."
MSG_AMOUNT_INVALID = "Le montant doit être un nombre entier de F CFA, positif ou nul."
MSG_DRIVER_INVALID = "Identifiant de livreur invalide."
MSG_COORDINATES_PAIR = "Indiquez la latitude et la longitude ensemble."


def _required(**extra: str) -> dict[str, str]:
    """French messages for a missing value, plus the field-specific ones given."""
    return {"required": MSG_REQUIRED, "blank": MSG_REQUIRED, "null": MSG_REQUIRED, **extra}


class DriverSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    phone = serializers.CharField()


class DeliveryCoordinatesSerializer(serializers.Serializer):
    lat = serializers.FloatField(source="latitude")
    lng = serializers.FloatField(source="longitude")


class DeliveryDelayOutputSerializer(serializers.Serializer):
    note = serializers.CharField(source="delay_note")
    reported_at = serializers.DateTimeField(source="delay_reported_at")


class DeliveryStepOutputSerializer(serializers.Serializer):
    """One thing the driver did from his page (« Récupéré », « Livré », « Problème »)."""

    kind = serializers.ChoiceField(choices=StepKind.choices)
    label = serializers.CharField(source="get_kind_display")
    reason = serializers.CharField(help_text="Motif d'un problème (absent, wrong_address, refused, accident).")
    reason_label = serializers.CharField(source="get_reason_display")
    note = serializers.CharField()
    at = serializers.DateTimeField(source="happened_at")


class DeliveryOutputSerializer(serializers.Serializer):
    """SPEC.md's Delivery shape (id LIV-year-number, customer, phone, address, products, status,
    driver, estimated_time, progress, priority) plus labels, place, amount and delay."""

    id = serializers.CharField(source="reference")
    customer = serializers.CharField(source="customer_name")
    phone = serializers.CharField(source="customer_phone")
    address = serializers.CharField()
    commune = serializers.CharField()
    city = serializers.CharField()
    coordinates = DeliveryCoordinatesSerializer(source="*")
    products = serializers.ListField(child=serializers.CharField())
    amount = serializers.IntegerField(help_text="Montant de la commande en F CFA.")
    status = serializers.ChoiceField(choices=DeliveryStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    driver = DriverSummarySerializer(allow_null=True)
    estimated_time = serializers.DateTimeField(source="estimated_at", allow_null=True)
    progress = serializers.IntegerField(min_value=0, max_value=100)
    priority = serializers.ChoiceField(choices=Priority.choices)
    priority_label = serializers.CharField(source="get_priority_display")
    delay = serializers.SerializerMethodField()
    route_position = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    delivered_at = serializers.DateTimeField(allow_null=True)
    steps = DeliveryStepOutputSerializer(many=True, read_only=True, help_text="Étapes signalées par le livreur.")

    @extend_schema_field(DeliveryDelayOutputSerializer(allow_null=True))
    def get_delay(self, obj):
        if obj.delay_reported_at is None:
            return None
        return DeliveryDelayOutputSerializer(obj).data


class DriverLocationSerializer(serializers.Serializer):
    commune = serializers.CharField()
    lat = serializers.FloatField(source="latitude")
    lng = serializers.FloatField(source="longitude")


class DriverLivePositionSerializer(serializers.Serializer):
    lat = serializers.FloatField(source="live_latitude")
    lng = serializers.FloatField(source="live_longitude")
    accuracy_m = serializers.FloatField(source="live_accuracy_m", allow_null=True)
    recorded_at = serializers.DateTimeField(source="live_recorded_at")


class DriverLinkStateSerializer(serializers.Serializer):
    expires_at = serializers.DateTimeField(source="link_expires_at")
    sent_via = serializers.CharField(source="link_sent_via", help_text="template, text, ou vide (non envoyé).")
    sent_at = serializers.DateTimeField(source="link_sent_at", allow_null=True)
    send_error = serializers.CharField(source="link_send_error")


class DriverOutputSerializer(serializers.Serializer):
    """SPEC.md's Driver shape: name, phone, status (active, available), deliveries, rating, location."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    phone = serializers.CharField()
    status = serializers.SerializerMethodField()
    status_label = serializers.SerializerMethodField()
    deliveries = serializers.IntegerField(source="delivered_count", help_text="Livraisons effectuées.")
    open_deliveries = serializers.IntegerField(source="open_count", help_text="Livraisons assignées non livrées.")
    rating = serializers.FloatField()
    location = DriverLocationSerializer(source="*")
    vehicle = serializers.ChoiceField(choices=Vehicle.choices)
    commune = serializers.CharField()
    side = serializers.ChoiceField(choices=LagoonSide.choices)
    last_position = serializers.SerializerMethodField()
    link = serializers.SerializerMethodField()

    @extend_schema_field(DriverLivePositionSerializer(allow_null=True))
    def get_last_position(self, obj):
        if getattr(obj, "live_recorded_at", None) is None:
            return None
        return DriverLivePositionSerializer(obj).data

    @extend_schema_field(DriverLinkStateSerializer(allow_null=True))
    def get_link(self, obj):
        if getattr(obj, "link_expires_at", None) is None:
            return None
        return DriverLinkStateSerializer(obj).data

    def _status(self, obj) -> DriverStatus:
        return DriverStatus.ACTIVE if obj.is_active else DriverStatus.AVAILABLE

    def get_status(self, obj) -> str:
        return self._status(obj).value

    def get_status_label(self, obj) -> str:
        return self._status(obj).label


DeliveryCountersSerializer = counters_serializer(
    "DeliveryCountersSerializer", ["total", *(status.value for status in DeliveryStatus)]
)
DriverCountersSerializer = counters_serializer("DriverCountersSerializer", ["total", "active", "available"])


class DeliveryListResponseSerializer(PageWithCountersSerializer):
    results = DeliveryOutputSerializer(many=True)
    counters = DeliveryCountersSerializer()


class DriverListResponseSerializer(PageWithCountersSerializer):
    results = DriverOutputSerializer(many=True)
    counters = DriverCountersSerializer()


class DeliveryListFilterSerializer(InputSerializer):
    status = serializers.ChoiceField(
        choices=DeliveryStatus.choices, required=False, error_messages={"invalid_choice": MSG_STATUS_UNKNOWN}
    )
    driver = serializers.IntegerField(required=False, min_value=1, error_messages={"invalid": MSG_DRIVER_INVALID})


class DeliveryStatusInputSerializer(InputSerializer):
    status = serializers.ChoiceField(
        choices=DeliveryStatus.choices, error_messages=_required(invalid_choice=MSG_STATUS_UNKNOWN)
    )


class DeliveryAssignInputSerializer(InputSerializer):
    driver_id = serializers.IntegerField(min_value=1, error_messages=_required(invalid=MSG_DRIVER_INVALID))


class DeliveryDelayInputSerializer(InputSerializer):
    estimated_time = serializers.DateTimeField(error_messages=_required(invalid=MSG_DATETIME_INVALID))
    note = StrictCharField(
        max_length=300,
        error_messages={
            "required": MSG_NOTE_REQUIRED,
            "blank": MSG_NOTE_REQUIRED,
            "null": MSG_NOTE_REQUIRED,
            "max_length": MSG_NOTE_TOO_LONG,
        },
    )


class DeliveryScheduleInputSerializer(InputSerializer):
    """Planifier une livraison: the order to deliver and when."""

    customer = StrictCharField(max_length=120, error_messages=_required())
    phone = PhoneNumberField(invalid_message=MSG_PHONE_INVALID, max_length=20, error_messages=_required())
    address = StrictCharField(max_length=255, error_messages=_required())
    commune = serializers.ChoiceField(
        choices=sorted(PLACES), error_messages=_required(invalid_choice=MSG_UNKNOWN_COMMUNE)
    )
    products = serializers.ListField(
        child=StrictCharField(max_length=120),
        allow_empty=False,
        error_messages=_required(empty=MSG_PRODUCTS_EMPTY),
    )
    amount = serializers.IntegerField(
        min_value=0, error_messages=_required(invalid=MSG_AMOUNT_INVALID, min_value=MSG_AMOUNT_INVALID)
    )
    estimated_time = serializers.DateTimeField(error_messages=_required(invalid=MSG_DATETIME_INVALID))
    priority = serializers.ChoiceField(
        choices=Priority.choices, default=Priority.MEDIUM, error_messages={"invalid_choice": MSG_PRIORITY_UNKNOWN}
    )
    driver_id = serializers.IntegerField(min_value=1, required=False, error_messages={"invalid": MSG_DRIVER_INVALID})
    latitude = serializers.FloatField(min_value=-90, max_value=90, required=False)
    longitude = serializers.FloatField(min_value=-180, max_value=180, required=False)

    def validate(self, attrs):
        if ("latitude" in attrs) != ("longitude" in attrs):
            raise serializers.ValidationError({"latitude": [MSG_COORDINATES_PAIR]})
        return attrs


class RouteStopSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    distance_km = serializers.FloatField(help_text="Distance depuis l'arrêt précédent.")
    delivery = DeliveryOutputSerializer()


class RouteOutputSerializer(serializers.Serializer):
    driver = DriverOutputSerializer()
    stops = RouteStopSerializer(many=True)
    total_distance_km = serializers.FloatField()
    explanation = serializers.CharField()


MSG_NAME_TOO_LONG = "Le nom ne peut pas dépasser 120 caractères."
MSG_VEHICLE_UNKNOWN = "Véhicule inconnu : moto ou voiture."
MSG_SIDE_UNKNOWN = "Rive inconnue : nord ou sud."


class DriverInputSerializer(InputSerializer):
    """« Ajouter un livreur » (every field but the side required) and its edit (any subset)."""

    name = StrictCharField(max_length=120, error_messages=_required(max_length=MSG_NAME_TOO_LONG))
    phone = PhoneNumberField(invalid_message=MSG_PHONE_INVALID, error_messages=_required())
    vehicle = serializers.ChoiceField(
        choices=Vehicle.choices, error_messages=_required(invalid_choice=MSG_VEHICLE_UNKNOWN)
    )
    commune = serializers.ChoiceField(
        choices=sorted(PLACES), error_messages=_required(invalid_choice=MSG_UNKNOWN_COMMUNE)
    )
    side = serializers.ChoiceField(
        choices=LagoonSide.choices, required=False, error_messages=_required(invalid_choice=MSG_SIDE_UNKNOWN)
    )


class DriverLinkIssuedSerializer(serializers.Serializer):
    """A new link, shown once: the owner copies it or opens WhatsApp on the driver's number."""

    url = serializers.CharField()
    share_url = serializers.CharField(help_text="Lien wa.me : ouvre WhatsApp vers le livreur, message prêt.")
    expires_at = serializers.DateTimeField()
    sent_via = serializers.CharField()


class DriverLinkRevokedSerializer(serializers.Serializer):
    revoked = serializers.IntegerField(help_text="Nombre de liens révoqués.")


# --- the driver's public page -----------------------------------------------------------------------

MSG_LATITUDE = "Latitude invalide : un nombre entre -90 et 90."
MSG_LONGITUDE = "Longitude invalide : un nombre entre -180 et 180."
MSG_ACCURACY = "Précision invalide : un nombre de mètres entre 0 et 100 000."
MSG_KIND = "Étape inconnue : utilisez picked_up, delivered ou problem."
MSG_REASON = "Motif inconnu : utilisez absent, wrong_address, refused ou accident."
MSG_KEY = "Clé d'idempotence invalide : 8 à 64 caractères (lettres, chiffres, - et _)."
MSG_NOTE_LONG = "La note ne peut pas dépasser 500 caractères."
MSG_REFERENCE = "Référence de livraison invalide."


class DriverPositionInputSerializer(InputSerializer):
    latitude = serializers.FloatField(
        min_value=-90,
        max_value=90,
        error_messages=_required(invalid=MSG_LATITUDE, min_value=MSG_LATITUDE, max_value=MSG_LATITUDE),
    )
    longitude = serializers.FloatField(
        min_value=-180,
        max_value=180,
        error_messages=_required(invalid=MSG_LONGITUDE, min_value=MSG_LONGITUDE, max_value=MSG_LONGITUDE),
    )
    accuracy_m = serializers.FloatField(
        min_value=0,
        max_value=100000,
        required=False,
        allow_null=True,
        error_messages={"invalid": MSG_ACCURACY, "min_value": MSG_ACCURACY, "max_value": MSG_ACCURACY},
    )


class DriverPositionOutputSerializer(serializers.Serializer):
    recorded_at = serializers.DateTimeField()


class DriverStepInputSerializer(InputSerializer):
    delivery = serializers.RegexField(
        r"^LIV-\d{4}-\d{1,9}$", max_length=20, error_messages=_required(invalid=MSG_REFERENCE)
    )
    kind = serializers.ChoiceField(choices=StepKind.choices, error_messages=_required(invalid_choice=MSG_KIND))
    reason = serializers.ChoiceField(
        choices=ProblemReason.choices, required=False, allow_blank=True, error_messages={"invalid_choice": MSG_REASON}
    )
    note = StrictCharField(
        max_length=500, required=False, allow_blank=True, error_messages={"max_length": MSG_NOTE_LONG}
    )
    idempotency_key = serializers.RegexField(r"^[A-Za-z0-9_-]{8,64}$", error_messages=_required(invalid=MSG_KEY))
    happened_at = serializers.DateTimeField(required=False, error_messages={"invalid": MSG_DATETIME_INVALID})


class DriverPageDeliverySerializer(serializers.Serializer):
    """A delivery as the driver's page shows it: what he needs, nothing of the account's other data."""

    id = serializers.CharField(source="reference")
    customer = serializers.CharField(source="customer_name")
    phone = serializers.CharField(source="customer_phone")
    address = serializers.CharField()
    commune = serializers.CharField()
    lat = serializers.FloatField(source="latitude")
    lng = serializers.FloatField(source="longitude")
    products = serializers.ListField(child=serializers.CharField())
    amount_to_collect = serializers.SerializerMethodField()
    status = serializers.ChoiceField(choices=DeliveryStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    route_position = serializers.IntegerField(allow_null=True)
    steps = DeliveryStepOutputSerializer(many=True, read_only=True)

    def get_amount_to_collect(self, obj) -> int:
        """0 when the order was paid by mobile money (« Déjà payé »), else the amount in cash."""
        return 0 if getattr(obj, "is_paid", False) else obj.amount


class DriverPageSerializer(serializers.Serializer):
    driver = serializers.CharField(help_text="Prénom du livreur.")
    expires_at = serializers.DateTimeField()
    deliveries = DriverPageDeliverySerializer(many=True)


class DriverStepOutputSerializer(serializers.Serializer):
    replayed = serializers.BooleanField(help_text="Vrai quand la même action avait déjà été reçue.")
    step = DeliveryStepOutputSerializer()
    delivery = DriverPageDeliverySerializer()
