"""WhatsApp forbids general-purpose chatbots since 15 January 2026: whatever the customer asks that is not
about the shop (homework, recipes, football, jokes, translations, code, politics, medical advice, poems),
in French, English or nouchi, the assistant declines politely and brings the customer back to the shop.

The sentences go through the engine's public entry point (``respond``) on the assistant dev set's grocery,
and a few through the owner's « Tester l'assistant » service (``assistant_try``), the same path as WhatsApp.
"""

import json
import re
from pathlib import Path

import pytest

from assistant.engine import respond
from assistant.services import assistant_try
from shop.services import shop_document_replace

from .conftest import NOW, reply_of

SHOP = json.loads((Path(__file__).parent / "data" / "dev" / "business.json").read_text(encoding="utf-8"))

# (sentence, what it asks for); the reply's language is the second list's key.
FRENCH = [
    ("Tu peux m'aider à faire mes devoirs de maths ?", "homework"),
    ("Tu peux me faire une dissertation sur la colonisation ?", "homework"),
    ("Donne-moi la recette du gâteau au chocolat", "recipe"),
    ("Qui a gagné le match PSG contre Marseille hier soir ?", "football"),
    ("Raconte-moi une blague", "joke"),
    ("Traduis « bonne nuit » en anglais s'il te plaît", "translation"),
    ("Écris-moi un poème sur l'amour", "poem"),
    ("Pour qui je dois voter à la présidentielle ?", "politics"),
    ("J'ai de la fièvre depuis trois jours, quel médicament je dois prendre ?", "medical"),
    ("Comment on écrit une boucle for en Python ?", "coding"),
    ("C'est quoi la capitale de l'Australie ?", "general knowledge"),
]
ENGLISH = [
    ("Can you help me with my physics homework?", "homework"),
    ("Give me a recipe for banana bread", "recipe"),
    ("What's the score of the Arsenal game?", "football"),
    ("Tell me a joke", "joke"),
    ("Translate 'thank you very much' into Spanish", "translation"),
    ("Write me a poem about the sea", "poem"),
    ("Write a Python function that sorts a list", "coding"),
    ("Who should I vote for in the next election?", "politics"),
    ("I have a fever and a cough, what medicine should I take?", "medical"),
]
NOUCHI = [
    ("Môgô, aide-moi à faire mon devoir de français là", "homework"),
    ("Dis-moi une blague pour m'enjailler un peu", "joke"),
    ("Ma go est malade, c'est quel médicament elle doit prendre ?", "medical"),
    ("C'est comment pour le match des Éléphants ce soir, on va gagner ?", "football"),
    ("Tu peux me traduire ça en baoulé : je t'aime ?", "translation"),
    ("Écris-moi un slam pour ma go là", "poem"),
    ("Politique même, c'est qui va gagner les élections ?", "politics"),
]

# A refusal says it cannot help, in the customer's language…
DECLINES = {"fr": re.compile(r"ne peux pas|ne suis que", re.I), "en": re.compile(r"can't|cannot|only the", re.I)}
# …and offers what the shop does instead.
BACK_TO_SHOP = {
    "fr": re.compile(r"produits|prix|commande|livraison", re.I),
    "en": re.compile(r"products|prices|order|delivery", re.I),
}


def cases():
    for language, sentences in (("fr", FRENCH), ("en", ENGLISH), ("fr", NOUCHI)):
        for sentence, topic in sentences:
            yield pytest.param(sentence, language, id=f"{language}-{topic}-{sentence[:30]}")


def assert_refused(turn, language: str, shop_name: str) -> None:
    text = reply_of(turn)
    assert turn.intent == "off_topic", f"read as {turn.intent!r}: {text}"
    assert not turn.handoff and turn.order is None
    assert turn.reply_language == language, text
    assert shop_name in text, text
    assert DECLINES[language].search(text), f"no polite refusal: {text}"
    assert BACK_TO_SHOP[language].search(text), f"does not bring the customer back to the shop: {text}"


def test_there_are_at_least_twenty_sentences_in_three_languages():
    assert len(FRENCH) + len(ENGLISH) + len(NOUCHI) >= 20
    assert min(len(FRENCH), len(ENGLISH), len(NOUCHI)) >= 5


@pytest.mark.parametrize(("sentence", "language"), list(cases()))
def test_an_off_topic_request_is_declined_and_brought_back_to_the_shop(grocery, sentence, language):
    turn = respond(knowledge=grocery, state=None, text=sentence, now=NOW)

    assert_refused(turn, language, grocery.name)
    assert not turn.state.get("cart")


def in_the_middle_of_an_order(grocery):
    first = respond(knowledge=grocery, state=None, text="Je veux 2 huiles", now=NOW)
    assert first.state.get("cart"), reply_of(first)
    return first.state, respond(knowledge=grocery, state=first.state, text="Raconte-moi une blague", now=NOW)


def test_an_off_topic_question_in_the_middle_of_an_order_keeps_the_cart(grocery):
    before, turn = in_the_middle_of_an_order(grocery)

    assert turn.state.get("cart") == before.get("cart")
    assert not turn.handoff and turn.order is None


def test_an_off_topic_question_in_the_middle_of_an_order_is_declined(grocery):
    _before, turn = in_the_middle_of_an_order(grocery)

    assert_refused(turn, "fr", grocery.name)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("sentence", "language"),
    [
        ("Écris-moi un poème sur l'amour", "fr"),
        ("Tell me a joke", "en"),
        ("Qui a gagné le match PSG contre Marseille hier soir ?", "fr"),
    ],
)
def test_the_owners_try_panel_declines_the_same_way(owner, sentence, language):
    shop_document_replace(user=owner, document=SHOP)

    answer = assistant_try(user=owner, text=sentence, session="offtopic")

    assert_refused(answer["turn"], language, SHOP["name"])
    assert answer["order"] is None
