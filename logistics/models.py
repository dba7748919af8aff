"""Drivers and deliveries of one account.

A delivery is the account's order as well: products, amount in F CFA, the customer and where to
deliver (commune/city and coordinates). The statistics read sales from here (DESIGN decision: one
table rather than a separate Order model, since every order the assistant takes is delivered).
"""

from django.conf import settings
from django.db import models

from core.choices import Priority


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", "En attente"
    PREPARING = "preparing", "Préparation"
    EN_ROUTE = "en_route", "En route"
    DELIVERED = "delivered", "Livré"


# The only allowed moves, one step forward each (SPEC.md section 4 order).
NEXT_STATUS = {
    DeliveryStatus.PENDING: DeliveryStatus.PREPARING,
    DeliveryStatus.PREPARING: DeliveryStatus.EN_ROUTE,
    DeliveryStatus.EN_ROUTE: DeliveryStatus.DELIVERED,
}
OPEN_STATUSES = [DeliveryStatus.PENDING, DeliveryStatus.PREPARING, DeliveryStatus.EN_ROUTE]
# Progress shown by the page's bar when a delivery enters a status.
PROGRESS = {
    DeliveryStatus.PENDING: 0,
    DeliveryStatus.PREPARING: 25,
    DeliveryStatus.EN_ROUTE: 60,
    DeliveryStatus.DELIVERED: 100,
}


class DriverStatus(models.TextChoices):
    """Derived, not stored: a driver with a delivery en route is active, otherwise available."""

    ACTIVE = "active", "En livraison"
    AVAILABLE = "available", "Disponible"


class Vehicle(models.TextChoices):
    MOTO = "moto", "Moto"
    VOITURE = "voiture", "Voiture"


class LagoonSide(models.TextChoices):
    """Abidjan's two banks of the Ébrié lagoon. Since December 2025 motorbikes may not use the
    bridges, so a moto driver only serves his own side (orders.selectors.driver_suggest)."""

    NORTH = "north", "Nord"
    SOUTH = "south", "Sud"


class Driver(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="drivers", verbose_name="compte"
    )
    name = models.CharField("nom", max_length=120)
    phone = models.CharField("téléphone", max_length=20)
    rating = models.DecimalField("note", max_digits=2, decimal_places=1, default=5)
    # Last known position: the route optimisation starts from here.
    commune = models.CharField("commune", max_length=60)
    latitude = models.DecimalField("latitude", max_digits=9, decimal_places=6)
    longitude = models.DecimalField("longitude", max_digits=9, decimal_places=6)
    vehicle = models.CharField("véhicule", max_length=8, choices=Vehicle.choices, default=Vehicle.MOTO)
    side = models.CharField("rive de la lagune", max_length=5, choices=LagoonSide.choices, default=LagoonSide.NORTH)
    # A driver who left is deactivated, not deleted: his past deliveries keep his name.
    is_enabled = models.BooleanField("actif", default=True)
    created_at = models.DateTimeField("créé le", auto_now_add=True)

    class Meta:
        verbose_name = "livreur"
        verbose_name_plural = "livreurs"
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class Delivery(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deliveries", verbose_name="compte"
    )
    reference = models.CharField("référence", max_length=20, help_text="LIV-<année>-<numéro>")
    year = models.PositiveSmallIntegerField("année")
    number = models.PositiveIntegerField("numéro")
    customer_name = models.CharField("client", max_length=120)
    customer_phone = models.CharField("téléphone", max_length=20)
    address = models.CharField("adresse", max_length=255)
    commune = models.CharField("commune", max_length=60)
    city = models.CharField("ville", max_length=60, db_index=True)
    latitude = models.DecimalField("latitude", max_digits=9, decimal_places=6)
    longitude = models.DecimalField("longitude", max_digits=9, decimal_places=6)
    products = models.JSONField("produits", default=list)
    amount = models.PositiveIntegerField("montant (F CFA)", default=0)
    status = models.CharField("statut", max_length=12, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING)
    priority = models.CharField("priorité", max_length=10, choices=Priority.choices, default=Priority.MEDIUM)
    progress = models.PositiveSmallIntegerField("progression", default=0)
    driver = models.ForeignKey(
        Driver, on_delete=models.SET_NULL, null=True, blank=True, related_name="deliveries", verbose_name="livreur"
    )
    estimated_at = models.DateTimeField("heure estimée", null=True, blank=True)
    delay_note = models.CharField("motif du retard", max_length=300, blank=True)
    delay_reported_at = models.DateTimeField("retard signalé le", null=True, blank=True)
    route_position = models.PositiveSmallIntegerField("ordre dans la tournée", null=True, blank=True)
    created_at = models.DateTimeField("créée le", db_index=True)
    delivered_at = models.DateTimeField("livrée le", null=True, blank=True)
    updated_at = models.DateTimeField("mise à jour", auto_now=True)
    # The order this delivery dispatches (orders.services.order_assign_driver); empty for the
    # deliveries scheduled by hand on the logistics page before orders existed.
    order = models.OneToOneField(
        "orders.Order",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="delivery",
        verbose_name="commande",
    )

    class Meta:
        verbose_name = "livraison"
        verbose_name_plural = "livraisons"
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "reference"], name="logistics_delivery_reference_unique"),
            models.UniqueConstraint(fields=["owner", "year", "number"], name="logistics_delivery_number_unique"),
        ]
        indexes = [models.Index(fields=["owner", "-created_at"], name="logistics_owner_created")]

    def __str__(self) -> str:
        return self.reference


