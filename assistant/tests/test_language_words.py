"""A message made of everyday words and few function words still tells its language: « write me a poem about
love » is English, « pourquoi c'est toujours aussi cher » French. Sentences of our own."""

import pytest

from .conftest import Chat


@pytest.mark.parametrize(
    "text",
    [
        "write me a poem about love",
        "tell me something funny",
        "anything cheaper than that?",
        "my kids love them, still available?",
        "is there another one without sugar",
    ],
)
def test_english_messages_of_content_words_are_answered_in_english(grocery, text):
    turn = Chat(grocery).say(text)
    assert turn.reply_language == "en", (text, [r.text for r in turn.replies])


@pytest.mark.parametrize(
    "text",
    [
        "pourquoi c'est toujours aussi cher chez vous",
        "j'aimerais quelque chose de moins sucré",
        "vous pourriez écrire un poème ?",
    ],
)
def test_french_messages_stay_french(grocery, text):
    turn = Chat(grocery).say(text)
    assert turn.reply_language == "fr", (text, [r.text for r in turn.replies])


@pytest.mark.parametrize(
    ("text", "never"),
    [("3 câbles usb-c svp", "est"), ("une crème vitamine-e", "est"), ("2 câbles type-c et un chargeur", "est")],
)
def test_a_letter_glued_by_a_hyphen_is_no_sms_abbreviation(text, never):
    from assistant.engine.text import normalise

    assert never not in normalise(text).words, normalise(text).words
