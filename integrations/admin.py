from django.contrib import admin, messages

from .models import InboundEvent, WhatsAppConnection
from .services import whatsapp_disconnect


@admin.register(WhatsAppConnection)
class WhatsAppConnectionAdmin(admin.ModelAdmin):
    """Staff see who is connected; the encrypted token is not a field here at all."""

    list_display = (
        "owner",
        "status",
        "credential_type",
        "waba_id",
        "phone_number_id",
        "connected_at",
        "disconnected_at",
        "disconnected_by",
    )
    list_filter = ("status", "credential_type")
    search_fields = ("owner__adresse_email", "owner__nom_entreprise", "waba_id", "phone_number_id")
    fields = (
        "owner",
        "status",
        "credential_type",
        "waba_id",
        "phone_number_id",
        "connected_at",
        "disconnected_at",
        "disconnected_by",
        "created_at",
        "updated_at",
    )
    readonly_fields = fields
    actions = ["disconnect"]

    def has_add_permission(self, request):
        # Connections come from the dashboard's Facebook flow, never typed in by hand.
        return False

    @admin.action(description="Déconnecter WhatsApp pour les comptes sélectionnés")
    def disconnect(self, request, queryset):
        count = 0
        for connection in queryset.select_related("owner"):
            if connection.is_connected:
                whatsapp_disconnect(user=connection.owner, by=request.user)
                count += 1
        self.message_user(request, f"{count} connexion(s) WhatsApp déconnectée(s).", messages.SUCCESS)


@admin.register(InboundEvent)
class InboundEventAdmin(admin.ModelAdmin):
    """What Meta delivered, before it became a conversation's message: a row still without « transformé
    en message le » after a minute means the worker or the sweep has not run."""

    list_display = ("wamid", "phone_number_id", "received_at", "stored_at")
    list_filter = (("stored_at", admin.EmptyFieldListFilter),)
    search_fields = ("wamid", "phone_number_id")
    readonly_fields = ("wamid", "phone_number_id", "data", "received_at", "stored_at")
    date_hierarchy = "received_at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
