"""After-sales: the customer's tracking link, the rating request an hour after delivery, and the ratings.

A tracking link is opened by an unguessable token (``secrets.token_urlsafe(32)``) that only the
customer's WhatsApp message carries: the database keeps its SHA-256, never the token itself.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q


class TrackingLink(models.Model):
    """The public page /suivi/<token> of one order (one link per order; a new one replaces it)."""

    order = models.OneToOneField(
        "orders.Order", on_delete=models.CASCADE, related_name="tracking_link", verbose_name="commande"
    )
    token_hash = models.CharField("empreinte du jeton", max_length=64, unique=True)
    created_at = models.DateTimeField("créé le")
    expires_at = models.DateTimeField("expire le", db_index=True)
    last_viewed_at = models.DateTimeField("consulté le", null=True, blank=True)

    class Meta:
        verbose_name = "lien de suivi"
        verbose_name_plural = "liens de suivi"
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.order_id} → {self.expires_at:%Y-%m-%d %H:%M}"


class AftersalesSettings(models.Model):
    """Account-level after-sales switches (the row is created on first write; absent means defaults)."""

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="aftersales_settings", verbose_name="compte"
    )
    show_driver_phone = models.BooleanField(
        "numéro du livreur sur la page de suivi",
        default=False,
        help_text="Le client voit le numéro du livreur sur sa page de suivi (désactivé par défaut).",
    )
    updated_at = models.DateTimeField("mis à jour", auto_now=True)

    class Meta:
        verbose_name = "réglages après-vente"
        verbose_name_plural = "réglages après-vente"

    def __str__(self) -> str:
        return f"Après-vente de {self.owner_id}"


class RatingRequestStatus(models.TextChoices):
    PENDING = "pending", "À envoyer"
    SENT = "sent", "Message envoyé"
    TEMPLATE_SENT = "template_sent", "Modèle envoyé"
    SKIPPED = "skipped", "Non envoyé"
    FAILED = "failed", "Échec de l'envoi"


class RatingRequest(models.Model):
    """The question « notez votre livraison » for one order: at most one per order, ever."""

    order = models.OneToOneField(
        "orders.Order", on_delete=models.CASCADE, related_name="rating_request", verbose_name="commande"
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name="compte"
    )
    conversation = models.ForeignKey(
        "conversations.Conversation",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rating_requests",
        verbose_name="conversation",
    )
    status = models.CharField(
        "statut", max_length=14, choices=RatingRequestStatus.choices, default=RatingRequestStatus.PENDING
    )
    notice = models.CharField("détail", max_length=160, blank=True)
    created_at = models.DateTimeField("créée le")
    sent_at = models.DateTimeField("envoyée le", null=True, blank=True)
    answered_at = models.DateTimeField("répondue le", null=True, blank=True)
    # The question as the conversation shows it: a reply counts only while it is the shop's last word.
    request_message = models.ForeignKey(
        "conversations.Message", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The customer's message that answered it: asked again for the same message, the same reply.
    answer_message = models.ForeignKey(
        "conversations.Message", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = "demande d'avis"
        verbose_name_plural = "demandes d'avis"
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["conversation", "-sent_at"], name="aftersales_request_pending")]

    def __str__(self) -> str:
        return f"{self.order_id} ({self.status})"


class Rating(models.Model):
    """The customer's score (1–5) and word about a delivered order."""

    order = models.OneToOneField(
        "orders.Order", on_delete=models.CASCADE, related_name="rating", verbose_name="commande"
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings", verbose_name="compte"
    )
    driver = models.ForeignKey(
        "logistics.Driver",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="ratings",
        verbose_name="livreur",
    )
    score = models.PositiveSmallIntegerField("note (1 à 5)")
    comment = models.CharField("commentaire", max_length=500, blank=True)
    complaint = models.BooleanField("réclamation", default=False)
    handed_off = models.BooleanField("transmise au commerçant", default=False)
    created_at = models.DateTimeField("reçue le", db_index=True)

    class Meta:
        verbose_name = "avis client"
        verbose_name_plural = "avis clients"
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(score__gte=1) & Q(score__lte=5), name="aftersales_rating_score_range")
        ]
        indexes = [models.Index(fields=["owner", "-created_at"], name="aftersales_rating_owner")]

    def __str__(self) -> str:
        return f"{self.order_id}: {self.score}/5"
