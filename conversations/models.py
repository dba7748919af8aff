"""Contacts, conversations and messages of one account.

One conversation per contact (a WhatsApp chat). The conversation keeps a copy of its last message
and its unread count so that the list costs the same few queries whatever the number of messages.
"""

from django.conf import settings
from django.db import models

from .transport import error_explanation as channel_error_explanation


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


class ConversationMode(models.TextChoices):
    """Who answers the customer: the assistant, or the owner alone (the assistant stays silent)."""

    AI = "ai", "IA"
    HUMAN = "human", "Humain"


class MessageKind(models.TextChoices):
    """What WhatsApp carried. Media are not downloaded: a French placeholder stands for them."""

    TEXT = "text", "Texte"
    INTERACTIVE = "interactive", "Réponse à un bouton ou une liste"
    LOCATION = "location", "Position"
    IMAGE = "image", "Image"
    AUDIO = "audio", "Message vocal"
    VIDEO = "video", "Vidéo"
    DOCUMENT = "document", "Document"
    STICKER = "sticker", "Autocollant"
    CONTACTS = "contacts", "Contact partagé"
    REACTION = "reaction", "Réaction"
    TEMPLATE = "template", "Modèle de message"
    UNKNOWN = "unknown", "Type non pris en charge"


class Intent(models.TextChoices):
    """DESIGN.md's intent codes, set by the assistant on a customer's message."""

    GREETING = "greeting", "Salutation"
    PRICE = "price", "Prix"
    ORDER = "order", "Commande"
    AVAILABILITY = "availability", "Disponibilité"
    DELIVERY_ZONE_FEE = "delivery_zone_fee", "Zone et frais de livraison"
    DELIVERY_TIME = "delivery_time", "Délai de livraison"
    PAYMENT = "payment", "Paiement"
    HOURS = "hours", "Horaires"
    LOCATION = "location", "Adresse"
    FAQ = "faq", "Question fréquente"
    COMPLAINT = "complaint", "Réclamation"
    HUMAN = "human", "Demande un humain"
    THANKS_BYE = "thanks_bye", "Remerciements"
    OFF_TOPIC = "off_topic", "Hors sujet"


class QuestionCategory(models.TextChoices):
    """What a customer's question was about, as the assistant classified it (statistics)."""

    PRODUITS = "produits", "Produits"
    PRIX = "prix", "Prix"
    LIVRAISON = "livraison", "Livraison"
    PAIEMENT = "paiement", "Paiement"
    HORAIRES = "horaires", "Horaires"
    AUTRE = "autre", "Autre"


def error_explanation(code: int | None) -> str:
    """The French reason shown on a failed message: the channel's words for its own codes
    (``transport.error_explanation``; Meta's table lives with the WhatsApp transport)."""
    return channel_error_explanation(code)


def message_media_path(instance, filename: str) -> str:
    """A server-chosen name under the account's folder: never the customer's or Meta's file name."""
    import secrets
    from pathlib import PurePath

    suffix = PurePath(filename).suffix.lower()[:8]
    return f"conversations/{instance.conversation.owner_id}/{secrets.token_hex(16)}{suffix}"


