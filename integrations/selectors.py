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
