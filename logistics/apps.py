from django.apps import AppConfig


class LogisticsConfig(AppConfig):
    """Drivers and deliveries (the 'Logistique' page). A delivery is also the account's order:
    it carries the products and the amount in F CFA that the statistics add up."""

    name = "logistics"
    verbose_name = "logistique"
