"""What the conversation already said decides what a short message means: « ok mets-moi ça » after a price takes
that product; a word several products share, said right after one of them was presented, is that one; the
customer's own things (« j'amène mon tissu ») and trade (« my poultry farm ») are never ordered; a count of items
sold in packs of several sizes is made of the fewest packs; « 80 pages » counts what is sold by the page, and a
name's range (« de 101 à 250 pages ») is chosen by it. A shop and sentences of our own, not the corpus's."""

import json

import pytest

from assistant.engine import Knowledge

from .conftest import DATA, Chat, reply_of


def _product(sku, name, price, unit, aliases, in_stock=True):
    return {"sku": sku, "name": name, "price": price, "unit": unit, "in_stock": in_stock, "aliases": aliases}


def _shop(products, **handoff) -> Knowledge:
    """The development shop's zones, hours and payments, selling these products (``handoff``: its settings)."""
    document = json.loads((DATA / "dev" / "business.json").read_text(encoding="utf-8"))
    document["handoff"].update(handoff)
    document["products"] = products
    return Knowledge.from_document(document)


@pytest.fixture(scope="module")
def workshop() -> Knowledge:
    """The development shop's zones, hours and payments, selling a tailor's, a printer's and a hatchery's goods."""
    return _shop(  # pages and keets are counted by the hundred
        [
            _product("A1", "Boubou brodé prêt-à-porter", 22000, "pièce", ["boubou", "boubous", "kaftan", "kaftans"]),
            _product("A2", "Boubou court en bazin", 16000, "pièce", ["boubou", "boubous", "kaftan", "kaftans"]),
            _product(
                "A3",
                "Confection boubou sur mesure (tissu du client)",
                9000,
                "pièce",
                ["couture boubou", "boubou sur mesure", "coudre un boubou", "sew a kaftan", "kaftan tailoring"],
            ),
            _product("A4", "Bazin riche au mètre", 4000, "mètre", ["bazin", "tissu", "fabric", "tissu bazin"]),
            _product("A5", "Coque de téléphone", 3000, "pièce", ["coque", "phone case", "case"]),
            _product(
                "P1", "Photocopie couleur A4 (la page)", 150, "page", ["photocopie couleur", "colour copy", "copie"]
            ),
            _product("P2", "Agrafage jusqu'à 50 pages", 200, "agrafage", ["agrafage", "stapling"]),
            _product("P3", "Agrafage épais, de 51 à 200 pages", 500, "agrafage", ["agrafage", "stapling"]),
            _product("C1", "Pintadeaux d'un jour (carton de 20)", 24000, "carton", ["pintadeaux", "guinea keets"]),
            _product("C2", "Pintadeaux d'un jour (carton de 60)", 66000, "carton", ["pintadeaux", "guinea keets"]),
            _product("C3", "Pintade vivante", 6000, "pièce", ["pintade", "guinea fowl", "pintades"]),
        ],
        large_order_items=500,
    )


def cart(turn) -> dict:
    return {line["sku"]: line["qty"] for line in turn.state["cart"]}


@pytest.mark.parametrize(
    ("asked", "taken", "expected"),
    [
        ("la coque de téléphone c'est combien ?", "bon d'accord je la prends", {"A5": 1}),
        ("how much for a phone case", "fine, I'll take it", {"A5": 1}),
        ("vous avez la coque de téléphone ?", "ok mets moi ça avec 2 mètres de bazin", {"A5": 1, "A4": 2}),
    ],
)
def test_taking_what_was_just_priced_puts_one_in_the_cart(workshop, asked, taken, expected):
    chat = Chat(workshop)
    chat.say(asked)
    turn = chat.say(taken)
    assert turn.intent == "order" and cart(turn) == expected, reply_of(turn)


def test_a_refusal_of_what_was_just_priced_takes_nothing(workshop):
    chat = Chat(workshop)
    chat.say("la coque de téléphone c'est combien ?")
    turn = chat.say("non je ne la prends pas, c'est trop cher")
    assert cart(turn) == {}, reply_of(turn)


