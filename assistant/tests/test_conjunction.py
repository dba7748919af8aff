"""« du lait et du sucre » names two things: a product phrase never spans « et » / « and » / « ou » (the
shop's « Lait concentré sucré » is not what the customer asked). Sentences of our own."""

import pytest

from .conftest import Chat


@pytest.mark.parametrize(
    "text",
    ["je voudrais du lait et du sucre", "mets moi lait en poudre et sucre", "I need milk and sugar"],
)
def test_two_products_joined_by_and_stay_two(grocery, text):
    turn = Chat(grocery).say(text)
    reply = "\n".join(r.text for r in turn.replies)
    skus = {line["sku"] for line in turn.state["cart"]} | set((turn.state.get("choice") or {}).get("skus") or [])
    assert "K04" in skus or "Sucre en morceaux" in reply, (text, reply)
    assert {"K05", "K06"} & skus or "Lait" in reply, (text, reply)
