from django.contrib import admin

from .models import Email


@admin.register(Email)
class EmailAdmin(admin.ModelAdmin):
    list_display = ("subject", "sender_name", "owner", "category", "priority", "status", "received_at")
    list_filter = ("category", "priority", "status")
    search_fields = ("subject", "sender_name", "sender_email")
    raw_id_fields = ("owner",)
