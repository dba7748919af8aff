from django.contrib import admin

from .models import AccountPreferences


@admin.register(AccountPreferences)
class AccountPreferencesAdmin(admin.ModelAdmin):
    list_display = ("owner", "tone", "new_messages", "ai_alerts", "delivery_updates", "weekly_reports", "updated_at")
    raw_id_fields = ("owner",)