class Contact(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="contacts", verbose_name="compte"
    )
    name = models.CharField("nom", max_length=120)
    # E.164. Empty for a customer who writes under a WhatsApp username without sharing a number
    # (Meta then identifies them by ``whatsapp_user_id`` alone).
    whatsapp_number = models.CharField("numéro WhatsApp", max_length=20, blank=True)
    # Meta's business-scoped user id (BSUID, since 2026), kept beside the number; either one finds the contact.
    whatsapp_user_id = models.CharField("identifiant WhatsApp du client", max_length=128, blank=True, default="")
    # The customer asked not to receive campaigns (« STOP »); cleared by « START ».
    opted_out_at = models.DateTimeField("désabonné le", null=True, blank=True)
    created_at = models.DateTimeField("créé le", auto_now_add=True)

    class Meta:
        verbose_name = "contact"
        verbose_name_plural = "contacts"
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "whatsapp_number"],
                condition=~models.Q(whatsapp_number=""),
                name="conversations_contact_number_unique",
            ),
            models.UniqueConstraint(
                fields=["owner", "whatsapp_user_id"],
                condition=~models.Q(whatsapp_user_id=""),
                name="conversations_contact_user_id_unique",
            ),
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
    mode = models.CharField("mode", max_length=5, choices=ConversationMode.choices, default=ConversationMode.AI)
    # Started by a customer while the plan's monthly cap was reached: stored (nothing is lost) but not
    # counted, and the assistant stays silent there until a later month has room.
    over_quota = models.BooleanField("hors quota du plan", default=False)
    # The customer's last message: WhatsApp allows free text only within 24 h of it.
    last_inbound_at = models.DateTimeField("dernier message du client le", null=True, blank=True)
    # The language the customer writes in ("fr" or "en"), as the assistant last read it: order updates and
    # payment messages sent outside a reply use it. Empty until the assistant has read a message.
    language = models.CharField("langue du client", max_length=2, blank=True, default="")
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
    intent = models.CharField("intention", max_length=20, choices=Intent.choices, blank=True)
    kind = models.CharField("type", max_length=12, choices=MessageKind.choices, default=MessageKind.TEXT)
    # WhatsApp's id of the message: Meta's for inbound ones, the Graph API's answer for outbound ones.
    # NULL for an outbound message not yet accepted by Meta (and for the owner's drafts).
    wamid = models.CharField("identifiant WhatsApp", max_length=160, unique=True, null=True, blank=True)
    latitude = models.FloatField("latitude", null=True, blank=True)
    longitude = models.FloatField("longitude", null=True, blank=True)
    media_id = models.CharField("identifiant du média", max_length=64, blank=True)
    # A customer's media (a voice note) downloaded from Meta and kept for a while; its MIME type and size.
    media_file = models.FileField("média", upload_to=message_media_path, max_length=200, blank=True)
    media_mime = models.CharField("type du média", max_length=100, blank=True)
    media_size = models.PositiveIntegerField("taille du média (octets)", null=True, blank=True)
    # A voice note's transcript (the assistant answers it as a typed message) and how the transcription went.
    transcript = models.TextField("transcription", blank=True)
    transcript_status = models.CharField("état de la transcription", max_length=16, blank=True)
    # An outgoing product photo: the catalogue product it shows (its caption is ``content``).
    product = models.ForeignKey(
        "catalog.Product",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="produit montré",
    )
    error_code = models.IntegerField("code d'erreur WhatsApp", null=True, blank=True)
    error_title = models.CharField("erreur", max_length=300, blank=True)
    # An assistant reply: the inbound message it answers and its rank among the replies to it. Recorded
    # before sending, so a task that runs again sends only what Meta never acknowledged.
    reply_to = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="replies", verbose_name="en réponse à"
    )
    reply_index = models.PositiveSmallIntegerField("rang de la réponse", null=True, blank=True)
    buttons = models.JSONField("boutons", default=list, blank=True)
    # An inbound message: when the assistant's turn on it ended (replied, silent, or not its turn).
    handled_at = models.DateTimeField("traité le", null=True, blank=True)
    status_at = models.DateTimeField("statut mis à jour le", null=True, blank=True)
    created_at = models.DateTimeField("enregistré le", auto_now_add=True, null=True)

    class Meta:
        verbose_name = "message"
        verbose_name_plural = "messages"
        # Arrival order (the row id), newest first: see conversations.selectors.MESSAGE_ORDER.
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["conversation", "-sent_at"], name="conversations_message_time"),
            models.Index(fields=["conversation", "-id"], name="conversations_message_arrival"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["reply_to", "reply_index"], name="conversations_message_reply_unique"),
        ]

    def __str__(self) -> str:
        return self.content[:50]
