import factory
from django.utils import timezone

from accounts.tests.factories import UserFactory
from emails.models import Category, Email, EmailStatus, Priority


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
