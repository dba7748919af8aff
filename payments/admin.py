from django.contrib import admin

from .models import Payment, PaymentAccount


@admin.register(PaymentAccount)
class PaymentAccountAdmin(admin.ModelAdmin):
    # The secrets column is not editable and never shown.
    list_display = ["owner", "provider", "updated_at"]
    fields = ["owner", "provider", "site_id"]
    readonly_fields = ["owner", "provider"]


@admin.register(Payment)
class PaymentAdmin(admin.ModelAdmin):
    list_display = [
        "reference",
        "owner",
        "purpose",
        "provider",
        "amount_requested",
        "amount_collected",
        "status",
        "created_at",
    ]
    list_filter = ["status", "provider", "purpose"]
    search_fields = ["reference", "provider_ref", "order__reference"]
    readonly_fields = [field.name for field in Payment._meta.fields]
