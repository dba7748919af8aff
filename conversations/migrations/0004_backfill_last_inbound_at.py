"""Conversations from before the WhatsApp channel had no ``last_inbound_at``, so the dashboard took
their 24-hour window as closed even right after a customer wrote: fill it from their last customer
message."""

from django.db import migrations
from django.db.models import Max, OuterRef, Subquery


def backfill(apps, schema_editor):
    Conversation = apps.get_model("conversations", "Conversation")
    Message = apps.get_model("conversations", "Message")
    last_customer_message = (
        Message.objects.filter(conversation=OuterRef("pk"), sender="user")
        .values("conversation")
        .annotate(last=Max("sent_at"))
        .values("last")
    )
    Conversation.objects.filter(last_inbound_at__isnull=True).update(last_inbound_at=Subquery(last_customer_message))


class Migration(migrations.Migration):
    dependencies = [("conversations", "0003_conversation_language")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