@pytest.mark.parametrize(
    ("asked", "then"),
    [
        ("vous pouvez coudre un boubou ?", "ok il me faut 2 boubous alors"),
        ("can you sew a kaftan for me?", "alright, 2 kaftans please"),
    ],
)
def test_a_shared_word_right_after_a_product_was_presented_is_that_product(workshop, asked, then):
    chat = Chat(workshop)
    chat.say(asked)
    turn = chat.say(then)
    assert cart(turn) == {"A3": 2} and turn.state["choice"] is None, reply_of(turn)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("je veux 2 boubous sur mesure, j'amène le tissu moi-même", 2),
        ("please sew a kaftan for me, in my own fabric", 1),
        ("couture boubou 2, avec mon propre bazin", 2),
    ],
)
def test_the_customers_own_fabric_is_not_ordered(workshop, text, count):
    turn = Chat(workshop).say(text)
    said = reply_of(turn)
    assert set(cart(turn)) == {"A3"} and cart(turn)["A3"] in (count, None), said  # a kaftan: how many is asked
    assert "bazin riche" not in said.lower() and "ne vendons pas" not in said and "don't sell" not in said


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("j'ai une ferme de pintades, il me faut 80 pintadeaux", {"C2": 1, "C1": 1}),
        ("we run a small guinea fowl farm, we need 40 guinea keets", {"C1": 2}),
        ("il me faut 120 pintadeaux", {"C2": 2}),
    ],
)
def test_a_count_sold_in_packs_of_several_sizes_is_the_fewest_packs(workshop, text, expected):
    turn = Chat(workshop).say(text)
    assert cart(turn) == expected and not turn.handoff, reply_of(turn)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mettez moi un carton de 60 et deux cartons de 20", {"C2": 1, "C1": 2}),
        ("one box of 20 please", {"C1": 1}),
    ],
)
def test_a_pack_said_by_how_many_it_holds_names_the_product(workshop, text, expected):
    turn = Chat(workshop).say(text)
    assert cart(turn) == expected and not turn.handoff, reply_of(turn)


@pytest.mark.parametrize(
    ("first", "then", "stapled"),
    [
        ("je veux des photocopies couleur, 80 pages, c'est pour mon mémoire", "avec l'agrafage svp", "P3"),
        ("bonjour photocopie couleur de 20 pages svp", "et l'agrafage", "P2"),
        ("colour copy of my CV please, 12 pages", "and stapling", "P2"),
    ],
)
def test_pages_count_what_is_sold_by_the_page_and_choose_the_range(workshop, first, then, stapled):
    chat = Chat(workshop)
    turn = chat.say(first)
    said = reply_of(turn)
    pages = next(int(w) for w in first.split() if w.isdigit())
    assert cart(turn) == {"P1": pages}, said
    assert "ne vendons pas" not in said and "don't sell" not in said
    turn = chat.say(then)
    assert set(cart(turn)) == {"P1", stapled} and turn.state["choice"] is None, reply_of(turn)


@pytest.fixture(scope="module")
def grains() -> Knowledge:
    return _shop(
        [
            _product("G1", "Farine de manioc (le kg)", 600, "kg", ["farine", "farine de manioc", "cassava flour"]),
            _product("G2", "Farine de manioc sac 50 kg", 27000, "sac", ["farine", "sac de farine", "bag of flour"]),
            _product("G3", "Soumbala (sachet de 250 g)", 700, "sachet", ["soumbala", "soumbara"]),
            _product("G4", "Sel fin (le kg)", 300, "kg", ["sel", "salt"]),
        ],
        contact="Mariam Ouattara (gérante) : +225 07 11 22 33 44",
    )


@pytest.mark.parametrize(
    ("first", "answer", "count"),
    [("je veux de la farine", "celle au kilo", "4"), ("I need some cassava flour", "the 1 kg one", "4")],
)
def test_a_measure_answers_which_one_and_a_bare_count_follows(grains, first, answer, count):
    chat = Chat(grains)
    chat.say(first)
    chosen = chat.say(answer)
    assert chosen.state["choice"] is None and "G1" in cart(chosen), reply_of(chosen)
    assert cart(chat.say(count)) == {"G1": 4}


