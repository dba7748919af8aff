import pytest

from assistant.engine.entities import Extractor
from assistant.engine.intents import classify
from assistant.engine.policy import new_state
from assistant.engine.text import normalise


def intent_of(knowledge, text, state=None):
    norm = normalise(text)
    return classify(norm, Extractor(knowledge).extract(norm), knowledge, state or new_state())


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Bonsoir la famille", "greeting"),
        ("C'est combien le demi poulet ?", "price"),
        ("Mettez-moi 2 garbas pour Angré", "order"),
        ("Vous avez du kedjenou ?", "availability"),
        ("La livraison à Faya c'est combien ?", "delivery_zone_fee"),
        ("Ça met combien de temps pour Riviera 3 ?", "delivery_time"),
        ("Vous prenez Orange Money ?", "payment"),
        ("Vous êtes ouverts le lundi ?", "hours"),
        ("Vous êtes situés où ?", "location"),
        ("On peut réserver une table ?", "faq"),
        ("Le poulet que vous m'avez livré était froid", "complaint"),
        ("Je veux parler à la gérante", "human"),
        ("Merci, c'était bon", "thanks_bye"),
        ("Tu peux me conseiller un film ?", "off_topic"),
    ],
)
def test_it_classifies_each_intent_for_a_restaurant(maquis, text, intent):
    assert intent_of(maquis, text).intent == intent


def test_a_complaint_beats_a_request_for_a_person(grocery):
    assert intent_of(grocery, "Le riz est pourri, passez-moi le gérant").intent == "complaint"


def test_a_payment_problem_is_a_complaint(grocery):
    assert intent_of(grocery, "J'ai payé par Wave hier et toujours rien").intent == "complaint"


def test_asking_for_the_owner_by_first_name_is_human(phones):
    assert intent_of(phones, "Let me talk to Moussa").intent == "human"


def test_a_quantity_and_a_product_without_a_question_is_an_order(grocery):
    assert intent_of(grocery, "2 packs d'eau pour Marcory").intent == "order"


def test_an_unknown_thing_asked_for_is_remembered_for_the_reply(grocery):
    u = intent_of(grocery, "vous vendez les cigarettes ?")
    assert u.intent == "availability" and u.unknown == "cigarettes"


def test_a_question_about_a_service_with_a_damage_word_is_not_a_complaint(phones):
    assert intent_of(phones, "Mon écran est cassé, vous réparez ?").intent == "faq"


def test_a_bare_number_inside_an_order_continues_the_order(grocery):
    state = new_state()
    state["cart"] = [{"sku": "K12", "qty": None}]
    state["pending"] = "quantity"
    assert intent_of(grocery, "4", state).intent == "order"
