from django.apps import AppConfig


class ConversationsConfig(AppConfig):
    """Customers (contacts), their WhatsApp conversations and the messages the AI, the customer
    and the owner exchange (the 'Conversations IA' page)."""

    name = "conversations"
    verbose_name = "conversations"
