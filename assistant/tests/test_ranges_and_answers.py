"""What the sixteenth round showed, as classes, with a shop and sentences of our own: a product whose name gives a
range (« jusqu'à 1,4 L », « 1,5 L à 2,2 L », « plus de 2,2 L ») is the one whose range holds the measure the
customer says, in figures with decimals and without its unit (« moteur 2.0 »); a number after a word of the names
(« le niveau 3 », « the level 3 one ») or « les deux » answers « lequel ? »; a count said before a sized sibling
(« 3 bouteilles de 1 L ») is that sibling's; a new count of a line said with a complaint about the price is a change
of the order; a training centre's or a clinic's own premises are where the customer comes; a place said in one
sentence does not make what the next sentence asks for a landmark."""

import pytest

from assistant.engine import Knowledge
from assistant.engine.entities import Extractor
from assistant.engine.ranges import name_range
from assistant.engine.text import normalise

from .test_dialogue_context import _product, _shop
from .test_what_goes_with_what import _cart, _talk


def _workshop() -> Knowledge:
    """A car workshop's oil changes by engine size, brake pads, tyres and oils, and a bookshop's manuals, on the
    development shop's zones."""
    return _shop(
        [
            _product("V1", "Vidange essence (jusqu'à 1,4 L)", 15000, "vidange", ["vidange", "oil change"]),
            _product("V2", "Vidange essence (1,5 L à 2,2 L)", 21000, "vidange", ["vidange", "oil change"]),
            _product("V3", "Vidange gros moteur (plus de 2,2 L)", 30000, "vidange", ["vidange", "oil change"]),
            _product("B1", "Plaquettes avant (pose comprise)", 17000, "jeu", ["plaquettes", "plaquettes avant"]),
            _product("B2", "Plaquettes arrière (pose comprise)", 13000, "jeu", ["plaquettes", "plaquettes arrière"]),
            _product("T1", "Pneu 185/60 R15", 38000, "pneu", ["pneu", "pneus", "tyre", "tyres"]),
            _product("T2", "Pneu 215/65 R16", 52000, "pneu", ["pneu", "pneus", "tyre", "tyres"], in_stock=False),
            _product("O1", "Huile 10W40 (bidon 20 L)", 60000, "bidon", ["huile", "huile 10w40", "engine oil"]),
            _product("O2", "Huile 10W40 (1 L)", 3500, "bouteille", ["huile", "huile 10w40", "engine oil"]),
            _product("L1", "Ampoule H7", 3000, "pièce", ["ampoule", "ampoule h7", "bulb"]),
            _product("M2", "Manuel de maths niveau 2", 7000, "livre", ["manuel de maths", "maths book"]),
            _product("M3", "Manuel de maths niveau 3", 7500, "livre", ["manuel de maths", "maths book"]),
        ],
        large_order_items=40,
    )


@pytest.fixture(scope="module")
def workshop():
    return _workshop()


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("Vidange essence (jusqu'à 1,4 L)", (0.0, 1.4, "l")),
        ("Vidange essence (1,5 L à 2,2 L)", (1.5, 2.2, "l")),
        ("Reliure (de 51 à 120 pages)", (51.0, 120.0, "page")),
        ("Tenue 6-8 ans", (72.0, 96.0, "age")),  # ages in months (a name may say « 18 mois-3 ans »)
        # a measure alone, a pack or a word ending in « a » is no range
        ("Jus de bissap Awa 1,5 L, pack de 6", None),
        ("Huile 10W40 (1 L)", None),
    ],
)
def test_the_range_a_name_gives(name, found):
    assert name_range(name) == found


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["une vidange svp, c'est pour une moto 1.2"], [("V1", 1)]),
        (["I need an oil change for my 1.8 litre engine"], [("V2", 1)]),
        (["faut faire la vidange de mon Prado, moteur 3,0 litres"], [("V3", 1)]),
        # the answer to « lequel ? »
        (["je veux faire la vidange", "c'est une Yaris, moteur 1.3"], [("V1", 1)]),
        (["oil change please", "engine na 2.0"], [("V2", 1)]),
        # a code's digit in another product's name (« H7 ») tells no size
        (["ma voiture fait 2.5 litres : une vidange et 1 ampoule H7"], [("L1", 1), ("V3", 1)]),
    ],
)
def test_the_range_that_holds_the_measure_said_is_the_one(chat, workshop, turns, cart):
    talk, reply = _talk(chat, workshop, turns)
    assert _cart(talk) == cart, reply


def test_a_price_asked_with_the_measure_is_the_price_of_that_range(chat, workshop):
    talk, reply = _talk(chat, workshop, ["la vidange d'un moteur 2.0 c'est combien ?"])
    plain = reply.replace("\u202f", " ").replace("\xa0", " ")
    assert "21 000" in plain and "15 000" not in plain and "30 000" not in plain, reply


def test_a_count_is_no_measure_of_a_range(chat, workshop):
    talk, reply = _talk(chat, workshop, ["2 vidanges svp"])
    assert talk.state["choice"] and not talk.state["cart"], reply


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["je veux le manuel de maths", "le niveau 3 svp"], [("M3", 1)]),
        (["I wan buy maths book", "the level 2 one"], [("M2", 1)]),
        (["il me faut les plaquettes", "les deux, l'avant et l'arrière"], [("B1", 1), ("B2", 1)]),
        (["brake pads please, plaquettes", "both please"], [("B1", 1), ("B2", 1)]),
        (["je veux les plaquettes", "avant et arrière"], [("B1", 1), ("B2", 1)]),
        (["je veux les plaquettes", "l'avant, pas l'arrière"], [("B1", 1)]),
    ],
)
def test_a_choice_answered_by_a_number_of_the_names_or_by_both(chat, workshop, turns, cart):
    talk, reply = _talk(chat, workshop, turns)
    assert _cart(talk) == cart, reply


