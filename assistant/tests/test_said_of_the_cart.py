"""What the twelfth round showed, as classes, with a shop and sentences of our own: a count said with a pronoun
(« j'en veux 3 », « 4 of them ») counts the product named before it, wherever it stands; « the same size » /
« même couleur » between candidates takes the one that shares the aspect of a line already in the cart; a
pidgin form of address (« my man ») names no town."""

import copy

import pytest

from assistant.engine import Knowledge
from assistant.evaluation import item_matches

from .conftest import reply_of
from .test_dialogue_context import _product, _shop


def _outfitter() -> Knowledge:
    """A children's outfitter of our own on the development shop's zones, hours and payments."""
    return _shop(
        [
            _product("O01", "Polo blanc 6-8 ans", 2500, "pièce", ["polo blanc", "white polo"]),
            _product("O02", "Polo blanc 10-12 ans", 3000, "pièce", ["polo blanc", "white polo"]),
            _product("O03", "Jupe plissée bleue 6-8 ans", 3500, "pièce", ["jupe plissée", "pleated skirt"]),
            _product("O04", "Jupe plissée bleue 10-12 ans", 4000, "pièce", ["jupe plissée", "pleated skirt"]),
            _product("O05", "Sandales cuir rouge", 6000, "paire", ["sandales", "sandals"]),
            _product("O06", "Sandales cuir marron", 6000, "paire", ["sandales", "sandals"]),
            _product("O07", "Sac à dos rouge", 7000, "pièce", ["sac à dos", "cartable", "backpack"]),
            _product("O08", "Sac à dos marron", 7000, "pièce", ["sac à dos", "cartable", "backpack"]),
            _product("O09", "Gourde isotherme", 4500, "pièce", ["gourde", "water bottle"]),
        ]
    )


@pytest.fixture(scope="module")
def outfitter():
    return _outfitter()


def _cart(talk) -> list[tuple[str, int]]:
    return [(line["sku"], line["qty"]) for line in talk.state["cart"]]


@pytest.mark.parametrize(
    "text",
    [
        "la gourde isotherme pour la rentrée de mes enfants, j'en veux 3",
        "gourde isotherme pr l'ecole de mes petits, il m'en faut 3",
        "I need the water bottle for my kids' school, 3 of them",
    ],
)
def test_a_count_said_with_a_pronoun_counts_the_product_named_before(chat, outfitter, text):
    talk = chat(outfitter)
    reply = reply_of(talk.say(text))
    assert _cart(talk) == [("O09", 3)], reply


@pytest.mark.parametrize(
    ("first", "answer"),
    [
        ("des polos blancs pour mes jumeaux, il m'en faut 2", "10-12 ans"),
        ("white polos for my twins, 2 of them", "10-12"),
    ],
)
def test_a_count_said_with_a_pronoun_waits_for_the_choice(chat, outfitter, first, answer):
    talk = chat(outfitter)
    talk.say(first)
    reply = reply_of(talk.say(answer))
    assert _cart(talk) == [("O02", 2)], reply


@pytest.mark.parametrize(
    ("turns", "picked"),
    [
        (["2 polos blancs 6-8 ans", "ajoute 2 jupes plissées, même taille"], "O03"),
        (["2 white polos 10-12", "add 2 pleated skirts", "same size as the polos"], "O04"),
        (["une paire de sandales rouges", "et un sac à dos de la même couleur"], "O07"),
    ],
)
def test_the_same_aspect_as_a_line_of_the_cart_chooses(chat, outfitter, turns, picked):
    talk = chat(outfitter)
    for text in turns:
        reply = reply_of(talk.say(text))
    assert _cart(talk)[-1] == (picked, 2 if "2" in turns[1] else 1), reply


def test_the_same_aspect_with_nothing_in_the_cart_still_asks(chat, outfitter):
    talk = chat(outfitter)
    reply = reply_of(talk.say("2 jupes plissées, même taille que la dernière fois"))
    assert not talk.state["cart"] and "10-12 ans" in reply and "6-8 ans" in reply


def test_a_pidgin_address_names_no_town(chat, outfitter):
    document = copy.deepcopy(outfitter.document)
    town = {"name": "Man", "areas": [], "served": True, "fee": 5000, "vehicle": "car", "eta_minutes": [300, 600]}
    document["delivery_zones"].append(town | {"min_order": 0})
    talk = chat(Knowledge.from_document(document))
    reply = reply_of(talk.say("my man, abeg one water bottle"))
    assert _cart(talk) == [("O09", 1)] and talk.state.get("zone") is None, reply
    reply = reply_of(talk.say("send am go Man"))
    assert talk.state.get("zone") == "Man", reply


