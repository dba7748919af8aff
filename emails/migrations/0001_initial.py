"""The Email model of the app formerly called ``mailbox`` (renamed: it shadowed the stdlib module).

A database that never had the old app gets a new ``emails_email`` table. A database migrated under
the old name keeps its rows: the ``mailbox_email`` table is renamed (with its index), the content
type moves to the new label (permissions and admin history follow it, they point at its id) and the
old app's migration record is dropped. Reversing gives everything back to the old name, so the
previous release can run on the same database after a rollback.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

OLD_LABEL, NEW_LABEL = "mailbox", "emails"
OLD_TABLE, NEW_TABLE = "mailbox_email", "emails_email"
OLD_INDEX = models.Index(fields=["owner", "-received_at"], name="mailbox_owner_received")
NEW_INDEX = models.Index(fields=["owner", "-received_at"], name="emails_owner_received")


def _move_content_types(apps, schema_editor, *, source: str, target: str) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    for content_type in ContentType.objects.using(db).filter(app_label=source):
        # A row created for the target label in the meantime would block the move; the source row
        # is the one permissions and admin log entries point at, so it wins.
        ContentType.objects.using(db).filter(app_label=target, model=content_type.model).delete()
        content_type.app_label = target
        content_type.save(using=db, update_fields=["app_label"])


def adopt_or_create(apps, schema_editor):
    Email = apps.get_model(NEW_LABEL, "Email")
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        tables = set(connection.introspection.table_names(cursor))
    if OLD_TABLE not in tables:
        schema_editor.create_model(Email)
        return
    schema_editor.alter_db_table(Email, OLD_TABLE, NEW_TABLE)
    schema_editor.rename_index(Email, OLD_INDEX, NEW_INDEX)
    _move_content_types(apps, schema_editor, source=OLD_LABEL, target=NEW_LABEL)
    schema_editor.execute("DELETE FROM django_migrations WHERE app = %s", [OLD_LABEL])


def give_back(apps, schema_editor):
    Email = apps.get_model(NEW_LABEL, "Email")
    schema_editor.rename_index(Email, NEW_INDEX, OLD_INDEX)
    schema_editor.alter_db_table(Email, NEW_TABLE, OLD_TABLE)
    _move_content_types(apps, schema_editor, source=NEW_LABEL, target=OLD_LABEL)
    schema_editor.execute(
        "INSERT INTO django_migrations (app, name, applied) VALUES (%s, %s, CURRENT_TIMESTAMP)",
        [OLD_LABEL, "0001_initial"],
    )


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        # The model enters the migration state here; its table is made (or adopted) just below.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Email",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID"),
                        ),
                        ("sender_name", models.CharField(max_length=150, verbose_name="expéditeur")),
                        (
                            "sender_email",
                            models.EmailField(blank=True, max_length=254, verbose_name="adresse de l'expéditeur"),
                        ),
                        ("subject", models.CharField(max_length=255, verbose_name="objet")),
                        ("preview", models.CharField(blank=True, max_length=300, verbose_name="aperçu")),
                        ("received_at", models.DateTimeField(verbose_name="reçu le")),
                        (
                            "priority",
                            models.CharField(
                                choices=[("high", "Urgent"), ("medium", "Normal"), ("low", "Faible")],
                                default="medium",
                                max_length=10,
                                verbose_name="priorité",
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[("unread", "Non lu"), ("ai_processed", "Traité par l'IA"), ("read", "Lu")],
                                default="unread",
                                max_length=15,
                                verbose_name="statut",
                            ),
                        ),
                        ("ai_summary", models.TextField(blank=True, verbose_name="résumé de l'IA")),
                        (
                            "category",
                            models.CharField(
                                choices=[
                                    ("commande", "Commande"),
                                    ("partenariat", "Partenariat"),
                                    ("livraison", "Livraison"),
                                    ("support", "Support"),
                                    ("facture", "Facture"),
                                ],
                                max_length=15,
                                verbose_name="catégorie",
                            ),
                        ),
                        (
                            "owner",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="emails",
                                to=settings.AUTH_USER_MODEL,
                                verbose_name="compte",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "e-mail",
                        "verbose_name_plural": "e-mails",
                        "ordering": ["-received_at", "-id"],
                        "indexes": [NEW_INDEX],
                    },
                ),
            ],
        ),
        migrations.RunPython(adopt_or_create, give_back),
    ]
