import factory
from django.utils import timezone

from accounts.tests.factories import UserFactory
from emails.models import Category, Email, EmailStatus, MailboxConnection, Priority
from integrations.crypto import encrypt_token


class EmailFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Email

    owner = factory.SubFactory(UserFactory)
    sender_name = "Koffi Yao"
    sender_email = "koffi.yao@example.ci"
    subject = factory.Sequence(lambda n: f"Commande de pagnes n°{n}")
    preview = "Bonjour, je voudrais commander 10 pagnes wax..."
    received_at = factory.LazyFunction(timezone.now)
    priority = Priority.MEDIUM
    status = EmailStatus.UNREAD
    ai_summary = "Le client veut commander 10 pagnes wax livrés à Cocody."
    category = Category.COMMANDE


class MailboxConnectionFactory(factory.django.DjangoModelFactory):
    """A connected mailbox; ``password`` (not a field) is stored encrypted."""

    class Meta:
        model = MailboxConnection
        exclude = ("password",)

    owner = factory.SubFactory(UserFactory, plan_abonnement="pro")
    host = "127.0.0.1"
    port = 143
    security = "none"
    address = factory.Sequence(lambda n: f"boite{n}@example.ci")
    password = "secret"
    password_encrypted = factory.LazyAttribute(lambda o: encrypt_token(o.password))
