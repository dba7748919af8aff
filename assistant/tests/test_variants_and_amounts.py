"""What the nineteenth round showed, as classes, with shops and sentences of our own: a variant turned down (« celui
sans le drone », « no MC ») is the other one, never ordered nor a complaint; a container named for what it holds (« Sac
à linge », « Boîte à outils ») is headed by the container, so « mon linge », « mes outils » name no product, and « un
sac de 8 kilos » is the size of the customer's bag; an amount said alone as the first thing (« y a à peu près 7 kilos »)
is that much of the products sold by its unit; « à peu près », « environ » name nothing asked for; a message naming
only products (« lavage simple seulement ») is no complaint nor greeting; « ah dommage » takes an out-of-stock answer
in its stride; « la carte CMU » is no bank card; « size L » is « taille L »; « mettez les L alors, 3 paquets » after an
out-of-stock answer takes another product, no complaint nor off-topic; of an FAQ answer listing amounts, each for its
thing (« 20000 F pour un fauteuil roulant, 50000 F pour le lit… »), the one thing asked."""

import pytest

from assistant.engine import Knowledge
from assistant.engine.entities import extractor_for
from assistant.engine.faq import the_part_asked
from assistant.engine.intents import classify
from assistant.engine.policy import new_state
from assistant.engine.text import normalise

from .test_dialogue_context import _product, _shop
from .test_what_goes_with_what import _cart, _talk


@pytest.fixture(scope="module")
def photo() -> Knowledge:
    """A photographer: packs with and without a drone, a photo-only and a photo + video shoot."""
    return _shop(
        [
            _product("W1", "Pack reportage classique", 150000, "pack", ["pack reportage", "reportage"]),
            _product("W2", "Pack reportage + drone", 220000, "pack", ["pack reportage", "reportage", "drone"]),
            _product("W3", "Shooting studio photo", 25000, "séance", ["shooting", "shooting photo"]),
            _product("W4", "Shooting studio photo et vidéo", 45000, "séance", ["shooting", "video", "vidéo"]),
            _product("W5", "Album photo 30 pages", 35000, "album", ["album"]),
        ],
        large_order_items=20,
    )


@pytest.fixture(scope="module")
def laundry() -> Knowledge:
    """A laundry washing by the kilo, with a net bag for sale and ironing by the piece."""
    return _shop(
        [
            _product("L1", "Lavage simple (au kilo)", 900, "kg", ["lavage simple", "lavage"]),
            _product("L2", "Lavage + repassage (au kilo)", 1500, "kg", ["lavage repassage", "lavage"]),
            _product("L3", "Sac à linge en filet", 800, "sac", ["sac a linge", "filet"]),
            _product("L4", "Boîte à outils de couture", 3000, "boîte", ["kit de couture"]),
            _product("L5", "Repassage veste", 500, "pièce", ["veste"]),
            _product("L6", "Couette double (lavage)", 4000, "pièce", ["couette"], in_stock=False),
            _product("L7", "Couette simple (lavage)", 2500, "pièce", ["couette"]),
        ],
        large_order_items=40,
    )


# A variant turned down


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["je veux le pack reportage sans drone"], [("W1", 1)]),
        (["il me faut un pack reportage", "celui sans le drone"], [("W1", 1)]),
        (["il me faut un pack reportage", "sans drone"], [("W1", 1)]),
        (["I need the pack reportage", "the one without the drone"], [("W1", 1)]),
        (["I need the pack reportage", "just the pack, no drone"], [("W1", 1)]),
        (["2 shootings sans vidéo svp"], [("W3", 2)]),
    ],
)
def test_a_variant_turned_down_is_the_other_one(chat, photo, turns, cart):
    talk, reply = _talk(chat, photo, turns)
    assert not talk.state["handoff"], reply
    assert _cart(talk) == cart, reply


def test_a_variant_turned_down_is_never_taken_out_of_the_cart(chat, photo):
    talk, reply = _talk(chat, photo, ["1 album svp", "et un pack reportage", "celui sans le drone"])
    assert _cart(talk) == [("W1", 1), ("W5", 1)], reply


def test_a_removal_still_takes_a_line_out(chat, photo):
    talk, reply = _talk(
        chat, photo, ["1 album et 1 shooting studio photo", "et un pack reportage", "le classique", "enlève l'album"]
    )
    assert _cart(talk) == [("W1", 1), ("W3", 1)], reply


# A container named for what it holds


def test_a_container_for_something_is_headed_by_the_container(laundry):
    assert laundry.products["L3"].head == "sac"
    assert laundry.products["L4"].head == "boite"
    extract = extractor_for(laundry).extract
    assert not extract(normalise("venez prendre mon linge demain")).products
    assert not extract(normalise("j'ai oublié mes outils")).products
    assert [m.skus for m in extract(normalise("je veux 2 sacs à linge")).products] == [["L3"]]


