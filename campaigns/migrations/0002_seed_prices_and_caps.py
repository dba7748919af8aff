"""Seed Meta's per-message prices for Côte d'Ivoire and each plan's campaign cap.

Prices: Meta's rate card (July 2025) for the « Rest of Africa » market, which Côte d'Ivoire belongs
to: marketing 0.0225 USD, utility 0.0040 USD, authentication 0.0040 USD per delivered message, at
600 F CFA per USD. Staff keep them current in the admin (« Prix des messages WhatsApp »).
Caps (messages of campaigns per month): gratuit none, starter 1 000, pro 5 000, entreprise unlimited.
"""

from decimal import Decimal

from django.db import migrations

PRICES = [
    ("MARKETING", Decimal("0.0225"), Decimal("13.50")),
    ("UTILITY", Decimal("0.0040"), Decimal("2.40")),
    ("AUTHENTICATION", Decimal("0.0040"), Decimal("2.40")),
]
CAPS = {"gratuit": 0, "starter": 1000, "pro": 5000, "entreprise": -1}


def forwards(apps, schema_editor):
    MessagePrice = apps.get_model("campaigns", "MessagePrice")
    Plan = apps.get_model("subscriptions", "Plan")
    PlanCampaignCap = apps.get_model("campaigns", "PlanCampaignCap")
    db = schema_editor.connection.alias
    for category, usd, fcfa in PRICES:
        MessagePrice.objects.using(db).get_or_create(
            country="CI", category=category, defaults={"price_usd": usd, "price_fcfa": fcfa}
        )
    for plan in Plan.objects.using(db).filter(code__in=CAPS):
        PlanCampaignCap.objects.using(db).get_or_create(plan=plan, defaults={"monthly_messages": CAPS[plan.code]})


def backwards(apps, schema_editor):
    apps.get_model("campaigns", "MessagePrice").objects.using(schema_editor.connection.alias).all().delete()
    apps.get_model("campaigns", "PlanCampaignCap").objects.using(schema_editor.connection.alias).all().delete()


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0001_initial"), ("subscriptions", "0004_plan_can_access_predictions")]

    operations = [migrations.RunPython(forwards, backwards)]
