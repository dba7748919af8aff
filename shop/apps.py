from django.apps import AppConfig


class ShopConfig(AppConfig):
    """The shop's knowledge (address, hours, zones, payments, FAQ, handoff) and the whole-document
    import/export; ``shop.selectors.shop_knowledge`` is what the assistant reads."""

    name = "shop"
    verbose_name = "boutique"
