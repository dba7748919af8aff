"""What the tenth round showed, as classes, with a shop and sentences of our own: a product told from its sibling by
the one word only its names hold (« et le pack ? », « the student monthly plan »), a verb asked of the shop that is no
product (« vous hachez ? » where minced meat is sold), and a thing that is no product but that the FAQ speaks of."""

import json

import pytest

from assistant.engine import Knowledge
from assistant.engine.entities import Extractor
from assistant.engine.intents import classify
from assistant.engine.policy import DEFAULT_MODEL, new_state, respond
from assistant.engine.text import normalise
from assistant.evaluation import item_matches

from .conftest import DATA, NOW, reply_of
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
        _product("D10", "Bouquet de roses pour le spectacle", 12000, "bouquet", ["bouquet", "bouquet de roses"]),
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
    document["description"] = "Studio de danse et épicerie fine à Marcory : forfaits, cours particuliers, charcuterie."
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


@pytest.mark.parametrize(
    "turns",
    [
        ["un forfait mensuel svp", "ajoutez une eau minérale pour nous deux les 2 matins"],
        ["one monthly pass please", "add water too, 2 bottles"],
    ],
)
def test_occasions_and_little_words_are_never_goods_the_shop_lacks(chat, studio, turns):
    talk = chat(studio)
    for text in turns:
        reply = reply_of(talk.say(text))
    assert "ne vendons pas" not in reply and "don't sell" not in reply, reply
    assert "D08" in [line["sku"] for line in talk.state["cart"]], reply


@pytest.mark.parametrize("text", ["vous avez quoi comme forfait mensuel ?", "quel genre de forfait danse vous avez ?"])
def test_the_kinds_of_a_thing_asked_for_are_every_product_its_words_fit(chat, studio, text):
    reply = reply_of(chat(studio).say(text))
    assert item_matches("20 000", reply) and item_matches("14 000", reply), reply


def test_a_typo_that_lost_a_letter_is_the_longer_word(studio):
    # « bouqets » is one edit from « bouquet » and from « bouet » (Port-Bouët): the customer dropped a letter
    assert _skus(studio, "vs avez des bouqets ?") == [["D10"]]


@pytest.mark.parametrize(
    "text, skus, qty",
    [
        # a year after a name is the model's, never how many
        ("je cherche le forfait mensuel 2025", ["D01"], None),
        # a number before « pour » counts nothing after it
        ("un saucisson de 5000 pour mon carnet de cours", ["D06"], 1),
    ],
)
def test_numbers_that_count_nothing(studio, text, skus, qty):
    mentions = Extractor(studio).extract(normalise(text)).products
    assert [(m.skus, None if m.weak else m.qty) for m in mentions] == [(skus, qty)]


@pytest.mark.parametrize(
    "text, person",
    [
        ("c'est quoi le numéro de la CIE ? on a plus de courant", False),
        ("vous avez le numéro du service client Moov ?", False),
        ("do you have the number of the police station?", False),
        ("donnez-moi le numéro du gérant svp", True),
        ("le numéro de la patronne stp", True),
    ],
)
@pytest.mark.parametrize("model", [DEFAULT_MODEL, None])  # the learned model, and the rules alone
def test_the_number_of_a_service_outside_the_shop_asks_for_no_person(studio, text, person, model):
    turn = respond(knowledge=studio, state=None, text=text, now=NOW, model=model)
    assert (turn.intent == "human") is person and turn.handoff is person, reply_of(turn)


@pytest.mark.parametrize(
    "text, outside",
    [
        ("vous connaissez un bon mécanicien vers Koumassi ?", True),
        ("can you recommend a good dentist near Marcory?", True),
        ("tu connais quelqu'un qui répare les frigos ?", True),
        ("vous connaissez un bon saucisson ? le fumé il est bien ?", False),  # the shop's own goods
        ("can you recommend a good sausage for a party?", False),
        ("ma cousine m'a recommandé votre studio, bonjour", False),
    ],
)
@pytest.mark.parametrize("model", [DEFAULT_MODEL, None])
def test_someone_else_recommended_is_off_topic(studio, text, outside, model):
    turn = respond(knowledge=studio, state=None, text=text, now=NOW, model=model)
    assert (turn.intent == "off_topic") is outside, (turn.intent, reply_of(turn))


def test_which_goods_of_the_shops_own_trade_lists_them(chat, studio):
    reply = reply_of(chat(studio).say("vous avez quelle charcuterie ?"))
    assert item_matches("4 500", reply) and item_matches("20 000", reply), reply  # the list, not « not sold »


def test_which_goods_of_another_trade_are_not_sold(chat, studio):
    reply = reply_of(chat(studio).say("vous avez quelles pizzas ?"))
    assert "ne vendons pas de pizzas" in reply, reply


def test_a_size_said_alone_with_an_order_verb_names_the_sibling_of_that_size(chat):
    garage = _studio(
        products=[
            _product("H01", "Huile moteur 10W40 (bidon 4 L)", 14000, "bidon", ["huile moteur", "engine oil"]),
            _product("H02", "Huile moteur 10W40 (1 L)", 3800, "bouteille", ["huile moteur", "engine oil"]),
            _product("H03", "Liquide de frein (500 ml)", 2500, "flacon", ["liquide de frein", "brake fluid"]),
        ]
    )
    talk = chat(garage)
    talk.say("je veux l'huile moteur en bidon de 4 litres")
    talk.say("ajoute aussi une bouteille de 1 litre")
    assert sorted((line["sku"], line["qty"]) for line in talk.state["cart"]) == [("H01", 1), ("H02", 1)]
