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
    types into Meta's webhook settings; whether Meta can register the webhook at all (every
    verification is refused without WHATSAPP_VERIFY_TOKEN); and whether the manual set-up needs the
    business's app secret (without FACEBOOK_APP_SECRET nothing else can check its deliveries)."""
    return {
        "webhook_url": settings.FRONTEND_URL.rstrip("/") + reverse("whatsapp-webhook"),
        "verify_token": settings.WHATSAPP_VERIFY_TOKEN,
        "receiving": bool(settings.WHATSAPP_VERIFY_TOKEN),
        "app_secret_required": not settings.FACEBOOK_APP_SECRET,
    }
