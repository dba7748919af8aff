from django.apps import AppConfig


class AftersalesConfig(AppConfig):
    """What happens once an order leaves the shop: the customer's tracking link and the rating after delivery."""

    name = "aftersales"
    verbose_name = "après-vente"
