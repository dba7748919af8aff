"""Input and output serializers of the shop API.

Input: the document and its parts are checked by ``shop.document`` (one set of French messages
keyed by path, shared with ``shop_import``), so an input serializer here only makes sure the body
is a JSON object and documents the fields in the OpenAPI schema.
Output: the same field lists, read from the cleaned document's plain dicts.
"""

from collections.abc import Mapping

from rest_framework import serializers

from .document import MSG_DOCUMENT
from .models import PaymentCode, Vehicle


class ObjectBodySerializer(serializers.Serializer):
    """Accepts any JSON object and hands it on unchanged; the service validates its content."""

    def to_internal_value(self, data):
        if not isinstance(data, Mapping):
            raise serializers.ValidationError({"document": [MSG_DOCUMENT]})
        return dict(data)


class EtaField(serializers.ListField):
    def __init__(self, **kwargs):
        super().__init__(child=serializers.IntegerField(min_value=0), min_length=2, max_length=2, **kwargs)


class AddressSerializer(serializers.Serializer):
    text = serializers.CharField(allow_blank=True)
    commune = serializers.CharField(allow_blank=True)
    landmark = serializers.CharField(allow_blank=True)
    lat = serializers.FloatField(allow_null=True)
    lng = serializers.FloatField(allow_null=True)


class HoursSerializer(serializers.Serializer):
    mon = serializers.ListField(child=serializers.CharField(), allow_null=True, help_text='["07:00", "21:30"] ou null')
    tue = serializers.ListField(child=serializers.CharField(), allow_null=True)
    wed = serializers.ListField(child=serializers.CharField(), allow_null=True)
    thu = serializers.ListField(child=serializers.CharField(), allow_null=True)
    fri = serializers.ListField(child=serializers.CharField(), allow_null=True)
    sat = serializers.ListField(child=serializers.CharField(), allow_null=True)
    sun = serializers.ListField(child=serializers.CharField(), allow_null=True)
    last_order = serializers.CharField(allow_null=True, help_text="HH:MM")
    timezone = serializers.CharField(default="Africa/Abidjan")


class PickupSerializer(serializers.Serializer):
    available = serializers.BooleanField()
    eta_minutes = EtaField(allow_null=True)


class ProductDocumentSerializer(serializers.Serializer):
    sku = serializers.CharField(max_length=32)
    name = serializers.CharField(max_length=120)
    description = serializers.CharField(allow_blank=True)
    aliases = serializers.ListField(child=serializers.CharField())
    price = serializers.IntegerField(min_value=0, help_text="F CFA, nombre entier")
    unit = serializers.CharField(allow_blank=True)
    in_stock = serializers.BooleanField()
    stock_quantity = serializers.IntegerField(
        min_value=0, required=False, help_text="Unités en stock, présent seulement si le stock est suivi"
    )


class ZoneDocumentSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    areas = serializers.ListField(child=serializers.CharField())
    served = serializers.BooleanField()
    fee = serializers.IntegerField(min_value=0, allow_null=True)
    vehicle = serializers.ChoiceField(choices=Vehicle.choices, allow_null=True)
    eta_minutes = EtaField(allow_null=True)
    min_order = serializers.IntegerField(min_value=0, allow_null=True, help_text="Produits seuls, hors frais")


class NotesSerializer(serializers.Serializer):
    fr = serializers.CharField(allow_blank=True)
    en = serializers.CharField(allow_blank=True)


class PaymentMethodSerializer(serializers.Serializer):
    code = serializers.ChoiceField(choices=PaymentCode.choices)
    name = serializers.CharField()
    aliases = serializers.ListField(child=serializers.CharField())
    note = serializers.CharField(allow_blank=True)


class FaqSerializer(serializers.Serializer):
    question = serializers.CharField()
    answer = serializers.CharField()
    answer_en = serializers.CharField(allow_blank=True)


class HandoffSerializer(serializers.Serializer):
    contact = serializers.CharField(allow_blank=True)
    large_order_items = serializers.IntegerField(min_value=1, allow_null=True)


class ShopProfileSerializer(serializers.Serializer):
    """Everything but the products, zones and FAQ (GET/PATCH /shop/profile)."""

    name = serializers.CharField(allow_blank=True)
    description = serializers.CharField(allow_blank=True)
    currency = serializers.CharField(read_only=True, default="XOF")
    address = AddressSerializer()
    phone = serializers.CharField(allow_blank=True, help_text="E.164")
    hours = HoursSerializer()
    pickup = PickupSerializer()
    delivery_notes = NotesSerializer()
    payment_methods = PaymentMethodSerializer(many=True)
    payment_not_accepted = serializers.ListField(child=serializers.CharField())
    handoff = HandoffSerializer()


class ShopDocumentSerializer(ShopProfileSerializer):
    """DESIGN.md's shop document."""

    products = ProductDocumentSerializer(many=True)
    delivery_zones = ZoneDocumentSerializer(many=True)
    faq = FaqSerializer(many=True)


class ShopDocumentInputSerializer(ObjectBodySerializer, ShopDocumentSerializer):
    pass


class ShopProfileInputSerializer(ObjectBodySerializer, ShopProfileSerializer):
    pass


class ZoneOutputSerializer(ZoneDocumentSerializer):
    id = serializers.IntegerField()
    position = serializers.IntegerField()


class ZoneInputSerializer(ObjectBodySerializer, ZoneDocumentSerializer):
    pass


class ZoneListOutputSerializer(serializers.Serializer):
    results = ZoneOutputSerializer(many=True)


class FaqOutputSerializer(FaqSerializer):
    index = serializers.IntegerField(help_text="Position dans la liste ; sert d'identifiant dans l'URL.")


class FaqListOutputSerializer(serializers.Serializer):
    results = FaqOutputSerializer(many=True)


class FaqInputSerializer(ObjectBodySerializer, FaqSerializer):
    pass


class ChecklistItemSerializer(serializers.Serializer):
    code = serializers.ChoiceField(choices=["products", "delivery_zones", "whatsapp"])
    label = serializers.CharField()
    path = serializers.CharField()
    done = serializers.BooleanField()


class ChecklistOutputSerializer(serializers.Serializer):
    complete = serializers.BooleanField()
    items = ChecklistItemSerializer(many=True)


class VersionCountsSerializer(serializers.Serializer):
    products = serializers.IntegerField()
    delivery_zones = serializers.IntegerField()
    faq = serializers.IntegerField()


class ShopVersionOutputSerializer(serializers.Serializer):
    """One kept version, light: its counts, not its document."""

    id = serializers.IntegerField()
    created_at = serializers.DateTimeField(help_text="Quand ce document a été remplacé.")
    source = serializers.ChoiceField(
        choices=["put", "import", "restore", "dashboard", "demo"], help_text="Ce qui l'a remplacé."
    )
    source_label = serializers.CharField()
    actor = serializers.EmailField(allow_null=True, help_text="Qui l'a remplacé ; null pour une commande manage.py.")
    name = serializers.CharField(allow_blank=True)
    counts = VersionCountsSerializer()


class ShopVersionListOutputSerializer(serializers.Serializer):
    results = ShopVersionOutputSerializer(many=True)


class ShopVersionDetailOutputSerializer(ShopVersionOutputSerializer):
    document = ShopDocumentSerializer()
