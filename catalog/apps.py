from django.apps import AppConfig


class CatalogConfig(AppConfig):
    """The shop's products: what the assistant may sell, at which price, and whether it is in stock."""

    name = "catalog"
    verbose_name = "catalogue"
