"""Behaviours the round-2 held-out shops (parapharmacy, electronics, poultry) showed were missing."""

from assistant.evaluation import item_matches

from .conftest import reply_of
from .test_entities import extract, lines


def test_a_weight_before_a_product_sold_by_that_weight_is_its_quantity(poultry, grocery):
    assert lines(extract(poultry, "je veux 2 kg de boeuf et 3 kilos de mouton")) == [(("B04",), 2), (("B05",), 3)]
    assert lines(extract(poultry, "1 kg of chicken carcasses")) == [(("B11",), 1)]
    # A size that is not the product's selling measure stays a size: "riz 5 kg" is one bag.
    assert lines(extract(grocery, "2 sacs de riz 5 kg")) == [(("K01",), 2)]


def test_a_lone_letter_does_not_pick_between_ambiguous_products(pharmacy):
    # The "c" of "c'est" is not the "C" of "Sirop vitamine C": both syrups stay candidates.
    assert lines(extract(pharmacy, "Le sirop c'est a combien ?"))[0][0] == ("P02", "P03")


def test_a_place_the_shop_does_not_name_is_not_served(chat, grocery):
    fee = chat(grocery).say("Vous livrez à Songon ?")
    text = reply_of(fee)
    assert fee.intent == "delivery_zone_fee"
    assert item_matches("ne livrons pas", text) and "Songon" in text and "Marcory" in text
    home = reply_of(chat(grocery).say("Vous livrez à domicile ?"))
    assert "ne livrons pas" not in home


def test_an_unserved_order_can_switch_to_pickup_without_a_silent_turn(chat, poultry):
    c = chat(poultry)
    c.say("Djo je veux 1 pintade pour Cocody Angré")
    c.say("Ah bon, je vais venir prendre moi-même alors")
    recap = c.say("Wave")
    assert reply_of(recap).strip()
    done = c.say("Y a pas drap, je valide")
    assert done.order is not None and done.order.zone == "pickup" and done.order.total == 6000


def test_a_warning_before_buying_is_not_a_complaint(chat, poultry):
    turn = chat(poultry).say("Djo 3 kilos de mouton ça fait combien ? Faut pas me couper hein")
    assert turn.intent == "price" and not turn.handoff and item_matches("16500", reply_of(turn))


def test_a_hypothetical_order_asking_how_long_gets_the_delivery_time(chat, electronics):
    turn = chat(electronics).say("Si je commande un frigo pour Adjamé ça arrive en combien de temps ?")
    assert turn.intent == "delivery_time" and item_matches("180", reply_of(turn))


def test_a_location_question_first_wins_over_a_later_wish(chat, electronics):
    turn = chat(electronics).say("where is your shop? i want to come and see the fridges")
    assert turn.intent == "location" and "Avenue 16" in reply_of(turn)


def test_an_english_question_meets_the_english_faq_answer(chat, poultry, electronics):
    assert chat(poultry).say("Can you cut the chicken into pieces for me?").intent == "faq"
    assert chat(electronics).say("hello good afternoon").intent == "greeting"


def test_a_size_written_after_the_name_does_not_hide_the_quantity(grocery, pharmacy, electronics):
    assert lines(extract(grocery, "huile 1L 3 bouteilles")) == [(("K03",), 3)]
    assert lines(extract(pharmacy, "couches taille 3, 2 paquets")) == [(("P09",), 2)]
    assert lines(extract(electronics, "tele 32 pouces 2")) == [(("E08",), 2)]
    assert lines(extract(electronics, "ventilateur 16 pouces et 2 ampoules")) == [(("E01",), None), (("E10",), 2)]


def test_a_question_about_a_rule_of_the_shop_is_not_a_complaint(chat, pressing):
    assert chat(pressing).say("Djo vous enlevez les taches d'huile ?").intent == "faq"
    assert chat(pressing).say("Si vous abîmez mon vêtement, vous remboursez ?").intent == "faq"
    real = chat(pressing).say("vous m'avez livré une chemise abîmée, vous remboursez ?")
    assert real.intent == "complaint" and real.handoff


def test_a_place_in_a_question_about_something_else_is_off_topic(chat, pressing):
    assert chat(pressing).say("Vous connaissez un bon tailleur à Koumassi ?").intent == "off_topic"


def test_dropping_off_at_the_counter_is_pickup(chat, pressing):
    c = chat(pressing)
    c.say("Hi, can you collect 3 kg of laundry in Yopougon?")
    c.say("OK I'll drop it at the counter")
    c.say("cash")
    done = c.say("yes confirm")
    assert done.order is not None and done.order.zone == "pickup" and done.order.total == 3000


def test_the_price_of_something_the_shop_does_not_sell_says_it_is_not_sold(chat, pharmacy):
    fr = chat(pharmacy).say("les lunettes de soleil c'est combien")
    assert fr.intent == "price" and "ne vendons pas de lunettes" in reply_of(fr)
    en = chat(pharmacy).say("how much are the condoms")
    assert en.intent == "price" and "don't sell condoms" in reply_of(en)


def test_cb_after_c_est_a_is_combien_and_a_delivery_price_is_a_fee_question(chat, electronics):
    assert chat(electronics).say("la télé c'est a cb").intent == "price"
    assert chat(electronics).say("je paie par cb").intent == "payment"
    fee = chat(electronics).say("Combien coute la livraison d'un frigo a cocody?")
    assert fee.intent == "delivery_zone_fee" and item_matches("30000", reply_of(fee))


def test_asking_for_a_better_price_is_answered_with_the_catalogue_price(chat, electronics):
    assert "ne peux pas changer les prix" in reply_of(chat(electronics).say("tu peux faire un prix sur le frigo ?"))


def test_a_service_the_shop_does_not_offer_is_not_sold(chat, pressing):
    turn = chat(pressing).say("vous lavez les rideaux ?")
    assert turn.intent == "availability" and "ne vendons pas de rideaux" in reply_of(turn)
    assert chat(pressing).say("vous repassez les chemises ?").intent == "availability"
    assert chat(pressing).say("vous pensez quoi du match ?").intent == "off_topic"


def test_a_short_common_word_is_not_read_as_an_abbreviated_area(chat, grocery):
    assert "ne vendons pas de sel" in reply_of(chat(grocery).say("vous avez du sel ?"))
    assert "Yopougon" in reply_of(chat(grocery).say("vous livrez à yop ?"))


def test_an_english_question_meets_a_french_faq_through_its_concept(chat, electronics):
    assert chat(electronics).say("Is there a warranty on the TV?").intent == "faq"
    assert chat(electronics).say("vous avez des frigos ?").intent == "availability"


def test_where_the_customer_is_counts_as_the_place_asked_about(chat, pharmacy):
    assert "don't deliver to Dabou" in reply_of(chat(pharmacy).say("I live in Dabou, do you deliver?"))
    assert "ne livrons pas" not in reply_of(chat(pharmacy).say("je suis au bureau, vous livrez ?"))


def test_below_the_minimum_the_customer_can_switch_to_pickup_in_their_own_words(chat, electronics):
    c = chat(electronics)
    c.say("Djo je veux 1 bouilloire pour Cocody")
    c.say("Non c'est bon, je vais passer la prendre")
    c.say("cash")
    done = c.say("on valide")
    assert done.order is not None and done.order.zone == "pickup" and done.order.total == 8000
