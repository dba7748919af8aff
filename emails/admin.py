from django.contrib import admin

from .models import Email, MailboxConnection


@admin.register(Email)
class EmailAdmin(admin.ModelAdmin):
    list_display = ("subject", "sender_name", "owner", "category", "priority", "status", "received_at")
    list_filter = ("category", "priority", "status")
    search_fields = ("subject", "sender_name", "sender_email")
    raw_id_fields = ("owner", "mailbox", "order")
    readonly_fields = ("imap_account", "uidvalidity", "uid", "message_id", "attachments", "order_lines", "size")


@admin.register(MailboxConnection)
class MailboxConnectionAdmin(admin.ModelAdmin):
    """Never shows the password (stored encrypted, excluded from the form)."""

    list_display = ("address", "host", "owner", "last_synced_at", "consecutive_failures", "last_error")
    search_fields = ("address", "host", "owner__adresse_email")
    raw_id_fields = ("owner",)
    exclude = ("password_encrypted",)
    readonly_fields = (
        "uidvalidity",
        "last_uid",
        "last_synced_at",
        "last_error",
        "last_error_at",
        "consecutive_failures",
        "next_attempt_at",
        "locked_until",
        "last_run_fetched",
        "last_run_notice",
        "digest_last_sent_on",
    )
