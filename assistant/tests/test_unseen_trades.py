"""What the ninth round's unseen trades (a gym, a farm-supplies store, a second-hand clothes stall) showed, as classes,
with a shop and sentences of our own, not the corpus's: goods called by a street word (« une daba » is a hoe, not nouchi
for eating), a measure in ounces, people who are never goods, the days a class or a zone's delivery takes place, a
card that pays nothing, a removal that stops at the comma, a container said after the goods, a candidate told by its
measure beside a count, price lists of the kinds named, counts of nights read once, the shop asked to collect, a day
named for the order, every product of a kind named, and a check that one reached the right shop."""

import json

import pytest

from assistant.engine import Knowledge
from assistant.evaluation import item_matches, reply_language

from .conftest import DATA, reply_of
from .test_dialogue_context import _product

CLARIFY = "lequel | laquelle | which"


def _club(**changes) -> Knowledge:
    """A sports club and farm store on the development shop's zones, hours and payments."""
    document = json.loads((DATA / "dev" / "business.json").read_text(encoding="utf-8"))
    document["products"] = [
        _product("C01", "Cours de yoga (1 séance)", 3000, "séance", ["yoga", "cours de yoga", "yoga class"]),
        _product("C02", "Cours de pilates (1 séance)", 3500, "séance", ["pilates", "cours de pilates"]),
        _product("C03", "Gants de boxe 16 oz (paire)", 18000, "paire", ["gants de boxe", "boxing gloves", "gants"]),
        _product("C04", "Gants de musculation (paire)", 6000, "paire", ["gants de muscu", "lifting gloves", "gants"]),
        _product("C05", "Boisson isotonique 500 ml", 1000, "bouteille", ["boisson isotonique", "isotonic drink"]),
        _product("C06", "Gourde 1 L", 5500, "pièce", ["gourde", "water bottle", "bottle"], in_stock=False),
        _product("C07", "Houe (daba) emmanchée", 3000, "pièce", ["daba", "dabas", "houe", "hoe"]),
        _product("C08", "Machette", 2500, "pièce", ["machette", "machete"]),
        _product("C09", "Herbicide (bidon de 5 L)", 16000, "bidon", ["herbicide", "weed killer"]),
        _product("C10", "Herbicide (flacon de 1 L)", 3500, "flacon", ["herbicide", "weed killer"]),
        _product("C11", "Bière Flag 65 cl", 600, "bouteille", ["flag", "biere flag"]),
        _product("C12", "Heineken 33 cl", 700, "canette", ["heineken"], in_stock=False),
        _product("C13", "Studio meublé (la nuit)", 18000, "nuit", ["studio", "studio meublé"]),
        _product("C14", "Bottes de pluie enfant", 4500, "paire", ["bottes", "bottes de pluie", "rain boots"]),
        _product("C15", "Bottes de pluie adulte", 6000, "paire", ["bottes", "bottes de pluie", "rain boots"]),
        _product("C16", "Carpe fraîche (le kg)", 2500, "kg", ["carpe", "carp"]),
        _product("C17", "Pintade vivante", 6000, "pièce", ["pintade", "guinea fowl"]),
        _product("C18", "Chemise (lavage + repassage)", 700, "pièce", ["chemise", "shirt", "shirts"]),
        _product(
            "C19", "Studio meublé – long séjour (7 nuits et plus)", 15000, "nuit", ["studio", "studio long séjour"]
        ),
        _product("C20", "Dîner poulet braisé (par personne)", 6000, "personne", ["dîner", "diner", "dinner"]),
    ]
    document["faq"] = [
        {
            "question": "Quand ont lieu les cours collectifs ?",
            "answer": "Yoga : lundi et jeudi à 7 h. Pilates : mardi et vendredi à 18 h.",
            "answer_en": "Yoga: Monday and Thursday at 7 am. Pilates: Tuesday and Friday at 6 pm.",
        },
        {
            "question": "Y a-t-il des vestiaires ?",
            "answer": "Oui, des vestiaires hommes et femmes avec casiers, le samedi aussi.",
            "answer_en": "Yes, men's and women's changing rooms with lockers, on Saturdays too.",
        },
    ]
    document["delivery_notes"] = {
        "fr": "Cocody et Riviera sont livrés en voiture le mardi et le vendredi seulement.",
        "en": "Cocody and Riviera are delivered by car on Tuesdays and Fridays only.",
    }
    document.update(changes)
    return Knowledge.from_document(document)


@pytest.fixture(scope="module")
def club():
    return _club()


def _lines(talk):
    return sorted((line["sku"], line["qty"]) for line in talk.state["cart"])


def test_goods_called_by_a_street_word_are_the_goods(chat, club):
    talk = chat(club)
    talk.say("svp 2 dabas et une machette")
    assert _lines(talk) == [("C07", 2), ("C08", 1)]
    reply = reply_of(chat(club).say("how much is one daba please?"))
    assert item_matches("3 000", reply) and reply_language(reply) == "en", reply  # no nouchi: answered in English


def test_a_measure_in_ounces_names_the_gloves_and_is_no_count(chat, club):
    turn = chat(club).say("abeg the boxing gloves 16 oz, how much?")
    assert not turn.handoff and item_matches("18 000", reply_of(turn)), reply_of(turn)


@pytest.mark.parametrize("text", ["c'est combien pour ma femme et moi au mois ?", "do you have hours for women only?"])
def test_people_are_never_goods_the_shop_does_not_sell(chat, club, text):
    reply = reply_of(chat(club).say(text))
    assert "ne vendons pas de femme" not in reply and "sell women" not in reply, reply