class DeliverySequence(models.Model):
    """The last delivery number given per account and year: references never repeat, even
    when two deliveries are scheduled at the same instant (see services.delivery_reference_next)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    year = models.PositiveSmallIntegerField()
    last_number = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "year"], name="logistics_sequence_unique")]

    def __str__(self) -> str:
        return f"{self.year} : {self.last_number}"


class DriverPosition(models.Model):
    """One position posted by the driver's phone page (browser geolocation). Only the last few hours
    are kept per driver (tasks.positions_prune); Driver.latitude/longitude keep the last known one."""

    # No index of its own: the (driver, -recorded_at) index below serves the driver's lookups.
    driver = models.ForeignKey(
        Driver, on_delete=models.CASCADE, related_name="positions", verbose_name="livreur", db_index=False
    )
    latitude = models.FloatField("latitude")
    longitude = models.FloatField("longitude")
    accuracy_m = models.FloatField("précision (m)", null=True, blank=True)
    recorded_at = models.DateTimeField("enregistrée le", db_index=True)

    class Meta:
        verbose_name = "position du livreur"
        verbose_name_plural = "positions des livreurs"
        ordering = ["-recorded_at", "-id"]
        indexes = [models.Index(fields=["driver", "-recorded_at"], name="logistics_position_latest")]

    def __str__(self) -> str:
        return f"{self.driver_id} @ {self.recorded_at:%H:%M:%S}"


class DriverLink(models.Model):
    """The driver's page link (/livreur/<token>): only the token's SHA-256 is stored. One driver,
    expiring, revocable; a new link revokes the previous ones."""

    driver = models.ForeignKey(Driver, on_delete=models.CASCADE, related_name="links", verbose_name="livreur")
    token_hash = models.CharField("empreinte du jeton", max_length=64, unique=True)
    created_at = models.DateTimeField("créé le")
    expires_at = models.DateTimeField("expire le")
    revoked_at = models.DateTimeField("révoqué le", null=True, blank=True)
    last_used_at = models.DateTimeField("utilisé le", null=True, blank=True)
    # How the link left on WhatsApp: "template", "text", or empty (not sent: the owner shares it).
    sent_via = models.CharField("envoyé par", max_length=10, blank=True)
    sent_at = models.DateTimeField("envoyé le", null=True, blank=True)
    send_error = models.CharField("erreur d'envoi", max_length=200, blank=True)

    class Meta:
        verbose_name = "lien livreur"
        verbose_name_plural = "liens livreurs"
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.driver_id} → {self.expires_at:%Y-%m-%d %H:%M}"


class StepKind(models.TextChoices):
    PICKED_UP = "picked_up", "Récupéré"
    DELIVERED = "delivered", "Livré"
    PROBLEM = "problem", "Problème"


class ProblemReason(models.TextChoices):
    ABSENT = "absent", "Client absent"
    WRONG_ADDRESS = "wrong_address", "Mauvaise adresse"
    REFUSED = "refused", "Refusé"
    ACCIDENT = "accident", "Accident"


class DeliveryStep(models.Model):
    """What the driver did from his page: picked up, delivered, or a problem (reason + note).
    ``idempotency_key`` (made by the page) makes an action replayed after a network loss count once."""

    delivery = models.ForeignKey(Delivery, on_delete=models.CASCADE, related_name="steps", verbose_name="livraison")
    driver = models.ForeignKey(
        Driver, on_delete=models.SET_NULL, null=True, blank=True, related_name="steps", verbose_name="livreur"
    )
    kind = models.CharField("étape", max_length=12, choices=StepKind.choices)
    reason = models.CharField("motif", max_length=16, choices=ProblemReason.choices, blank=True)
    note = models.CharField("note", max_length=500, blank=True)
    idempotency_key = models.CharField("clé d'idempotence", max_length=64)
    happened_at = models.DateTimeField("effectuée le")
    created_at = models.DateTimeField("reçue le", auto_now_add=True)

    class Meta:
        verbose_name = "étape de livraison"
        verbose_name_plural = "étapes de livraison"
        ordering = ["happened_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["driver", "idempotency_key"], name="logistics_step_idempotency"),
        ]

    def __str__(self) -> str:
        return f"{self.delivery_id} {self.kind}"
