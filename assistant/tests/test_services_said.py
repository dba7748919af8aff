"""Services and what they are done on, said as customers say them: the vehicle a service is priced by, named by
its make (« pour un Prado », « my okada »); the service asked with its verb (« venez laver ma voiture », « 4 pneus
montés et équilibrés », « fitted and balanced »), not the verb's other senses; a service priced per item done on
each of the goods; a count said by the unit the product is sold by (« 2 nights », « 4 douzaines », « le mètre »);
a product whose own name says « sans ». A shop and sentences of our own, not the corpus's."""

import pytest

from assistant.evaluation import item_matches

from .conftest import reply_of
from .test_dialogue_context import _product, _shop

CLARIFY = "lequel | laquelle | which"
ALIGNMENT = ["géométrie", "parallélisme", "alignment", "wheel alignment"]


@pytest.fixture(scope="module")
def garage():
    """A tyre shop and car wash: services priced by the class of the vehicle or per wheel, and goods."""
    return _shop(
        [
            _product("G01", "Géométrie voiture", 10000, "véhicule", [*ALIGNMENT, "car alignment"]),
            _product("G02", "Géométrie 4x4", 15000, "véhicule", [*ALIGNMENT, "4x4 alignment"]),
            _product("G03", "Réparation crevaison voiture (par roue)", 1500, "roue", ["crevaison", "puncture"]),
            _product("G04", "Réparation crevaison moto (par roue)", 1000, "roue", ["crevaison", "puncture"]),
            _product("G05", "Montage pneu (par roue)", 1000, "roue", ["montage", "fitting", "tyre fitting"]),
            _product("G06", "Équilibrage (par roue)", 2000, "roue", ["équilibrage", "balancing"]),
            _product("G07", "Pneu neuf 15 pouces", 38000, "pneu", ["pneu 15", "pneu neuf 15 pouces", "15 inch tyre"]),
            _product("G08", "Chambre à air moto", 2500, "pièce", ["chambre à air", "inner tube"]),
            _product("G09", "Chambre à air voiture", 4500, "pièce", ["chambre à air", "inner tube"]),
            _product("G10", "Pneu moto", 9000, "pneu", ["pneu moto", "motorbike tyre"]),
            _product("G11", "Lavage simple berline", 2000, "lavage", ["lavage simple", "simple wash"]),
            _product("G12", "Lavage simple 4x4", 3000, "lavage", ["lavage simple", "simple wash"]),
            _product("G13", "Lavage moto", 1000, "lavage", ["lavage moto", "motorbike wash"]),
            _product("G14", "Support de fixation", 7500, "pièce", ["support", "fixation"]),
            _product("G15", "Pneu 4x4 17 pouces", 78000, "pneu", ["pneu 4x4", "pneu 17"]),
        ]
    )


@pytest.mark.parametrize(
    "text, named, not_named",
    [
        ("la geometrie pour un Prado ca coute combien", "15 000", "10 000"),
        ("alignment for my Corolla, how much?", "10 000", "15 000"),
        ("My guy how much be puncture repair for okada?", "1 000", "1 500"),
        ("crevaison pour ma Yaris c'est combien", "1 500", "1 000"),
    ],
)
def test_the_make_of_the_vehicle_says_which_service_it_is(chat, garage, text, named, not_named):
    reply = reply_of(chat(garage).say(text))
    assert item_matches(named, reply) and not item_matches(not_named, reply), reply


@pytest.mark.parametrize("text", ["I need wheel alignment for my car", "geometrie svp, pour ma voiture"])
def test_my_car_is_any_car_and_the_answer_naming_the_make_chooses(chat, garage, text):
    talk = chat(garage)
    assert item_matches(CLARIFY, reply_of(talk.say(text)))
    talk.say("c'est un Hilux")
    assert [(line["sku"]) for line in talk.state["cart"]] == ["G02"]


def test_washing_my_car_asks_which_wash_but_never_the_motorbike_one(chat, garage):
    talk = chat(garage)
    reply = reply_of(talk.say("vous pouvez venir laver ma voiture demain ?"))
    assert item_matches(CLARIFY, reply) and "Lavage moto" not in reply, reply
    talk.say("lavage simple, c'est une 4x4")
    assert [line["sku"] for line in talk.state["cart"]] == ["G12"]


