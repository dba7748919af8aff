"""What the thirteenth round showed, as classes, with two shops and sentences of our own: which product a number,
a noun or a verb goes with (a pack counted in dozens, « the 96-page notebooks », « 20 pictures 10x15 », « le
manuel de chimie », a service verb before the goods it is done on), which line of the cart a change names (« make
it 3 tyres » beside their fitting, « remplacez X par Y », « enlève-en un, mets 4 »), answers that choose without
naming (« série D », « d'occasion alors », « le blanc », « le liquide »), and numbers that count nothing or count
people (« le 12 mars », « on est 4 … chacun », « pour nous trois, 2 matins »)."""

import pytest

from assistant.engine import Knowledge

from .conftest import reply_of
from .test_dialogue_context import _product, _shop


def _services() -> Knowledge:
    """Tyres, home cleaning and a small counter of cleaning products, on the development shop's zones."""
    return _shop(
        [
            _product("T1", "Pneu d'occasion 15 pouces", 18000, "pièce", ["pneu 15", "used tyre", "15 inch tyre"]),
            _product("T2", "Pneu neuf 15 pouces", 35000, "pièce", ["pneu 15", "pneu neuf", "new tyre"], False),
            _product("T3", "Montage pneu (par roue)", 1000, "roue", ["montage", "fitting", "tyre fitting"]),
            _product("C1", "Nettoyage matelas 1 place", 5000, "matelas", ["matelas", "mattress", "single mattress"]),
            _product("C2", "Nettoyage matelas 2 places", 8000, "matelas", ["matelas", "mattress", "double mattress"]),
            _product("C3", "Ménage appartement 2 pièces", 12000, "prestation", ["ménage", "cleaning", "2 pièces"]),
            _product("C4", "Ménage villa", 30000, "prestation", ["ménage", "cleaning", "villa"]),
            _product("C5", "Entretien local (jusqu'à 30 m²)", 40000, "mois", ["entretien local", "local"]),
            _product("C6", "Entretien local (30 à 100 m²)", 80000, "mois", ["entretien local", "local"]),
            _product("C7", "Détergent liquide 1 L", 1200, "flacon", ["détergent", "detergent"]),
            _product("C8", "Détergent en poudre 1 kg", 1000, "sachet", ["détergent", "detergent"]),
            _product("C9", "Javel (bouteille 1 L)", 700, "bouteille", ["javel", "bleach"]),
            _product("C10", "Javel (bidon 5 L)", 2800, "bidon", ["javel", "bleach"]),
            _product("B1", "Petit-déjeuner (par personne)", 2500, "personne", ["petit déjeuner", "breakfast"]),
        ]
    )


def _stationer() -> Knowledge:
    """School books, stationery and a photo corner, on the development shop's zones."""
    return _shop(
        [
            _product("S1", "Stylos bleus (boîte de 12)", 1800, "boîte", ["stylos bleus", "blue pens"]),
            _product("S2", "Cahier 96 pages (paquet de 12)", 3600, "paquet", ["cahier 96 pages", "notebooks"]),
            _product("S3", "Cahier 192 pages (paquet de 12)", 6000, "paquet", ["cahier 192 pages", "notebooks"]),
            _product("S4", "Annales série C", 3000, "livre", ["annales", "annales C"]),
            _product("S5", "Annales série D", 3200, "livre", ["annales", "annales D"]),
            _product("S6", "Pack manuels 6e (français + maths)", 9000, "pack", ["pack 6e", "manuels 6e"]),
            _product("S7", "Chimie 1re (manuel)", 5000, "livre", ["chimie 1re", "livre de chimie"], False),
            _product("S8", "Physique 1re (manuel)", 5200, "livre", ["physique 1re", "livre de physique"]),
            _product("S9", "Tirage 10x15", 150, "tirage", ["tirage 10x15", "10x15"]),
            _product("S10", "Tirage 13x18", 300, "tirage", ["tirage 13x18", "13x18", "13x18 print"]),
            _product("S11", "Cadre 20x30 noir", 5000, "cadre", ["cadre", "cadre noir"]),
            _product("S12", "Cadre 20x30 blanc", 5000, "cadre", ["cadre", "cadre blanc", "white frame"]),
            _product("S13", "Cadre A4 noir", 4000, "cadre", ["cadre A4", "A4 frame"]),
            _product("S14", "Séance photo 30 min", 10000, "séance", ["séance photo", "séance"]),
            _product("S15", "Séance photo 1 h", 18000, "séance", ["séance photo", "séance"]),
            _product("S16", "Colle blanche (pot de 250 g)", 800, "pot", ["colle", "glue"]),
            _product("S17", "Colle blanche (pot de 1 kg)", 2500, "pot", ["colle", "glue"]),
        ]
    )


