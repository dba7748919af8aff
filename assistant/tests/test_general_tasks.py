"""A general-purpose task (translating, a recipe, a joke, a poem, code, health advice, homework, a film) is
declined politely, whatever product words it also carries, unless it is the shop's own business (a
pharmacy asked which medicine); inside an order it is declined and the order's question asked again.
Sentences of our own, as typed on WhatsApp."""

import pytest

from .conftest import Chat, load_knowledge, reply_of


@pytest.fixture(scope="module")
def pharmacy_shop():
    return load_knowledge("heldout_pharmacy")


@pytest.mark.parametrize(
    "text",
    [
        "tu peux traduire ce message en anglais pour moi stp",
        "donne moi la recette du garba avec ton huile",
        "une petite blague pour me detendre",
        "mon fils tousse, c'est quel medicament je lui donne ?",
        "aide moi avec mes exercices de maths de demain",
        "you fit write me javascript code for my site?",
        "any good movie to watch tonight?",
        "ecris moi un slam pour l'anniversaire de ma cherie",
    ],
)
def test_a_general_task_is_declined_at_a_grocery(grocery, text):
    turn = Chat(grocery).say(text)
    assert turn.intent == "off_topic", (text, reply_of(turn))
    assert not turn.handoff and turn.order is None and not turn.state["cart"]


@pytest.mark.parametrize(
    "text",
    [
        "je dois payer avant la livraison ?",  # « devoir » = must, not homework
        "vous avez l'huile pour faire la sauce graine ?",
    ],
)
def test_shop_questions_with_look_alike_words_are_not_declined(grocery, text):
    turn = Chat(grocery).say(text)
    assert turn.intent != "off_topic", (text, reply_of(turn))


def test_a_medicine_question_is_the_business_of_a_pharmacy(pharmacy_shop):
    turn = Chat(pharmacy_shop).say("c'est quel medicament pour la toux de mon enfant ?")
    assert turn.intent != "off_topic", reply_of(turn)


def test_inside_an_order_a_general_task_is_declined_and_the_question_asked_again(grocery):
    chat = Chat(grocery)
    chat.say("je prends 3 huiles")
    turn = chat.say("avant ca traduis moi bonjour en espagnol")
    text = reply_of(turn)
    assert turn.intent == "off_topic" and "ne peux pas" in text
    assert "livrer" in text  # the pending question: where to deliver
    assert [(line["sku"], line["qty"]) for line in turn.state["cart"]] == [
        (line["sku"], line["qty"]) for line in chat.turns[0].state["cart"]
    ]
