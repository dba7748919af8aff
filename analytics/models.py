"""Stored forecasts: the nightly task computes them per account (``services.forecast_compute``) and
the Statistiques page reads them, so no request fits a model. Every other figure of the app is
still read live from the other apps' rows (``selectors``)."""

from django.conf import settings
from django.db import models
from django.db.models import Q


class AccountForecast(models.Model):
    """The latest forecast of one account: the page's figures as computed (``data``, see
    docs/analytics.md for its shape) and the per-day expected units the restock check reads."""

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="forecast", verbose_name="compte"
    )
    computed_at = models.DateTimeField("calculée le")
    starts_on = models.DateField("premier jour prévu")
    data = models.JSONField("prévisions", default=dict)
    seconds = models.FloatField("durée du calcul (s)", default=0)

    class Meta:
        verbose_name = "prévision du compte"
        verbose_name_plural = "prévisions des comptes"

    def __str__(self) -> str:
        return f"Prévisions de {self.owner_id} ({self.computed_at:%Y-%m-%d})"


class RestockAlert(models.Model):
    """A product that will run out soon, told to the owner once: at most one open alert per product
    (a partial unique constraint), closed when the product no longer runs out within the horizon
    (restocked, or selling slower), so a later shortage is told again."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="restock_alerts", verbose_name="compte"
    )
    product = models.ForeignKey(
        "catalog.Product", on_delete=models.CASCADE, related_name="restock_alerts", verbose_name="produit"
    )
    runs_out_on = models.DateField("rupture prévue le")
    stock_quantity = models.PositiveIntegerField("stock au moment de l'alerte")
    message = models.CharField("message", max_length=300)
    created_at = models.DateTimeField("créée le", auto_now_add=True)
    notified_at = models.DateTimeField("envoyée le", null=True, blank=True)
    resolved_at = models.DateTimeField("close le", null=True, blank=True)

    class Meta:
        verbose_name = "alerte de réapprovisionnement"
        verbose_name_plural = "alertes de réapprovisionnement"
        constraints = [
            models.UniqueConstraint(
                fields=["product"], condition=Q(resolved_at__isnull=True), name="analytics_restock_one_open_per_product"
            )
        ]

    def __str__(self) -> str:
        return self.message
