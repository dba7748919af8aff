"""Products of an account's shop (DESIGN.md, "The shop document": ``products``).

Prices are whole F CFA. ``position`` keeps the owner's order, which is also the order of the
document's ``products`` list. The photo goes through the same checks as profile photos
(``accounts.photos``) and has a server-generated name.
"""

import uuid
from pathlib import PurePath

from django.conf import settings
from django.db import models


def product_photo_path(instance, filename: str) -> str:
    """Server-generated names only: the uploaded name never reaches the file system."""
    suffix = PurePath(filename).suffix.lower() or ".jpg"
    return f"products/{uuid.uuid4().hex}{suffix}"


class Product(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="products", verbose_name="compte"
    )
    sku = models.CharField("code produit (SKU)", max_length=32)
    name = models.CharField("nom", max_length=120)
    description = models.TextField("description", blank=True, default="")
    aliases = models.JSONField("autres noms", default=list, blank=True)
    price = models.PositiveIntegerField("prix (F CFA)")
    unit = models.CharField("unité", max_length=30, blank=True, default="")
    in_stock = models.BooleanField("en stock", default=True)
    # Optional: the units on hand when the owner counts them. Confirmed orders take their
    # quantities off (never below 0) and a cancellation puts them back (orders.services); the
    # forecasts say when it runs out (analytics). None: the shop does not track this product's stock.
    stock_quantity = models.PositiveIntegerField("quantité en stock", null=True, blank=True, default=None)
    position = models.PositiveIntegerField("position", default=0)
    photo = models.ImageField("photo", upload_to=product_photo_path, blank=True)
    created_at = models.DateTimeField("créé le", auto_now_add=True)
    updated_at = models.DateTimeField("mis à jour", auto_now=True)

    class Meta:
        verbose_name = "produit"
        verbose_name_plural = "produits"
        ordering = ["owner_id", "position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "sku"], name="catalog_product_owner_sku_unique"),
        ]
        indexes = [models.Index(fields=["owner", "position"], name="catalog_product_owner_pos")]

    def __str__(self) -> str:
        return f"{self.sku} — {self.name}"
