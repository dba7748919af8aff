"""Serializers of the catalogue API. Product fields are validated by ``catalog.validation`` (the
same French messages as the whole shop document); the input serializers only require a JSON
object and document the fields."""

from collections.abc import Mapping

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.money import format_fcfa

from .models import Product

MSG_BODY = "Le corps de la requête doit être un objet JSON."
MSG_IN_STOCK_FILTER = "Le filtre in_stock doit valoir true ou false."
MSG_PHOTO_REQUIRED = "Choisissez une photo (JPEG, PNG ou WebP)."


class ProductInputSerializer(serializers.Serializer):
    sku = serializers.CharField(max_length=32)
    name = serializers.CharField(max_length=120)
    description = serializers.CharField(allow_blank=True, required=False)
    aliases = serializers.ListField(child=serializers.CharField(), required=False)
    price = serializers.IntegerField(min_value=0, help_text="F CFA, nombre entier")
    unit = serializers.CharField(allow_blank=True, required=False)
    in_stock = serializers.BooleanField(required=False, default=True)
    stock_quantity = serializers.IntegerField(
        min_value=0,
        allow_null=True,
        required=False,
        help_text="Unités en stock (facultatif) : les commandes confirmées les déduisent ; null = stock non suivi.",
    )

    def to_internal_value(self, data):
        if not isinstance(data, Mapping):
            raise serializers.ValidationError({"document": [MSG_BODY]})
        return dict(data)


class ProductListFilterSerializer(serializers.Serializer):
    q = serializers.CharField(required=False, allow_blank=True, max_length=100)
    in_stock = serializers.BooleanField(
        required=False, allow_null=True, default=None, error_messages={"invalid": MSG_IN_STOCK_FILTER}
    )


class ProductPhotoInputSerializer(serializers.Serializer):
    photo = serializers.FileField(error_messages={"required": MSG_PHOTO_REQUIRED, "invalid": MSG_PHOTO_REQUIRED})


class ProductOutputSerializer(serializers.ModelSerializer):
    price_label = serializers.SerializerMethodField()
    photo = serializers.SerializerMethodField()

    class Meta:
        model = Product
        fields = [
            "id",
            "sku",
            "name",
            "description",
            "aliases",
            "price",
            "price_label",
            "unit",
            "in_stock",
            "stock_quantity",
            "position",
            "photo",
            "updated_at",
        ]

    @extend_schema_field(serializers.CharField(help_text="« 3 500 F CFA »"))
    def get_price_label(self, product: Product) -> str:
        return format_fcfa(product.price)

    @extend_schema_field({"type": "string", "format": "uri", "nullable": True})
    def get_photo(self, product: Product) -> str | None:
        if not product.photo:
            return None
        url = product.photo.url
        request = self.context.get("request")
        return request.build_absolute_uri(url) if request is not None else url


class ProductListResponseSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = ProductOutputSerializer(many=True)