def _lodge() -> Knowledge:
    """A guest house that also sends parcels and fits air conditioners, on the development shop's zones."""
    return _shop(
        [
            _product("K1", "Colis jusqu'à 5 kg", 2000, "colis", ["colis", "parcel"]),
            _product("K2", "Colis de 5 à 20 kg", 4000, "colis", ["colis", "parcel"]),
            _product("K3", "Chambre double (par nuit)", 20000, "nuit", ["chambre", "chambre double", "double room"]),
            _product("K4", "Visite guidée (par personne)", 5000, "personne", ["visite", "excursion", "guided tour"]),
            _product("K5", "Balade en bateau (par personne)", 8000, "personne", ["balade", "excursion", "boat trip"]),
            _product("K6", "Sac de linge (lavage)", 3000, "sac", ["linge", "laundry", "sac de linge"]),
            _product("K7", "Climatiseur 1 CV", 150000, "pièce", ["climatiseur", "clim", "air conditioner"]),
            _product("K8", "Installation climatiseur", 20000, "pose", ["installation clim", "pose clim"]),
        ]
    )


@pytest.fixture(scope="module")
def lodge():
    return _lodge()


@pytest.fixture(scope="module")
def services():
    return _services()


@pytest.fixture(scope="module")
def stationer():
    return _stationer()


def _cart(talk) -> list[tuple[str, int]]:
    return sorted((line["sku"], line["qty"]) for line in talk.state["cart"])


def _talk(chat, shop, turns):
    talk = chat(shop)
    for text in turns:
        reply = reply_of(talk.say(text))
    return talk, reply


# A number, a noun or a verb: which product it goes with


@pytest.mark.parametrize(
    ("text", "cart"),
    [
        ("3 douzaines de stylos bleus svp", [("S1", 3)]),
        ("two dozen blue pens please", [("S1", 2)]),
        ("mets-moi 3 paquets des cahiers de 96 pages", [("S2", 3)]),
        ("I want 2 packs of the 192-page notebooks", [("S3", 2)]),
        ("I wan print 15 pictures 10x15 abeg", [("S9", 15)]),
        ("tirez-moi 12 photos 13x18", [("S10", 12)]),
    ],
)
def test_a_count_goes_with_the_unit_the_product_is_sold_by(chat, stationer, text, cart):
    talk, reply = _talk(chat, stationer, [text])
    assert _cart(talk) == cart, reply


def _plain(reply: str) -> str:
    return reply.replace("\u202f", " ").replace("\xa0", " ")


def test_a_number_with_the_unit_of_a_name_is_no_count(chat, stationer):
    reply = _plain(reply_of(chat(stationer).say("how much for 2 packs of the 96-page notebooks?")))
    assert "7 200" in reply and "96 × " not in reply, reply


