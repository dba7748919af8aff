import factory
from django.utils import timezone

from accounts.tests.factories import UserFactory
from conversations.models import (
    Contact,
    Conversation,
    ConversationMode,
    ConversationStatus,
    Message,
    MessageStatus,
    Sender,
)


class ContactFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Contact

    owner = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Fatou Bamba {n}")
    whatsapp_number = factory.Sequence(lambda n: f"+22507{n:08d}")


class ConversationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Conversation

    owner = factory.SubFactory(UserFactory)
    contact = factory.SubFactory(ContactFactory, owner=factory.SelfAttribute("..owner"))
    status = ConversationStatus.AI_RESPONSE
    mode = ConversationMode.AI
    unread_count = 0
    last_message_preview = "Oui, le pagne wax est disponible à 8 000 F CFA."
    last_message_at = factory.LazyFunction(timezone.now)
    created_at = factory.LazyFunction(timezone.now)
    last_inbound_at = factory.LazyFunction(timezone.now)


class MessageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Message

    conversation = factory.SubFactory(ConversationFactory)
    sender = Sender.USER
    content = "Bonsoir, le pagne wax est encore disponible ?"
    sent_at = factory.LazyFunction(timezone.now)
    status = MessageStatus.RECEIVED
