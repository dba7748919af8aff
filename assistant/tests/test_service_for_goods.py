"""What the fourteenth round showed, as classes, with shops and sentences of our own: a service a shop sells for
several kinds of goods is the one for the goods it is said of, done as many times as they are counted (« installer
un groupe 5 kVA », « l'entretien de 2 groupes », « vidange pour 2 petits groupes et 1 gros », « my generator
serviced »), and the customer's own goods are not bought; goods made for other goods (« le raccord ») are not a
service done on each of them; the item a service is priced by counts its line (« j'ai 3 fenêtres »), corrected
(« non pardon 4 »); lengths (« 1m80 »), codes (« R32 ») and « svp » are no counts, nor what a customer forgot.
An option the description of the line just added offers (« fraise-vanille ») orders no other product; a kind asked
of a product out of stock is told out of stock; a make the shop knows with a model it does not is not sold."""

import json

import pytest

from assistant.engine import Knowledge

from .test_dialogue_context import DATA, _product, _shop
from .test_what_goes_with_what import _cart, _talk


def _generators() -> Knowledge:
    """Generators, their installation and servicing, water hoses and window blinds, on the development shop's zones."""
    return _shop(
        [
            _product("G1", "Groupe électrogène 3 kVA", 250000, "pièce", ["groupe 3 kVA", "petit groupe", "generator"]),
            _product("G2", "Groupe électrogène 5 kVA", 420000, "pièce", ["groupe 5 kVA", "gros groupe", "generator"]),
            _product("I1", "Installation groupe 3 kVA", 15000, "appareil", ["installation", "installation groupe"]),
            _product("I2", "Installation groupe 5 kVA", 25000, "appareil", ["installation", "installation groupe"]),
            _product("V1", "Vidange groupe 3 kVA", 6000, "appareil", ["vidange", "entretien", "servicing"]),
            _product("V2", "Vidange groupe 5 kVA", 9000, "appareil", ["vidange", "entretien", "servicing"]),
            _product("R1", "Recharge gaz R32 (par appareil)", 22000, "appareil", ["recharge R32", "gaz R32"]),
            _product("H1", "Tuyau d'arrosage 20 m", 7000, "rouleau", ["tuyau", "tuyau d'arrosage", "hose"]),
            _product("H2", "Raccord rapide pour tuyau", 1500, "pièce", ["raccord", "raccord tuyau", "connector"]),
            _product("B1", "Store enrouleur 120 cm", 14000, "pièce", ["store", "store 120", "blind"]),
            _product("B2", "Store enrouleur 180 cm", 19000, "pièce", ["store", "store 180", "blind"]),
            _product("B3", "Pose de store (par fenêtre)", 3000, "fenêtre", ["pose", "pose store", "fitting"]),
            _product("M1", "Miel 250 g (pot)", 2500, "pot", ["miel", "honey"]),
            _product("M2", "Miel 500 g (pot)", 4500, "pot", ["miel", "honey"]),
        ]
    )


@pytest.fixture(scope="module")
def generators():
    return _generators()


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        # the service for the goods said after its verb or its noun, counted by them
        (["venez installer mon groupe 5 kVA à Cocody"], [("I2", 1)]),
        (["il me faut l'entretien de 2 groupes 3 kVA"], [("V1", 2)]),
        (["faites la vidange pour 2 petits groupes et 1 gros groupe"], [("V1", 2), ("V2", 1)]),
        # the customer's own goods, before the service's verb
        (["I need my 2 generators 5 kVA serviced at home"], [("V2", 2)]),
        # goods bought with their service; a list item after a « + » is not what the service is done on
        (["je prends un groupe 5 kVA avec son installation"], [("G2", 1), ("I2", 1)]),
        (["1 groupe 3 kVA + installation + 2 tuyaux d'arrosage"], [("G1", 1), ("H1", 2), ("I1", 1)]),
    ],
)
def test_a_service_is_the_one_for_the_goods_it_is_said_of(chat, generators, turns, cart):
    talk, reply = _talk(chat, generators, turns)
    assert _cart(talk) == cart, reply


