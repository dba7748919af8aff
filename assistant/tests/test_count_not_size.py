"""A count said before a product (« 2 sacs », « et 3 paquets ») counts it; it never tells apart products
whose names carry a number of their own (« Poisson fumé, gros (environ 2 kg) »). The word that does tell
them apart (« moyen ») decides. A shop and sentences of our own."""

import json

import pytest

from assistant.engine import Knowledge

from .conftest import DATA, Chat


@pytest.fixture(scope="module")
def shop():
    document = json.loads((DATA / "dev" / "business.json").read_text(encoding="utf-8"))
    document["products"] = [
        {
            "sku": "S1",
            "name": "Poisson fumé, petit (environ 1 kg)",
            "price": 1500,
            "unit": "pièce",
            "in_stock": True,
            "aliases": ["poisson fumé", "petit poisson fumé"],
        },
        {
            "sku": "S2",
            "name": "Poisson fumé, moyen (environ 1,5 kg)",
            "price": 2200,
            "unit": "pièce",
            "in_stock": True,
            "aliases": ["poisson fumé", "poisson fumé moyen"],
        },
        {
            "sku": "S3",
            "name": "Poisson fumé, gros (environ 2 kg)",
            "price": 3000,
            "unit": "pièce",
            "in_stock": True,
            "aliases": ["poisson fumé", "gros poisson fumé"],
        },
        {
            "sku": "S4",
            "name": "Piment sec (sachet)",
            "aliases": ["piment"],
            "price": 300,
            "unit": "sachet",
            "in_stock": True,
        },
    ]
    return Knowledge.from_document(document)


@pytest.mark.parametrize(
    "text",
    [
        "je prends 2 poissons fumés moyens et 2 sachets de piment",
        "il me faut 2 poisson fumé moyen stp",
        "2 poisson fume moyen",
    ],
)
def test_the_size_word_picks_the_product_and_the_counts_stay_counts(shop, text):
    turn = Chat(shop).say(text)
    cart = {line["sku"]: line["qty"] for line in turn.state["cart"]}
    assert cart.get("S2") == 2, (text, cart, [r.text for r in turn.replies])
    assert "S3" not in cart and "S1" not in cart
