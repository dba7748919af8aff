from assistant.engine.replies import Phrases, pick
from assistant.evaluation import item_matches

from .conftest import NOW


def test_the_same_seed_always_picks_the_same_phrasing():
    options = ["a", "b", "c", "d"]
    assert pick(options, "seed") == pick(options, "seed")
    assert len({pick(options, str(i)) for i in range(50)}) > 1


def test_amounts_are_written_in_f_cfa_with_grouped_thousands(grocery):
    line = Phrases(grocery, "fr", "x").price_line(grocery.products["K02"])
    assert "19\u202f500\u00a0F CFA" in line
    assert item_matches("19500", line)


def test_a_zone_answer_gives_fee_minimum_and_eta_from_the_document(grocery):
    text = Phrases(grocery, "fr", "x").zone_fee(grocery.zones["Cocody"])
    assert item_matches("3000", text) and item_matches("10000", text) and item_matches("120", text)
    assert not item_matches("2500", text)


def test_an_unserved_zone_is_refused_with_pickup_as_the_alternative(grocery):
    text = Phrases(grocery, "en", "x").not_served("Yopougon")
    assert "don't deliver to Yopougon" in text and "pick up" in text


def test_hours_come_from_the_document_and_say_whether_open_now(maquis):
    text = Phrases(maquis, "fr", "x").hours(maquis.is_open(NOW))  # Wednesday 10:00, it opens at 11:00
    assert "lundi : fermé" in text and "23:30" in text and "fermés en ce moment" in text
    later = Phrases(maquis, "fr", "x").hours(maquis.is_open(NOW.replace(hour=12)))
    assert "ouverts en ce moment" in later


def test_a_refused_payment_lists_the_accepted_ones(phones):
    text = Phrases(phones, "fr", "x").payment_refused("card")
    assert "n'acceptons pas la carte bancaire" in text and "Moov Money" in text


def test_the_recap_lists_lines_subtotal_fee_total_payment_and_eta(grocery):
    p = grocery.products
    text = Phrases(grocery, "fr", "x").recap([(p["K01"], 2), (p["K03"], 1)], "Koumassi", 1000, "cash", (30, 50))
    for item in ("9000", "1400", "10400", "1000", "11400", "Espèces", "30", "50"):
        assert item_matches(item, text), item


def test_english_replies_never_use_the_french_cash_label(grocery):
    assert "cash" in Phrases(grocery, "en", "x").accepted_list()
    assert "Espèces" not in Phrases(grocery, "en", "x").accepted_list()
