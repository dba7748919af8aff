from django import forms
from django.contrib import admin

from core.phone import InvalidPhoneNumber, phone_to_e164

from .models import Delivery, Driver
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
