"""One WhatsApp connection per account: the outcome of the dashboard's Facebook flow.

The credential the flow produced (an access token, or an Embedded Signup code) is stored encrypted
with ``WHATSAPP_TOKEN_KEY`` (see ``integrations/crypto.py``) and is never returned by any API nor
shown in the admin. Disconnecting keeps the row (who and when) but wipes the credential.
"""

from django.conf import settings
from django.db import models


class ConnectionStatus(models.TextChoices):
    CONNECTED = "connected", "Connecté"
    DISCONNECTED = "disconnected", "Déconnecté"


class CredentialType(models.TextChoices):
    ACCESS_TOKEN = "access_token", "Jeton d'accès"
    CODE = "code", "Code d'inscription intégrée"


class WhatsAppConnection(models.Model):
    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="whatsapp_connection", verbose_name="compte"
    )
    status = models.CharField(
        "statut", max_length=20, choices=ConnectionStatus.choices, default=ConnectionStatus.DISCONNECTED
    )
    # Fernet ciphertext of the credential; empty once disconnected.
    token_ciphertext = models.TextField("jeton chiffré", blank=True, editable=False)
    credential_type = models.CharField("type d'identifiant", max_length=20, choices=CredentialType.choices, blank=True)
    waba_id = models.CharField("identifiant WhatsApp Business", max_length=32, blank=True)
    phone_number_id = models.CharField("identifiant du numéro", max_length=32, blank=True)
    display_phone_number = models.CharField("numéro affiché", max_length=32, blank=True)
    verified_name = models.CharField("nom vérifié", max_length=200, blank=True)
    # Fernet ciphertext of the app secret of the business's own Meta app (manual set-up): that app
    # signs the webhook deliveries of this number. Empty: the platform's FACEBOOK_APP_SECRET does.
    app_secret_ciphertext = models.TextField("secret de l'application chiffré", blank=True, editable=False)
    # Fernet ciphertext of the two-step verification PIN set when the number was registered.
    pin_ciphertext = models.TextField("PIN chiffré", blank=True, editable=False)
    # Set when Meta refused the token (error 190): the dashboard asks the owner to reconnect.
    token_invalid_at = models.DateTimeField("jeton refusé par Meta le", null=True, blank=True)
    connected_at = models.DateTimeField("connecté le", null=True, blank=True)
    disconnected_at = models.DateTimeField("déconnecté le", null=True, blank=True)
    disconnected_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="déconnecté par",
    )
    created_at = models.DateTimeField("créé le", auto_now_add=True)
    updated_at = models.DateTimeField("mis à jour", auto_now=True)

    class Meta:
        verbose_name = "connexion WhatsApp"
        verbose_name_plural = "connexions WhatsApp"
        indexes = [models.Index(fields=["phone_number_id"], name="integrations_wa_phone_id")]

    def __str__(self) -> str:
        return f"WhatsApp de {self.owner_id} ({self.get_status_display()})"

    @property
    def is_connected(self) -> bool:
        return self.status == ConnectionStatus.CONNECTED


class InboundEvent(models.Model):
    """A customer's message exactly as the verified webhook delivered it, stored by the request in one
    insert (unique ``wamid``: a retried or concurrent duplicate delivery inserts nothing).

    This row is the durable copy that lets the webhook answer Meta at once: a Celery task turns it
    into the conversation's message (contact, conversation, plan quota) and marks it stored; the
    sweep picks up rows a lost task left behind. Rows for a number no account has are marked stored
    and never become messages.
    """

    wamid = models.CharField("identifiant WhatsApp", max_length=160, unique=True)
    phone_number_id = models.CharField("identifiant du numéro", max_length=32)
    data = models.JSONField("message reçu")
    received_at = models.DateTimeField("reçu le", auto_now_add=True)
    stored_at = models.DateTimeField("transformé en message le", null=True, blank=True)

    class Meta:
        verbose_name = "événement WhatsApp entrant"
        verbose_name_plural = "événements WhatsApp entrants"
        indexes = [
            models.Index(fields=["id"], condition=models.Q(stored_at__isnull=True), name="integrations_inbound_pending")
        ]

    def __str__(self):
        return self.wamid
