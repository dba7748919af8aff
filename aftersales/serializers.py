"""Response and input shapes of the after-sales API (the OpenAPI schema is written from them)."""

from rest_framework import serializers

from core.serializers import InputSerializer


class TrackingStepSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    done = serializers.BooleanField()
    current = serializers.BooleanField()


class TrackingDriverSerializer(serializers.Serializer):
    first_name = serializers.CharField(help_text="Le prénom du livreur seulement.")
    vehicle = serializers.CharField()
    phone = serializers.CharField(
        allow_null=True, help_text="Seulement si le commerçant a choisi de le montrer (désactivé par défaut)."
    )


class TrackingEtaSerializer(serializers.Serializer):
    minutes = serializers.IntegerField(allow_null=True, help_text="Minutes estimées depuis la dernière position.")
    text = serializers.CharField()
    position_age = serializers.CharField(allow_blank=True)
    distance_km = serializers.FloatField(allow_null=True)


class TrackingOutputSerializer(serializers.Serializer):
    language = serializers.ChoiceField(choices=["fr", "en"])
    title = serializers.CharField()
    shop_name = serializers.CharField(allow_blank=True)
    reference = serializers.CharField()
    status = serializers.CharField()
    status_label = serializers.CharField()
    cancelled = serializers.BooleanField()
    final = serializers.BooleanField(help_text="Livrée, retirée ou annulée : la page cesse de se rafraîchir.")
    steps = TrackingStepSerializer(many=True)
    driver = TrackingDriverSerializer(allow_null=True)
    eta = TrackingEtaSerializer()
    total = serializers.CharField()
    refreshed_at = serializers.DateTimeField()


class AftersalesSettingsOutputSerializer(serializers.Serializer):
    show_driver_phone = serializers.BooleanField()


class AftersalesSettingsInputSerializer(InputSerializer):
    show_driver_phone = serializers.BooleanField()