@pytest.mark.parametrize(
    ("asked", "taken", "expected"),
    [
        ("vous avez le soumbala ?", "ok mettez 3 sachets et 2 kg de sel", {"G3": 3, "G4": 2}),
        ("how much is soumbala", "good, I'll take 4 sachets plus 1 kg of salt", {"G3": 4, "G4": 1}),
    ],
)
def test_a_count_in_the_presented_products_own_container_is_that_many_of_it(grains, asked, taken, expected):
    chat = Chat(grains)
    chat.say(asked)
    turn = chat.say(taken)
    assert cart(turn) == expected, reply_of(turn)
    turn = chat.say("non finalement mets 6 sachets" if "ok" in taken else "no wait, make it 6 sachets")
    assert cart(turn) == {**expected, "G3": 6}, reply_of(turn)


@pytest.mark.parametrize(
    "text", ["svp donne moi le numéro de Mariam", "give me Mariam number abeg", "envoie moi le numero de mariam stp"]
)
def test_asking_for_the_managers_number_by_name_is_a_request_for_a_person(grains, text):
    turn = Chat(grains).say(text)
    assert turn.intent == "human" and turn.handoff, reply_of(turn)


@pytest.mark.parametrize("text", ["I wan make order abeg", "please I want make order for my shop"])
def test_pidgin_make_order_opens_an_order(grains, text):
    assert Chat(grains).say(text).intent == "order"


@pytest.fixture(scope="module")
def wiring() -> Knowledge:
    return _shop(  # cable is counted by the metre
        [
            _product(
                "W1", "Fil souple 2,5 mm² (au mètre)", 400, "mètre", ["fil souple", "flexible wire", "2.5mm wire"]
            ),
            _product("W2", "Compteur d'eau 15 mm", 11000, "pièce", ["compteur", "meter", "water meter"]),
            _product(
                "W3", "Compteur d'eau 20 mm", 14000, "pièce", ["compteur", "meter", "water meter"], in_stock=False
            ),
            _product("W4", "Robinet laiton", 2500, "pièce", ["robinet", "tap"]),
            _product("W5", "Robinet col de cygne", 4500, "pièce", ["robinet", "tap"]),
            _product("W6", "Tuyau PVC 1 m", 1200, "pièce", ["tuyau", "pipe"]),
            _product("W7", "Ampoule LED 9 W", 800, "pièce", ["ampoule", "ampoule 9 w", "bulb", "9 w bulb"]),
            _product("W8", "Ampoule LED 15 W", 1700, "pièce", ["ampoule", "ampoule 15 w", "bulb", "15 w bulb"]),
            _product(
                "G1",
                "Brochettes de bœuf (paquet de 10)",
                3000,
                "paquet",
                ["paquet de brochettes", "brochettes de boeuf"],
            ),
            _product(
                "G2",
                "Brochettes de poulet (paquet de 10)",
                2500,
                "paquet",
                ["paquet de brochettes", "brochettes de poulet"],
            ),
            _product("G3", "Poulet entier", 5000, "pièce", ["poulet", "chicken"]),
        ],
        large_order_items=200,
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I need 25 meters of 2.5mm wire and one water meter 15 mm", {"W1": 25, "W2": 1}),
        ("donne moi 12 mètres de fil souple", {"W1": 12}),
    ],
)
def test_meters_after_a_count_measure_and_name_no_meter(wiring, text, expected):
    turn = Chat(wiring).say(text)
    assert cart(turn) == expected, reply_of(turn)


def test_a_new_measure_said_alone_changes_the_line_sold_by_it(wiring):
    chat = Chat(wiring)
    chat.say("I need 25 meters of flexible wire and 2 taps")
    chat.say("the laiton one")
    turn = chat.say("actually make it 40 meters")
    said = reply_of(turn)
    assert cart(turn) == {"W1": 40, "W4": 2}, said
    assert "don't sell" not in said


