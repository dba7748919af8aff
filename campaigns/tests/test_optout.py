import pytest

from campaigns.optout import (
    OPT_IN,
    OPT_OUT,
    REPLY_IN_FR,
    REPLY_OUT_EN,
    REPLY_OUT_FR,
    optout_handle,
    optout_reading,
)
from conversations.tests.factories import ConversationFactory, MessageFactory


@pytest.mark.parametrize(
    "text",
    [
        "STOP",
        "stop",
        "Stop.",
        "Arrêter",
        "arreter",
        "Désabonner",
        "desabonner svp",
        "Désabonnez-moi s'il vous plaît",
        "UNSUBSCRIBE",
        "stop sending me messages",
        "please remove me from your list",
        "I don't want messages",
        "arrête de m'envoyer des messages",
        "Arrêtez de m'écrire svp",
        "ne m'envoyez plus",
        "ça suffit les messages",
        "sa suffit les pubs",
        "faut plus m'envoyer",
        "on dit arrête deh",
        "je ne veux plus recevoir vos messages",
        "Stop svp merci",
    ],
)
def test_opt_out_wordings(text):
    assert optout_reading(text) == OPT_OUT


@pytest.mark.parametrize("text", ["START", "start", "Démarrer", "je veux me réabonner", "réabonnez-moi"])
def test_opt_in_wordings(text):
    assert optout_reading(text) == OPT_IN


@pytest.mark.parametrize(
    "text",
    [
        "je veux arrêter ma commande",
        "arrêtez la livraison",
        "stop, c'est trop cher",
        "Je ne veux plus de riz",
        "je veux plus de ça",
        "Arrête ça",
        "Bonjour, le garba c'est combien ?",
        "le bus s'arrête où ?",
        "stop à Cocody ou Yopougon ?",
        "",
    ],
)
def test_other_messages_are_not_opt_outs(text):
    assert optout_reading(text) is None


def test_stop_is_recorded_and_confirmed_once_then_start_brings_back(db, owner):
    conversation = ConversationFactory(owner=owner, language="fr")
    first = optout_handle(conversation=conversation, message=MessageFactory(conversation=conversation, content="STOP"))
    assert [r.text for r in first] == [REPLY_OUT_FR]
    conversation.contact.refresh_from_db()
    stopped_at = conversation.contact.opted_out_at
    assert stopped_at is not None

    again = optout_handle(conversation=conversation, message=MessageFactory(conversation=conversation, content="stop"))
    assert again == []
    conversation.contact.refresh_from_db()
    assert conversation.contact.opted_out_at == stopped_at

    back = optout_handle(conversation=conversation, message=MessageFactory(conversation=conversation, content="START"))
    assert [r.text for r in back] == [REPLY_IN_FR]
    conversation.contact.refresh_from_db()
    assert conversation.contact.opted_out_at is None
    # START from a subscribed customer is the assistant's to answer.
    assert (
        optout_handle(conversation=conversation, message=MessageFactory(conversation=conversation, content="START"))
        is None
    )


def test_confirmation_follows_the_conversation_language(db, owner):
    conversation = ConversationFactory(owner=owner, language="en")
    replies = optout_handle(
        conversation=conversation, message=MessageFactory(conversation=conversation, content="stop")
    )
    assert [r.text for r in replies] == [REPLY_OUT_EN]
    unknown = ConversationFactory(owner=owner, language="")
    replies = optout_handle(conversation=unknown, message=MessageFactory(conversation=unknown, content="Unsubscribe"))
    assert [r.text for r in replies] == [REPLY_OUT_EN]


def test_an_ordinary_message_is_left_to_the_assistant(db, owner):
    conversation = ConversationFactory(owner=owner)
    message = MessageFactory(conversation=conversation, content="je veux arrêter ma commande")
    assert optout_handle(conversation=conversation, message=message) is None
    conversation.contact.refresh_from_db()
    assert conversation.contact.opted_out_at is None