@pytest.mark.parametrize("text", ["il me faut le manuel de chimie 1re", "vous avez le manuel de chimie 1re ?"])
def test_a_kind_noun_before_de_belongs_to_the_product_named_after_it(chat, stationer, text):
    talk, reply = _talk(chat, stationer, [text])
    assert "rupture" in reply and "Pack manuels" not in [ln for ln in reply.splitlines() if "×" in ln], reply
    assert ("S6", 1) not in _cart(talk)


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["also clean 2 mattresses", "double ones"], [("C2", 2)]),
        (["venez nettoyer 3 matelas", "les 2 places"], [("C2", 3)]),
        (["fit 2 used 15 inch tyres"], [("T1", 2), ("T3", 2)]),
        (["montez-moi 4 pneus d'occasion 15 pouces"], [("T1", 4), ("T3", 4)]),
    ],
)
def test_a_service_verb_before_the_goods_is_done_on_them(chat, services, turns, cart):
    talk, reply = _talk(chat, services, turns)
    assert _cart(talk) == cart, reply


# Which line of the cart a change names


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["2 used 15 inch tyres with fitting", "actually make it 3 tyres"], [("T1", 3), ("T3", 2)]),
        (["2 used 15 inch tyres with fitting", "make it 3 tyres. Fit all 3"], [("T1", 3), ("T3", 3)]),
        (["2 pneus d'occasion 15 pouces avec le montage", "non finalement 3 pneus"], [("T1", 3), ("T3", 2)]),
        (["2 used 15 inch tyres with fitting", "remove one fitting"], [("T1", 2), ("T3", 1)]),
    ],
)
def test_goods_counted_again_beside_their_service(chat, services, turns, cart):
    talk, reply = _talk(chat, services, turns)
    assert _cart(talk) == cart, reply


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["5 boîtes de stylos bleus", "non enlève-en une, mets 4"], [("S1", 4)]),
        (["5 boxes of blue pens", "abeg remove one, na 3 I need"], [("S1", 3)]),
        (["5 boîtes de stylos bleus", "enlève-en une"], [("S1", 4)]),
        (["5 boîtes de stylos bleus", "enlève 2"], [("S1", 3)]),
    ],
)
def test_what_is_left_after_a_removal(chat, stationer, turns, cart):
    talk, reply = _talk(chat, stationer, turns)
    assert _cart(talk) == cart, reply


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (
            ["1 tirage 13x18 et 1 cadre A4 noir", "remplacez le cadre A4 par un cadre 20x30 blanc"],
            [("S10", 1), ("S12", 1)],
        ),
        (
            ["I want one 13x18 print and one A4 frame", "replace the A4 frame with a white frame"],
            [("S10", 1), ("S12", 1)],
        ),
    ],
)
def test_a_product_replaced_by_another(chat, stationer, turns, cart):
    talk, reply = _talk(chat, stationer, turns)
    assert _cart(talk) == cart, reply


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["je veux le ménage villa", "non c'est 2 pièces seulement"], [("C3", 1)]),
        (["I want the villa cleaning", "no, the 2 pièces only"], [("C3", 1)]),
    ],
)
def test_a_smaller_sibling_said_with_only_replaces_the_line(chat, services, turns, cart):
    talk, reply = _talk(chat, services, turns)
    assert _cart(talk) == cart, reply


# Answers that choose without naming


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["des annales svp", "série D, mets 2"], [("S5", 2)]),
        (["une annale svp", "série C stp"], [("S4", 1)]),
        (["des cadres 20x30 svp", "le blanc"], [("S12", 1)]),
        (["un pot de colle, celui de 250 g"], [("S16", 1)]),
        (["add the 1 kg glue"], [("S17", 1)]),
        (["je veux une séance photo de 30 min"], [("S14", 1)]),
    ],
)
def test_a_letter_a_measure_or_an_article_chooses(chat, stationer, turns, cart):
    talk, reply = _talk(chat, stationer, turns)
    assert _cart(talk) == cart, reply


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["je veux 2 pneus neufs 15 pouces", "bon donnez 2 d'occasion alors, avec le montage"], [("T1", 2), ("T3", 2)]),
    ],
)
def test_an_alternative_taken_by_a_word_of_its_name(chat, services, turns, cart):
    talk, reply = _talk(chat, services, turns)
    assert _cart(talk) == cart, reply


def test_a_payment_look_alike_answers_the_choice(chat, services):
    talk, reply = _talk(chat, services, ["un détergent et 2 javels bouteille", "le liquide"])
    assert _cart(talk) == [("C7", 1), ("C9", 2)], reply
    assert talk.state["payment"] is None


