"""The Statistiques page's predictions become a plan permission: Pro Business sells « Analyses
prédictives », Starter « Analyses de base » (issue 18). Granted to pro and entreprise."""

from django.db import migrations, models


def forwards(apps, schema_editor):
    Plan = apps.get_model("subscriptions", "Plan")
    Plan.objects.using(schema_editor.connection.alias).filter(code__in=["pro", "entreprise"]).update(
        can_access_predictions=True
    )


class Migration(migrations.Migration):
    dependencies = [("subscriptions", "0003_plans_as_sold")]

    operations = [
        migrations.AddField(
            model_name="plan",
            name="can_access_predictions",
            field=models.BooleanField(
                default=False,
                help_text="Les analyses prédictives de la page Statistiques (sans elles : les analyses de base).",
                verbose_name="prévisions des statistiques",
            ),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
