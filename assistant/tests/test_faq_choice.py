"""Which FAQ entry answers: the hand-set score says whether an entry is close enough, the weights learned on
the corpus (learning.train_faq_ranker) say which one — a question of delay meets the entry that gives delays,
a question of cost the one that gives amounts. A shop and sentences of our own, not the corpus's."""

import json

import pytest

from assistant.engine import Knowledge
from assistant.engine.model import default_model
from assistant.learning import FaqGroup, faq_top1, train_faq_ranker

from .conftest import DATA, Chat, reply_of

FAQ = [
    {
        "question": "Comment se passe l'essayage des lunettes ? Faut-il un rendez-vous ?",
        "answer": "L'essayage se fait en boutique sans rendez-vous, du lundi au samedi, et il est gratuit.",
        "answer_en": "You can try glasses on in the shop without an appointment, Monday to Saturday, free of charge.",
    },
    {
        "question": "Quels sont les délais pour des verres correcteurs ?",
        "answer": "Verres simples : 3 jours. Verres progressifs : 10 jours. En urgence, 24 h avec 5000 F de plus.",
        "answer_en": "Single lenses: 3 days. Progressive lenses: 10 days. Rush: 24 h for 5000 F more.",
    },
    {
        "question": "Reprenez-vous une monture abîmée ?",
        "answer": "Une monture cassée dans le mois est réparée sans frais ; après, la soudure coûte 2000 F.",
        "answer_en": "A frame broken within the month is repaired at no cost; after that, welding costs 2000 F.",
    },
]


@pytest.fixture(scope="module")
def shop():
    document = json.loads((DATA / "dev" / "business.json").read_text(encoding="utf-8"))
    document["faq"] = FAQ
    document["products"].append(
        {
            "sku": "O1",
            "name": "Monture acétate noire",
            "price": 25000,
            "unit": "pièce",
            "in_stock": True,
            "aliases": ["monture", "monture noire"],
        }
    )
    return Knowledge.from_document(document)


def test_the_shipped_model_carries_learned_faq_weights():
    weights = default_model().meta.get("faq_ranker")
    assert weights and set(weights) >= {"concept_q", "q_word", "a_word"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("mes verres progressifs seront prêts en combien de jours ?", "10 jours"),
        ("how long do single lenses take to be ready?", "3 days"),
        ("je peux venir essayer sans rdv ?", "sans rendez-vous"),
        ("si ma monture casse vous la réparez ?", "sans frais"),
    ],
)
def test_the_entry_that_answers_is_chosen(shop, text, fact):
    turn = Chat(shop).say(text)
    assert turn.intent == "faq" and fact in reply_of(turn), reply_of(turn)


def test_the_ranker_learns_which_kind_of_answer_a_question_asks_for():
    """Questions of delay whose words reach two entries alike, the second giving delays: it learns to prefer it."""
    delay, other = {"gives_delay": 1, "q_word": 1}, {"gives_delay": 0, "q_word": 1}
    groups = [FaqGroup("test", f"t{n}", [other, delay] if n % 2 else [delay, other], n % 2) for n in range(6)]
    weights = train_faq_ranker(groups)
    assert weights["gives_delay"] > 0 and faq_top1(groups, weights) == 1.0
    assert faq_top1(groups, {"q_word": 1.0}) < 1.0  # the words alone cannot tell them apart


def test_a_service_priced_in_its_faq_answer_gets_no_product_price_beside_it(shop):
    """« vous reprenez une monture abîmée ? c'est combien »: the service's price, which its FAQ answer gives."""
    said = reply_of(Chat(shop).say("vous reprenez une monture abîmée ? c'est combien"))
    assert "2000" in said and "25\u202f000" not in said, said
