"""An e-mail received by the business, as the assistant filed it: priority, category, AI summary.

The mail connector (a later issue) only has to write rows; the owner reads them and marks them read.
"""

from django.conf import settings
from django.db import models

from core.choices import Priority


class EmailStatus(models.TextChoices):
    UNREAD = "unread", "Non lu"
    AI_PROCESSED = "ai_processed", "Traité par l'IA"
    READ = "read", "Lu"


class Category(models.TextChoices):
    COMMANDE = "commande", "Commande"
    PARTENARIAT = "partenariat", "Partenariat"
    LIVRAISON = "livraison", "Livraison"
    SUPPORT = "support", "Support"
    FACTURE = "facture", "Facture"


class Email(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="emails", verbose_name="compte"
    )
    sender_name = models.CharField("expéditeur", max_length=150)
    sender_email = models.EmailField("adresse de l'expéditeur", blank=True)
    subject = models.CharField("objet", max_length=255)
    preview = models.CharField("aperçu", max_length=300, blank=True)
    received_at = models.DateTimeField("reçu le")
    priority = models.CharField("priorité", max_length=10, choices=Priority.choices, default=Priority.MEDIUM)
    status = models.CharField("statut", max_length=15, choices=EmailStatus.choices, default=EmailStatus.UNREAD)
    ai_summary = models.TextField("résumé de l'IA", blank=True)
    category = models.CharField("catégorie", max_length=15, choices=Category.choices)

    class Meta:
        verbose_name = "e-mail"
        verbose_name_plural = "e-mails"
        ordering = ["-received_at", "-id"]
        indexes = [models.Index(fields=["owner", "-received_at"], name="emails_owner_received")]

    def __str__(self) -> str:
        return self.subject