def test_the_price_of_a_service_for_named_goods_is_that_service_s(chat, generators):
    talk, reply = _talk(chat, generators, ["c'est combien pour installer un groupe 3 kVA ?"])
    plain = reply.replace("\u202f", " ").replace("\xa0", " ")
    assert "15 000" in plain and "25 000" not in plain, reply


def test_goods_made_for_other_goods_are_counted_on_their_own(chat, generators):
    talk, reply = _talk(chat, generators, ["je veux 3 tuyaux d'arrosage et le raccord"])
    assert _cart(talk) == [("H1", 3), ("H2", 1)], reply


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["je veux la pose de store à Marcory", "on a 3 fenêtres"], [("B3", 3)]),
        (["la pose de store à Marcory", "j'ai 2 fenêtres... non pardon 4, j'avais oublié le salon"], [("B3", 4)]),
        (["2 stores 120 cm", "non mets 1 seulement, c'est pour une seule fenêtre"], [("B1", 1)]),
    ],
)
def test_the_item_a_service_is_priced_by_counts_its_line(chat, generators, turns, cart):
    talk, reply = _talk(chat, generators, turns)
    assert _cart(talk) == cart, reply
    assert not talk.state["handoff"], reply


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["je veux un store", "celui de 180 cm, ma fenêtre fait 1m75"], [("B2", 1)]),  # a length, no count
        (["1 recharge R32 svp"], [("R1", 1)]),  # a code of a letter and a number, never « are 32 »
        (["bonsoir je voudrais du miel svp, 3 pots", "celui de 500 g"], [("M2", 3)]),
        (["I wan buy the 3 kVA generator, make am 2"], [("G1", 2)]),
    ],
)
def test_lengths_codes_and_politeness_are_no_counts(chat, generators, turns, cart):
    talk, reply = _talk(chat, generators, turns)
    assert _cart(talk) == cart, reply
    assert not talk.state["handoff"], reply


def test_a_described_answer_with_a_count_is_no_complaint(chat, generators):
    talk, reply = _talk(chat, generators, ["I wan buy generator", "the one wey big pass, 2 of them"])
    assert not talk.state["handoff"], reply


def test_asking_whether_the_shop_collects_in_a_zone_is_a_delivery_question(chat, generators):
    talk, reply = _talk(chat, generators, ["do you pick up in Cocody?"])
    assert talk.state["zone"] != "pickup", reply
    assert "Cocody" in reply, reply


def _pastry() -> Knowledge:
    """Cakes and ice cream, fabric and car filters: options a description offers, kinds a shop does not list."""
    cake = _product("C1", "Gâteau d'anniversaire 8 parts", 15000, "gâteau", ["gâteau", "gâteau d'anniversaire"])
    cake["description"] = "Parfum fraise-vanille ou chocolat-coco, prénom écrit dessus. À commander la veille."
    return _shop(
        [
            cake,
            _product("P1", "Pot glace fraise 500 ml", 2500, "pot", ["glace fraise", "fraise"]),
            _product("P2", "Pot glace vanille 500 ml", 2500, "pot", ["glace vanille", "vanille"]),
            _product("F1", "Velours au mètre", 5000, "mètre", ["velours", "velvet"], False),
            _product("F2", "Lin au mètre", 4000, "mètre", ["lin", "linen"]),
            _product("A1", "Filtre à air Toyota Corolla", 6000, "pièce", ["filtre à air", "filtre corolla"]),
            _product("A2", "Filtre à air Hyundai Accent", 5500, "pièce", ["filtre à air", "filtre accent"]),
            _product("A3", "Filtre à huile Peugeot 206", 4000, "pièce", ["filtre à huile", "filtre peugeot"]),
            _product("O1", "Huile moteur (bidon 5 L)", 16000, "bidon", ["huile moteur", "bidon d'huile"]),
            _product("O2", "Huile moteur (le litre)", 3500, "litre", ["huile moteur", "litre d'huile"]),
            _product("Z1", "Fermeture éclair 20 cm", 150, "pièce", ["fermeture 20 cm", "zip 20 cm"]),
            _product("Z2", "Fermeture éclair 50 cm", 350, "pièce", ["fermeture 50 cm", "zip 50 cm"]),
        ]
    )


