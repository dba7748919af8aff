"""Campaigns (one approved template to many customers), their recipients, the automatic follow-ups,
the per-message prices of Meta for Côte d'Ivoire and the campaign caps of each plan.

Nothing is sent twice: a recipient row is unique per (campaign, contact) and links the conversation
message it became; a follow-up row is unique per (contact, day).
"""

from django.conf import settings
from django.db import models

UNLIMITED = -1


class CampaignStatus(models.TextChoices):
    SCHEDULED = "scheduled", "Programmée"
    SENDING = "sending", "En cours d'envoi"
    SENT = "sent", "Envoyée"
    CANCELLED = "cancelled", "Annulée"


class RecipientState(models.TextChoices):
    """Our side of the send; what Meta says afterwards (delivered, read, failed) lives on the message."""

    QUEUED = "queued", "En attente"
    SENDING = "sending", "Envoi en cours"
    SENT = "sent", "Accepté par WhatsApp"
    FAILED = "failed", "Échec"
    SKIPPED = "skipped", "Ignoré"


class TemplateCategory(models.TextChoices):
    MARKETING = "MARKETING", "Marketing"
    UTILITY = "UTILITY", "Utilitaire"
    AUTHENTICATION = "AUTHENTICATION", "Authentification"


class Campaign(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="campaigns", verbose_name="compte"
    )
    name = models.CharField("nom", max_length=120)
    status = models.CharField("statut", max_length=10, choices=CampaignStatus.choices, default=CampaignStatus.SCHEDULED)
    # The audience's filters as the owner chose them (see campaigns.audience.AudienceFilter).
    audience = models.JSONField("audience", default=dict, blank=True)
    template_name = models.CharField("modèle", max_length=512)
    template_language = models.CharField("langue du modèle", max_length=15)
    template_category = models.CharField(
        "catégorie du modèle", max_length=20, choices=TemplateCategory.choices, default=TemplateCategory.MARKETING
    )
    template_body = models.TextField("texte du modèle", blank=True)
    # What fills {{1}}, {{2}}…: [{"source": "first_name" | "last_product" | "shop_name" | "text", "text": ""}].
    parameters = models.JSONField("variables", default=list, blank=True)
    scheduled_at = models.DateTimeField("envoi prévu le", db_index=True)
    started_at = models.DateTimeField("envoi commencé le", null=True, blank=True)
    finished_at = models.DateTimeField("envoi terminé le", null=True, blank=True)
    recipient_count = models.PositiveIntegerField("destinataires", default=0)
    # F CFA, rounded up, from the price table at creation time.
    estimated_cost = models.PositiveIntegerField("coût estimé (F CFA)", default=0)
    created_at = models.DateTimeField("créée le", auto_now_add=True)

    class Meta:
        verbose_name = "campagne"
        verbose_name_plural = "campagnes"
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "scheduled_at"], name="campaigns_due")]

    def __str__(self) -> str:
        return self.name


class Recipient(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="recipients")
    contact = models.ForeignKey("conversations.Contact", on_delete=models.CASCADE, related_name="campaign_receipts")
    state = models.CharField("état", max_length=10, choices=RecipientState.choices, default=RecipientState.QUEUED)
    # The template's variables filled for this customer, and what the conversation shows.
    values = models.JSONField("variables remplies", default=list, blank=True)
    # The message in the customer's conversation: recorded before the Graph call, its wamid after it.
    message = models.OneToOneField(
        "conversations.Message", on_delete=models.SET_NULL, null=True, blank=True, related_name="campaign_recipient"
    )
    claimed_at = models.DateTimeField("pris en charge le", null=True, blank=True)
    sent_at = models.DateTimeField("envoyé le", null=True, blank=True, db_index=True)
    error_code = models.IntegerField("code d'erreur WhatsApp", null=True, blank=True)

    class Meta:
        verbose_name = "destinataire"
        verbose_name_plural = "destinataires"
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["campaign", "contact"], name="campaigns_recipient_once")]
        indexes = [models.Index(fields=["campaign", "state"], name="campaigns_recipient_state")]

    def __str__(self) -> str:
        return f"{self.campaign_id} → {self.contact_id}"


