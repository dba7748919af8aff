"""The plans as the pricing cards sell them (issue 18): pro gives 2000 conversations a month (it
was 1000), a starter row (500 at 78 800 F CFA) joins, and a plan change may come from a payment.

Pro's cap is raised only where it still has the old default: a value staff chose is left alone.
"""

from django.db import migrations, models

STARTER = {
    "code": "starter",
    "name": "Starter",
    "rank": 5,
    "price_fcfa": 78800,
    "conversation_limit": 500,
    "can_access_analytics": True,
    "can_use_advanced_features": False,
}


def forwards(apps, schema_editor):
    Plan = apps.get_model("subscriptions", "Plan")
    db = schema_editor.connection.alias
    Plan.objects.using(db).filter(code="pro", conversation_limit=1000).update(conversation_limit=2000)
    Plan.objects.using(db).get_or_create(code="starter", defaults=STARTER)


def backwards(apps, schema_editor):
    Plan = apps.get_model("subscriptions", "Plan")
    db = schema_editor.connection.alias
    Plan.objects.using(db).filter(code="pro", conversation_limit=2000).update(conversation_limit=1000)
    Plan.objects.using(db).filter(code="starter").delete()


class Migration(migrations.Migration):
    dependencies = [("subscriptions", "0002_seed_plans")]

    operations = [
        migrations.AlterField(
            model_name="planchange",
            name="source",
            field=models.CharField(
                choices=[
                    ("admin", "Administration"),
                    ("command", "Commande"),
                    ("system", "Système"),
                    ("payment", "Paiement"),
                ],
                default="admin",
                max_length=20,
                verbose_name="origine",
            ),
        ),
        migrations.RunPython(forwards, backwards),
    ]
