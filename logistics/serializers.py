from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.pagination import PageWithCountersSerializer, counters_serializer
from core.serializers import InputSerializer, PhoneNumberField, StrictCharField

from .locations import PLACES
from .models import DeliveryStatus, DriverStatus, LagoonSide, Priority, Vehicle
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

    @extend_schema_field(DeliveryDelayOutputSerializer(allow_null=True))
    def get_delay(self, obj):
        if obj.delay_reported_at is None:
            return None
        return DeliveryDelayOutputSerializer(obj).data


class DriverLocationSerializer(serializers.Serializer):
    commune = serializers.CharField()
    lat = serializers.FloatField(source="latitude")
    lng = serializers.FloatField(source="longitude")


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