@pytest.mark.parametrize(
    "text, days", [("le yoga c'est quels jours ?", "lundi"), ("what days are the pilates classes?", "Tuesday")]
)
def test_the_days_of_a_class_are_the_faq_answer_that_gives_them(chat, club, text, days):
    turn = chat(club).say(text)
    assert turn.intent == "faq" and days in reply_of(turn), reply_of(turn)


@pytest.mark.parametrize("text", ["vous livrez à Cocody quel jour ?", "delivery to Riviera, which days?"])
def test_every_day_the_delivery_notes_give_a_zone_is_said(chat, club, text):
    reply = reply_of(chat(club).say(text))
    assert item_matches("mardi | Tuesday", reply) and item_matches("vendredi | Friday", reply), reply


@pytest.mark.parametrize("text", ["je viens avec ma carte d'étudiant", "I'll show my student card at the desk"])
def test_a_card_that_says_who_one_is_pays_nothing(chat, club, text):
    talk = chat(club)
    talk.say("un cours de yoga")
    talk.say(text)
    assert talk.state["payment"] is None


def test_a_measure_tells_the_candidates_apart_and_the_count_beside_it_counts(chat, club):
    talk = chat(club)
    assert item_matches(CLARIFY, reply_of(talk.say("I want weed killer")))
    talk.say("the 5 litre one, just 2")
    assert _lines(talk) == [("C09", 2)]


@pytest.mark.parametrize(
    "text, named",
    [
        ("vous avez une grille de tarifs pour le poisson et la volaille ?", ["2 500", "6 000"]),
        ("envoie moi ton tarif pour les cours", ["3 000", "3 500"]),
    ],
)
def test_a_price_list_of_the_kinds_named_lists_each_kind(chat, club, text, named):
    reply = reply_of(chat(club).say(text))
    assert all(item_matches(n, reply) for n in named), reply


def test_nights_counted_before_the_room_are_read_once_and_choose_the_rate(chat, club):
    talk = chat(club)
    talk.say("3 nuits studio svp")  # not the long stay, from 7 nights
    assert _lines(talk) == [("C13", 3)]


def test_a_new_stay_said_beside_a_new_product_changes_the_nights(chat, club):
    talk = chat(club)
    talk.say("le studio pour 2 nuits svp")
    reply = reply_of(talk.say("bon alors 4 nuits, et un dîner le premier soir"))
    assert _lines(talk) == [("C13", 4), ("C20", 1)] and "ne vendons pas" not in reply, reply


def test_the_shop_asked_to_collect_somewhere_delivers_there(chat, club):
    talk = chat(club)
    talk.say("please pick up 4 shirts in Biétry")
    assert talk.state["zone"] == "Marcory"


def test_a_day_named_for_the_order_is_kept(chat, club):
    talk = chat(club)
    talk.say("je veux 2 pintades pour samedi, livraison à Marcory")
    assert talk.state["when"] == "samedi"


def test_a_kind_named_lists_every_product_of_it_with_those_out_of_stock(chat, club):
    reply = reply_of(chat(club).say("vous avez quelles bières ?"))
    assert "Flag" in reply and "Heineken" in reply and item_matches("rupture", reply), reply


@pytest.mark.parametrize("text", ["bjr c bien la poissonnerie du marché ?", "hello, is this the poultry farm?"])
def test_checking_one_reached_the_right_shop_is_a_greeting(chat, club, text):
    assert chat(club).say(text).intent == "greeting"


@pytest.mark.parametrize(
    "turns, lines",
    [
        # two things said apart with « and » are two lines
        (["2 pairs of kids rain boots and one pair of adult rain boots"], [("C14", 2), ("C15", 1)]),
        # a removal stops at the comma
        (
            ["mets moi 3 cours de yoga et 3 cours de pilates", "non enlève le pilates, je vais faire que le yoga"],
            [("C01", 3)],
        ),
        # a container said after the goods counts them (a water bottle is sold too)
        (["I need isotonic drinks, 4 bottles"], [("C05", 4)]),
        # the days of a stay say how many nights
        (["je veux le studio meublé", "vendredi et samedi"], [("C13", 2)]),
    ],
)
def test_what_is_said_makes_the_cart(chat, club, turns, lines):
    talk = chat(club)
    for text in turns:
        talk.say(text)
    assert _lines(talk) == lines


def test_a_day_said_inside_an_order_is_no_question_of_hours(chat, club):
    talk = chat(club)
    talk.say("2 dîners pour samedi soir")
    turn = talk.say("non mets 4, dimanche soir aussi")
    assert turn.intent == "order" and _lines(talk) == [("C20", 4)], reply_of(turn)


def test_we_come_by_car_is_collecting_at_the_shop(chat, club):
    talk = chat(club)
    talk.say("2 machettes")
    talk.say("on vient en voiture")
    assert talk.state["zone"] == "pickup"


@pytest.mark.parametrize("text", ["ah dommage, tant pis, sans la gourde alors", "never mind, without the bottle then"])
def test_taking_an_out_of_stock_in_ones_stride_goes_on_with_the_order(chat, text):
    talk = chat(_club())
    talk.say("2 cours de yoga et une gourde")
    turn = talk.say(text)
    assert not turn.handoff and _lines(talk) == [("C01", 2)], reply_of(turn)
