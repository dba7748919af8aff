"""Seed the plan catalogue (SPEC.md sections 6 and 9). Staff edit the rows in the admin afterwards.

The rows are written out here rather than imported so that this migration keeps meaning the same
thing when models.DEFAULT_PLANS changes later.
"""

from django.db import migrations

PLANS = [
    {"code": "gratuit", "name": "Gratuit", "rank": 0, "price_fcfa": 0, "conversation_limit": 100,
     "can_access_analytics": False, "can_use_advanced_features": False},
    {"code": "pro", "name": "Pro Business", "rank": 10, "price_fcfa": 89355, "conversation_limit": 1000,
     "can_access_analytics": True, "can_use_advanced_features": False},
    {"code": "entreprise", "name": "Entreprise", "rank": 20, "price_fcfa": None, "conversation_limit": -1,
     "can_access_analytics": True, "can_use_advanced_features": True},
]


def seed_plans(apps, schema_editor):
    Plan = apps.get_model("subscriptions", "Plan")
    for row in PLANS:
        Plan.objects.using(schema_editor.connection.alias).get_or_create(code=row["code"], defaults=row)


def unseed_plans(apps, schema_editor):
    Plan = apps.get_model("subscriptions", "Plan")
    Plan.objects.using(schema_editor.connection.alias).filter(code__in=[row["code"] for row in PLANS]).delete()


class Migration(migrations.Migration):
    dependencies = [("subscriptions", "0001_initial")]

    operations = [migrations.RunPython(seed_plans, unseed_plans)]
