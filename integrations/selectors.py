from .models import WhatsAppConnection


def whatsapp_connection_get(*, user) -> WhatsAppConnection | None:
    """The account's WhatsApp connection row, connected or not; None if it never connected."""
    return WhatsAppConnection.objects.filter(owner=user).first()
