from django.apps import AppConfig
from django.db.models.signals import post_migrate


def restore_default_prices(sender, using="default", apps=None, **kwargs):
    """Re-create Meta's message prices and the plans' campaign caps when their rows are missing; never touch
    rows that exist (staff keep them current in the admin).

    The data migration seeds them once; ``flush`` (after every transactional test, and by hand) empties the
    tables and then emits post_migrate, as for the plans (subscriptions.apps)."""
    from django.apps import apps as global_apps

    from .selectors import COUNTRY, DEFAULT_CAPS, DEFAULT_PRICES

    try:
        models = apps or global_apps
        MessagePrice = models.get_model("campaigns", "MessagePrice")
        PlanCampaignCap = models.get_model("campaigns", "PlanCampaignCap")
        Plan = models.get_model("subscriptions", "Plan")
    except LookupError:
        return
    for category, price in DEFAULT_PRICES.items():
        MessagePrice.objects.using(using).get_or_create(
            country=COUNTRY, category=category, defaults={"price_usd": round(price / 600, 4), "price_fcfa": price}
        )
    for plan in Plan.objects.using(using).filter(code__in=DEFAULT_CAPS):
        PlanCampaignCap.objects.using(using).get_or_create(
            plan=plan, defaults={"monthly_messages": DEFAULT_CAPS[plan.code]}
        )


class CampaignsConfig(AppConfig):
    name = "campaigns"
    verbose_name = "Campagnes"

    def ready(self):
        post_migrate.connect(restore_default_prices, sender=self, dispatch_uid="campaigns_restore_default_prices")
