from django.utils import timezone

from conversations.tests.factories import ConversationFactory
from orders.tests.factories import OrderFactory


def customer(owner, *, name="Awa Koné", zone=None, ordered_days_ago=None, language="fr", **contact):
    """A customer who wrote (a conversation), optionally with an order in ``zone``."""
    extra = {f"contact__{key}": value for key, value in contact.items()}
    conversation = ConversationFactory(owner=owner, contact__name=name, language=language, **extra)
    if zone is not None:
        OrderFactory(
            owner=owner,
            contact=conversation.contact,
            conversation=conversation,
            zone=zone,
            commune=zone,
            created_at=timezone.now() - timezone.timedelta(days=ordered_days_ago or 1),
        )
    return conversation.contact
