import pytest

from assistant.engine.language import detect, reply_language
from assistant.engine.text import normalise


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Bonjour, c'est combien le riz ?", "fr"),
        ("vs fermez a kel heure", "fr"),
        ("How much is the rice?", "en"),
        ("hw much for a pack of water pls", "en"),
        ("On dit quoi djo, y a charbon ?", "nouchi"),
        ("Ma go je suis tchass", "nouchi"),
        ("Y a pas drap, on valide", "nouchi"),
    ],
)
def test_it_detects_the_language(text, expected):
    assert detect(normalise(text)) == expected


def test_it_keeps_the_conversation_language_when_a_message_has_no_clue():
    assert detect(normalise("Orange Money"), previous="en") == "en"
    assert detect(normalise("Wave"), previous=None) is None


def test_nouchi_and_french_get_french_replies_and_english_gets_english():
    assert reply_language("nouchi") == "fr"
    assert reply_language("fr") == "fr"
    assert reply_language("en") == "en"
