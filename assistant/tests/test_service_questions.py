"""Questions about what the shop does to a product (« vous nettoyez les tapis ? »), a second question about paying
after a price, and a card that pays beside a card that is sold. A shop and sentences of our own, not the corpus's."""

import json
import re

import pytest

from assistant.engine import Knowledge, respond

from .conftest import DATA, NOW, Chat, reply_of


@pytest.fixture(scope="module")
def shop() -> Knowledge:
    """The development shop's zones, hours and payments, selling rugs and frames, with services in its FAQ."""
    document = json.loads((DATA / "dev" / "business.json").read_text(encoding="utf-8"))
    document["products"] = [
        {"sku": "R1", "name": "Tapis de salon 2 x 3 m", "price": 35000, "unit": "pièce", "aliases": ["tapis"]},
        {
            "sku": "R2",
            "name": "Cadre photo bois 30 x 40",
            "price": 6000,
            "unit": "pièce",
            "aliases": ["cadre", "photo frame"],
        },
        {"sku": "R3", "name": "Carte cadeau brodée", "price": 1500, "unit": "pièce", "aliases": ["carte", "card"]},
    ]
    document["payment_methods"].append(
        {"code": "card", "name": "Carte bancaire", "aliases": ["carte bancaire", "card", "carte visa"], "note": ""}
    )
    document["faq"] = [
        {
            "question": "Faites-vous le nettoyage des tapis ?",
            "answer": "Oui, le nettoyage d'un tapis coûte 4000 F, rendu en 3 jours.",
            "answer_en": "Yes, cleaning a rug costs 4,000 F, ready in 3 days.",
        },
        {
            "question": "Proposez-vous l'encadrement des photos ?",
            "answer": "Oui, l'encadrement d'une photo dans un de nos cadres est offert.",
            "answer_en": "Yes, framing a photo in one of our frames is free.",
        },
    ]
    return Knowledge.from_document(document)


@pytest.mark.parametrize(
    ("text", "fact"),
    [("vous nettoyez les tapis ?", "4000"), ("vous encadrez les photos ?", "offert")],
)
def test_the_act_named_by_a_noun_in_the_faq_answers_the_verb(shop, text, fact):
    """« nettoyez » / « nettoyage », « encadrez » / « encadrement »: the same act, so the FAQ entry answers."""
    turn = respond(knowledge=shop, state=None, text=text, now=NOW)
    assert turn.intent == "faq", reply_of(turn)
    assert fact in reply_of(turn)


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("le tapis de salon c'est combien et vous prenez wave ?", "07 00 11 22 33"),
        ("how much for the tapis de salon, and do you take MTN?", "05 00 44 55 66"),
    ],
)
def test_a_payment_question_after_a_price_is_answered_too_and_the_count_asked_last(shop, text, number):
    text_out = re.sub(r"\s", " ", reply_of(respond(knowledge=shop, state=None, text=text, now=NOW)))
    assert number in text_out and ("35 000" in text_out or "6 000" in text_out), text_out
    assert text_out.rstrip().endswith("?"), text_out
    assert text_out.index(number) < text_out.rindex("  "), text_out  # the paragraphs' blank line


def test_a_recharge_of_an_operator_is_no_payment_question(shop):
    text_out = reply_of(respond(knowledge=shop, state=None, text="vous faites recharge de 1000 orange ?", now=NOW))
    assert "07 00 11 22 33" not in text_out, text_out


@pytest.mark.parametrize("change", ["finalement je vais payer par carte", "actually I'll pay by card instead"])
def test_a_card_after_a_pay_verb_is_the_means_of_payment_not_the_card_sold(shop, change):
    chat = Chat(shop)
    for text in ("je veux un cadre photo", "je passe le récupérer", "wave"):
        chat.say(text)
    turn = chat.say(change)
    assert turn.state["payment"] == "card", reply_of(turn)
    assert [line["sku"] for line in turn.state["cart"]] == ["R2"], reply_of(turn)


def test_a_card_asked_for_is_the_card_sold(shop):
    turn = Chat(shop).say("je veux un cadre photo et une carte")
    assert sorted(line["sku"] for line in turn.state["cart"]) == ["R2", "R3"], reply_of(turn)


@pytest.mark.parametrize(
    "text", ["je veux un cadre photo pour mon diplôme de master", "I want a photo frame for my wedding picture"]
)
def test_the_customers_own_thing_is_never_a_thing_the_shop_does_not_sell(shop, text):
    """« imprimer mon CV », « my project report », « mon fils a le palu »: theirs, not the shop's to sell."""
    turn = Chat(shop).say(text)
    said = reply_of(turn)
    assert "ne vendons pas" not in said and "don't sell" not in said, said
    assert [line["sku"] for line in turn.state["cart"]] == ["R2"], said


@pytest.mark.parametrize(
    "text",
    [
        "Bonsoir Koffi, c'est mon cousin de Koumassi qui m'a donné votre numéro",
        "Hi Koffi, a friend gave me your number",
    ],
)
def test_how_the_customer_got_the_number_is_no_request_for_the_owner(shop, text):
    turn = respond(knowledge=shop, state=None, text=text, now=NOW)
    assert not turn.handoff and turn.intent != "human", reply_of(turn)


@pytest.mark.parametrize("text", ["je veux le numéro de Koffi", "give me Koffi's number please"])
def test_the_owners_number_asked_for_is_a_request_for_a_person(shop, text):
    turn = respond(knowledge=shop, state=None, text=text, now=NOW)
    assert turn.intent == "human", reply_of(turn)
