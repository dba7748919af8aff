"""Two messages from a new number arriving together start one conversation, counted once."""

import threading

import pytest
from django.db import connection

from accounts.tests.factories import UserFactory
from conversations.models import Conversation, Message
from conversations.services import message_receive
from subscriptions.selectors import conversation_usage


@pytest.mark.django_db(transaction=True)
def test_simultaneous_first_messages_start_a_single_conversation():
    if connection.vendor != "postgresql":
        pytest.skip("Concurrent writers need PostgreSQL (SQLite serialises whole-database writes).")
    user = UserFactory()
    barrier = threading.Barrier(6)
    errors: list[BaseException] = []

    def receive(index: int):
        try:
            barrier.wait()
            message_receive(user=user, whatsapp_number="+2250102030405", name="Awa", content=f"Message {index}")
        except Exception as exc:  # reported by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=receive, args=(index,)) for index in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    assert Conversation.objects.filter(owner=user).count() == 1
    assert Message.objects.filter(conversation__owner=user).count() == 6
    assert Conversation.objects.get(owner=user).unread_count == 6
    assert conversation_usage(user) == 1
