"""The shop's knowledge besides its products (DESIGN.md, "The shop document").

One ``ShopProfile`` row per account holds the profile and every small list (hours, payment
methods, refused payments, FAQ, delivery notes, handoff) as JSON that ``shop.document`` validates
before any write: the assistant reads all of it in one row. Delivery zones have their own table
because the dashboard edits them one by one and the orders refer to them by name.
"""

from django.conf import settings
from django.db import models

DEFAULT_TIMEZONE = "Africa/Abidjan"
CURRENCY = "XOF"
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def empty_hours() -> dict:
    return dict.fromkeys(WEEKDAYS)


def empty_notes() -> dict:
    return {"fr": "", "en": ""}


class Vehicle(models.TextChoices):
    MOTO = "moto", "Moto"
    VOITURE = "voiture", "Voiture"


class PaymentCode(models.TextChoices):
    CASH = "cash", "Espèces"
    WAVE = "wave", "Wave"
    ORANGE_MONEY = "orange_money", "Orange Money"
    MTN_MOMO = "mtn_momo", "MTN MoMo"
    MOOV_MONEY = "moov_money", "Moov Money"
    CARD = "card", "Carte bancaire"


class ShopProfile(models.Model):
    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="shop_profile", verbose_name="compte"
    )
    name = models.CharField("nom de la boutique", max_length=120, blank=True, default="")
    description = models.TextField("description", blank=True, default="")
    address_text = models.CharField("adresse", max_length=255, blank=True, default="")
    commune = models.CharField("commune", max_length=80, blank=True, default="")
    landmark = models.CharField("point de repère", max_length=255, blank=True, default="")
    lat = models.FloatField("latitude", null=True, blank=True)
    lng = models.FloatField("longitude", null=True, blank=True)
    phone = models.CharField("téléphone (E.164)", max_length=20, blank=True, default="")
    pickup_available = models.BooleanField("retrait à la boutique", default=False)
    pickup_eta_min = models.PositiveSmallIntegerField("délai de retrait min. (min)", null=True, blank=True)
    pickup_eta_max = models.PositiveSmallIntegerField("délai de retrait max. (min)", null=True, blank=True)
    hours = models.JSONField("horaires", default=empty_hours, blank=True)
    last_order = models.CharField("dernière commande", max_length=5, blank=True, default="")
    timezone = models.CharField("fuseau horaire", max_length=64, default=DEFAULT_TIMEZONE)
    delivery_notes = models.JSONField("notes de livraison", default=empty_notes, blank=True)
    payment_methods = models.JSONField("moyens de paiement", default=list, blank=True)
    payment_not_accepted = models.JSONField("paiements refusés", default=list, blank=True)
    faq = models.JSONField("questions fréquentes", default=list, blank=True)
    handoff_contact = models.CharField("contact pour un humain", max_length=255, blank=True, default="")
    handoff_large_order_items = models.PositiveIntegerField(
        "grosse commande (articles)",
        null=True,
        blank=True,
        help_text="À partir de ce nombre d'articles, un humain prend la main.",
    )
    created_at = models.DateTimeField("créé le", auto_now_add=True)
    updated_at = models.DateTimeField("mis à jour", auto_now=True)

    class Meta:
        verbose_name = "boutique"
        verbose_name_plural = "boutiques"

    def __str__(self) -> str:
        return self.name or f"Boutique du compte {self.owner_id}"


class DeliveryZone(models.Model):
    """A zone the shop delivers to, or names so the assistant can say it does not (``served`` false:
    fee, vehicle, ETA and minimum may then be empty). ``min_order`` counts products only."""

    shop = models.ForeignKey(ShopProfile, on_delete=models.CASCADE, related_name="zones", verbose_name="boutique")
    name = models.CharField("nom", max_length=80)
    areas = models.JSONField("quartiers", default=list, blank=True)
    served = models.BooleanField("desservie", default=True)
    fee = models.PositiveIntegerField("frais de livraison (F CFA)", null=True, blank=True)
    vehicle = models.CharField("véhicule", max_length=10, choices=Vehicle.choices, blank=True, default="")
    eta_min = models.PositiveSmallIntegerField("délai min. (min)", null=True, blank=True)
    eta_max = models.PositiveSmallIntegerField("délai max. (min)", null=True, blank=True)
    min_order = models.PositiveIntegerField("minimum de commande (F CFA)", null=True, blank=True)
    position = models.PositiveIntegerField("position", default=0)

    class Meta:
        verbose_name = "zone de livraison"
        verbose_name_plural = "zones de livraison"
        ordering = ["shop_id", "position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["shop", "name"], name="shop_zone_shop_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class ShopVersion(models.Model):
    """The whole shop document as it was just before a change replaced it (the last
    ``shop.services.VERSIONS_KEPT`` per account). ``created_at``, ``source`` and ``actor`` describe
    that change; the counts and the name let the history be listed without reading documents."""

    class Source(models.TextChoices):
        PUT = "put", "Remplacement complet (Importer)"
        IMPORT = "import", "Commande shop_import"
        RESTORE = "restore", "Restauration d'une version"
        DASHBOARD = "dashboard", "Modification dans le tableau de bord"
        DEMO = "demo", "Boutique de démonstration"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="shop_versions", verbose_name="compte"
    )
    document = models.JSONField("document de la boutique")
    digest = models.CharField("empreinte du document", max_length=16)
    name = models.CharField("nom de la boutique", max_length=120, blank=True, default="")
    products_count = models.PositiveIntegerField("produits", default=0)
    zones_count = models.PositiveIntegerField("zones de livraison", default=0)
    faq_count = models.PositiveIntegerField("questions fréquentes", default=0)
    source = models.CharField("remplacée par", max_length=16, choices=Source.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="par",
        help_text="Vide pour une commande manage.py.",
    )
    created_at = models.DateTimeField("remplacée le", auto_now_add=True)

    class Meta:
        verbose_name = "version de la boutique"
        verbose_name_plural = "versions de la boutique"
        ordering = ["owner_id", "-id"]
        indexes = [models.Index(fields=["owner", "-id"], name="shop_version_owner_recent")]

    def __str__(self) -> str:
        return f"{self.name or 'Boutique'} — {self.created_at:%d/%m/%Y %H:%M}"
