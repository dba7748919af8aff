"""Input and output shapes of the orders API (snake_case; DESIGN.md's ``GET /orders`` item shape plus
``status_label`` and ``source``). Input messages are French module constants."""

from rest_framework import serializers

from core.phone import InvalidPhoneNumber, phone_to_e164

from .models import Actor, OrderSource, OrderStatus, PaymentMethod

MSG_REQUIRED = "Ce champ est obligatoire."
MSG_STATUS_UNKNOWN = "Statut inconnu : utilisez " + ", ".join(OrderStatus.values) + "."
MSG_PAYMENT_UNKNOWN = "Moyen de paiement inconnu : utilisez " + ", ".join(PaymentMethod.values) + "."
MSG_DATE_INVALID = "Date invalide : utilisez le format AAAA-MM-JJ."
MSG_DATE_ORDER = "La date de début doit précéder la date de fin."
MSG_PHONE_INVALID = "Numéro WhatsApp invalide."
MSG_INTEGER = "Indiquez un nombre entier."
MSG_QUANTITY = "La quantité doit être d'au moins 1."
MSG_AMOUNT = "Le montant doit être un nombre entier de F CFA, positif ou nul."
MSG_ITEMS_EMPTY = "Ajoutez au moins un produit."
MSG_ITEM_INCOMPLETE = "Indiquez le nom et le prix unitaire du produit, ou son code produit du catalogue."
MSG_REASON_REQUIRED = "Indiquez le motif de l'annulation."
MSG_TOO_LONG = "Ce texte ne peut pas dépasser {max_length} caractères."
MSG_DRIVER_INVALID = "Identifiant de livreur invalide."
MSG_COORDINATES_PAIR = "Indiquez la latitude et la longitude ensemble."


def _messages(**extra: str) -> dict[str, str]:
    return {
        "required": MSG_REQUIRED,
        "blank": MSG_REQUIRED,
        "null": MSG_REQUIRED,
        "invalid": MSG_INTEGER,
        "max_length": MSG_TOO_LONG,
        **extra,
    }


# --- output ----------------------------------------------------------------------------------------


class OrderItemOutputSerializer(serializers.Serializer):
    sku = serializers.CharField()
    name = serializers.CharField()
    quantity = serializers.IntegerField()
    unit_price = serializers.IntegerField()
    line_total = serializers.IntegerField()


class OrderCustomerOutputSerializer(serializers.Serializer):
    name = serializers.CharField(source="customer_name")
    whatsapp_number = serializers.CharField(
        source="customer_phone", help_text="E.164 ; vide pour un client WhatsApp qui n'a pas montré son numéro"
    )


class OrderOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    reference = serializers.CharField(help_text="CMD-<année>-<numéro>")
    status = serializers.ChoiceField(choices=OrderStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    items = OrderItemOutputSerializer(source="lines", many=True)
    zone = serializers.CharField(help_text="Nom de la zone de livraison, ou « pickup »")
    subtotal = serializers.IntegerField()
    delivery_fee = serializers.IntegerField()
    total = serializers.IntegerField()
    payment_method = serializers.ChoiceField(choices=PaymentMethod.choices)
    payment_method_label = serializers.CharField(source="get_payment_method_display")
    customer = OrderCustomerOutputSerializer(source="*")
    conversation_id = serializers.IntegerField(allow_null=True)
    source = serializers.ChoiceField(choices=OrderSource.choices)
    created_at = serializers.DateTimeField()


class OrderEventOutputSerializer(serializers.Serializer):
    from_status = serializers.CharField()
    to_status = serializers.ChoiceField(choices=OrderStatus.choices)
    to_status_label = serializers.CharField(source="get_to_status_display")
    actor = serializers.ChoiceField(choices=Actor.choices)
    actor_label = serializers.CharField(source="get_actor_display")
    user_name = serializers.SerializerMethodField()
    note = serializers.CharField()
    customer_notice = serializers.CharField()
    at = serializers.DateTimeField()

    def get_user_name(self, event) -> str | None:
        user = event.user
        return f"{user.prenom} {user.nom}".strip() if user else None


class OrderDriverOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    phone = serializers.CharField()
    vehicle = serializers.CharField()
    side = serializers.CharField()
    commune = serializers.CharField()


class OrderDriverChoiceOutputSerializer(OrderDriverOutputSerializer):
    eligible = serializers.BooleanField(help_text="Disponible et capable d'atteindre l'adresse (rive, véhicule).")


class OrderDeliveryOutputSerializer(serializers.Serializer):
    reference = serializers.CharField()
    status = serializers.CharField()
    status_label = serializers.CharField(source="get_status_display")
    driver = OrderDriverOutputSerializer(allow_null=True)


class OrderDetailOutputSerializer(OrderOutputSerializer):
    address = serializers.CharField()
    commune = serializers.CharField()
    eta_minutes = serializers.IntegerField(allow_null=True)
    cancel_reason = serializers.CharField()
    next_statuses = serializers.ListField(child=serializers.ChoiceField(choices=OrderStatus.choices))
    history = OrderEventOutputSerializer(source="events", many=True)
    delivery = OrderDeliveryOutputSerializer(source="delivery_info", allow_null=True)
    suggested_driver = OrderDriverOutputSerializer(allow_null=True)
    driver_choices = OrderDriverChoiceOutputSerializer(many=True)
    lagoon_side = serializers.CharField(allow_null=True)


class OrderCountersSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    confirmed = serializers.IntegerField()
    awaiting_payment = serializers.IntegerField()
    paid = serializers.IntegerField()
    preparing = serializers.IntegerField()
    out_for_delivery = serializers.IntegerField()
    delivered = serializers.IntegerField()
    ready = serializers.IntegerField()
    picked_up = serializers.IntegerField()
    cancelled = serializers.IntegerField()


class OrderListResponseSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = OrderOutputSerializer(many=True)
    counters = OrderCountersSerializer()


class DeliveryZoneChoiceOutputSerializer(serializers.Serializer):
    name = serializers.CharField()
    areas = serializers.ListField(child=serializers.CharField())
    fee = serializers.SerializerMethodField(help_text="Frais de livraison facturés (F CFA)")
    eta_minutes = serializers.ListField(child=serializers.IntegerField(), source="eta", allow_null=True)
    min_order = serializers.IntegerField()

    def get_fee(self, zone) -> int:
        return int(zone.fee or 0)


class DeliveryZonesOutputSerializer(serializers.Serializer):
    pickup_available = serializers.BooleanField()
    zones = DeliveryZoneChoiceOutputSerializer(many=True, help_text="Zones desservies, dans l'ordre de la boutique")


class DeliveryQuoteOutputSerializer(serializers.Serializer):
    zone = serializers.CharField(help_text="Nom de la zone de livraison, ou « pickup »")
    fee = serializers.IntegerField(help_text="Frais de livraison facturés (F CFA)")
    commune = serializers.CharField()
    eta_minutes = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    min_order = serializers.IntegerField()


class OrderNewCountOutputSerializer(serializers.Serializer):
    confirmed = serializers.IntegerField(help_text="Commandes « Confirmée » qui attendent le commerçant.")


# --- input -----------------------------------------------------------------------------------------


class CustomerNumberField(serializers.CharField):
    """A WhatsApp number in any format people write it, as E.164."""

    def to_internal_value(self, data):
        raw = super().to_internal_value(data)
        try:
            return phone_to_e164(raw)
        except InvalidPhoneNumber:
            raise serializers.ValidationError(MSG_PHONE_INVALID) from None


class OrderListFilterSerializer(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=OrderStatus.choices, required=False, error_messages={"invalid_choice": MSG_STATUS_UNKNOWN}
    )
    customer = CustomerNumberField(required=False, max_length=40)
    date_from = serializers.DateField(required=False, error_messages={"invalid": MSG_DATE_INVALID})
    date_to = serializers.DateField(required=False, error_messages={"invalid": MSG_DATE_INVALID})
    q = serializers.CharField(required=False, max_length=100, allow_blank=True)

    def validate(self, attrs):
        if attrs.get("date_from") and attrs.get("date_to") and attrs["date_from"] > attrs["date_to"]:
            raise serializers.ValidationError({"date_to": [MSG_DATE_ORDER]})
        return attrs


class OrderExportFilterSerializer(OrderListFilterSerializer):
    pass


class OrderItemInputSerializer(serializers.Serializer):
    sku = serializers.CharField(required=False, allow_blank=True, max_length=40, error_messages=_messages())
    name = serializers.CharField(required=False, allow_blank=True, max_length=200, error_messages=_messages())
    unit_price = serializers.IntegerField(
        required=False, min_value=0, max_value=100_000_000, error_messages=_messages(min_value=MSG_AMOUNT)
    )
    quantity = serializers.IntegerField(min_value=1, max_value=10_000, error_messages=_messages(min_value=MSG_QUANTITY))

    def validate(self, attrs):
        if not (attrs.get("name") and attrs.get("unit_price") is not None) and not attrs.get("sku"):
            raise serializers.ValidationError(MSG_ITEM_INCOMPLETE)
        return attrs


class OrderCreateInputSerializer(serializers.Serializer):
    customer_name = serializers.CharField(max_length=120, error_messages=_messages())
    customer_phone = CustomerNumberField(max_length=40, error_messages=_messages())
    items = OrderItemInputSerializer(many=True)
    zone = serializers.CharField(
        max_length=80,
        error_messages=_messages(),
        help_text="Une zone de livraison de la boutique, une commune ou un quartier qu'elle couvre, ou « pickup »",
    )
    address = serializers.CharField(required=False, allow_blank=True, max_length=255, error_messages=_messages())
    commune = serializers.CharField(required=False, allow_blank=True, max_length=60, error_messages=_messages())
    latitude = serializers.FloatField(required=False, min_value=-90, max_value=90)
    longitude = serializers.FloatField(required=False, min_value=-180, max_value=180)
    delivery_fee = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=10_000_000,
        error_messages=_messages(min_value=MSG_AMOUNT),
        help_text="Facultatif : les frais viennent de la zone (GET /orders/delivery-zones). S'ils sont envoyés, "
        "ils doivent être ceux de la zone (400 delivery_fee_mismatch sinon).",
    )
    payment_method = serializers.ChoiceField(
        choices=PaymentMethod.choices, error_messages={**_messages(), "invalid_choice": MSG_PAYMENT_UNKNOWN}
    )
    note = serializers.CharField(required=False, allow_blank=True, max_length=300, error_messages=_messages())

    def validate_items(self, items):
        if not items:
            raise serializers.ValidationError(MSG_ITEMS_EMPTY)
        return items

    def validate(self, attrs):
        if ("latitude" in attrs) != ("longitude" in attrs):
            raise serializers.ValidationError({"latitude": [MSG_COORDINATES_PAIR]})
        return attrs


class DeliveryQuoteInputSerializer(serializers.Serializer):
    place = serializers.CharField(max_length=80, error_messages=_messages())


class OrderTransitionInputSerializer(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=OrderStatus.choices, error_messages={**_messages(), "invalid_choice": MSG_STATUS_UNKNOWN}
    )
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=300)


class OrderCancelInputSerializer(serializers.Serializer):
    reason = serializers.CharField(
        max_length=300, error_messages=_messages(required=MSG_REASON_REQUIRED, blank=MSG_REASON_REQUIRED)
    )


class OrderAssignDriverInputSerializer(serializers.Serializer):
    driver_id = serializers.IntegerField(min_value=1, error_messages=_messages(invalid=MSG_DRIVER_INVALID))