def test_regret_then_the_alternative_takes_it(wiring):
    chat = Chat(wiring)
    chat.say("je veux le compteur d'eau 20 mm")
    turn = chat.say("ah dommage. le 15 mm alors, mets m'en 2")
    assert not turn.handoff and cart(turn) == {"W2": 2}, reply_of(turn)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("un robinet laiton et deux col de cygne", {"W4": 1, "W5": 2}),
        ("3 robinets laiton + 1 col de cygne stp", {"W4": 3, "W5": 1}),
        ("un tuyau PVC + 2 robinets laiton", {"W6": 1, "W4": 2}),
    ],
)
def test_counts_said_before_each_product_and_ellipsis(wiring, text, expected):
    assert cart(Chat(wiring).say(text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "la mairie de Treichville ouvre a quelle heure ?",
        "the bank opens at what time please",
        "le bateau bus part a quelle heure le matin",
    ],
)
def test_the_hours_of_another_place_are_off_topic(wiring, text):
    turn = Chat(wiring).say(text)
    assert turn.intent == "off_topic", reply_of(turn)


@pytest.mark.parametrize(
    ("text", "prices"),
    [
        ("l'ampoule 15W c'est a combien ? et la 9W ?", ("1 700", "800")),
        ("how much the 9W bulb? and the 15W?", ("800", "1 700")),
    ],
)
def test_a_size_said_after_a_product_names_its_sibling(wiring, text, prices):
    said = reply_of(Chat(wiring).say(text)).replace("\u202f", " ").replace("\xa0", " ")
    assert all(p in said for p in prices) and "which one" not in said.lower() and "lequel" not in said.lower(), said


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2 paquets de brochettes de poulet + 1 poulet entier", {"G2": 2, "G3": 1}),
        ("3 paquets de brochettes de boeuf", {"G1": 3}),
    ],
)
def test_of_two_overlapping_phrases_the_one_naming_one_product_wins(wiring, text, expected):
    turn = Chat(wiring).say(text)
    assert cart(turn) == expected, reply_of(turn)


@pytest.mark.parametrize("answer", ["4 kilos", "4 kg svp", "4 kilograms"])
def test_a_measure_answering_which_one_is_also_how_much(grains, answer):
    chat = Chat(grains)
    chat.say("je veux de la farine de manioc")
    turn = chat.say(answer)
    assert cart(turn) == {"G1": 4} and turn.state["choice"] is None, reply_of(turn)


@pytest.mark.parametrize(
    "text",
    [
        "ok I want the kaftan tailoring and 2 meters of bazin, we will bring the measurements to the shop on Monday",
        "bon je veux la couture boubou et 2 mètres de bazin, j'amène les mesures samedi",
    ],
)
def test_products_asked_for_without_a_word_of_trouble_are_an_order_and_bringing_is_pickup(workshop, text):
    turn = Chat(workshop).say(text)
    said = reply_of(turn)
    assert turn.intent == "order" and not turn.handoff, said
    assert turn.state["zone"] == "pickup" and cart(turn) == {"A3": 1, "A4": 2}, said


def test_a_possessive_alone_keeps_the_product_the_service_is_for(workshop):
    turn = Chat(workshop).say("mon boubou brodé a rétréci après votre lavage, je ne peux plus le mettre")
    assert turn.intent == "complaint" and turn.handoff, reply_of(turn)


@pytest.fixture(scope="module")
def snack() -> Knowledge:
    return _shop(
        [
            _product(
                "S1", "Tacos viande grand", 4000, "pièce", ["tacos", "tacos viande", "large beef tacos", "beef tacos"]
            ),
            _product("S2", "Tacos poulet grand", 3800, "pièce", ["tacos", "tacos poulet", "large chicken tacos"]),
            _product("S3", "Tacos mixte grand", 4500, "pièce", ["tacos", "tacos mixte", "mixed tacos"], in_stock=False),
            _product("S4", "Poulet pané (6 pièces)", 3000, "portion", ["chicken", "poulet pané", "chicken nuggets"]),
            _product("S5", "Menu Tacos (tacos + boisson)", 5000, "menu", ["menu", "menu tacos"]),
            _product("S6", "Menu Poulet (poulet pané + boisson)", 4500, "menu", ["menu", "menu poulet"]),
            _product("S7", "Cartouche encre noire", 9000, "pièce", ["cartouche", "cartridge", "black cartridge"]),
            _product("S8", "Cartouche encre couleur", 11000, "pièce", ["cartouche", "cartridge", "colour cartridge"]),
            _product("S9", "Remplacement écran ordinateur", 45000, "pièce", ["écran", "screen replacement"]),
            _product("S10", "Ordinateur portable reconditionné", 180000, "pièce", ["ordinateur", "laptop", "pc"]),
        ]
    )


