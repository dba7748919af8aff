"""What the eleventh round showed, as classes, with a shop and sentences of our own: a word of a product's name is
never a cue (« gourmette argent » asks no price), a word only one product's names hold names it when counted or
described (« the orange one »), a number or a place that belongs to something else picks no product, a number of
« celui de » or a measure said alone names products, and an order said beside regret or a price remark is still
an order."""

import pytest

from assistant.engine import Knowledge
from assistant.engine.entities import Extractor
from assistant.engine.text import normalise
from assistant.evaluation import item_matches

from .conftest import reply_of
from .test_dialogue_context import _product, _shop


def _bazaar() -> Knowledge:
    """A garage-and-gift shop of our own on the development shop's zones, hours and payments."""
    return _shop(
        [
            _product("G01", "Jante alu 15 pouces", 45000, "pièce", ["jante 15", "alloy rim 15", "15 inch rim"]),
            _product("G02", "Jante alu 17 pouces", 60000, "pièce", ["jante 17", "alloy rim 17", "17 inch rim"]),
            _product("G03", "Jante tôle 14 pouces", 18000, "pièce", ["jante tôle", "steel rim", "14 inch rim"]),
            _product("G04", "Gourmette argent 925", 11000, "pièce", ["gourmette argent", "silver bracelet"]),
            _product("G05", "Gourmette plaqué or", 16000, "pièce", ["gourmette or", "gold bracelet"]),
            _product("G06", "Collier perles argent", 8000, "pièce", ["collier", "perles", "pearl necklace"]),
            _product("G07", "Montre sport homme", 30000, "pièce", ["montre sport", "sport watch"]),
            _product("G08", "Montre classique", 42000, "pièce", ["montre classique", "classic watch"]),
            _product("G09", "Montre bijou femme", 38000, "pièce", ["montre bijou", "ladies watch"]),
            _product("G10", "Polissage bijou (par pièce)", 2000, "pièce", ["polissage", "polishing"]),
            _product("G11", "Randonnée guidée (par personne, 2 h)", 6000, "personne", ["randonnée", "sortie", "hike"]),
            _product("G12", "Sortie en kayak (par personne)", 9000, "personne", ["kayak", "sortie", "kayak trip"]),
            _product(
                "G13", "Mèches parfumées (sachet de 30)", 1500, "sachet", ["mèches parfumées", "tiges d'ambiance"]
            ),
            _product("G14", "Chevalière or", 90000, "pièce", ["chevalière", "signet ring"], in_stock=False),
            _product("G15", "Bague argent", 9000, "pièce", ["bague argent", "silver ring"]),
            _product("G16", "Huile de coco 25 cl", 1500, "flacon", ["huile coco 25"]),
            _product("G17", "Huile de karité 25 cl", 1800, "flacon", ["huile karité 25", "shea oil"]),
            _product("G18", "Huile de coco 1 L", 4500, "bidon", ["huile coco 1 litre"]),
            _product("G19", "Lot de 4 bougies", 2000, "lot", ["lot de 4", "candles"]),
            _product("G20", "Lot de 10 bougies", 4500, "lot", ["lot de 10"]),
            _product("G21", "Diffuseur parfum vanille", 5000, "pièce", ["diffuseur vanille", "vanilla diffuser"]),
            _product("G22", "Diffuseur parfum citron", 5000, "pièce", ["diffuseur citron", "lemon diffuser"]),
        ]
    )


@pytest.fixture(scope="module")
def bazaar():
    return _bazaar()


def _skus(knowledge: Knowledge, text: str) -> list[list[str]]:
    return [m.skus for m in Extractor(knowledge).extract(normalise(text)).products]


def test_a_word_only_one_product_holds_names_it_when_counted(bazaar):
    assert _skus(bazaar, "mets moi deux sachets de tiges pour la maison") == [["G13"]]
    assert _skus(bazaar, "les tiges sont belles") == []  # not counted: it names nothing alone


@pytest.mark.parametrize("text", ["ajoute une gourmette argent aussi", "add a silver bracelet too please"])
def test_a_word_of_a_products_name_asks_no_price(chat, bazaar, text):
    talk = chat(bazaar)
    talk.say("je veux la montre classique")
    reply = reply_of(talk.say(text))
    assert [line["sku"] for line in talk.state["cart"]] == ["G08", "G04"], reply