@pytest.mark.parametrize(
    "text",
    [
        "je veux 4 pneus neufs 15 pouces montes et equilibres",
        "I need 4 new 15 inch tyres fitted and balanced",
        "4 pneus 15 pouces avec le montage et l'equilibrage svp",
    ],
)
def test_a_service_per_wheel_asked_with_the_tyres_is_done_on_each(chat, garage, text):
    talk = chat(garage)
    talk.say(text)
    assert {line["sku"]: line["qty"] for line in talk.state["cart"]} == {"G07": 4, "G05": 4, "G06": 4}


def test_a_service_per_wheel_asked_later_is_done_on_the_goods_in_the_cart(chat, garage):
    talk = chat(garage)
    talk.say("je veux pneu moto")
    talk.say("mets 2, avec 2 chambres a air")
    # « mets 2 » answers « combien ? »; the inner tubes are the motorbike's, like the tyre in the cart.
    assert {line["sku"]: line["qty"] for line in talk.state["cart"]} == {"G10": 2, "G08": 2}
    talk.say("ton gars va monter les deux aussi")
    assert {line["sku"]: line["qty"] for line in talk.state["cart"]} == {"G10": 2, "G08": 2, "G05": 2}


@pytest.mark.parametrize(
    "text",
    [
        "je monte a l'atelier demain matin",  # to go up, to come
        "le support pour fixer le panneau vous avez ?",  # what another product is for
        "vous pouvez monter l'armoire au 3e etage ?",  # a thing the shop does not know
    ],
)
def test_the_verb_s_other_senses_order_no_service(chat, garage, text):
    turn = chat(garage).say(text)
    reply = reply_of(turn)
    assert "Montage" not in reply and not item_matches(CLARIFY, reply), reply
    assert not turn.state["cart"] and not turn.state["choice"]


def test_a_tyre_went_flat_asks_for_the_puncture_repair(chat, garage):
    turn = chat(garage).say("svp envoyez quelqu'un, le pneu de ma voiture est creve")
    assert "Réparation crevaison voiture" in reply_of(turn), reply_of(turn)


@pytest.fixture(scope="module")
def lodging():
    return _shop(
        [
            _product("L1", "Chambre climatisée (nuit)", 12000, "nuit", ["chambre", "room"]),
            _product("L2", "Studio – nuit de week-end (vendredi, samedi)", 22000, "nuit", ["studio"]),
            _product("L3", "Corolla sans chauffeur (par jour)", 30000, "jour", ["corolla sans chauffeur"]),
            _product("L4", "Corolla avec chauffeur (par jour)", 40000, "jour", ["corolla avec chauffeur"]),
            _product("L5", "Chaises de fête (la douzaine)", 6000, "douzaine", ["chaises", "chaise"]),
            _product("L6", "Croissant", 300, "pièce", ["croissant", "croissants"]),
            _product("L7", "Bazin teinté au mètre", 5000, "mètre", ["bazin"]),
            _product("L8", "Bazin teinté pièce de 10 mètres", 45000, "pièce", ["bazin"]),
            _product("L9", "Appartement 2 pièces – nuit en semaine", 28000, "nuit", ["appartement", "appart"]),
            _product("L10", "Lit d'appoint (par nuit)", 6000, "nuit", ["lit d'appoint", "extra bed"]),
        ],
        large_order_items=30,
    )


@pytest.mark.parametrize(
    "text, sku, qty",
    [
        ("book me one room for 2 nights please", "L1", 2),
        ("je veux une chambre pour 3 nuits", "L1", 3),
        ("je veux le studio vendredi et samedi, donc 2 nuits", "L2", 2),
        ("je veux la Corolla sans chauffeur pour 2 jours", "L3", 2),
        ("il me faut 4 douzaines de chaises", "L5", 4),
        ("une douzaine de croissants", "L6", 12),
        ("je voudrais du bazin pour mon mari, 5 metres hein pas la piece", "L7", 5),
        ("je veux le studio pour vendredi et samedi soir", "L2", 2),
        ("je veux l'appartement 2 pieces du lundi au jeudi", "L9", 3),
    ],
)
def test_a_count_said_in_the_unit_the_product_is_sold_by(chat, lodging, text, sku, qty):
    talk = chat(lodging)
    talk.say(text)
    assert talk.state["cart"] == [{"sku": sku, "qty": qty}], reply_of(talk.turns[-1])