def test_an_alternative_described_by_the_words_of_its_name_is_taken(snack):
    chat = Chat(snack)
    chat.say("one large mixed tacos please")
    turn = chat.say("ok then give me the large chicken one instead")
    assert cart(turn) == {"S2": 1}, reply_of(turn)


@pytest.mark.parametrize(
    "text", ["envoyez moi la carte avec les prix svp", "send me your menu with the prices", "votre menu avec prix stp"]
)
def test_the_shops_list_asked_with_its_prices_is_the_whole_price_list(snack, text):
    said = reply_of(Chat(snack).say(text)).replace("\u202f", " ").replace("\xa0", " ")
    assert "4 000" in said and "9 000" in said, said  # beyond the two « Menu » products


def test_a_count_of_the_other_kind_after_a_pair_of_kinds_names_it(snack):
    turn = Chat(snack).say("I want 2 black cartridges and 1 colour")
    assert cart(turn) == {"S7": 2, "S8": 1}, reply_of(turn)


@pytest.mark.parametrize(
    "text",
    ["I want to bring my laptop for a screen replacement", "je vais amener mon ordinateur pour remplacement écran"],
)
def test_the_thing_brought_for_a_service_is_not_ordered(snack, text):
    turn = Chat(snack).say(text)
    assert set(cart(turn)) == {"S9"} and turn.state["choice"] is None, reply_of(turn)


@pytest.mark.parametrize("text", ["alright cheers", "ok cheers mate"])
def test_a_short_english_goodbye_is_answered_in_english(snack, text):
    turn = Chat(snack).say(text)
    assert turn.reply_language == "en", reply_of(turn)


def test_leaving_a_thing_at_the_shop_is_pickup_not_a_removal_nor_a_complaint(snack):
    chat = Chat(snack)
    chat.say("I want to bring my laptop for a screen replacement")
    turn = chat.say("I'll drop the laptop at the shop and collect it there")
    said = reply_of(turn)
    assert not turn.handoff and turn.state["zone"] == "pickup" and set(cart(turn)) == {"S9"}, said
    turn = Chat(snack).say("2 tacos poulet et 1 menu tacos")
    assert set(cart(Chat(snack).say("drop the menu"))) == set()  # nothing to drop in a new chat
    chat = Chat(snack)
    chat.say("2 tacos poulet et 1 menu tacos")
    assert set(cart(chat.say("please drop the menu tacos"))) == {"S2"}


@pytest.mark.parametrize(
    "text", ["il reste des tacos viande ? c quel goût la sauce", "le tacos viande, quels parfums ?"]
)
def test_asking_for_the_kinds_of_a_product_gives_its_description(text):
    tacos = _product("T1", "Tacos viande grand", 4000, "pièce", ["tacos viande"])
    shop = _shop([dict(tacos, description="Sauce au choix : algérienne, samouraï ou fromagère.")])
    said = reply_of(Chat(shop).say(text))
    assert "samouraï" in said, said


@pytest.fixture(scope="module")
def rental() -> Knowledge:
    shop = _shop(
        [
            _product("R1", "Renault Logan (par jour)", 22000, "jour", ["logan", "renault logan"]),
            _product("R2", "Renault Logan avec chauffeur (par jour)", 32000, "jour", ["logan", "logan avec chauffeur"]),
            _product("R3", "Siège bébé (par jour)", 3000, "jour", ["siège bébé", "baby seat"]),
            _product("R4", "Chauffeur pour votre voiture (par jour)", 10000, "jour", ["chauffeur seul", "driver"]),
        ],
        large_order_items=60,
    )
    shop.premises = frozenset({"agence"})  # « Agence de location … »
    return shop


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("je veux 2 Logan avec chauffeur pour 3 jours", {"R2": 6}),
        ("je prends une logan avec chauffeur pour 4 jours et un siège bébé pour 4 jours", {"R2": 4, "R3": 4}),
        ("I want the Logan with driver for 2 days please", {"R2": 2}),
    ],
)
def test_what_is_sold_by_the_day_counts_days_times_items(rental, text, expected):
    turn = Chat(rental).say(text.replace("with driver", "avec chauffeur"))
    assert cart(turn) == expected, reply_of(turn)