def _drinks() -> Knowledge:
    """A drinks counter of our own: the same drinks in cans and bottles, English names only in the aliases."""
    return _shop(
        [
            _product("D01", "Jus d'orange canette 33 cl", 600, "canette", ["jus d'orange", "orange juice"]),
            _product("D02", "Jus d'orange bouteille 1 L", 1500, "bouteille", ["jus d'orange", "orange juice"]),
            _product("D03", "Jus de mangue canette 33 cl", 600, "canette", ["jus de mangue", "mango juice"]),
            _product("D04", "Jus de mangue bouteille 1 L", 1500, "bouteille", ["jus de mangue", "mango juice"]),
            _product("D05", "Glaçons (sachet de 2 kg)", 500, "sachet", ["glaçons", "glace", "ice"]),
            _product("D06", "Glaçons (au kg)", 300, "kg", ["glaçons", "glace", "ice"]),
            _product("D07", "Citrons verts (tas de 5)", 500, "tas", ["citron", "citrons verts", "lime"]),
        ]
    )


@pytest.fixture(scope="module")
def drinks():
    return _drinks()


@pytest.mark.parametrize(
    ("answer", "cart"),
    [
        ("un rouge et un marron", [("O07", 1), ("O08", 1)]),
        ("one red, one brown", [("O07", 1), ("O08", 1)]),
        ("un de chaque", [("O07", 1), ("O08", 1)]),
        ("3 of each", [("O07", 3), ("O08", 3)]),
    ],
)
def test_an_answer_that_splits_among_the_candidates_orders_each(chat, outfitter, answer, cart):
    talk = chat(outfitter)
    talk.say("il me faut 2 sacs à dos pour la rentrée")
    reply = reply_of(talk.say(answer))
    assert _cart(talk) == cart and not talk.state["choice"], reply


def test_a_change_that_splits_a_line_among_its_kinds(chat, outfitter):
    talk = chat(outfitter)
    talk.say("2 paires de sandales rouges")
    reply = reply_of(talk.say("non finalement 1 rouge et 1 marron"))
    assert sorted(_cart(talk)) == [("O05", 1), ("O06", 1)], reply


def test_a_count_corrected_before_an_addition_is_kept(chat, drinks):
    talk = chat(drinks)
    talk.say("3 sachets de glaçons de 2 kg svp")
    reply = reply_of(talk.say("ah non mets 1 sachet seulement, et ajoute 2 jus de mangue en bouteille"))
    assert _cart(talk) == [("D05", 1), ("D04", 2)], reply


def test_a_container_that_names_another_line_counts_it_again(chat, drinks):
    talk = chat(drinks)
    talk.say("2 bouteilles de jus d'orange et 4 canettes de mangue")
    reply = reply_of(talk.say("finalement mettez 3 bouteilles"))
    assert _cart(talk) == [("D02", 3), ("D03", 4)], reply


@pytest.mark.parametrize("text", ["I want 4 orange cans", "give me 2 mango bottles"])
def test_two_words_that_only_one_product_holds_together_name_it(chat, drinks, text):
    talk = chat(drinks)
    reply = reply_of(talk.say(text))
    assert _cart(talk) == [("D01", 4)] if "orange" in text else [("D04", 2)], reply


@pytest.mark.parametrize(
    "text",
    [
        "j'ai déjà la gourde isotherme, donne-moi juste 2 polos blancs 6-8 ans",
        "I already have a water bottle, I need 2 white polos 6-8",
    ],
)
def test_a_product_the_customer_already_has_is_not_ordered(chat, outfitter, text):
    talk = chat(outfitter)
    reply = reply_of(talk.say(text))
    assert _cart(talk) == [("O01", 2)], reply


