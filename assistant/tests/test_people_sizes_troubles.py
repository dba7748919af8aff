"""What the seventeenth round showed, as classes, with shops and sentences of our own: a service done on each person
(a test, a haircut, a lesson) said for several people (« pour moi et mes 2 enfants », « for my wife and me ») is that
many; a size said as two lengths (« 120 sur 150 », « 2m x 1m50 ») is an area, which chooses the product whose range
holds it and is never a count; a thing and its trouble said apart (« le vent a cassé la vitre ») name the remedy the
shop sells by that trouble, and are no complaint; what a product is made of (« une table en verre ») is no second
product; how long a trouble of one's own has lasted (« j'ai la fièvre depuis 3 jours ») is no wait for the shop; a
question whether the shop comes to a zone (« vous faites les visites à domicile à Yopougon ? ») is answered by the
zone, though an FAQ entry speaks of the home service."""

import pytest

from assistant.engine import Knowledge
from assistant.engine.people import headcount
from assistant.engine.ranges import areas
from assistant.engine.text import normalise

from .conftest import reply_of
from .test_dialogue_context import _product, _shop
from .test_what_goes_with_what import _cart, _talk


@pytest.fixture(scope="module")
def clinic():
    """A health and beauty centre: tests and care done on one person, beside goods sold by the piece."""
    return _shop(
        [
            _product("C1", "Bilan sanguin complet", 15000, "examen", ["bilan sanguin", "blood test", "prise de sang"]),
            _product("C2", "Test de paludisme", 2500, "examen", ["test palu", "test de paludisme", "malaria test"]),
            _product("C3", "Consultation dentaire", 10000, "consultation", ["consultation dentaire", "dentist"]),
            _product("C4", "Coupe homme", 2000, "personne", ["coupe homme", "haircut"]),
            _product("C5", "Crème hydratante 200 ml", 4500, "pot", ["creme hydratante", "moisturiser"]),
            _product("C6", "Cours de natation (la séance)", 5000, "séance", ["cours de natation", "swimming lesson"]),
            _product("C7", "Cours de piano (1 heure)", 6000, "heure", ["cours de piano", "piano lesson"]),
        ],
        large_order_items=40,
    )


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("le bilan pour moi et mes 2 enfants", 3),
        ("c'est pour ma femme et moi", 2),
        ("a malaria test for my three kids", 3),
        ("for me and my brother please", 2),
        ("bon on est quatre en fait", 4),
        ("les deux tests pour nous deux", 2),
        ("on veut tous les trois passer", 3),
        # no number of people said
        ("c'est pour mes enfants", 0),
        ("je passe tous les 2 jours", 0),
        ("mon vieux, je veux 2 coupes pour mon fils", 0),
        ("I go pay with Wave", 0),
    ],
)
def test_how_many_people_a_message_counts(text, people):
    assert headcount(normalise(text).words) == people


@pytest.mark.parametrize(
    ("text", "cart"),
    [
        ("je veux faire le bilan sanguin complet pour moi et ma soeur, au Plateau, cash", [("C1", 2)]),
        ("un test de paludisme pour mes trois enfants svp", [("C2", 3)]),
        ("consultation dentaire pour mon mari et moi", [("C3", 2)]),
        ("a haircut for me and my 2 boys", [("C4", 3)]),
        ("cours de natation pour mes deux filles", [("C6", 2)]),
        # goods are not counted by the people they are for
        ("la crème hydratante pour moi et ma mère", [("C5", 1)]),
    ],
)
def test_a_service_done_on_each_person_is_that_many(chat, clinic, text, cart):
    talk, reply = _talk(chat, clinic, [text])
    lines = [(sku, qty or 1) for sku, qty in _cart(talk)]
    assert lines == cart, reply


def test_the_people_counted_again_are_all_of_them_not_more(chat, clinic):
    talk, reply = _talk(
        chat, clinic, ["2 coupes homme pour mon frère et moi", "non on est trois en fait, mets aussi mon cousin"]
    )
    assert _cart(talk) == [("C4", 3)], reply


def test_a_price_asked_for_several_people_is_their_total(chat, clinic):
    talk, reply = _talk(chat, clinic, ["c'est combien le bilan sanguin complet pour moi et mes 2 petits ?"])
    assert "45 000" in reply.replace("\u202f", " ").replace("\xa0", " "), reply


