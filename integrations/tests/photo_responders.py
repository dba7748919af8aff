"""A responder for the channel's photo tests, reached through ``WHATSAPP_RESPONDER`` like the engine:
the photos of two products (the second has none in the tests) and a closing text."""

from conversations.replies import OutboundReply


def two_photos(*, conversation, message) -> list[OutboundReply]:
    return [
        OutboundReply("Voici Huile végétale 1 L : 1 400 F CFA", photo="K03"),
        OutboundReply("Voici Sucre en morceaux 1 kg : 1 000 F CFA", photo="K04"),
        OutboundReply("Lequel voulez-vous ?"),
    ]