def test_a_place_one_comes_to_is_no_product(chat, services):
    talk, reply = _talk(chat, services, ["je passe au local prendre 2 javels bouteille"])
    assert _cart(talk) == [("C9", 2)], reply
    assert talk.state["zone"] == "pickup"


@pytest.mark.parametrize("text", ["On dit quoi, viens nettoyer mes matelas", "How far, I wan buy detergent"])
def test_a_greeting_with_a_request_is_an_order(chat, services, text):
    turn = chat(services).say(text)
    assert turn.intent == "order", reply_of(turn)


# Numbers that count nothing, or count people


@pytest.mark.parametrize(
    ("text", "cart"),
    [
        ("je veux une séance photo 1 h pour le 12 mars", [("S15", 1)]),
        ("book the 30 min photo session for April 5th", [("S14", 1)]),
        ("pour le 3 mai, 2 cadres A4 noirs", [("S13", 2)]),
    ],
)
def test_a_day_of_a_month_is_no_count(chat, stationer, text, cart):
    talk, reply = _talk(chat, stationer, [text])
    assert _cart(talk) == cart, reply


@pytest.mark.parametrize(
    ("shop", "text", "cart"),
    [
        ("stationer", "on est 4, une séance photo 30 min chacun", [("S14", 4)]),
        ("services", "ajoutez le petit déjeuner pour nous trois, 2 matins", [("B1", 6)]),
        ("services", "breakfast for the four of us please", [("B1", 4)]),
    ],
)
def test_people_counted_count_what_each_of_them_gets(chat, request, shop, text, cart):
    talk, reply = _talk(chat, request.getfixturevalue(shop), [text])
    assert _cart(talk) == cart, reply


# Questions about a word several products share, told apart


@pytest.mark.parametrize(
    ("text", "says", "never"),
    [
        ("c'est combien l'entretien pour un local de 25 m2 ?", "40 000", "80 000"),
        ("ça fait combien 3 bidons de javel ?", "8 400", "2 100"),
        ("how much is the 250 g glue?", "800", "2 500"),
    ],
)
def test_a_price_question_told_apart_by_a_measure_or_a_container(chat, services, stationer, text, says, never):
    shop = stationer if "glue" in text else services
    reply = _plain(reply_of(chat(shop).say(text)))
    assert says in reply and never not in reply, reply


# Answers and additions that count by what they are said of


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["je veux envoyer 2 colis", "le premier fait 3 kg, l'autre 12 kg"], [("K1", 1), ("K2", 1)]),
        (["2 parcels please", "one is 2 kg and the other 4 kg"], [("K1", 2)]),
        (["une excursion pour 2", "la balade en bateau"], [("K5", 2)]),
        (["1 climatiseur 1 CV", "make una install am too"], [("K7", 1), ("K8", 1)]),
        (["une chambre double pour 2 nuits", "add laundry too, 3 bags"], [("K3", 2), ("K6", 3)]),
    ],
)
def test_an_answer_counts_by_what_it_is_said_of(chat, lodge, turns, cart):
    talk, reply = _talk(chat, lodge, turns)
    assert _cart(talk) == cart, reply
    assert not talk.turns[-1].handoff, reply


def test_a_stay_counted_in_nights_is_no_complaint(chat, lodge):
    talk, reply = _talk(
        chat, lodge, ["I'd like the double room", "arriving Monday, leaving the next Monday, so 7 nights"]
    )
    assert _cart(talk) == [("K3", 7)] and not talk.turns[-1].handoff, reply


def test_a_customer_already_at_the_place_collects(chat, lodge):
    talk, reply = _talk(chat, lodge, ["je suis déjà à la chambre 4, une visite guidée pour demain svp"])
    assert _cart(talk) == [("K4", 1)] and talk.state["zone"] == "pickup", reply


