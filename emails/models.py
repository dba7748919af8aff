"""E-mails received by the business, as the assistant filed them (priority, category, summary), and
the owner's IMAP mailbox they are read from.

A ``MailboxConnection`` holds one account's IMAP settings (the password encrypted like WhatsApp
tokens, ``integrations.crypto``) and its sync state: the UIDVALIDITY and highest UID seen, the last
success or French error, the backoff. ``Email`` rows are written by the sync (emails.services) and
by the demo seed; a unique constraint makes a retried or overlapping sync store a mail once.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

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
    AUTRE = "autre", "Autre"
    NEWSLETTER = "newsletter", "Newsletter"
    SPAM = "spam", "Indésirable"


# Categories kept out of the main list (« Tous ») and shown under « Mis de côté ».
SET_ASIDE = (Category.NEWSLETTER, Category.SPAM)


class Security(models.TextChoices):
    TLS = "tls", "SSL/TLS"
    STARTTLS = "starttls", "STARTTLS"
    # Plain IMAP: only for a server on the machine or the local network (refused otherwise, see imap.py).
    NONE = "none", "Aucun (réseau local)"


class MailboxConnection(models.Model):
    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mailbox", verbose_name="compte"
    )
    provider = models.CharField("fournisseur", max_length=20, default="autre")
    host = models.CharField("serveur IMAP", max_length=255)
    port = models.PositiveIntegerField("port", default=993)
    security = models.CharField("sécurité", max_length=10, choices=Security.choices, default=Security.TLS)
    address = models.CharField("identifiant (adresse)", max_length=254)
    password_encrypted = models.TextField("mot de passe chiffré", editable=False)
    # Sync state.
    uidvalidity = models.BigIntegerField("UIDVALIDITY", null=True, blank=True)
    last_uid = models.BigIntegerField("dernier UID lu", default=0)
    last_synced_at = models.DateTimeField("dernière synchronisation", null=True, blank=True)
    last_error = models.CharField("dernière erreur", max_length=300, blank=True)
    last_error_at = models.DateTimeField("date de l'erreur", null=True, blank=True)
    consecutive_failures = models.PositiveIntegerField("échecs consécutifs", default=0)
    next_attempt_at = models.DateTimeField("prochaine tentative", null=True, blank=True)
    locked_until = models.DateTimeField("synchronisation en cours jusqu'à", null=True, blank=True)
    last_run_fetched = models.PositiveIntegerField("e-mails lus au dernier passage", default=0)
    last_run_notice = models.CharField("remarque du dernier passage", max_length=300, blank=True)
    # Daily digest: the hour (Abidjan, 0-23) the owner picked; None = no digest.
    digest_hour = models.PositiveSmallIntegerField("heure du résumé quotidien", null=True, blank=True, default=18)
    digest_last_sent_on = models.DateField("dernier résumé envoyé le", null=True, blank=True)
    created_at = models.DateTimeField("créée le", auto_now_add=True)
    updated_at = models.DateTimeField("mise à jour", auto_now=True)

    class Meta:
        verbose_name = "boîte e-mail connectée"
        verbose_name_plural = "boîtes e-mail connectées"

    def __str__(self) -> str:
        return f"{self.address} ({self.host})"

    @property
    def account_key(self) -> str:
        """Which server mailbox the UIDs belong to (kept on each e-mail for the unique constraint)."""
        return f"{self.address.lower()}@{self.host.lower()}"[:300]


class Email(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="emails", verbose_name="compte"
    )
    mailbox = models.ForeignKey(
        MailboxConnection,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="emails",
        verbose_name="boîte e-mail",
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
    # Where the mail came from on the IMAP server (empty for rows not fetched, e.g. the demo's).
    imap_account = models.CharField("compte IMAP", max_length=300, blank=True)
    uidvalidity = models.BigIntegerField("UIDVALIDITY", null=True, blank=True)
    uid = models.BigIntegerField("UID", null=True, blank=True)
    message_id = models.CharField("Message-ID", max_length=500, blank=True)
    body_excerpt = models.TextField("extrait du texte", blank=True)
    attachments = models.JSONField("pièces jointes (nom, taille)", default=list, blank=True)
    order_lines = models.JSONField("lignes de commande repérées", default=list, blank=True)
    size = models.PositiveIntegerField("taille (octets)", default=0)
    notice = models.CharField("remarque de lecture", max_length=300, blank=True)
    alerted_at = models.DateTimeField("alerte envoyée le", null=True, blank=True)
    order = models.ForeignKey(
        "orders.Order",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="commande créée",
    )
    created_at = models.DateTimeField("enregistré le", auto_now_add=True, null=True)

    class Meta:
        verbose_name = "e-mail"
        verbose_name_plural = "e-mails"
        ordering = ["-received_at", "-id"]
        indexes = [models.Index(fields=["owner", "-received_at"], name="emails_owner_received")]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "imap_account", "uidvalidity", "uid"],
                condition=Q(uid__isnull=False),
                name="emails_unique_imap_uid",
            ),
            models.UniqueConstraint(
                fields=["owner", "message_id"],
                condition=~Q(message_id=""),
                name="emails_unique_message_id",
            ),
        ]

    def __str__(self) -> str:
        return self.subject