@pytest.fixture(scope="module")
def pastry():
    return _pastry()


def test_an_option_the_line_s_description_offers_orders_nothing_else(chat, pastry):
    talk, reply = _talk(chat, pastry, ["un gâteau d'anniversaire à Cocody", "fraise-vanille, avec le prénom Koffi"])
    assert _cart(talk) == [("C1", 1)], reply


def test_a_kind_asked_of_a_product_out_of_stock_is_told_out_of_stock(chat, pastry):
    talk, reply = _talk(chat, pastry, ["le velours vert c'est combien le mètre ?"])
    assert "rupture" in reply, reply


def test_a_make_the_shop_knows_with_a_model_it_does_not_is_not_sold(chat, pastry):
    talk, reply = _talk(chat, pastry, ["vous avez filtre à air pour Peugeot Partner ?"])
    assert "ne vendons pas" in reply, reply


def test_what_a_refused_zone_question_was_about_is_ordered_when_the_customer_comes(chat, generators):
    turns = ["bonsoir vous livrez à Grand-Bassam pour un store enrouleur ?", "ok je vais passer à la boutique alors"]
    talk, reply = _talk(chat, generators, [*turns, "celui de 120 cm"])
    assert _cart(talk) == [("B1", 1)], reply
    assert talk.state["zone"] == "pickup", reply


def test_a_pidgin_wish_to_do_a_service_orders_it(chat, generators):
    talk, reply = _talk(chat, generators, ["abeg I wan do vidange for my 5 kVA generator, e don tire me"])
    assert _cart(talk) == [("V2", 1)], reply


@pytest.mark.parametrize(
    ("text", "cart"),
    [
        ("On dit quoi mon frère, faut venir vidanger mon groupe 3 kVA", [("V1", 1)]),
        ("bonsoir, venez poser mon store de 120 cm", [("B3", 1)]),
    ],
)
def test_a_service_asked_by_its_verb_after_a_greeting_is_ordered(chat, generators, text, cart):
    talk, reply = _talk(chat, generators, [text])
    assert _cart(talk) == cart, reply


@pytest.mark.parametrize(
    ("text", "price"),
    [
        ("le bidon d'huile moteur c'est combien ? et le litre seul ?", "3 500"),
        ("fermeture éclair 20 cm c'est à combien ? et la 50 ?", "350"),
    ],
)
def test_a_measure_or_a_number_alone_after_et_le_asks_for_the_sibling(chat, pastry, text, price):
    talk, reply = _talk(chat, pastry, [text])
    assert price in reply.replace("\u202f", " ").replace("\xa0", " "), reply


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("una dey do tour for the farm? I wan bring my pikin dem", "samedi|Saturday"),
        ("how often should the generator be serviced?", "3 mois|3 months"),
    ],
)
def test_a_visit_or_how_often_is_asked_of_the_faq_in_either_language(chat, text, said):
    document = json.loads((DATA / "dev" / "business.json").read_text(encoding="utf-8"))
    document["faq"] += [
        {
            "question": "Peut-on visiter la ferme ?",
            "answer": "Oui, le samedi matin de 9 h à 11 h, gratuitement, sur rendez-vous.",
            "answer_en": "Yes, you can visit the farm on Saturday mornings from 9 to 11, free, by appointment.",
        },
        {
            "question": "Tous les combien faut-il faire la vidange du groupe ?",
            "answer": "Tous les 3 mois, ou toutes les 250 heures de marche.",
            "answer_en": "Every 3 months, or every 250 running hours.",
        },
    ]
    talk, reply = _talk(chat, Knowledge.from_document(document), [text])
    assert any(word in reply for word in said.split("|")), reply


def test_the_state_of_a_thing_added_is_no_complaint(chat, pastry):
    turns = [
        "un filtre à air Toyota Corolla, livraison à Cocody",
        "ajoutez aussi le filtre à huile Peugeot, le mien est cassé",
    ]
    talk, reply = _talk(chat, pastry, turns)
    assert _cart(talk) == [("A1", 1), ("A3", 1)], reply
    assert not talk.state["handoff"], reply