def _mercer() -> Knowledge:
    """A haberdasher who also sells party ices, on the development shop's zones."""
    return _shop(
        [
            _product("H1", "Fil noir (bobine)", 250, "bobine", ["fil", "thread"]),
            _product("H2", "Fil noir (boîte de 10 bobines)", 2200, "boîte", ["fil", "thread"]),
            _product("H3", "Huile pour machine à coudre", 800, "flacon", ["huile machine", "machine oil"]),
            _product("H4", "Boutons fantaisie (carte de 6)", 700, "carte", ["boutons fantaisie", "fancy buttons"]),
            _product("H5", "Fermeture 15 cm", 100, "pièce", ["fermeture", "zip"]),
            _product("H6", "Fermeture 20 cm", 150, "pièce", ["fermeture", "zip"]),
            _product("H7", "Dentelle coton (au mètre)", 750, "mètre", ["dentelle", "lace"]),
            _product("H8", "Dentelle guipure (au mètre)", 2500, "mètre", ["dentelle", "lace", "guipure"]),
            _product("H9", "Gâteau glacé 6 parts", 8000, "gâteau", ["gâteau glacé", "ice cream cake"]),
            _product("H10", "Sucettes (pack de 10)", 3000, "pack", ["sucettes", "lollies", "petit pack"]),
            _product("H11", "Sucettes (pack de 24)", 6500, "pack", ["sucettes", "lollies", "grand pack"]),
            _product("H12", "Mèche brésilienne 12 pouces", 15000, "paquet", ["mèche", "mèches"]),
            _product("H13", "Mèche péruvienne 12 pouces", 18000, "paquet", ["mèche", "mèches"]),
        ]
    )


@pytest.fixture(scope="module")
def mercer():
    return _mercer()


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["2 boîtes de fil noir", "ajoutez aussi 1 huile machine"], [("H2", 2), ("H3", 1)]),
        (["add 2 cards of fancy buttons"], [("H4", 2)]),
        (["zip please", "20 cm, 15 pieces"], [("H6", 15)]),
        (["I need 3 metres of lace", "the guipure one"], [("H8", 3)]),
        (["2 boxes of black thread and 1 machine oil", "actually make it 3 boxes"], [("H2", 3), ("H3", 1)]),
        (
            ["2 sachets de sucettes pack de 10 et 1 huile machine", "pour les sucettes, finalement 3"],
            [("H10", 3), ("H3", 1)],
        ),
    ],
)
def test_words_of_goods_that_look_like_something_else(chat, mercer, turns, cart):
    talk, reply = _talk(chat, mercer, turns)
    assert _cart(talk) == cart, reply
    assert not talk.turns[-1].handoff and talk.state["payment"] is None, reply


def test_my_little_one_tells_no_pack_apart(chat, mercer):
    talk, reply = _talk(chat, mercer, ["je veux des sucettes pour l'anniv de mon petit"])
    assert talk.state["choice"] and set(talk.state["choice"]["skus"]) == {"H10", "H11"}, reply


def test_a_kind_not_sold_is_said_before_which_one(chat, mercer):
    talk, reply = _talk(chat, mercer, ["je veux 2 paquets de mèches indiennes"])
    assert "ne vendons pas" in reply and "brésilienne" in reply, reply


@pytest.mark.parametrize(
    ("turns", "key", "value"),
    [
        (["2 lollies packs of 10", "pick up from Marcory please"], "zone", "Marcory"),
        (
            ["1 ice cream cake", "I'll collect it at the shop", "I'll pay cash", "sorry, change that: Wave"],
            "payment",
            "wave",
        ),
    ],
)
def test_logistics_said_with_a_change_or_a_pick_up(chat, mercer, turns, key, value):
    talk, reply = _talk(chat, mercer, turns)
    assert talk.state[key] == value, reply


def test_the_parts_of_a_cake_said_in_english_count_no_cakes(chat, mercer):
    talk, reply = _talk(chat, mercer, ["I want a 6-slice ice cream cake"])
    assert _cart(talk) in ([("H9", None)], [("H9", 1)]) and "slice" not in reply, reply
