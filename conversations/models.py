"""Contacts, conversations and messages of one account.

One conversation per contact (a WhatsApp chat). The conversation keeps a copy of its last message
and its unread count so that the list costs the same few queries whatever the number of messages.
"""

from django.conf import settings
from django.db import models


class ConversationStatus(models.TextChoices):
    """Who spoke last: the customer is waiting (pending), the AI replied (ai_response), or the
    owner's reply went out (delivered)."""

    DELIVERED = "delivered", "Distribué"
    AI_RESPONSE = "ai_response", "Réponse IA"
    PENDING = "pending", "En attente"


class Sender(models.TextChoices):
    USER = "user", "Client"  # the customer (SPEC.md calls them user)
    AI = "ai", "IA"
    AGENT = "agent", "Vous"  # the business owner, from the dashboard


class MessageStatus(models.TextChoices):
    RECEIVED = "received", "Reçu"  # a customer's message not yet read by the owner
    PENDING = "pending", "En attente d'envoi"  # an outgoing message the WhatsApp sender will deliver
    SENT = "sent", "Envoyé"
    DELIVERED = "delivered", "Distribué"
    READ = "read", "Lu"
    FAILED = "failed", "Échec de l'envoi"


class QuestionCategory(models.TextChoices):
    """What a customer's question was about, as the assistant classified it (statistics)."""

    PRODUITS = "produits", "Produits"
    PRIX = "prix", "Prix"
    LIVRAISON = "livraison", "Livraison"
    PAIEMENT = "paiement", "Paiement"
    HORAIRES = "horaires", "Horaires"
    AUTRE = "autre", "Autre"


class Contact(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="contacts", verbose_name="compte"
    )
    name = models.CharField("nom", max_length=120)
    whatsapp_number = models.CharField("numéro WhatsApp", max_length=20)
    created_at = models.DateTimeField("créé le", auto_now_add=True)

    class Meta:
        verbose_name = "contact"
        verbose_name_plural = "contacts"
        constraints = [
            models.UniqueConstraint(fields=["owner", "whatsapp_number"], name="conversations_contact_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.whatsapp_number})"


class Conversation(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="conversations", verbose_name="compte"
    )
    contact = models.OneToOneField(Contact, on_delete=models.CASCADE, related_name="conversation")
    status = models.CharField(
        "statut", max_length=12, choices=ConversationStatus.choices, default=ConversationStatus.PENDING
    )
    is_ai = models.BooleanField("gérée par l'IA", default=True)
    unread_count = models.PositiveIntegerField("messages non lus", default=0)
    last_message_preview = models.CharField("dernier message", max_length=300, blank=True)
    last_message_at = models.DateTimeField("dernier message le", db_index=True)
    created_at = models.DateTimeField("commencée le")

    class Meta:
        verbose_name = "conversation"
        verbose_name_plural = "conversations"
        ordering = ["-last_message_at", "-id"]
        indexes = [models.Index(fields=["owner", "-last_message_at"], name="conversations_owner_last")]

    def __str__(self) -> str:
        return f"Conversation avec {self.contact_id}"


class Message(models.Model):
    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="messages")
    sender = models.CharField("expéditeur", max_length=5, choices=Sender.choices)
    content = models.TextField("contenu", max_length=4096)
    sent_at = models.DateTimeField("envoyé le")
    status = models.CharField("statut", max_length=10, choices=MessageStatus.choices)
    # Set by the assistant on a customer's question and on the AI answer to it.
    category = models.CharField("catégorie de question", max_length=10, choices=QuestionCategory.choices, blank=True)
    # On AI answers: was the answer right? None until someone (the owner, a review) judges it.
    accurate = models.BooleanField("réponse correcte", null=True, blank=True)

    class Meta:
        verbose_name = "message"
        verbose_name_plural = "messages"
        ordering = ["-sent_at", "-id"]
        indexes = [models.Index(fields=["conversation", "-sent_at"], name="conversations_message_time")]

    def __str__(self) -> str:
        return self.content[:50]
