"""A customer names a kind of goods instead of a product (« vous avez quels jus ? », « any seafood? »): the
shop's products of that kind are listed with their prices (the out-of-stock ones said so), whatever
the shop, because what a kind holds is general knowledge (lexicon.CATEGORIES) and the shop's own
product names decide which of its products belong. Sentences and a shop of our own."""

import json

import pytest

from assistant.engine import Knowledge
from assistant.evaluation import item_matches

from .conftest import DATA, Chat, reply_of


@pytest.fixture(scope="module")
def market():
    document = json.loads((DATA / "dev" / "business.json").read_text(encoding="utf-8"))
    document["products"] = [
        {"sku": "K01", "name": "Jus de bissap 50 cl", "price": 500, "unit": "bouteille", "in_stock": True},
        {"sku": "K02", "name": "Jus de gingembre 50 cl", "price": 600, "unit": "bouteille", "in_stock": False},
        {"sku": "K03", "name": "Gâteau ananas", "price": 4000, "unit": "pièce", "in_stock": True},
        {"sku": "K04", "name": "Mangues (le kg)", "price": 800, "unit": "kg", "in_stock": True},
        {"sku": "K05", "name": "Papaye (la pièce)", "price": 1000, "unit": "pièce", "in_stock": True},
        {"sku": "K06", "name": "Crevettes fraîches (le kg)", "price": 6000, "unit": "kg", "in_stock": True},
        {"sku": "K07", "name": "Poisson capitaine congelé (le kg)", "price": 3500, "unit": "kg", "in_stock": True},
        {"sku": "K08", "name": "Bière Flag 65 cl", "price": 700, "unit": "bouteille", "in_stock": True},
        {"sku": "K09", "name": "Fanta 33 cl", "price": 400, "unit": "canette", "in_stock": True},
    ]
    document["faq"] = []
    return Knowledge.from_document(document)


@pytest.mark.parametrize(
    "text, listed, absent",
    [
        ("yo vous avez quoi comme jus la ?", ["Jus de bissap", "Jus de gingembre"], ["Mangues", "Fanta"]),
        ("c'est quels fruits que vous avez aujourd'hui", ["Mangues", "Papaye"], ["Gâteau ananas", "Crevettes"]),
        ("any seafood?", ["Crevettes"], ["Poisson capitaine"]),
        ("u get frozen fish?", ["Poisson capitaine congelé"], ["Crevettes"]),
        ("which beers una get", ["Bière Flag"], ["Fanta"]),
        ("vous vendez des sucreries ?", ["Fanta"], ["Bière Flag"]),
    ],
)
def test_a_kind_named_lists_the_shops_products_of_that_kind(market, text, listed, absent):
    turn = Chat(market).say(text)
    reply = reply_of(turn)
    for name in listed:
        assert name in reply, (text, reply)
    for name in absent:
        assert name not in reply, (text, reply)
    assert not turn.handoff and turn.order is None


def test_an_out_of_stock_product_of_the_kind_is_said_so(market):
    reply = reply_of(Chat(market).say("vous avez quels jus ?"))
    assert item_matches("500", reply)
    assert item_matches("rupture", reply) and "Jus de gingembre" in reply


def test_a_service_on_a_kind_is_not_a_question_about_the_kind(market):
    reply = reply_of(Chat(market).say("vous faites la livraison des fruits de mer congelés a domicile ?"))
    assert "Bière Flag" not in reply