def test_a_count_before_a_sized_sibling_is_the_siblings(chat, workshop):
    turns = ["2 bidons d'huile de 20 L svp", "non, mettez 1 bidon d'huile de 20 L et ajoutez 3 bouteilles de 1 L"]
    talk, reply = _talk(chat, workshop, turns)
    assert _cart(talk) == [("O1", 1), ("O2", 3)], reply


def test_a_new_count_said_with_a_complaint_about_the_price_changes_the_order(chat, workshop):
    turns = ["4 pneus 185/60 R15 svp", "je passe au garage", "eh c'est trop cher ça, bon mets 2 pneus seulement"]
    talk, reply = _talk(chat, workshop, turns)
    assert _cart(talk) == [("T1", 2)], reply


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Centre de formation Excellence", "je passe au centre payer en espèces"),
        ("Clinique Saint-Joseph", "je viens à la clinique le récupérer"),
    ],
)
def test_a_centres_or_a_clinics_own_premises_are_where_the_customer_comes(chat, workshop, name, text):
    document = {**workshop.document, "name": name, "description": ""}
    talk, reply = _talk(chat, Knowledge.from_document(document), ["1 manuel de maths niveau 2", text])
    assert talk.state["zone"] == "pickup" and _cart(talk) == [("M2", 1)], reply


def test_a_place_said_in_one_sentence_makes_no_landmark_of_the_next(chat, workshop):
    text = "Bonsoir, je suis à Cocody près du marché. Les plaquettes arrière sont à changer"
    talk, reply = _talk(chat, workshop, [text])
    assert _cart(talk) == [("B2", 1)], reply


@pytest.mark.parametrize(
    "text",
    [
        "bonjour, faut m'envoyer quelqu'un pour les plaquettes arrière",
        "can you send someone for the plaquettes arrière please",
        "mon fils est en 2nde, il me faut le manuel de maths niveau 3",
    ],
)
def test_a_person_an_ordinal_or_a_day_is_no_kind_the_shop_does_not_sell(chat, workshop, text):
    talk, reply = _talk(chat, workshop, [text])
    assert "vendons pas" not in reply and "don't sell" not in reply, reply
    assert talk.state["cart"] and not any(line["sku"].startswith("V") for line in talk.state["cart"]), reply


@pytest.mark.parametrize(
    "text",
    ["vous avez fait ma vidange hier et 1 jeu de plaquettes arrière svp", "you did my oil change, now 1 bulb please"],
)
def test_work_the_shop_did_before_is_not_ordered_again(workshop, text):
    ent = Extractor(workshop).extract(normalise(text))
    assert ent.products and not any(s.startswith("V") for m in ent.products for s in m.skus), ent.products


def _tutoring() -> Knowledge:
    """A tutoring centre's hours and packs by school cycle, on the development shop's zones."""
    return _shop(
        [
            _product("E1", "Heure de maths primaire (CP1-CM2)", 2000, "heure", ["heure de maths", "cours de maths"]),
            _product("E2", "Heure de maths collège (6e-3e)", 3000, "heure", ["heure de maths", "cours de maths"]),
            _product("E3", "Heure de maths lycée (2nde-Tle)", 4500, "heure", ["heure de maths", "cours de maths"]),
            _product("H1", "Répétiteur à domicile primaire", 5000, "heure", ["répétiteur", "home tutor"]),
            _product("H2", "Répétiteur à domicile collège-lycée", 7000, "heure", ["répétiteur", "home tutor"]),
        ],
        large_order_items=100,
    )


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["une heure de maths svp, mon fils est en 5e"], [("E2", 1)]),
        (["3 heures de maths pour ma fille au CE2"], [("E1", 3)]),
        (["je veux les cours de maths", "elle est en Tle C"], [("E3", 1)]),
        (["il me faut un répétiteur, ma fille passe en 2nde"], [("H2", 1)]),
        (["a home tutor for my boy, he dey for CM1"], [("H1", 1)]),
    ],
)
def test_the_school_year_said_chooses_the_cycle(chat, turns, cart):
    talk, reply = _talk(chat, _tutoring(), turns)
    assert _cart(talk) == cart, reply


def test_the_words_of_another_product_do_not_answer_a_pending_choice(chat):
    talk, reply = _talk(chat, _tutoring(), ["je cherche un répétiteur", "et une heure de maths collège aussi"])
    assert _cart(talk) == [("E2", 1)] and talk.state["choice"], reply


@pytest.mark.parametrize(
    ("text", "cart"),
    [
        ("abeg make una do one oil change for my 1.2 engine", [("V1", 1)]),
        ("make una bring 2 bulb come", [("L1", 2)]),
    ],
)
def test_a_pidgin_request_to_the_shop_is_an_order(chat, workshop, text, cart):
    talk, reply = _talk(chat, workshop, [text])
    assert _cart(talk) == cart, reply