@pytest.mark.parametrize("text", ["combien le metre de bazin ?", "how much una dey sell bazin for one metre?"])
def test_the_price_of_one_unit_names_the_product_sold_by_it(chat, lodging, text):
    reply = reply_of(chat(lodging).say(text))
    assert item_matches("5 000", reply) and not item_matches("45 000", reply), reply


@pytest.mark.parametrize("text", ["je veux la Corolla sans chauffeur", "faut m'amener Corolla sans chauffeur lundi"])
def test_a_product_whose_name_says_without_is_ordered(chat, lodging, text):
    turn = chat(lodging).say(text)
    assert turn.intent == "order" and not turn.handoff
    assert [line["sku"] for line in turn.state["cart"]] == ["L3"], reply_of(turn)


def test_coming_by_our_own_means_is_a_pickup_and_the_minimum_said_back_is_no_product(chat, lodging):
    talk = chat(lodging)
    talk.say("une chambre pour 2 nuits")
    turn = talk.say("on vient par nos propres moyens")
    assert talk.state["zone"] == "pickup", reply_of(turn)
    reply = reply_of(talk.say("il faut 40 000 minimum ? bon alors 3 nuits"))
    assert "minimum" not in reply.lower() and talk.state["cart"] == [{"sku": "L1", "qty": 3}], reply


def test_a_count_said_before_the_product_counts_it_and_the_stay_changes_as_a_whole(chat, lodging):
    reply = reply_of(chat(lodging).say("3 nuits dans l'appart + lit d'appoint les 3 nuits ca fait combien ?"))
    assert item_matches("102 000", reply), reply  # 3 × 28 000 + 3 × 6 000
    talk = chat(lodging)
    talk.say("je veux l'appartement pour 3 nuits")
    talk.say("et un lit d'appoint pour les 3 nuits")
    talk.say("non finalement 2 nuits seulement, on repart mercredi matin")
    assert talk.state["cart"] == [{"sku": "L9", "qty": 2}, {"sku": "L10", "qty": 2}]
    turn = talk.say("enlevez le lit d'appoint, il dormira dans le canape")
    assert not turn.handoff and talk.state["cart"] == [{"sku": "L9", "qty": 2}], reply_of(turn)


@pytest.fixture(scope="module")
def workshop_faq():
    shop = _shop([_product("G05", "Montage pneu (par roue)", 1000, "roue", ["montage"])])
    document = dict(shop.document)
    document["faq"] = [
        {
            "question": "Le mécanicien peut venir chez moi ?",
            "answer": "Oui, jusqu'à 18 h du lundi au samedi : envoyez la position. Il répare la crevaison sur place.",
            "answer_en": "Yes, until 6 pm Monday to Saturday: send your location. He repairs the puncture on the spot.",
        },
        {
            "question": "Combien de temps faut-il attendre à l'atelier ?",
            "answer": "Une crevaison est réparée en 15 à 20 min, le montage de 4 roues prend environ 1 h.",
            "answer_en": "A puncture is repaired in 15 to 20 min, fitting 4 wheels takes about 1 hour.",
        },
        {
            "question": "Vos pneus et batteries sont-ils garantis ?",
            "answer": "Les pneus neufs sont garantis 6 mois, les batteries 12 mois. Gardez le reçu.",
            "answer_en": "New tyres carry a 6-month guarantee, batteries 12 months. Keep the receipt.",
        },
    ]
    return type(shop).from_document(document)


@pytest.mark.parametrize(
    "text, answer",
    [
        ("la reparation d'une crevaison ca prend combien de temps ? je vais attendre sur place", "15 a 20 min"),
        ("vieux pere si batterie la se gate apres 3 mois, vous changez ?", "12 mois"),
        ("if the battery stops working after 2 months, una go change am?", "12 months"),
    ],
)
def test_a_question_meets_the_entry_whose_answer_gives_what_it_asks(chat, workshop_faq, text, answer):
    reply = reply_of(chat(workshop_faq).say(text))
    assert item_matches(answer, reply), reply


HALF = ["demi-pièce", "half piece"]


@pytest.fixture(scope="module")
def fabrics():
    return _shop(
        [
            _product("F1", "Wax Vlisco – pièce 6 yards", 42000, "pièce", ["vlisco", "vlisco pièce", "full piece"]),
            _product("F2", "Wax Vlisco – demi-pièce 3 yards", 22000, "demi-pièce", ["vlisco", *HALF, "vlisco demi"]),
            _product("F3", "Wax Uniwax – pièce 6 yards", 15000, "pièce", ["uniwax", "uniwax pièce", "full piece"]),
            _product("F4", "Wax Uniwax – demi-pièce 3 yards", 8000, "demi-pièce", ["uniwax", *HALF, "uniwax demi"]),
        ]
    )