def test_the_words_after_a_mention_that_its_name_holds_are_its_own(chat, bazaar):
    talk = chat(bazaar)
    talk.say("une bague argent svp")
    reply = reply_of(talk.say("non enlève la bague, mets plutôt des perles argent"))
    assert [line["sku"] for line in talk.state["cart"]] == ["G06"], reply


@pytest.mark.parametrize("text", ["donne moi la sortie alors, pour 2", "I want the sortie for 2 then"])
def test_a_number_for_how_many_people_picks_no_product_by_its_hours(chat, bazaar, text):
    reply = reply_of(chat(bazaar).say(text))
    # « pour 2 » is two people, never the « 2 h » hike's number; « alors » is no thing the shop lacks
    assert item_matches("6 000", reply) and item_matches("9 000", reply), reply
    assert "ne vendons pas" not in reply and "don't sell" not in reply, reply


@pytest.mark.parametrize("text", ["je suis déjà au kayak 2, envoyez un collier", "I'm at the kayak, send a collier"])
def test_where_the_customer_is_names_no_product(bazaar, text):
    assert _skus(bazaar, text) == [["G06"]]


def test_a_size_said_with_a_count_is_no_thing_the_shop_lacks(chat, bazaar):
    talk = chat(bazaar)
    talk.say("c'est combien la bague argent ?")
    reply = reply_of(talk.say("mets moi 1, taille 54"))
    assert "ne vendons pas" not in reply and talk.state["cart"] == [{"sku": "G15", "qty": 1}], reply


def test_who_it_is_for_keeps_the_products_that_fit_anyone(chat, bazaar):
    reply = reply_of(chat(bazaar).say("je veux une montre pour mon mari"))
    # the man's watch and the one for anyone are both asked about; the woman's is not picked
    assert item_matches("30 000", reply) and item_matches("42 000", reply), reply


def test_another_product_after_out_of_stock_is_an_order_despite_regret(chat, bazaar):
    talk = chat(bazaar)
    talk.say("I want the gold signet ring")
    turn = talk.say("Oh what a pity. Then the silver ring")
    assert turn.intent == "order" and talk.state["cart"] == [{"sku": "G15", "qty": 1}], reply_of(turn)


def test_a_smaller_count_said_with_a_price_remark_changes_the_cart(chat, bazaar):
    talk = chat(bazaar)
    talk.say("je veux la montre classique")
    talk.say("mets moi 2")
    turn = talk.say("non c'est trop cher, mets 1 seulement")
    assert talk.state["cart"] == [{"sku": "G08", "qty": 1}], reply_of(turn)


@pytest.mark.parametrize("text", ["plus a polishing for my old gourmette", "et un polissage pour ma vieille gourmette"])
def test_a_thing_a_service_is_for_is_not_ordered(bazaar, text):
    assert _skus(bazaar, text) == [["G10"]]


@pytest.mark.parametrize(
    "text", ["le lot de 4 c'est combien ? et celui de 10 ?", "how much is the lot de 4? and the 10 one?"]
)
def test_the_number_of_celui_de_names_the_sibling_and_counts_nothing(chat, bazaar, text):
    assert _skus(bazaar, text) == [["G19"], ["G20"]]
    reply = reply_of(chat(bazaar).say(text))
    assert item_matches("2 000", reply) and item_matches("4 500", reply), reply


@pytest.mark.parametrize("text", ["c'est combien vos 25 cl ?", "mets moi 2 flacons de 25 cl", "how much is the 1 L"])
def test_a_measure_said_alone_names_the_products_whose_names_have_it(bazaar, text):
    expected = [["G18"]] if "1 L" in text else [["G16", "G17"]]
    assert _skus(bazaar, text) == expected


def test_the_one_described_by_a_word_only_its_names_hold(chat, bazaar):
    talk = chat(bazaar)
    talk.say("I want the vanilla diffuser")
    reply = reply_of(talk.say("add the lemon one too"))
    assert [line["sku"] for line in talk.state["cart"]] == ["G21", "G22"], reply


@pytest.mark.parametrize("text", ["Montre-moi vos bagues en argent", "montre moi les colliers stp"])
def test_a_verb_that_looks_like_a_product_names_nothing(bazaar, text):
    assert all(sku not in ("G07", "G08", "G09") for skus in _skus(bazaar, text) for sku in skus)


