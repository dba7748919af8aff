"""What the tenth round showed, as classes, with a shop and sentences of our own: a product told from its sibling by
the one word only its names hold (« et le pack ? », « the student monthly plan »), a verb asked of the shop that is no
product (« vous hachez ? » where minced meat is sold), and a thing that is no product but that the FAQ speaks of."""

import json

import pytest

from assistant.engine import Knowledge
from assistant.engine.entities import Extractor
from assistant.engine.intents import classify
from assistant.engine.policy import new_state
from assistant.engine.text import normalise
from assistant.evaluation import item_matches

from .conftest import DATA, reply_of
from .test_dialogue_context import _product


def _studio(**changes) -> Knowledge:
    """A dance studio and deli on the development shop's zones, hours and payments."""
    document = json.loads((DATA / "dev" / "business.json").read_text(encoding="utf-8"))
    document["products"] = [
        _product("D01", "Forfait danse mensuel", 20000, "mois", ["forfait mensuel", "forfait danse", "monthly pass"]),
        _product("D02", "Forfait danse trimestriel", 54000, "trimestre", ["forfait trimestriel", "quarterly pass"]),
        _product("D03", "Forfait danse mensuel senior", 14000, "mois", ["forfait senior", "senior pass"]),
        _product("D04", "Cours particulier de salsa (1 h)", 8000, "séance", ["cours particulier", "private lesson"]),
        _product("D05", "Carnet de 5 cours particuliers", 35000, "carnet", ["carnet de cours", "lesson booklet"]),
        _product("D09", "Forfait duo (deux personnes)", 36000, "mois", ["forfait duo", "duo pass"]),
        _product("D06", "Saucisson fumé (pièce)", 4500, "pièce", ["saucisson", "saucisson fumé", "sausage"]),
        _product("D07", "Saucisson émincé (barquette 200 g)", 3000, "barquette", ["émincé", "saucisson émincé"]),
        _product("D08", "Eau minérale 1,5 L", 500, "bouteille", ["eau", "eau minérale", "water"]),
    ]
    document["faq"] = [
        {
            "question": "Émincez-vous le saucisson ?",
            "answer": "Oui, nous émincons le saucisson entier sur place pour 300 F.",
            "answer_en": "Yes, we slice a whole sausage on the spot for 300 F.",
        },
        {
            "question": "Y a-t-il des vestiaires et des douches ?",
            "answer": "Oui, vestiaires et douches à l'eau chaude, avec un groupe électrogène en cas de coupure.",
            "answer_en": "Yes, changing rooms and hot showers, with a generator when the power cuts.",
        },
    ]
    document.update(changes)
    return Knowledge.from_document(document)


@pytest.fixture(scope="module")
def studio():
    return _studio()


def _skus(knowledge: Knowledge, text: str) -> list[list[str]]:
    return [m.skus for m in Extractor(knowledge).extract(normalise(text)).products]


@pytest.mark.parametrize(
    "text, skus",
    [
        ("le cours particulier c'est combien ? et le carnet ?", [["D04"], ["D05"]]),
        ("how much is the monthly pass and the quarterly one?", [["D01"], ["D02"]]),
        ("c'est combien le forfait mensuel, et le senior ?", [["D01"], ["D03"]]),
    ],
)
def test_a_sibling_is_told_by_the_one_word_only_its_names_hold(studio, text, skus):
    assert _skus(studio, text) == skus


def test_that_word_alone_names_nothing_without_its_sibling(studio):
    assert _skus(studio, "je suis senior, vous avez des réductions ?") == []


def test_a_number_word_counts_and_never_names_a_sibling(studio):
    # « Forfait duo (deux personnes) » is the one product whose names say « deux »
    assert _skus(studio, "deux forfaits mensuels svp") == [["D01"]]


@pytest.mark.parametrize("text", ["the senior monthly pass, how much?", "c'est combien le senior forfait mensuel ?"])
def test_the_word_before_a_mention_picks_its_sibling(chat, studio, text):
    reply = reply_of(chat(studio).say(text))
    assert item_matches("14 000", reply) and not item_matches("20 000", reply), reply


@pytest.mark.parametrize("text", ["vous émincez le saucisson ? c'est combien", "tu peux émincer le saucisson ?"])
def test_a_verb_asked_of_the_shop_is_no_product(studio, text):
    assert _skus(studio, text) == [["D06"]]  # the whole sausage, never the sliced one the verb would name


def test_a_participle_misspelt_stays_the_product(studio):
    assert _skus(studio, "je veux le saucisson éminçez") == [["D07"]]


@pytest.mark.parametrize(
    "text, spoken",
    [("y a un groupe électrogène chez vous ?", True), ("vous avez une trottinette électrique ?", False)],
)
def test_a_thing_not_sold_is_told_apart_by_whether_the_faq_speaks_of_it(studio, text, spoken):
    norm = normalise(text)
    u = classify(norm, Extractor(studio).extract(norm), studio, new_state(), "fr")
    assert u.unknown and u.unknown_in_faq is spoken
