"""The chat shows, on each AI answer, the intent of the customer's question it answers."""

import pytest

from conversations.models import Sender
from conversations.tests.factories import ConversationFactory, MessageFactory

pytestmark = pytest.mark.django_db


def test_an_ai_answer_carries_the_intent_of_the_question_it_answers(owner, owner_api):
    conversation = ConversationFactory(owner=owner)
    question = MessageFactory(conversation=conversation, sender=Sender.USER, intent="price", content="c'est combien ?")
    MessageFactory(conversation=conversation, sender=Sender.AI, reply_to=question, reply_index=0, content="1 000 F CFA")
    MessageFactory(conversation=conversation, sender=Sender.AGENT, content="Bonjour")

    results = owner_api.get(f"/api/v1/conversations/{conversation.pk}/messages").json()["results"]

    by_sender = {message["sender"]: message for message in results}
    assert (by_sender["user"]["intent"], by_sender["user"]["intent_label"]) == ("price", "Prix")
    assert (by_sender["ai"]["intent"], by_sender["ai"]["intent_label"]) == ("price", "Prix")
    assert (by_sender["agent"]["intent"], by_sender["agent"]["intent_label"]) == ("", "")