def test_the_brand_said_first_in_a_list_goes_on_to_the_next_kind(chat, fabrics):
    reply = reply_of(chat(fabrics).say("Pls send me your price list for Uniwax, full piece and half piece"))
    assert item_matches("15 000", reply) and item_matches("8 000", reply), reply
    assert not item_matches("22 000", reply) and not item_matches("42 000", reply), reply
    talk = chat(fabrics)
    talk.say("je veux 2 uniwax piece et 1 demi-piece")
    assert talk.state["cart"] == [{"sku": "F3", "qty": 2}, {"sku": "F4", "qty": 1}]


def test_a_count_is_never_the_4_of_4x4_nor_names_a_thing(chat, garage):
    talk = chat(garage)
    talk.say("je veux 2 pneus neufs 15 pouces")
    turn = talk.say("non finalement mettez 4 pneus, les 4 sont lisses")
    assert talk.state["cart"] == [{"sku": "G07", "qty": 4}], reply_of(turn)
    assert "ne vendons pas" not in reply_of(turn), reply_of(turn)


def test_a_place_the_products_are_named_after_is_the_place_where_it_is_said_to_be_one(chat):
    shop = _shop([_product("T1", "Transfert aéroport en berline", 15000, "trajet", ["transfert aéroport", "navette"])])
    document = dict(shop.document)
    document["delivery_zones"] = [
        {**zone, "areas": [*zone["areas"], "Aéroport FHB"]} if zone["name"] == "Port-Bouët Vridi" else zone
        for zone in document["delivery_zones"]
    ]
    shop = type(shop).from_document(document)
    talk = chat(shop)
    talk.say("je veux le transfert aeroport, j'arrive a l'aeroport lundi")
    assert talk.state["zone"] == "Port-Bouët Vridi" and talk.state["cart"][0]["sku"] == "T1"
    talk = chat(shop)
    turn = talk.say("le transfert aeroport c'est combien ?")
    assert item_matches("15 000", reply_of(turn)) and talk.state["zone"] is None


def test_a_price_list_of_a_kind_with_its_qualities_lists_each_of_them(chat):
    shop = _shop(
        [
            _product("P1", "Pneu neuf 14 pouces", 33000, "pneu", ["pneu neuf", "pneus neufs"]),
            _product("P2", "Pneu neuf 15 pouces", 38000, "pneu", ["pneu neuf", "pneus neufs"]),
            _product("P4", "Pneu d'occasion 14 pouces", 12000, "pneu", ["pneu d'occasion", "pneu occasion"]),
            _product("P5", "Pneu d'occasion 15 pouces", 15000, "pneu", ["pneu d'occasion", "pneu occasion"]),
            _product("P3", "Chambre à air voiture", 4500, "pièce", ["chambre à air"]),
        ]
    )
    reply = reply_of(chat(shop).say("svp envoyez moi la liste de vos prix pour les pneus, neufs et occasion"))
    assert all(item_matches(price, reply) for price in ("33 000", "38 000", "12 000", "15 000")), reply
    assert "Chambre" not in reply, reply


def test_a_flat_tyre_told_where_it_is_and_both_wheels_to_repair(chat, garage):
    talk = chat(garage)
    reply = reply_of(talk.say("mon pneu est creve devant chez moi, il faut venir le reparer svp"))
    assert "Réparation crevaison" in reply and "Pneu neuf" not in reply, reply
    talk.say("c'est une voiture, une Yaris")
    talk.say("attendez, la roue de secours aussi est a plat, il faut reparer les deux")
    assert talk.state["cart"] == [{"sku": "G03", "qty": 2}], reply_of(talk.turns[-1])


def test_a_new_count_for_the_cart_said_in_passing_is_no_complaint(chat, garage):
    talk = chat(garage)
    talk.say("je veux 2 pneus neufs 15 pouces, je passe a l'atelier")
    turn = talk.say("actually make it 3, one is for the spare")
    assert not turn.handoff and talk.state["cart"] == [{"sku": "G07", "qty": 3}], reply_of(turn)