class FollowUpKind(models.TextChoices):
    CART_REMINDER = "cart_reminder", "Relance de panier"
    REORDER = "reorder", "Rappel de commande habituelle"


class FollowUp(models.Model):
    """One automatic follow-up sent (or being sent) to a customer: at most one per customer per day."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    contact = models.ForeignKey("conversations.Contact", on_delete=models.CASCADE, related_name="follow_ups")
    kind = models.CharField("type", max_length=20, choices=FollowUpKind.choices)
    day = models.DateField("jour (heure d'Abidjan)")
    message = models.OneToOneField(
        "conversations.Message", on_delete=models.SET_NULL, null=True, blank=True, related_name="follow_up"
    )
    created_at = models.DateTimeField("créé le", auto_now_add=True)

    class Meta:
        verbose_name = "relance automatique"
        verbose_name_plural = "relances automatiques"
        constraints = [models.UniqueConstraint(fields=["contact", "day"], name="campaigns_follow_up_once_a_day")]

    def __str__(self) -> str:
        return f"{self.kind} → {self.contact_id} ({self.day})"


class MessagingTier(models.IntegerChoices):
    """Meta's messaging limit: business-initiated conversations with distinct customers per 24 h."""

    TIER_250 = 250, "250 clients / 24 h"
    TIER_1K = 1000, "1 000 clients / 24 h"
    TIER_10K = 10000, "10 000 clients / 24 h"
    TIER_100K = 100000, "100 000 clients / 24 h"
    UNLIMITED = UNLIMITED, "Illimité"


class CampaignSettings(models.Model):
    """Per account: the Meta messaging tier the sending honours and the follow-up switches (off by default)."""

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="campaign_settings", verbose_name="compte"
    )
    messaging_tier = models.IntegerField(
        "palier d'envoi Meta", choices=MessagingTier.choices, default=MessagingTier.TIER_1K
    )
    cart_reminder_enabled = models.BooleanField("relancer les paniers non confirmés", default=False)
    reorder_enabled = models.BooleanField("rappeler les clients habituels", default=False)
    reorder_after_days = models.PositiveSmallIntegerField("rappel après (jours)", default=10)
    reorder_template_name = models.CharField("modèle du rappel", max_length=512, blank=True)
    reorder_template_language = models.CharField("langue du modèle du rappel", max_length=15, blank=True)
    updated_at = models.DateTimeField("mis à jour le", auto_now=True)

    class Meta:
        verbose_name = "réglages des campagnes"
        verbose_name_plural = "réglages des campagnes"

    def __str__(self) -> str:
        return f"Réglages des campagnes de {self.owner_id}"


class MessagePrice(models.Model):
    """Meta's price of one delivered template message in a market, by category (staff edit it in the admin)."""

    country = models.CharField("pays (ISO 3166)", max_length=2, default="CI")
    category = models.CharField("catégorie", max_length=20, choices=TemplateCategory.choices)
    price_usd = models.DecimalField("prix Meta (USD)", max_digits=8, decimal_places=4)
    price_fcfa = models.DecimalField("prix (F CFA)", max_digits=8, decimal_places=2)
    updated_at = models.DateTimeField("mis à jour le", auto_now=True)

    class Meta:
        verbose_name = "prix d'un message WhatsApp"
        verbose_name_plural = "prix des messages WhatsApp"
        ordering = ["country", "category"]
        constraints = [models.UniqueConstraint(fields=["country", "category"], name="campaigns_price_once")]

    def __str__(self) -> str:
        return f"{self.country} {self.category}: {self.price_fcfa} F CFA"


class PlanCampaignCap(models.Model):
    """How many campaign messages a plan allows per calendar month (Abidjan); -1 is unlimited, 0 none."""

    plan = models.OneToOneField(
        "subscriptions.Plan", on_delete=models.CASCADE, related_name="campaign_cap", verbose_name="plan"
    )
    monthly_messages = models.IntegerField("messages de campagne par mois", default=0)

    class Meta:
        verbose_name = "plafond de campagnes"
        verbose_name_plural = "plafonds de campagnes"

    def __str__(self) -> str:
        return f"{self.plan_id}: {self.monthly_messages}"
