from assistant.engine.entities import Extractor
from assistant.engine.text import normalise


def extract(knowledge, text):
    return Extractor(knowledge).extract(normalise(text))


def lines(ent):
    return [(tuple(m.skus), m.qty) for m in ent.products]


def test_it_finds_products_by_alias_with_their_quantities(grocery):
    ent = extract(grocery, "je veux 2 sacs de riz 5kg et 1 bouteille d'huile")
    assert lines(ent) == [(("K01",), 2), (("K03",), 1)]


def test_it_reads_quantities_written_in_words(grocery, maquis):
    assert lines(extract(grocery, "trois boîtes de sardines")) == [(("K12",), 3)]
    assert lines(extract(grocery, "une douzaine de savons")) == [(("K08",), 12)]
    assert lines(extract(maquis, "two half chickens please")) == [(("R02",), 2)]


def test_it_forgives_misspellings_and_plurals(grocery, fashion):
    assert lines(extract(grocery, "5 paquets de spagetti")) == [(("K07",), 5)]
    assert lines(extract(fashion, "2 chemises en pagne")) == [(("F03",), 2)]


def test_an_ambiguous_word_keeps_every_candidate(grocery, phones):
    assert lines(extract(grocery, "Le lait c'est combien ?"))[0][0] == ("K05", "K06")
    assert set(lines(extract(phones, "le samsung"))[0][0]) == {"P03", "P04"}


def test_a_distinguishing_word_nearby_picks_the_product(grocery):
    assert lines(extract(grocery, "vous avez le riz de 25 kg ?"))[0][0] == ("K02",)


def test_a_quantity_said_after_the_product_counts(grocery):
    assert lines(extract(grocery, "Condensed milk, 3 tins")) == [(("K06",), 3)]


def test_sizes_are_not_quantities(grocery):
    ent = extract(grocery, "Les petits sacs de 5 kilos")
    assert ent.numbers == []


def test_it_finds_zones_by_name_or_area(grocery, maquis):
    assert extract(grocery, "livraison à Koumassi Sicogi").zones == ["Koumassi"]
    assert extract(grocery, "vers la gare de Bassam").zones == ["Treichville"]
    assert extract(grocery, "Grand-Bassam").zones == ["Grand-Bassam"]
    assert extract(maquis, "je suis à Faya").zones == ["Riviera"]


def test_a_unit_after_a_number_is_not_a_zone_of_the_same_name(grocery):
    ent = extract(grocery, "3 plateaux d'œufs")
    assert ent.zones == [] and lines(ent) == [(("K14",), 3)]


def test_it_finds_pickup(grocery):
    assert extract(grocery, "je passe récupérer à la boutique").pickup
    assert extract(grocery, "I'll come and pick it up").pickup


def test_it_finds_payment_methods_by_name_alias_and_refused_ones(grocery):
    assert extract(grocery, "je paie par OM").payments == ["orange_money"]
    assert extract(grocery, "MoMo ça marche ?").payments == ["mtn_momo"]
    assert extract(grocery, "par carte bancaire").payments == ["card"]
    assert extract(grocery, "avec Moov").payments == ["moov_money"]


def test_it_finds_the_moment_asked_for_in_the_customer_s_words(grocery):
    assert extract(grocery, "2 packs d'eau pour ce soir").when == "ce soir"
    assert extract(grocery, "livrez à midi svp").when == "à midi"
    assert extract(grocery, "deliver it tomorrow morning").when == "tomorrow morning"
    assert extract(grocery, "2 packs d'eau").when == ""
