"""Payment links and the merchant credentials that make them.

``PaymentAccount``: one provider account of a shop (CinetPay or Wave), its secrets encrypted with
the same keys as the WhatsApp token (``integrations.crypto``), never returned by any API nor shown
in the admin. ``Payment``: one link sent to a payer (a customer for an order, or an owner for a
plan), with the amount requested, the amount sent to the provider and the amount it collected.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q


class Provider(models.TextChoices):
    CINETPAY = "cinetpay", "CinetPay"
    WAVE = "wave", "Wave"


# The shop's payment codes each provider collects (CinetPay aggregates the Ivorian wallets).
PROVIDER_METHODS = {
    Provider.CINETPAY: ("wave", "orange_money", "mtn_momo", "moov_money"),
    Provider.WAVE: ("wave",),
}
ONLINE_METHODS = frozenset({"wave", "orange_money", "mtn_momo", "moov_money", "card"})


class PaymentAccount(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="payment_accounts", verbose_name="compte"
    )
    provider = models.CharField("prestataire", max_length=20, choices=Provider.choices)
    site_id = models.CharField("identifiant du site (CinetPay)", max_length=40, blank=True)
    # Fernet ciphertext of a JSON object: api_key and secret_key (CinetPay) or webhook_secret (Wave).
    secrets_ciphertext = models.TextField("identifiants chiffrés", editable=False)
    created_at = models.DateTimeField("créé le", auto_now_add=True)
    updated_at = models.DateTimeField("mis à jour", auto_now=True)

    class Meta:
        verbose_name = "compte de paiement"
        verbose_name_plural = "comptes de paiement"
        constraints = [models.UniqueConstraint(fields=["owner", "provider"], name="payments_account_unique")]

    def __str__(self) -> str:
        return f"{self.get_provider_display()} du compte {self.owner_id}"


class Purpose(models.TextChoices):
    ORDER = "order", "Commande"
    SUBSCRIPTION = "subscription", "Abonnement"


class PaymentStatus(models.TextChoices):
    PENDING = "pending", "En attente"
    SUCCEEDED = "succeeded", "Payé"
    FAILED = "failed", "Échoué"
    EXPIRED = "expired", "Expiré"


class Payment(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="payments", verbose_name="compte"
    )
    purpose = models.CharField("objet", max_length=20, choices=Purpose.choices)
    order = models.ForeignKey(
        "orders.Order",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="payments",
        verbose_name="commande",
    )
    plan_code = models.CharField("plan", max_length=20, blank=True)
    provider = models.CharField("prestataire", max_length=20, choices=Provider.choices)
    # True when the platform's own account (settings) collects it: an owner paying Flux IA.
    platform = models.BooleanField("compte de la plateforme", default=False)
    method = models.CharField("moyen de paiement", max_length=20, blank=True)
    # The payer's language for the link and its reminders ("fr" or "en", from the assistant's turn).
    language = models.CharField("langue", max_length=2, default="fr")
    # Our transaction id, sent to the provider (CinetPay's transaction_id, Wave's client_reference).
    reference = models.CharField("référence", max_length=40, unique=True)
    provider_ref = models.CharField("référence du prestataire", max_length=100, blank=True, db_index=True)
    payment_url = models.URLField("lien de paiement", max_length=500, blank=True)
    amount_requested = models.PositiveIntegerField("montant demandé (F CFA)")
    # CinetPay takes multiples of 5 only: what the provider was asked for may be a little more.
    amount_charged = models.PositiveIntegerField("montant envoyé au prestataire (F CFA)")
    amount_collected = models.PositiveIntegerField("montant encaissé (F CFA)", null=True, blank=True)
    status = models.CharField("statut", max_length=20, choices=PaymentStatus.choices, default=PaymentStatus.PENDING)
    error = models.CharField("erreur", max_length=300, blank=True)
    link_sent_at = models.DateTimeField("lien envoyé le", null=True, blank=True)
    expires_at = models.DateTimeField("expire le", null=True, blank=True)
    paid_at = models.DateTimeField("payé le", null=True, blank=True)
    created_at = models.DateTimeField("créé le", auto_now_add=True)
    updated_at = models.DateTimeField("mis à jour", auto_now=True)

    class Meta:
        verbose_name = "paiement"
        verbose_name_plural = "paiements"
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "expires_at"], name="payments_status_expiry")]
        constraints = [
            models.CheckConstraint(
                condition=Q(amount_charged__gte=models.F("amount_requested")), name="payments_charged_covers_requested"
            ),
        ]

    def __str__(self) -> str:
        return self.reference
