from django.apps import AppConfig
from django.db.models.signals import post_migrate


def restore_default_plans(sender, using="default", apps=None, **kwargs):
    """Re-create any default plan row that is missing; never touch rows that exist.

    The data migration seeds the catalogue once. ``flush`` (run after every transactional test,
    and by hand) empties the table but then emits post_migrate, so this keeps the catalogue that
    every account depends on present. Staff edits of existing rows are left alone.
    """
    from django.apps import apps as global_apps

    from .models import DEFAULT_PLANS

    try:
        # migrate passes its migration state (no Plan when the app is migrated back to zero);
        # flush passes nothing, and then the tables exist.
        Plan = (apps or global_apps).get_model("subscriptions", "Plan")
    except LookupError:
        return
    for row in DEFAULT_PLANS:
        Plan.objects.using(using).get_or_create(code=row["code"], defaults=row)


class SubscriptionsConfig(AppConfig):
    name = "subscriptions"
    verbose_name = "Abonnements"

    def ready(self):
        post_migrate.connect(restore_default_plans, sender=self, dispatch_uid="subscriptions_restore_default_plans")
        from accounts.selectors import register_account_overview_block

        from .selectors import account_permissions, account_status

        # GET/PATCH /auth/me's plan blocks: accounts asks, this app answers (no import the other way).
        register_account_overview_block("account", account_status)
        register_account_overview_block("permissions", account_permissions)