def test_days_said_alone_after_a_product_sold_by_the_day(rental):
    chat = Chat(rental)
    chat.say("I want to hire a driver for my own car")
    assert cart(chat.say("3 days please")) == {"R4": 3}


def test_coming_to_the_shops_own_premises_is_pickup(rental):
    turn = Chat(rental).say("je passe demain à l'agence prendre la logan avec chauffeur pour 2 jours")
    assert turn.state["zone"] == "pickup" and cart(turn) == {"R2": 2}, reply_of(turn)


@pytest.fixture(scope="module")
def carwash() -> Knowledge:
    shop = _shop(
        [
            _product("C1", "Lavage simple berline", 2000, "lavage", ["lavage simple", "simple wash"]),
            _product("C2", "Lavage complet berline", 5000, "lavage", ["lavage complet", "full wash"]),
            _product("C3", "Lavage moto", 1000, "lavage", ["lavage moto", "motorbike wash"]),
            _product("C4", "Brillant pneus", 5500, "flacon", ["brillant pneus", "tyre shine"]),
            _product("C5", "Lustrant tableau de bord", 6000, "flacon", ["tableau de bord", "dashboard cleaner"], False),
            _product("C6", "Chiffons microfibre 40 x 40 (lot de 3)", 1500, "lot", ["microfibre", "microfiber cloths"]),
        ]
    )
    shop.premises = frozenset({"station"})  # « Station de lavage … »
    return shop


@pytest.mark.parametrize(
    ("first", "change"),
    [
        ("a simple wash please", "ok then make it a full wash instead"),
        ("un lavage simple svp", "non finalement plutôt le lavage complet"),
    ],
)
def test_another_kind_named_instead_replaces_the_line(carwash, first, change):
    chat = Chat(carwash)
    chat.say(first)
    assert cart(chat.say(change)) == {"C2": 1}


def test_the_shops_premises_are_no_kind_of_product(carwash):
    said = reply_of(Chat(carwash).say("vieux père lavage moto à la station c'est combien ?"))
    assert "1 000" in said.replace("\u202f", " ").replace("\xa0", " ") and "ne vendons pas" not in said, said


def test_the_numbers_of_another_products_name_are_no_count_of_the_alternative_taken(carwash):
    chat = Chat(carwash)
    chat.say("I want a dashboard cleaner and a tyre shine")
    turn = chat.say("ok just the tyre shine then, and 2 packs of the 40x40 microfiber cloths")
    assert cart(turn) == {"C4": 1, "C6": 2} and not turn.handoff, reply_of(turn)


def test_how_many_people_is_no_quantity_and_the_candidate_in_stock_is_chosen(rental):
    chat = Chat(rental)
    chat.say("je veux une logan")
    turn = chat.say("on est 4 avec les bagages, donc la logan avec chauffeur")
    assert cart(turn) == {"R2": 1} and not turn.handoff, reply_of(turn)
    chat = Chat(rental)
    chat.say("I need a logan for the weekend")
    assert cart(chat.say("we are 5, so the logan avec chauffeur")) == {"R2": 1}


def test_one_day_said_alone_after_a_product_sold_by_the_day(rental):
    chat = Chat(rental)
    chat.say("I want to hire a driver for my own car")
    turn = chat.say("just one day")
    assert cart(turn) == {"R4": 1} and turn.intent == "order", reply_of(turn)


@pytest.mark.parametrize("text", ["We'll board at your agency", "je passe a l'agence"])
def test_the_agency_is_the_shop(rental, text):
    chat = Chat(rental)
    chat.say("la logan avec chauffeur pour 2 jours")
    assert chat.say(text).state["zone"] == "pickup"
