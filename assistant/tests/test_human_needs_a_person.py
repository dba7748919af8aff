"""A request for a human names a person, a role or a way to reach one (« passe-moi le patron », « connect me to
your oga »); an order for something the shop does not sell (« give me one laptop ») is no such request, whatever
the model makes of « give me ». Sentences of our own."""

import pytest

from .conftest import Chat


@pytest.mark.parametrize("text", ["give me one laptop", "give me 2 umbrellas", "donne-moi une tondeuse"])
def test_an_order_for_an_unknown_thing_is_not_handed_off(grocery, text):
    turn = Chat(grocery).say(text)
    assert not turn.handoff and turn.intent != "human", (text, turn.intent, [r.text for r in turn.replies])


@pytest.mark.parametrize(
    "text",
    [
        "passe-moi ton patron stp",
        "abeg connect me to your oga",
        "je veux parler à quelqu'un de la boutique",
        "can I talk to a real person",
        "donnez-moi le numéro du gérant",
    ],
)
def test_a_request_for_a_person_is_still_handed_off(grocery, text):
    turn = Chat(grocery).say(text)
    assert turn.handoff and turn.intent == "human", (text, turn.intent, [r.text for r in turn.replies])
