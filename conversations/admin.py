from django.contrib import admin

from .models import Contact, Conversation, Message


@admin.register(Contact)
class ContactAdmin(admin.ModelAdmin):
    list_display = ("name", "whatsapp_number", "owner", "created_at")
    search_fields = ("name", "whatsapp_number")
    raw_id_fields = ("owner",)


@admin.register(Conversation)
class ConversationAdmin(admin.ModelAdmin):
    list_display = ("contact", "owner", "status", "is_ai", "unread_count", "last_message_at")
    list_filter = ("status", "is_ai")
    raw_id_fields = ("owner", "contact")


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ("conversation", "sender", "status", "category", "accurate", "sent_at")
    list_filter = ("sender", "status", "category")
    raw_id_fields = ("conversation",)
