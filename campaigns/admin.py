from django.contrib import admin

from .models import Campaign, CampaignSettings, FollowUp, MessagePrice, PlanCampaignCap, Recipient


@admin.register(MessagePrice)
class MessagePriceAdmin(admin.ModelAdmin):
    list_display = ("country", "category", "price_usd", "price_fcfa", "updated_at")
    list_editable = ("price_usd", "price_fcfa")


@admin.register(PlanCampaignCap)
class PlanCampaignCapAdmin(admin.ModelAdmin):
    list_display = ("plan", "monthly_messages")
    list_editable = ("monthly_messages",)


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "status", "template_name", "recipient_count", "scheduled_at")
    list_filter = ("status",)
    readonly_fields = ("owner", "audience", "parameters", "recipient_count", "estimated_cost")


@admin.register(Recipient)
class RecipientAdmin(admin.ModelAdmin):
    list_display = ("campaign", "contact", "state", "sent_at", "error_code")
    list_filter = ("state",)
    raw_id_fields = ("campaign", "contact", "message")


@admin.register(CampaignSettings)
class CampaignSettingsAdmin(admin.ModelAdmin):
    list_display = ("owner", "messaging_tier", "cart_reminder_enabled", "reorder_enabled")


@admin.register(FollowUp)
class FollowUpAdmin(admin.ModelAdmin):
    list_display = ("contact", "kind", "day", "message")
    raw_id_fields = ("owner", "contact", "message")