def _outfitter() -> Knowledge:
    """A children's outfitter and bus-ticket counter of our own, to test sizes, ages, siblings and counters."""
    knowledge = _shop(
        [
            _product("K01", "Polo blanc 3-5 ans", 2500, "pièce", ["polo", "polo blanc", "white polo"]),
            _product("K02", "Polo blanc 6-9 ans", 3000, "pièce", ["polo", "polo blanc", "white polo"]),
            _product("K03", "Sandales pointure 24-29", 4000, "paire", ["sandales", "sandals"]),
            _product("K04", "Sandales pointure 30-35", 5000, "paire", ["sandales", "sandals"]),
            _product("K05", "Perles à tresser 12 (noir)", 800, "paquet", ["perles", "perles 12"]),
            _product("K06", "Perles à tresser 40 (doré)", 900, "paquet", ["perles", "perles 40"]),
            _product("K07", "Billet Abidjan → Bouaflé (VIP)", 9000, "billet", ["bouafle", "billet bouafle"], False),
            _product("K08", "Billet Abidjan → Bouaflé (standard)", 6000, "billet", ["bouafle", "billet bouafle"]),
            _product("K09", "Billet Abidjan → Divo (standard)", 5000, "billet", ["divo", "billet divo"]),
            _product("K10", "Colis jusqu'à 10 kg", 3000, "colis", ["colis", "parcel"]),
        ]
    )
    return knowledge


@pytest.fixture(scope="module")
def outfitter():
    return _outfitter()


@pytest.mark.parametrize(
    "text, sku",
    [
        ("un polo blanc pour mon fils de 7 ans", "K02"),
        ("je veux des sandales, il chausse du 26", "K03"),
        ("sandals please, size 33", "K04"),
    ],
)
def test_an_age_or_a_size_inside_a_names_range_picks_it(chat, outfitter, text, sku):
    talk = chat(outfitter)
    reply = reply_of(talk.say(text))
    assert sku in [line["sku"] for line in talk.state["cart"]], reply


def test_a_size_answers_which_one_when_asked(chat, outfitter):
    talk = chat(outfitter)
    talk.say("je veux 2 paires de sandales")
    reply = reply_of(talk.say("les deux c'est pointure 31"))
    assert talk.state["cart"] == [{"sku": "K04", "qty": 2}], reply


def test_a_number_after_a_container_names_the_product_whose_name_has_it(chat, outfitter):
    talk = chat(outfitter)
    talk.say("je veux 3 paquets de perles 12")
    reply = reply_of(talk.say("et 2 paquets de 40"))
    assert talk.state["cart"] == [{"sku": "K05", "qty": 3}, {"sku": "K06", "qty": 2}], reply


def test_the_word_that_tells_siblings_apart_takes_the_sibling_of_what_is_out(chat, outfitter):
    talk = chat(outfitter)
    talk.say("2 billets VIP pour Bouaflé svp")
    reply = reply_of(talk.say("bon mettez le standard alors"))
    assert talk.state["cart"] == [{"sku": "K08", "qty": 2}], reply


@pytest.mark.parametrize("text", ["ajoutez un 2e billet Divo", "add another Divo ticket"])
def test_another_one_of_what_is_in_the_cart_is_one_more(chat, outfitter, text):
    talk = chat(outfitter)
    talk.say("1 billet Divo svp")
    reply = reply_of(talk.say(text))
    assert talk.state["cart"] == [{"sku": "K09", "qty": 2}], reply


@pytest.mark.parametrize("text", ["je veux faire mes tresses samedi", "je voudrais louer pour demain"])
def test_a_verb_after_a_request_is_no_thing_the_shop_lacks(chat, outfitter, text):
    reply = reply_of(chat(outfitter).say(text))
    assert "ne vendons pas" not in reply, reply


def test_a_refusal_that_begins_like_an_accepted_method_refuses_only_itself():
    knowledge = _shop([_product("Z01", "Savon", 500, "pièce", ["savon"])])
    document = dict(knowledge.document, payment_not_accepted=["paiement par le destinataire à l'arrivée"])
    shop = Knowledge.from_document(document)
    assert "cash" not in shop.refused and "cash" in shop.accepted


@pytest.mark.parametrize("text", ["envoyer un colis de 8 kg à Divo c'est combien", "how much to send a parcel to Divo"])
def test_a_product_named_as_where_another_goes_is_not_asked_about(outfitter, text):
    assert _skus(outfitter, text) == [["K10"]]