def _party() -> Knowledge:
    """A party-supplies counter of our own: buckets by size, a pack whose name counts what it holds, per-person
    workshops, gift wrap sold alone; the development shop's zones with an airport area."""
    document = copy.deepcopy(
        _shop(
            [
                _product("P01", "Seau de glace 1 L", 2000, "seau", ["seau de glace", "petit seau", "ice bucket"]),
                _product("P02", "Seau de glace 3 L", 5000, "seau", ["seau de glace", "grand seau", "ice bucket"]),
                _product("P03", "Pack fête (24 canettes de bissap)", 12000, "pack", ["pack fête", "party pack"]),
                _product("P04", "Bissap canette 33 cl", 600, "canette", ["bissap", "hibiscus juice"]),
                _product("P05", "Atelier cocktail (par personne)", 8000, "personne", ["atelier cocktail", "workshop"]),
                _product("P06", "Papier cadeau", 500, "feuille", ["papier cadeau", "emballage", "gift wrap"]),
                _product("P07", "Guirlande lumineuse 5 m", 4000, "pièce", ["guirlande", "fairy lights"]),
                _product(
                    "P08",
                    "Nappe jetable rouge",
                    1500,
                    "pièce",
                    ["nappe", "nappe rouge", "tablecloth", "red tablecloth"],
                ),
                _product(
                    "P09",
                    "Nappe jetable dorée",
                    1500,
                    "pièce",
                    ["nappe", "nappe dorée", "tablecloth", "gold tablecloth"],
                ),
                _product(
                    "P10", "Coffret dégustation 4 canettes (saveurs au choix)", 2200, "coffret", ["coffret dégustation"]
                ),
                _product("P11", "Salle karaoké (1 h)", 10000, "heure", ["1 heure de karaoké", "heure de karaoké"]),
                _product("P12", "Salle karaoké VIP (1 h)", 18000, "heure", ["heure de karaoké vip", "karaoké vip"]),
                _product("P13", "Installation guirlande (pose)", 3000, "pièce", ["installation guirlande"]),
                _product("P14", "Installation sono (pose)", 5000, "pièce", ["installation sono"]),
                _product("P15", "Sono portable", 35000, "pièce", ["sono", "enceinte", "speaker"]),
            ]
        ).document
    )
    document["delivery_zones"][3]["areas"].append("Aéroport")
    return Knowledge.from_document(document)


@pytest.fixture(scope="module")
def party():
    return _party()


@pytest.mark.parametrize("text", ["how much is the big ice bucket?", "c'est combien le grand seau de glace ?"])
def test_a_size_said_before_a_shared_word_tells_the_candidates_apart(chat, party, text):
    reply = reply_of(chat(party).say(text))
    assert item_matches("5000", reply) and not item_matches("2000", reply), reply


def test_a_number_of_a_packs_name_and_what_it_holds_are_the_pack(chat, party):
    talk = chat(party)
    reply = reply_of(talk.say("envoyez 2 pack fête de 24 bissap pour samedi"))
    assert _cart(talk) == [("P03", 2)], reply


@pytest.mark.parametrize(
    "text",
    ["on veut inscrire 6 collègues à l'atelier cocktail", "we'd like to book the cocktail workshop for 6 colleagues"],
)
def test_a_count_of_people_counts_a_per_person_product(chat, party, text):
    talk = chat(party)
    reply = reply_of(talk.say(text))
    assert _cart(talk) == [("P05", 6)] and "ne vendons pas" not in reply and "don't sell" not in reply, reply


def test_a_product_said_after_each_is_one_for_each_of_the_goods(chat, party):
    talk = chat(party)
    reply = reply_of(talk.say("je prends 1 guirlande et 2 nappes rouges, chacune dans un papier cadeau"))
    assert _cart(talk) == [("P07", 1), ("P08", 2), ("P06", 3)], reply


def test_a_product_said_after_another_with_its_own_count_is_its_own(chat, party):
    talk = chat(party)
    reply = reply_of(talk.say("mets-moi 2 guirlandes + 3 emballages"))
    assert _cart(talk) == [("P07", 2), ("P06", 3)], reply


def test_a_landmark_of_an_area_said_in_english_names_its_zone(chat, party):
    reply = reply_of(chat(party).say("how much to deliver near the airport?"))
    assert item_matches("1500", reply), reply


def test_the_word_colour_beside_a_colour_of_the_names_is_no_unknown_kind(chat, party):
    reply = reply_of(chat(party).say("abeg una get the gold colour tablecloth?"))
    assert "Nappe jetable dorée" in reply and "don't sell" not in reply, reply


def test_a_product_named_as_the_content_of_one_chosen_freely_is_no_line(chat, party):
    talk = chat(party)
    reply = reply_of(talk.say("je veux 2 coffrets dégustation de bissap"))
    assert _cart(talk) == [("P10", 2)], reply


def test_a_phrase_opened_by_the_count_gives_way_to_a_longer_name(chat, party):
    talk = chat(party)
    reply = reply_of(talk.say("réservez-moi 1 heure de karaoké vip samedi"))
    assert _cart(talk) == [("P12", 1)], reply


def test_a_line_named_after_instead_of_gives_way_to_the_product_named(chat, party):
    talk = chat(party)
    talk.say("2 guirlandes lumineuses svp")
    reply = reply_of(talk.say("à la place des guirlandes, mettez 2 nappes rouges"))
    assert _cart(talk) == [("P08", 2)], reply