@pytest.mark.parametrize(
    ("text", "cart"),
    [
        ("passez prendre un sac de 6 kilos en lavage simple, je paie cash", [("L1", 6)]),
        ("a bag of 4 kg for lavage repassage please", [("L2", 4)]),
    ],
)
def test_a_bag_of_a_size_is_the_customers_bag(chat, laundry, text, cart):
    talk, reply = _talk(chat, laundry, [text])
    assert _cart(talk) == cart, reply


# An amount said alone


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["bonsoir, venez prendre mon linge, y a à peu près 7 kilos", "lavage simple"], [("L1", 7)]),
        (["my guy come carry my cloth, e reach like 5 kg", "the one with repassage"], [("L2", 5)]),
    ],
)
def test_an_amount_said_alone_is_that_much_of_what_is_sold_by_it(chat, laundry, turns, cart):
    talk, reply = _talk(chat, laundry, turns[:1])
    assert "Lavage simple" in reply and "Lavage + repassage" in reply, reply
    assert "Sac" not in reply and "ne vendons pas" not in reply, reply
    talk.say(turns[1])
    assert _cart(talk) == cart


@pytest.mark.parametrize(
    "text",
    [
        "vos sacs font vraiment 8 kilos ?",  # asked, a size
        "I want 2 kg of fish",  # the amount of something named
        "vous prenez les sacs de 10 kilos ?",
    ],
)
def test_an_amount_of_something_else_or_asked_is_no_order_of_them(chat, laundry, text):
    talk, reply = _talk(chat, laundry, [text])
    assert not talk.state["cart"] and not talk.state["handoff"], reply


def test_an_amount_after_a_product_talked_about_is_that_products(chat, laundry):
    talk, reply = _talk(chat, laundry, ["le lavage + repassage c'est combien ?", "ça fait 3 kilos"])
    assert _cart(talk) == [("L2", 3)], reply


# Products named and nothing else; taking a disappointment in one's stride


@pytest.mark.parametrize("text", ["Lavage simple seulement", "lavage repassage", "juste la veste svp"])
def test_a_message_naming_only_products_is_no_complaint_nor_greeting(chat, laundry, text):
    talk, reply = _talk(chat, laundry, [text])
    assert talk.turns[-1].intent in ("order", "availability", "price"), reply
    assert not talk.state["handoff"], reply


@pytest.mark.parametrize("text", ["Ah dommage. Bon donnez-moi la simple alors", "too bad, the simple one then"])
def test_a_pity_said_after_out_of_stock_goes_on_with_the_order(chat, laundry, text):
    talk, reply = _talk(chat, laundry, ["je veux laver ma couette double", text])
    assert not talk.state["handoff"], reply


# Cards that are no bank card


@pytest.mark.parametrize("text", ["vous prenez la carte CMU ?", "do you take my health card?"])
def test_a_health_cover_card_is_no_bank_card(laundry, text):
    assert not extractor_for(laundry).extract(normalise(text)).payments


# A size said with another language's size word; an alternative taken after an out-of-stock answer


@pytest.fixture(scope="module")
def care() -> Knowledge:
    """Home-care supplies: adult diapers by size, one size out of stock."""
    return _shop(
        [
            _product("C1", "Protections adultes taille M (paquet de 8)", 4000, "paquet", ["protections", "diapers"]),
            _product("C2", "Protections adultes taille L (paquet de 8)", 4500, "paquet", ["protections", "diapers"]),
            _product("C3", "Protections adultes taille XL (paquet de 8)", 5000, "paquet", ["protections", "diapers"]),
            _product("C4", "Alèse lavable", 3500, "pièce", ["alese", "bed pad"]),
        ],
        large_order_items=30,
    )


@pytest.mark.parametrize(
    ("text", "cart"),
    [
        ("3 packs of diapers size L please", [("C2", 3)]),
        ("2 paquets de protections taille XL", [("C3", 2)]),
        ("one pack protections, size M", [("C1", 1)]),
    ],
)
def test_a_size_said_with_any_size_word_chooses(chat, care, text, cart):
    talk, reply = _talk(chat, care, [text])
    assert _cart(talk) == cart, reply


def test_an_order_said_after_out_of_stock_is_no_complaint(chat):
    shop = _shop(
        [
            _product("C2", "Protections adultes taille L (paquet de 8)", 4500, "paquet", ["protections"]),
            _product("C3", "Protections adultes taille XL (paquet de 8)", 5000, "paquet", ["protections"], False),
        ]
    )
    turns = ["il me faut 2 paquets de protections taille XL", "Ah bon. Mettez les L alors, 3 paquets"]
    talk, reply = _talk(chat, shop, turns)
    assert not talk.state["handoff"], reply
    assert talk.turns[-1].intent == "order", reply


