"""The app was renamed mailbox → emails: a database migrated under the old name keeps its e-mails."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

from emails.models import Email

pytestmark = pytest.mark.django_db(transaction=True)

LATEST = [("emails", "0002_mailbox_connection")]


def migrate(targets) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    ContentType.objects.clear_cache()


def tables() -> set[str]:
    with connection.cursor() as cursor:
        return set(connection.introspection.table_names(cursor))


def applied(app: str) -> set[str]:
    return set(MigrationRecorder.Migration.objects.filter(app=app).values_list("name", flat=True))


@pytest.fixture
def database_at_the_old_name(owner):
    """Roll the app back to its old name (what the previous release's migrations left), then
    write a row and read its content type as that release would have."""
    migrate([("emails", None)])
    assert "mailbox_email" in tables() and "emails_email" not in tables()
    assert applied("mailbox") == {"0001_initial"}
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO mailbox_email (owner_id, sender_name, sender_email, subject, preview, received_at,"
            " priority, status, ai_summary, category) VALUES (%s, %s, '', %s, '', CURRENT_TIMESTAMP,"
            " 'high', 'unread', %s, 'commande')",
            [owner.pk, "Koffi Yao", "Commande de pagnes", "Le client veut 10 pagnes."],
        )
    old_type = ContentType.objects.get(app_label="mailbox", model="email")
    yield old_type
    migrate(LATEST)


def test_the_old_apps_emails_survive_the_migration(database_at_the_old_name, owner):
    migrate(LATEST)

    email = Email.objects.get(owner=owner)
    assert (email.subject, email.sender_name, email.priority) == ("Commande de pagnes", "Koffi Yao", "high")
    assert "mailbox_email" not in tables() and "emails_email" in tables()


def test_the_content_type_and_the_history_follow_the_new_name(database_at_the_old_name):
    migrate(LATEST)

    moved = ContentType.objects.get(app_label="emails", model="email")
    assert moved.pk == database_at_the_old_name.pk, "permissions and admin log entries keep pointing at it"
    assert not ContentType.objects.filter(app_label="mailbox").exists()
    assert applied("mailbox") == set() and applied("emails") == {"0001_initial", "0002_mailbox_connection"}


def test_new_rows_get_ids_after_the_adopted_ones(database_at_the_old_name, owner):
    migrate(LATEST)
    adopted = Email.objects.get(owner=owner)

    new = Email.objects.create(
        owner=owner, sender_name="Awa", subject="Partenariat", received_at=adopted.received_at, category="partenariat"
    )

    assert new.pk > adopted.pk