def test_a_word_several_services_share_said_with_a_product_names_its_own(chat, party):
    talk = chat(party)
    reply = reply_of(talk.say("je veux une guirlande lumineuse avec la pose"))
    assert _cart(talk) == [("P07", 1), ("P13", 1)], reply


def test_i_take_one_only_is_a_new_count_not_a_payment_question(chat, party):
    talk = chat(party)
    talk.say("2 guirlandes lumineuses svp")
    reply = reply_of(talk.say("enlève-en une, je prends 1 seulement"))
    assert _cart(talk) == [("P07", 1)], reply


def test_hours_said_alone_count_what_is_sold_by_the_hour(chat, party):
    talk = chat(party)
    talk.say("I want to book the karaoke vip room")
    reply = reply_of(talk.say("3 hours"))
    assert _cart(talk) == [("P12", 3)], reply


def test_a_kind_turned_down_tells_nothing_for_it(chat, drinks):
    talk = chat(drinks)
    talk.say("il me faut de la glace")
    reply = reply_of(talk.say("les kilos, pas le sachet. mets 3 kilos"))
    assert _cart(talk) == [("D06", 3)], reply


def test_heaps_are_the_market_heaps(chat, drinks):
    talk = chat(drinks)
    reply = reply_of(talk.say("add 2 heaps of lime abeg"))
    assert _cart(talk) == [("D07", 2)], reply


def _counter() -> Knowledge:
    """A hardware-and-oil counter of our own: pipes by the metre named by their diameter, oil in two containers."""
    return _shop(
        [
            _product("H01", "Tuyau PVC Ø 40 mm (au mètre)", 900, "mètre", ["tuyau", "pipe", "tuyau 40", "pipe 40"]),
            _product("H02", "Tuyau PVC Ø 110 mm (au mètre)", 3100, "mètre", ["tuyau", "pipe", "tuyau 110", "pipe 110"]),
            _product("H03", "Huile d'arachide (bidon de 5 L)", 6500, "bidon", ["huile d'arachide", "groundnut oil"]),
            _product("H04", "Huile d'arachide (bouteille de 1 L)", 1400, "bouteille", ["huile d'arachide"]),
            _product("H05", "Coude PVC 110", 700, "pièce", ["coude", "elbow"]),
            _product("H06", "Pose de tuyau (main-d'œuvre, au mètre)", 500, "mètre", ["pose de tuyau", "pipe laying"]),
            _product(
                "H07", "Débouchage évier", 9000, "intervention", ["débouchage", "évier bouché", "sink unblocking"]
            ),
        ]
    )


@pytest.fixture(scope="module")
def counter():
    return _counter()


@pytest.mark.parametrize("text", ["how much for 4 metres of 110 pipe?", "c'est combien 4 mètres de tuyau de 110 ?"])
def test_a_number_of_a_name_after_a_measured_count_is_the_name(chat, counter, text):
    reply = reply_of(chat(counter).say(text))
    assert item_matches("12400", reply) and "Merci pour cette grosse commande" not in reply, reply


def test_the_measure_of_one_products_name_counts_no_other(chat, counter):
    reply = reply_of(chat(counter).say("le bidon d'huile d'arachide de 5 litres c'est combien ? et la bouteille ?"))
    assert item_matches("6500", reply) and item_matches("1400", reply) and not item_matches("7000", reply), reply


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("le coude c'est combien ? et le tuyau de 40 ?", False),
        ("combien pour le coude et le tuyau de 40 ensemble ?", True),
    ],
)
def test_two_unit_prices_add_up_only_when_a_total_is_asked(chat, counter, text, total):
    reply = reply_of(chat(counter).say(text))
    assert item_matches("700", reply) and item_matches("900", reply) and ("Total" in reply) == total, reply


def test_the_service_said_with_goods_sold_by_the_same_measure_takes_their_count(chat, counter):
    talk = chat(counter)
    reply = reply_of(talk.say("je veux 4 mètres de tuyau de 40 + la pose"))
    assert _cart(talk) == [("H01", 4), ("H06", 4)], reply


def test_a_problem_said_with_a_verb_finds_the_service_named_by_it(chat, counter):
    talk = chat(counter)
    reply = reply_of(talk.say("bonjour mon évier est bouché depuis hier, venez vite à Marcory"))
    assert _cart(talk) == [("H07", 1)], reply


def test_a_service_said_of_the_cart_is_the_one_for_its_line(chat, party):
    talk = chat(party)
    talk.say("je prends une sono portable")
    reply = reply_of(talk.say("installez-la aussi svp"))
    assert [sku for sku, _ in _cart(talk)] == ["P15", "P14"], reply
