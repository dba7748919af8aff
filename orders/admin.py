from django.contrib import admin

from .models import Order, OrderEvent, OrderLine


class OrderLineInline(admin.TabularInline):
    model = OrderLine
    extra = 0
    fields = ("position", "sku", "name", "unit_price", "quantity", "line_total")
    readonly_fields = fields
    can_delete = False


class OrderEventInline(admin.TabularInline):
    model = OrderEvent
    extra = 0
    fields = ("at", "from_status", "to_status", "actor", "user", "note", "customer_notice")
    readonly_fields = fields
    can_delete = False


@admin.register(Order)
class OrderAdmin(admin.ModelAdmin):
    """Staff read orders here; lines and history are read-only because only the services may change
    them (the lifecycle's rules and the totals constraints)."""

    list_display = ("reference", "customer_name", "customer_phone", "owner", "status", "total", "source", "created_at")
    list_filter = ("status", "source", "payment_method")
    search_fields = ("reference", "customer_name", "customer_phone", "owner__adresse_email")
    raw_id_fields = ("owner", "contact", "conversation")
    readonly_fields = ("reference", "year", "number", "subtotal", "delivery_fee", "total", "status", "created_at")
    inlines = [OrderLineInline, OrderEventInline]
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False
