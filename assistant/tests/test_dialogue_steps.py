"""Answers that move an order forward one step, never a loop: a word that narrows « lequel ? » to some of the
candidates asks again among those only (« en wax » among four pagnes, two of them wax); « une seule », « deux
autres », « 2 more » keep their count; « ça fait 3 mètres » after a product sold by the metre puts that much in
the cart. A shop and sentences of our own, not the corpus's."""

import json

import pytest

from assistant.engine import Knowledge

from .conftest import DATA, Chat, reply_of


def _product(sku, name, price, unit, aliases):
    return {"sku": sku, "name": name, "price": price, "unit": unit, "in_stock": True, "aliases": aliases}


@pytest.fixture(scope="module")
def shop():
    document = json.loads((DATA / "dev" / "business.json").read_text(encoding="utf-8"))
    document["products"] = [
        _product("T1", "Pagne wax, coton (6 yards)", 9000, "pièce", ["pagne", "pagne wax", "wax"]),
        _product("T2", "Pagne wax, hollandais (6 yards)", 18000, "pièce", ["pagne", "wax", "wax hollandais"]),
        _product("T3", "Pagne bazin, simple (6 yards)", 12000, "pièce", ["pagne", "bazin"]),
        _product("T4", "Pagne bazin, riche (6 yards)", 25000, "pièce", ["pagne", "bazin", "bazin riche"]),
        _product("T5", "Tissu voile (le mètre)", 1500, "mètre", ["voile", "tissu voile"]),
        _product("T6", "Fil à coudre (bobine)", 300, "bobine", ["fil", "bobine de fil", "thread", "spool of thread"]),
    ]
    return Knowledge.from_document(document)


def cart(turn) -> dict:
    return {line["sku"]: line["qty"] for line in turn.state["cart"]}


@pytest.mark.parametrize(
    ("first", "narrowing", "last", "picked"),
    [
        ("je veux 2 pagnes", "en bazin svp", "le riche", "T4"),
        ("bonjour il me faut deux pagnes pour la fête", "wax stp", "le hollandais", "T2"),
        ("I need 2 pagnes", "bazin please", "the simple one", "T3"),
    ],
)
def test_a_word_shared_by_some_candidates_narrows_the_question_to_them(shop, first, narrowing, last, picked):
    chat = Chat(shop)
    chat.say(first)
    narrowed = chat.say(narrowing)
    text = reply_of(narrowed)
    kind = "bazin" if "bazin" in narrowing else "wax"
    other = "wax" if kind == "bazin" else "bazin"
    assert kind in text.lower() and f"pagne {other}" not in text.lower(), text
    assert not narrowed.handoff and narrowed.state["cart"] == []
    done = chat.say(last)
    assert cart(done) == {picked: 2}, reply_of(done)


@pytest.mark.parametrize(
    ("first", "change", "expected"),
    [
        ("3 bobines de fil et 2 pagnes wax hollandais", "non mets une seule bobine", {"T6": 1, "T2": 2}),
        ("3 bobines de fil et 2 pagnes wax hollandais", "ajoute deux autres bobines", {"T6": 5, "T2": 2}),
        ("3 spools of thread and 2 wax hollandais", "add 2 more spools", {"T6": 5, "T2": 2}),
        ("3 bobines de fil", "ah non juste une seule bobine", {"T6": 1}),
    ],
)
def test_seul_and_autres_keep_the_count_and_name_nothing(shop, first, change, expected):
    chat = Chat(shop)
    chat.say(first)
    turn = chat.say(change)
    text = reply_of(turn)
    assert cart(turn) == expected, text
    assert "ne vendons pas" not in text and "don't sell" not in text


@pytest.mark.parametrize(
    ("ask", "measure", "metres"),
    [
        ("le tissu voile c'est au mètre ?", "il me faut 4 mètres", 4),
        ("vous vendez le voile au mètre ?", "ok ça fait 6 metres alors", 6),
        ("how much is the voile per metre?", "I need 3 metres", 3),
    ],
)
def test_a_measure_said_alone_after_a_product_sold_by_it_is_that_much_of_it(shop, ask, measure, metres):
    chat = Chat(shop)
    chat.say(ask)
    turn = chat.say(measure)
    assert cart(turn) == {"T5": metres}, reply_of(turn)
    assert str(metres * 1500)[:-3] in reply_of(turn).replace("\u202f", " ").replace(" ", "")