@pytest.fixture(scope="module")
def glazier():
    """Windows and broken panes by their area, blinds of two sizes, glass by the m², a glass-topped table."""
    return _shop(
        [
            _product("B1", "Baie vitrée alu jusqu'à 2 m²", 90000, "baie", ["baie vitrée", "bay window", "window"]),
            _product("B2", "Baie vitrée alu de 2 à 4 m²", 150000, "baie", ["baie vitrée", "bay window", "window"]),
            _product("S1", "Store enrouleur 60 × 120 cm", 12000, "pièce", ["store", "store enrouleur", "blind"]),
            _product("S2", "Store enrouleur 90 × 150 cm", 18000, "pièce", ["store", "store enrouleur", "blind"]),
            _product("G1", "Verre 5 mm (le m²)", 10000, "m²", ["verre", "vitre", "glass"]),
            _product("R1", "Remplacement de vitre jusqu'à 1 m²", 16000, "vitre", ["vitre cassée", "broken window"]),
            _product("R2", "Remplacement de vitre de 1 à 2 m²", 26000, "vitre", ["vitre cassée", "broken window"]),
            _product("P1", "Pose de baie vitrée (par baie)", 15000, "baie", ["pose", "fitting"]),
            _product("T1", "Table basse (plateau en verre trempé)", 45000, "pièce", ["table basse", "coffee table"]),
        ],
        large_order_items=40,
    )


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("une baie de 2m x 1m50", [3.0]),
        ("elle fait 120 sur 150", [1.8]),
        ("e be like 60 by 80", [0.48]),
        ("store de 90x150 cm", [1.35]),
        ("4 x 2 kg de riz", []),
        ("il a eu 2 sur 3", []),
    ],
)
def test_a_size_said_as_two_lengths_is_an_area(text, area):
    assert areas(normalise(text).words) == area


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["une baie vitrée de 2m x 1m50 svp"], [("B2", 1)]),
        (["baie vitrée 120 sur 150, livrée à Cocody"], [("B1", 1)]),
        (["I need a bay window, 1m by 2m"], [("B1", 1)]),  # the range that ends at 2 m² holds it
        # the answer to « lequel ? », never a count of 250
        (["je veux une baie vitrée", "elle fait 250 sur 120"], [("B2", 1)]),
        (["2 stores svp", "les 90 sur 150"], [("S2", 2)]),
    ],
)
def test_the_area_said_chooses_the_range_and_counts_nothing(chat, glazier, turns, cart):
    talk, reply = _talk(chat, glazier, turns)
    assert _cart(talk) == cart, reply


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["mon fils a cassé la vitre de la chambre, elle fait 80 sur 100. Venez la changer à Cocody"], [("R1", 1)]),
        (["the storm broke my bedroom window", "e be like 120 by 100"], [("R2", 1)]),
    ],
)
def test_a_thing_and_its_trouble_said_apart_name_the_remedy(chat, glazier, turns, cart):
    talk, reply = _talk(chat, glazier, turns)
    assert _cart(talk) == cart and not any(t.handoff for t in talk.turns), reply
    assert all(t.intent != "complaint" for t in talk.turns), reply


def test_the_trouble_of_what_the_shop_delivered_is_a_complaint(chat, glazier):
    talk = chat(glazier)
    turn = talk.say("la vitre que vous m'avez livrée hier est cassée")
    assert turn.intent == "complaint" and turn.handoff, reply_of(turn)


def test_what_a_product_is_made_of_is_no_product_of_its_own(chat, glazier):
    talk, reply = _talk(chat, glazier, ["je veux une table basse en verre"])
    assert _cart(talk) == [("T1", 1)] and not talk.state["choice"], reply


@pytest.mark.parametrize(
    "text",
    [
        "j'ai la fièvre depuis 3 jours, vous avez quel test ?",
        "my body dey hot since 2 days, which test una get?",
    ],
)
def test_how_long_a_trouble_of_ones_own_lasted_is_no_wait(chat, clinic, text):
    turn = chat(clinic).say(text)
    assert turn.intent != "complaint" and not turn.handoff, reply_of(turn)


@pytest.mark.parametrize(
    "text", ["ça fait 2h que j'attends le livreur à Cocody", "I paid since 3 hours and nothing has come"]
)
def test_a_wait_for_the_shop_is_still_a_complaint(chat, clinic, text):
    turn = chat(clinic).say(text)
    assert turn.intent == "complaint" and turn.handoff, reply_of(turn)


def test_whether_the_shop_comes_to_a_zone_is_answered_by_the_zone(chat):
    document = dict(_shop([_product("C1", "Bilan sanguin complet", 15000, "examen", ["bilan sanguin"])]).document)
    document["faq"] = [
        {
            "question": "Les frais de visite à domicile sont-ils par personne ?",
            "answer": "Non, les frais de visite à domicile sont comptés une fois par adresse.",
        }
    ]
    turn = chat(Knowledge.from_document(document)).say("vous faites les visites à domicile à Yopougon ?")
    reply = reply_of(turn)
    assert turn.intent == "delivery_zone_fee" and "Yopougon" in reply and "une fois par adresse" not in reply, reply


@pytest.mark.parametrize(
    ("text", "cart"),
    [
        ("cours de natation, 2 séances par semaine pendant 3 semaines", [("C6", 6)]),
        ("piano lesson 2 hours a week for 4 weeks", [("C7", 8)]),
        ("cours de piano trois heures samedi", [("C7", 3)]),
    ],
)
def test_a_count_by_the_period_or_in_words_counts_the_units_sold(chat, clinic, text, cart):
    talk, reply = _talk(chat, clinic, [text])
    assert _cart(talk) == cart, reply


@pytest.mark.parametrize(
    "text", ["une baie vitrée de 120 sur 150 sans la pose", "a bay window 1m by 1m50 without the fitting"]
)
def test_a_product_said_after_without_is_not_ordered(chat, glazier, text):
    talk, reply = _talk(chat, glazier, [text])
    assert _cart(talk) == [("B1", 1)], reply
