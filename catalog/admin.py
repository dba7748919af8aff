from django.contrib import admin

from shop.cache import knowledge_invalidate

from .models import Product


@admin.register(Product)
class ProductAdmin(admin.ModelAdmin):
    list_display = ("sku", "name", "owner", "price", "unit", "in_stock", "position")
    list_filter = ("in_stock",)
    search_fields = ("owner__adresse_email", "sku", "name")
    raw_id_fields = ("owner",)
    list_select_related = ("owner",)

    # Staff edits bypass the services: drop the assistant's cached view of the shop all the same.
    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        knowledge_invalidate(obj.owner_id)

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        knowledge_invalidate(obj.owner_id)

    def delete_queryset(self, request, queryset):
        owners = set(queryset.values_list("owner_id", flat=True))
        super().delete_queryset(request, queryset)
        for owner_id in owners:
            knowledge_invalidate(owner_id)
