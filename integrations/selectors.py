from django.conf import settings
from django.urls import reverse

from .models import WhatsAppConnection


def whatsapp_connection_get(*, user) -> WhatsAppConnection | None:
    """The account's WhatsApp connection row, connected or not; None if it never connected."""
    return WhatsAppConnection.objects.filter(owner=user).first()


def whatsapp_connection_for_number(*, phone_number_id: str) -> WhatsAppConnection | None:
    """The account a webhook change is for: the connection with this phone number id (a connected one
    first, then the most recent), or None when no account ever had it."""
    return (
        WhatsAppConnection.objects.select_related("owner")
        .filter(phone_number_id=phone_number_id)
        .order_by("status", "-connected_at")  # "connected" sorts before "disconnected"
        .first()
    )


def whatsapp_webhook_settings() -> dict:
    """The callback URL (on the app's public address, FRONTEND_URL) and the verify token an owner
    types into Meta's webhook settings, and whether this server can receive deliveries at all (the
    webhook refuses every POST without FACEBOOK_APP_SECRET and every verification without
    WHATSAPP_VERIFY_TOKEN)."""
    return {
        "webhook_url": settings.FRONTEND_URL.rstrip("/") + reverse("whatsapp-webhook"),
        "verify_token": settings.WHATSAPP_VERIFY_TOKEN,
        "receiving": bool(settings.FACEBOOK_APP_SECRET and settings.WHATSAPP_VERIFY_TOKEN),
    }
