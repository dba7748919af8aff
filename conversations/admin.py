from django.contrib import admin

from .models import Contact, Conversation, Message


@admin.register(Contact)
class ContactAdmin(admin.ModelAdmin):
    list_display = ("name", "whatsapp_number", "owner", "created_at")
    search_fields = ("name", "whatsapp_number")
    raw_id_fields = ("owner",)


@admin.register(Conversation)
class ConversationAdmin(admin.ModelAdmin):
    list_display = ("contact", "owner", "status", "mode", "over_quota", "unread_count", "last_message_at")
    list_filter = ("status", "mode", "over_quota")
    search_fields = ("contact__name", "contact__whatsapp_number", "owner__adresse_email")
    raw_id_fields = ("owner", "contact")


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    """Inbound and outbound WhatsApp messages with their statuses and Meta's errors."""

    list_display = ("conversation", "sender", "kind", "status", "error_code", "intent", "wamid", "sent_at")
    list_filter = ("sender", "status", "kind", "error_code", "intent")
    search_fields = ("wamid", "content", "error_title", "conversation__contact__whatsapp_number")
    raw_id_fields = ("conversation", "reply_to")
    readonly_fields = ("wamid", "status_at", "handled_at", "created_at")
