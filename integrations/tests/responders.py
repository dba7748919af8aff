"""Small responders for the tests, reached through ``WHATSAPP_RESPONDER`` like the real engine."""

from conversations.replies import OutboundReply

calls: list[int] = []


def echo(*, conversation, message) -> list[OutboundReply]:
    """One reply per customer message, saying what it received."""
    calls.append(message.pk)
    return [OutboundReply(f"Bien reçu : {message.content}")]


def two_replies(*, conversation, message) -> list[OutboundReply]:
    """A text and a question with reply buttons."""
    calls.append(message.pk)
    return [
        OutboundReply("Le garba est à 1 000 F CFA."),
        OutboundReply("Vous le voulez livré ?", buttons=("Livraison", "À emporter")),
    ]
