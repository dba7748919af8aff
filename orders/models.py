"""Orders of one account: what the assistant (or the owner, for a phone order) sold, its lines
copied at order time, its lifecycle and its history.

Amounts are integers of F CFA. The database itself refuses an order whose total is not its
subtotal plus its delivery fee, and a line whose total is not its unit price times its quantity:
no code path (admin, shell, a bug) can store inconsistent money.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from shop.models import PaymentCode

PICKUP = "pickup"  # the zone value of an order collected at the counter (DESIGN.md)


class OrderStatus(models.TextChoices):
    CONFIRMED = "confirmed", "Confirmée"
    AWAITING_PAYMENT = "awaiting_payment", "En attente de paiement"
    PAID = "paid", "Payée"
    PREPARING = "preparing", "En préparation"
    OUT_FOR_DELIVERY = "out_for_delivery", "En route"
    DELIVERED = "delivered", "Livrée"
    READY = "ready", "Prête"
    PICKED_UP = "picked_up", "Retirée"
    CANCELLED = "cancelled", "Annulée"


FINAL_STATUSES = frozenset({OrderStatus.DELIVERED, OrderStatus.PICKED_UP, OrderStatus.CANCELLED})


# The payment codes of the shop document (DESIGN.md): one choice set for the shop and its orders.
PaymentMethod = PaymentCode


class OrderSource(models.TextChoices):
    ASSISTANT = "assistant", "Assistant"
    OWNER = "owner", "Commerçant"


class Actor(models.TextChoices):
    """Who moved an order: the history says it in the dashboard."""

    ASSISTANT = "assistant", "Assistant"
    OWNER = "owner", "Commerçant"
    CUSTOMER = "customer", "Client"
    SYSTEM = "system", "Système"


class Order(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="orders", verbose_name="compte"
    )
    reference = models.CharField("référence", max_length=20, help_text="CMD-<année>-<numéro>")
    year = models.PositiveSmallIntegerField("année")
    number = models.PositiveIntegerField("numéro")
    contact = models.ForeignKey(
        "conversations.Contact",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="orders",
        verbose_name="contact",
    )
    conversation = models.ForeignKey(
        "conversations.Conversation",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="orders",
        verbose_name="conversation",
    )
    # Copied at order time: the order keeps who it was for even if the contact is renamed or deleted.
    customer_name = models.CharField("client", max_length=120)
    customer_phone = models.CharField("téléphone (E.164)", max_length=20, db_index=True)
    zone = models.CharField("zone", max_length=80, help_text="Nom de la zone de livraison, ou « pickup »")
    address = models.CharField("adresse", max_length=255, blank=True)
    commune = models.CharField("commune", max_length=60, blank=True)
    latitude = models.DecimalField("latitude", max_digits=9, decimal_places=6, null=True, blank=True)
    longitude = models.DecimalField("longitude", max_digits=9, decimal_places=6, null=True, blank=True)
    subtotal = models.IntegerField("sous-total (F CFA)")
    delivery_fee = models.IntegerField("frais de livraison (F CFA)", default=0)
    total = models.IntegerField("total (F CFA)")
    payment_method = models.CharField("paiement", max_length=20, choices=PaymentMethod.choices)
    status = models.CharField("statut", max_length=20, choices=OrderStatus.choices, default=OrderStatus.CONFIRMED)
    source = models.CharField("origine", max_length=10, choices=OrderSource.choices)
    eta_minutes = models.PositiveIntegerField("délai annoncé (min)", null=True, blank=True)
    cancel_reason = models.CharField("motif d'annulation", max_length=300, blank=True)
    # Makes the assistant's create idempotent: a retried task finds the order it already made.
    idempotency_key = models.CharField("clé d'idempotence", max_length=100, blank=True, editable=False)
    created_at = models.DateTimeField("créée le", db_index=True)
    updated_at = models.DateTimeField("mise à jour", auto_now=True)

    class Meta:
        verbose_name = "commande"
        verbose_name_plural = "commandes"
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "reference"], name="orders_order_reference_unique"),
            models.UniqueConstraint(fields=["owner", "year", "number"], name="orders_order_number_unique"),
            models.UniqueConstraint(
                fields=["owner", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="orders_order_idempotency_unique",
            ),
            models.CheckConstraint(
                condition=Q(subtotal__gte=0) & Q(delivery_fee__gte=0) & Q(total__gte=0),
                name="orders_order_amounts_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(total=F("subtotal") + F("delivery_fee")), name="orders_order_total_is_sum"
            ),
            models.CheckConstraint(condition=Q(status__in=OrderStatus.values), name="orders_order_status_valid"),
        ]
        indexes = [
            models.Index(fields=["owner", "-created_at"], name="orders_owner_created"),
            models.Index(fields=["owner", "status"], name="orders_owner_status"),
        ]

    def __str__(self) -> str:
        return self.reference

    @property
    def is_pickup(self) -> bool:
        return self.zone == PICKUP


class OrderLine(models.Model):
    """One product of the order, copied from the catalogue when ordered: later price changes never
    rewrite what the customer agreed to pay."""

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="lines", verbose_name="commande")
    position = models.PositiveSmallIntegerField("position", default=0)
    sku = models.CharField("référence produit", max_length=40, blank=True)
    name = models.CharField("produit", max_length=200)
    unit_price = models.IntegerField("prix unitaire (F CFA)")
    quantity = models.PositiveIntegerField("quantité")
    line_total = models.IntegerField("total de la ligne (F CFA)")

    class Meta:
        verbose_name = "ligne de commande"
        verbose_name_plural = "lignes de commande"
        ordering = ["position", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(quantity__gte=1), name="orders_line_quantity_positive"),
            models.CheckConstraint(condition=Q(unit_price__gte=0), name="orders_line_price_not_negative"),
            models.CheckConstraint(
                condition=Q(line_total=F("unit_price") * F("quantity")), name="orders_line_total_is_product"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.name}"


class OrderEvent(models.Model):
    """One step of an order's history: its creation (from_status empty) and every status change."""

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="events", verbose_name="commande")
    from_status = models.CharField("ancien statut", max_length=20, choices=OrderStatus.choices, blank=True)
    to_status = models.CharField("nouveau statut", max_length=20, choices=OrderStatus.choices)
    actor = models.CharField("par", max_length=10, choices=Actor.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="utilisateur",
    )
    note = models.CharField("note", max_length=300, blank=True)
    # What became of the WhatsApp message telling the customer (empty when none was due).
    customer_notice = models.CharField("message au client", max_length=120, blank=True)
    at = models.DateTimeField("le", auto_now_add=True)

    class Meta:
        verbose_name = "événement de commande"
        verbose_name_plural = "historique de la commande"
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.from_status or '—'} → {self.to_status}"


class OrderSequence(models.Model):
    """The last order number given per account and year, so references never repeat even when two
    orders are confirmed at the same instant (see services.order_reference_next)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    year = models.PositiveSmallIntegerField()
    last_number = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "year"], name="orders_sequence_unique")]

    def __str__(self) -> str:
        return f"{self.year}: {self.last_number}"
