"""Data migrations of the conversations app, run on real rows."""

import importlib
from datetime import timedelta

import pytest
from django.apps import apps
from django.utils import timezone

from conversations.models import Conversation, Sender

from .factories import ConversationFactory, MessageFactory

pytestmark = pytest.mark.django_db


def test_the_24_hour_window_of_older_conversations_is_filled_from_their_last_customer_message():
    backfill = importlib.import_module("conversations.migrations.0004_backfill_last_inbound_at").backfill
    now = timezone.now()
    written = ConversationFactory()
    MessageFactory(conversation=written, sender=Sender.USER, sent_at=now - timedelta(hours=5))
    MessageFactory(conversation=written, sender=Sender.USER, sent_at=now - timedelta(hours=2))
    MessageFactory(conversation=written, sender=Sender.AI, sent_at=now - timedelta(hours=1))
    silent = ConversationFactory()
    known = ConversationFactory()
    MessageFactory(conversation=known, sender=Sender.USER, sent_at=now - timedelta(hours=9))
    Conversation.objects.update(last_inbound_at=None)
    Conversation.objects.filter(pk=known.pk).update(last_inbound_at=now - timedelta(minutes=3))

    backfill(apps, None)

    written.refresh_from_db(), silent.refresh_from_db(), known.refresh_from_db()
    assert written.last_inbound_at == now - timedelta(hours=2)
    assert silent.last_inbound_at is None
    assert known.last_inbound_at == now - timedelta(minutes=3)  # never moved back