@pytest.fixture(scope="module")
def bedding() -> Knowledge:
    """Duvets washed by size, the sizes said by a number of people."""
    return _shop(
        [
            _product("D1", "Lavage couette 1 place", 2500, "pièce", ["couette", "duvet"]),
            _product("D2", "Lavage couette 2 places", 4000, "pièce", ["couette", "duvet"]),
        ]
    )


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        (["c'est combien pour laver une couette ?", "la 1 place, j'en ai 2"], [("D1", 2)]),
        (["how much to wash a duvet?", "the 1 place one, I have 2"], [("D1", 2)]),
        (["c'est combien pour laver une couette ?", "la 2 places"], [("D2", 1)]),
    ],
)
def test_a_number_said_with_having_counts_though_a_name_says_it(chat, bedding, turns, cart):
    talk, reply = _talk(chat, bedding, turns)
    assert _cart(talk) == cart, reply


# Goods the customer has, and the service said of them


@pytest.fixture(scope="module")
def cleaner() -> Knowledge:
    """A cleaner washing by the kilo, and rugs and mattresses by the piece (their descriptions say the washing)."""
    rug = _product("R1", "Tapis moyen (2 à 6 m²)", 6000, "tapis", ["tapis"])
    rug["description"] = "Lavage d'un tapis de 2 à 6 m², rendu sous 3 jours."
    mattress = _product("R2", "Matelas 1 place", 8000, "matelas", ["matelas"])
    mattress["description"] = "Lavage et séchage à la vapeur d'un matelas une place."
    return _shop(
        [
            _product("R3", "Lavage au kilo", 900, "kg", ["lavage"]),
            _product("R4", "Lavage à la main (par pièce)", 500, "pièce", ["lavage", "a la main"]),
            rug,
            mattress,
            _product("R5", "Coupe enfant", 1500, "coupe", ["coupe enfant"]),
            _product("R6", "Coupe adulte", 2500, "coupe", ["coupe"]),
        ]
    )


@pytest.mark.parametrize(
    ("text", "price"),
    [
        ("J'ai un tapis de 2m sur 3m, le lavage c'est combien ?", "6 000"),
        ("i get one matelas 1 place, how much for the lavage?", "8 000"),
        ("combien pour le lavage de mon tapis de 2m sur 3m ?", "6 000"),  # the service said first
    ],
)
def test_goods_had_whose_product_is_the_service_said_are_that_product(chat, cleaner, text, price):
    talk, reply = _talk(chat, cleaner, [text])
    assert price in reply.replace("\u202f", " ").replace("\xa0", " "), reply
    assert "Lavage au kilo" not in reply, reply


def test_a_sibling_named_beside_a_shared_word_is_no_service_done_on_it(chat, cleaner):
    talk, reply = _talk(chat, cleaner, ["une coupe pour moi et la coupe enfant pour mon fils"])
    assert ("R5", 1) in _cart(talk), reply


@pytest.mark.parametrize("text", ["finalement sans l'album", "without the album then", "ok sans l'album alors"])
def test_a_line_of_the_cart_turned_down_is_taken_out(chat, photo, text):
    talk, reply = _talk(chat, photo, ["1 album et 1 shooting studio photo", text])
    assert _cart(talk) == [("W3", 1)], reply


@pytest.mark.parametrize(
    "text", ["Ah non finalement seulement 2 jours chacun, la nounou revient jeudi", "no actually only 2 each, sorry"]
)
def test_a_change_of_mind_is_no_trouble(laundry, text):
    norm = normalise(text)
    ent = extractor_for(laundry).extract(norm)
    state = {**new_state(), "cart": [{"sku": "L5", "qty": 3}]}
    assert classify(norm, ent, laundry, state, "fr").untroubled


# Of an FAQ answer listing amounts, each for its thing, the thing asked


def test_an_faq_answer_listing_amounts_gives_the_one_asked():
    shop = _shop(
        [
            _product("T1", "Location tente 3 x 3 m (le jour)", 15000, "jour", ["tente", "tent"]),
            _product("T2", "Location groupe électrogène (le jour)", 25000, "jour", ["groupe", "generator"]),
            _product("T3", "Location chaises (le lot de 50)", 10000, "lot", ["chaises", "chairs"]),
        ]
    )
    answer = (
        "La caution se paie au retrait : 20000 F pour une tente, 50 000 F pour le groupe électrogène et 5000 F pour "
        "un lot de chaises. Elle est rendue au retour du matériel."
    )
    asked = the_part_asked(answer, normalise("la caution pour le groupe electrogene c'est combien ?"), shop)
    assert (
        asked
        == "La caution se paie au retrait : 50 000 F pour le groupe électrogène. Elle est rendue au retour du matériel."
    )
    # Nothing of one item named, or a word every item's things share: the whole answer
    assert the_part_asked(answer, normalise("c'est combien la caution ?"), shop) == answer
    assert the_part_asked("Prix : 5 000 F le matin : 8 000 F le soir.", normalise("le matin ?"), shop).startswith(
        "Prix"
    )
