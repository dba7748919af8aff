"""WhatsApp as a transport of the conversation core (``conversations.transport.Transport``).

Bound to one account's connection: the token is decrypted once per transport, the recipient is the
contact's number or business-scoped user id (``recipient_of``), and a token Meta refuses (190) marks
the connection for reconnection as the refusal passes through. ``client.GraphError`` is a
``TransportError``, so the core stores Meta's permanent refusals and lets temporary ones raise.
"""

import logging
from functools import cached_property

from django.utils import timezone

from conversations.transport import ERROR_NOT_CONNECTED, Outgoing, OutgoingKind

from ..crypto import decrypt_token
from ..models import WhatsAppConnection
from . import client, media
from .recipient import recipient_of

logger = logging.getLogger("flux.integrations.whatsapp")

ERROR_TOKEN_EXPIRED = 190

# Meta's error codes the owner can act on, explained in French on the failed message.
ERROR_EXPLANATIONS = {
    131047: "Plus de 24 h depuis le dernier message du client : seul un modèle de message approuvé peut être envoyé.",
    131026: "Message non distribuable : ce numéro n'utilise pas WhatsApp ou n'a pas accepté les conditions.",
    190: "L'accès à WhatsApp a expiré : reconnectez WhatsApp depuis le tableau de bord.",
    131056: "Trop de messages envoyés à ce client en peu de temps : réessayez dans un instant.",
    130429: "Limite d'envoi de WhatsApp atteinte : réessayez dans un instant.",
    131051: "Type de message non pris en charge par WhatsApp.",
    470: "Plus de 24 h depuis le dernier message du client : seul un modèle de message approuvé peut être envoyé.",
    131049: "WhatsApp n'a pas distribué ce message promotionnel pour préserver l'expérience du client (trop de "
    "messages marketing reçus) : réessayez dans quelques jours.",
    131050: "Le client a désactivé les messages promotionnels de votre boutique dans WhatsApp.",
    132001: "Ce modèle n'existe pas (ou plus) dans cette langue : vérifiez-le dans WhatsApp Manager.",
    132000: "Le nombre de variables ne correspond pas au modèle.",
    ERROR_NOT_CONNECTED: "WhatsApp n'est pas connecté : le message n'a pas pu partir.",
}
ERROR_DEFAULT = "WhatsApp a refusé ce message."


def connection_token_rejected(*, connection: WhatsAppConnection) -> None:
    """Meta refused the token (190): the dashboard shows « Reconnectez WhatsApp »."""
    WhatsAppConnection.objects.filter(pk=connection.pk, token_invalid_at__isnull=True).update(
        token_invalid_at=timezone.now()
    )
    logger.warning("WhatsApp token of account %s refused by Meta: reconnection needed", connection.owner_id)


def connection_usable(connection: WhatsAppConnection | None) -> bool:
    return (
        connection is not None
        and connection.is_connected
        and bool(connection.token_ciphertext and connection.phone_number_id)
        and connection.token_invalid_at is None
    )


class WhatsAppTransport:
    def __init__(self, *, owner_id: int | None = None, connection: WhatsAppConnection | None = None):
        self.connection = (
            connection if connection is not None else WhatsAppConnection.objects.filter(owner_id=owner_id).first()
        )
        self.owner_id = owner_id if owner_id is not None else getattr(self.connection, "owner_id", None)

    def usable(self) -> bool:
        return connection_usable(self.connection)

    def unusable_reason(self) -> str:
        connection = self.connection
        return "WhatsApp is not connected" if connection is None or not connection.is_connected else "token refused"

    @cached_property
    def token(self) -> str:
        return decrypt_token(self.connection.token_ciphertext)

    def _common(self, to: str) -> dict:
        return {"phone_number_id": self.connection.phone_number_id, "token": self.token, "to": to}

    def send(self, outgoing: Outgoing, *, contact) -> str:
        common = self._common(recipient_of(contact))
        try:
            if outgoing.kind == OutgoingKind.TEMPLATE:
                parameters = [{"type": "text", "text": value} for value in outgoing.parameters]
                result = client.send_template(
                    name=outgoing.template,
                    language=outgoing.language,
                    components=[{"type": "body", "parameters": parameters}] if parameters else None,
                    **common,
                )
            elif outgoing.kind == OutgoingKind.IMAGE:
                result = media.product_photo_send(outgoing.message, **common)
            elif outgoing.kind == OutgoingKind.BUTTONS:
                result = client.send_buttons(text=outgoing.text, buttons=list(outgoing.buttons), **common)
            elif outgoing.kind == OutgoingKind.LINK:
                result = client.send_cta_url(text=outgoing.text, url=outgoing.url, button=outgoing.button, **common)
            else:
                result = client.send_text(text=outgoing.text, **common)
        except client.GraphError as error:
            if error.permanent and error.code == ERROR_TOKEN_EXPIRED:
                connection_token_rejected(connection=self.connection)
            raise
        return result.wamid

    def mark_read(self, message) -> None:
        client.mark_read(phone_number_id=self.connection.phone_number_id, token=self.token, wamid=message.wamid)

    def prepare_media(self, message) -> None:
        media.voice_note_prepare(message, token=self.token)

    @staticmethod
    def error_explanation(code: int) -> str:
        return ERROR_EXPLANATIONS.get(code, ERROR_DEFAULT)
