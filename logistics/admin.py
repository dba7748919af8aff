from django import forms
from django.contrib import admin

from core.phone import InvalidPhoneNumber, phone_to_e164

from .models import Delivery, DeliveryStep, Driver, DriverLink, DriverPosition
from .services import MSG_PHONE_INVALID


class PhoneE164Form(forms.ModelForm):
    """Staff type numbers as they come (``07 07 08 09 10``); they are stored as E.164."""

    phone_field = ""

    def clean(self):
        cleaned = super().clean()
        raw = cleaned.get(self.phone_field)
        if raw:
            try:
                cleaned[self.phone_field] = phone_to_e164(raw)
            except InvalidPhoneNumber:
                self.add_error(self.phone_field, MSG_PHONE_INVALID)
        return cleaned


class DriverForm(PhoneE164Form):
    phone_field = "phone"

    class Meta:
        model = Driver
        fields = ["owner", "name", "phone", "rating", "commune", "latitude", "longitude"]


class DeliveryForm(PhoneE164Form):
    phone_field = "customer_phone"

    class Meta:
        model = Delivery
        # reference, year and number are read-only (DeliveryAdmin.readonly_fields).
        fields = [
            "owner",
            "customer_name",
            "customer_phone",
            "address",
            "commune",
            "city",
            "latitude",
            "longitude",
            "products",
            "amount",
            "status",
            "priority",
            "progress",
            "driver",
            "estimated_at",
            "delay_note",
            "delay_reported_at",
            "route_position",
            "created_at",
            "delivered_at",
        ]


@admin.register(Driver)
class DriverAdmin(admin.ModelAdmin):
    form = DriverForm
    list_display = ("name", "phone", "owner", "commune", "rating")
    search_fields = ("name", "phone")
    raw_id_fields = ("owner",)


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    form = DeliveryForm
    list_display = ("reference", "customer_name", "owner", "city", "status", "priority", "amount", "created_at")
    list_filter = ("status", "priority", "city")
    search_fields = ("reference", "customer_name", "customer_phone")
    raw_id_fields = ("owner", "driver")
    readonly_fields = ("reference", "year", "number")


@admin.register(DriverPosition)
class DriverPositionAdmin(admin.ModelAdmin):
    """Positions posted by the drivers' pages (kept 6 h): read-only."""

    list_display = ("driver", "latitude", "longitude", "accuracy_m", "recorded_at")
    list_filter = ("recorded_at",)
    list_select_related = ("driver",)
    readonly_fields = ("driver", "latitude", "longitude", "accuracy_m", "recorded_at")

    def has_add_permission(self, request):
        return False


@admin.register(DriverLink)
class DriverLinkAdmin(admin.ModelAdmin):
    """Drivers' links: only the token's hash is stored, so nothing here opens a driver's page."""

    list_display = ("driver", "created_at", "expires_at", "revoked_at", "sent_via", "last_used_at")
    list_select_related = ("driver",)
    readonly_fields = (
        "driver", "token_hash", "created_at", "expires_at", "last_used_at", "sent_via", "sent_at", "send_error",
    )  # fmt: skip

    def has_add_permission(self, request):
        return False


@admin.register(DeliveryStep)
class DeliveryStepAdmin(admin.ModelAdmin):
    list_display = ("delivery", "driver", "kind", "reason", "happened_at")
    list_filter = ("kind", "reason")
    list_select_related = ("delivery", "driver")
    readonly_fields = ("delivery", "driver", "kind", "reason", "note", "idempotency_key", "happened_at", "created_at")

    def has_add_permission(self, request):
        return False
