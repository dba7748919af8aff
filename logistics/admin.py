from django.contrib import admin

from .models import Delivery, Driver


@admin.register(Driver)
class DriverAdmin(admin.ModelAdmin):
    list_display = ("name", "phone", "owner", "commune", "rating")
    search_fields = ("name", "phone")
    raw_id_fields = ("owner",)


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    list_display = ("reference", "customer_name", "owner", "city", "status", "priority", "amount", "created_at")
    list_filter = ("status", "priority", "city")
    search_fields = ("reference", "customer_name", "customer_phone")
    raw_id_fields = ("owner", "driver")
    readonly_fields = ("reference", "year", "number")
