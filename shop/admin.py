from django.contrib import admin

from .cache import knowledge_invalidate
from .models import DeliveryZone, ShopProfile, ShopVersion


class InvalidatingAdmin(admin.ModelAdmin):
    """Staff edits bypass the services: drop the assistant's cached view of the shop all the same."""

    @staticmethod
    def account_id(obj) -> int:
        raise NotImplementedError

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        knowledge_invalidate(self.account_id(obj))

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        knowledge_invalidate(self.account_id(form.instance))

    def delete_model(self, request, obj):
        account_id = self.account_id(obj)
        super().delete_model(request, obj)
        knowledge_invalidate(account_id)

    def delete_queryset(self, request, queryset):
        accounts = {self.account_id(obj) for obj in queryset}
        super().delete_queryset(request, queryset)
        for account_id in accounts:
            knowledge_invalidate(account_id)


class DeliveryZoneInline(admin.TabularInline):
    model = DeliveryZone
    extra = 0
    fields = ("position", "name", "areas", "served", "fee", "vehicle", "eta_min", "eta_max", "min_order")


@admin.register(ShopProfile)
class ShopProfileAdmin(InvalidatingAdmin):
    list_display = ("name", "owner", "commune", "phone", "pickup_available", "updated_at")
    search_fields = ("owner__adresse_email", "name", "commune")
    raw_id_fields = ("owner",)
    list_select_related = ("owner",)
    inlines = [DeliveryZoneInline]
    fieldsets = (
        (None, {"fields": ("owner", "name", "description", "phone")}),
        ("Adresse", {"fields": ("address_text", "commune", "landmark", "lat", "lng")}),
        ("Horaires", {"fields": ("hours", "last_order", "timezone")}),
        ("Retrait", {"fields": ("pickup_available", "pickup_eta_min", "pickup_eta_max")}),
        ("Livraison et paiement", {"fields": ("delivery_notes", "payment_methods", "payment_not_accepted")}),
        ("Questions fréquentes et relais humain", {"fields": ("faq", "handoff_contact", "handoff_large_order_items")}),
    )

    @staticmethod
    def account_id(obj) -> int:
        return obj.owner_id


@admin.register(DeliveryZone)
class DeliveryZoneAdmin(InvalidatingAdmin):
    list_display = ("name", "shop", "served", "fee", "vehicle", "min_order", "position")
    list_filter = ("served", "vehicle")
    search_fields = ("shop__owner__adresse_email", "name")
    raw_id_fields = ("shop",)
    list_select_related = ("shop",)

    @staticmethod
    def account_id(obj) -> int:
        return obj.shop.owner_id


@admin.register(ShopVersion)
class ShopVersionAdmin(admin.ModelAdmin):
    """Read-only: a version is restored by its owner (POST /shop/versions/<id>/restore), not edited."""

    list_display = ("owner", "name", "source", "products_count", "zones_count", "faq_count", "created_at")
    list_filter = ("source",)
    search_fields = ("owner__adresse_email", "name")
    list_select_related = ("owner",)
    readonly_fields = [field.name for field in ShopVersion._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
