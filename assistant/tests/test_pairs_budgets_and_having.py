"""What the twentieth round showed, as classes, with shops and sentences of our own: a rental's period said with how
many of them (« pendant deux semaines », « for three weeks ») counts the product sold by that period; the thing itself
counted (« trois baguettes ») never picks one of several by its unit; counts said in pairs (« deux paires de
poissons rouges » of fish sold one by one, « 6 perruches » of birds sold by the couple), never for things a pair of
is one (shoes, shorts); what a product's name says it is without (« nu (sans couvercle ni éclairage) ») never tells
it apart as having it; a price said names a product (« la Casio à 18 000 »), never a count, and an amount written
with thousands (« 18 000 », « 18.000 ») is one number; a budget (« à moins de 20 000 F », « around 80k ») narrows
what is offered and counts nothing; a thing the customer already has (« on a déjà les pinceaux ») is not ordered,
and saying so while taking a line out is no complaint; « mettez-en 2 » recounts the last line beside a product
added; « je voudrais l'acheter » takes the product just presented; « très » is no zone."""

import pytest

from assistant.engine import Knowledge

from .conftest import reply_of
from .test_dialogue_context import _product, _shop
from .test_what_goes_with_what import _cart, _talk


@pytest.fixture(scope="module")
def rental() -> Knowledge:
    """Bikes and scooters rented by the week or by the month, and helmets sold."""
    return _shop(
        [
            _product("R1", "Location vélo de ville (la semaine)", 7000, "semaine", ["velo", "vélo", "bike"]),
            _product("R2", "Location vélo de ville (le mois)", 22000, "mois", ["velo", "vélo", "bike"]),
            _product("R3", "Location scooter 50 cc (la semaine)", 25000, "semaine", ["scooter"]),
            _product("R4", "Casque", 9000, "pièce", ["casque", "helmet"]),
        ]
    )


@pytest.fixture(scope="module")
def pets() -> Knowledge:
    """Birds sold by the couple, fish one by one, curtains by the piece, sandals and shorts by the pair or piece;
    cages with and without their stand."""
    return _shop(
        [
            _product("P1", "Perruches (le couple)", 6000, "couple", ["perruche", "perruches", "budgie", "budgies"]),
            _product("P2", "Poisson rouge (l'unité)", 800, "poisson", ["poisson rouge", "poissons rouges", "goldfish"]),
            _product("P3", "Rideau voile (la pièce)", 4500, "pièce", ["rideau", "rideaux", "curtain", "curtains"]),
            _product("P4", "Sandales en cuir", 7000, "pièce", ["sandale", "sandales", "sandals"]),
            _product("P5", "Short en jean", 5000, "pièce", ["short", "shorts"]),
            _product("P6", "Cage nue (sans pied ni mangeoire)", 12000, "pièce", ["cage"]),
            _product("P7", "Cage complète (pied + mangeoire)", 20000, "pièce", ["cage"]),
        ]
    )


@pytest.fixture(scope="module")
def gifts() -> Knowledge:
    """Watches at several prices, one out of stock, and a battery change."""
    return _shop(
        [
            _product("G1", "Montre homme Orient quartz", 18000, "pièce", ["montre", "watch", "orient"]),
            _product("G2", "Montre femme Orient dorée", 16000, "pièce", ["montre", "watch", "orient"]),
            _product("G3", "Montre homme Tissot", 145000, "pièce", ["montre", "watch", "tissot"]),
            _product("G4", "Montre femme Fossil", 76000, "pièce", ["montre", "watch", "fossil"]),
            _product("G5", "Montre homme Fossil", 84000, "pièce", ["montre", "watch", "fossil"], in_stock=False),
            _product("G6", "Réveil à aiguilles", 6500, "pièce", ["reveil", "réveil", "alarm clock"]),
            _product("G7", "Horloge murale 30 cm", 12000, "pièce", ["horloge", "wall clock"]),
            _product("G8", "Batterie externe 20 000 mAh", 15000, "pièce", ["batterie externe", "power bank"]),
        ]
    )


@pytest.fixture(scope="module")
def garden() -> Knowledge:
    """Painting and garden goods."""
    return _shop(
        [
            _product("J1", "Pinceau plat 50 mm", 1500, "pièce", ["pinceau", "pinceaux", "brush"]),
            _product("J2", "Rouleau à peinture", 3500, "pièce", ["rouleau", "roller"]),
            _product("J3", "Pot de peinture blanche 4 L", 11000, "pot", ["peinture", "paint"]),
            _product("J4", "Bac à fleurs", 8000, "pièce", ["bac", "bac a fleurs"]),
            _product("J5", "Terreau 20 L", 2500, "sac", ["terreau", "potting soil"]),
        ]
    )


# How long a rental lasts


@pytest.mark.parametrize(
    ("text", "count", "total"),
    [
        ("Combien pour louer le scooter pendant deux semaines ?", 2, "50 000"),
        ("how much to rent the scooter for three weeks", 3, "75 000"),
        ("c'est combien le scooter durant 3 semaines ?", 3, "75 000"),
    ],
)
def test_a_rental_period_counted_in_words_prices_that_many(chat, rental, text, count, total):
    talk, reply = _talk(chat, rental, [text])
    assert f"{count} ×" in reply and total in reply.replace("\u202f", " "), reply
    assert "ne vendons pas" not in reply and "don't sell" not in reply, reply


def test_the_period_said_in_words_picks_the_product_sold_by_it(chat, rental):
    talk, reply = _talk(chat, rental, ["je veux louer un vélo pour trois semaines"])
    assert _cart(talk) == [("R1", 3)], reply


# The thing itself counted, or counted in pairs


def test_the_thing_itself_counted_picks_none_of_several_by_its_unit(chat, pets):
    talk, reply = _talk(chat, pets, ["je veux 2 cages"])
    assert _cart(talk) == [], reply
    assert "Cage nue" in reply and "Cage complète" in reply, reply


@pytest.mark.parametrize(
    ("text", "cart"),
    [
        ("deux paires de poissons rouges svp", [("P2", 4)]),
        ("I want a pair of goldfish", [("P2", 2)]),
        ("mettez-moi 2 paires de rideaux", [("P3", 4)]),
        ("je veux 6 perruches", [("P1", 3)]),
        ("je veux 2 couples de perruches", [("P1", 2)]),
        ("2 paires de sandales", [("P4", 2)]),
        ("2 pairs of shorts please", [("P5", 2)]),
    ],
)
def test_counts_said_in_pairs(chat, pets, text, cart):
    talk, reply = _talk(chat, pets, [text])
    assert _cart(talk) == cart, reply


# What a name says the product is without


@pytest.mark.parametrize(
    ("answer", "sku"),
    [("celle avec le pied et la mangeoire", "P7"), ("celle sans pied", "P6"), ("the one with the stand", None)],
)
def test_what_a_name_lacks_never_tells_it_apart_as_having_it(chat, pets, answer, sku):
    talk, reply = _talk(chat, pets, ["il me faut une cage", answer])
    if sku:
        assert _cart(talk) == [(sku, 1)], reply
    else:  # « stand » is no word of either name: asked again, never the one without it
        assert ("P6", 1) not in _cart(talk), reply


# A price said, amounts with thousands, a budget


@pytest.mark.parametrize(
    "text", ["je veux la Orient à 18 000", "I'll take the Orient at 18000 F", "mets-moi la montre Orient de 18.000"]
)
def test_a_price_said_names_the_product_and_counts_nothing(chat, gifts, text):
    talk, reply = _talk(chat, gifts, [text])
    assert _cart(talk) == [("G1", 1)], reply
    assert not talk.state["handoff"], reply


def test_a_number_of_a_name_written_with_thousands_names_it(chat, gifts):
    talk, reply = _talk(chat, gifts, ["vous avez la batterie externe 20 000 ?"])
    assert not talk.state["handoff"], reply
    assert "15" in reply and "Batterie externe 20 000 mAh" in reply, reply


@pytest.mark.parametrize(
    ("text", "shown", "hidden"),
    [
        ("vous avez des montres à moins de 20 000 F ?", ["Orient quartz", "Orient dorée"], ["Tissot", "Fossil"]),
        ("any watch under 20k?", ["Orient quartz", "Orient dorée"], ["Tissot", "Fossil"]),
        ("something around 80k for my wife, what do you have?", ["Montre femme Fossil"], ["Tissot", "Orient"]),
        ("j'ai un budget de 10 000, vous avez quoi ?", ["Réveil"], ["Montre", "Horloge"]),
        ("une montre entre 15 000 et 20 000 svp", ["Orient quartz", "Orient dorée"], ["Tissot", "Fossil"]),
        ("abeg I no wan pass 20k, una get watch?", ["Orient quartz", "Orient dorée"], ["Tissot", "Fossil"]),
        ("une montre, 20 000 maximum", ["Orient quartz", "Orient dorée"], ["Tissot", "Fossil"]),
        ("avec 10 krika je peux avoir quoi ?", ["Réveil"], ["Montre", "Horloge"]),
    ],
)
def test_a_budget_narrows_what_is_offered(chat, gifts, text, shown, hidden):
    talk, reply = _talk(chat, gifts, [text])
    assert not talk.state["handoff"] and _cart(talk) == [], reply
    assert all(s in reply for s in shown), reply
    assert not any(h in reply for h in hidden), reply


# What the customer already has


@pytest.mark.parametrize(
    ("text", "absent"),
    [
        ("On a déjà les pinceaux, c'est combien le rouleau ?", "Pinceau"),
        ("je possède déjà le terreau, il me faut 2 rouleaux", "Terreau"),
        ("y a déjà un bac chez moi, je veux juste 1 pot de peinture", "Bac"),
        ("I already have brushes, I need 2 rollers", "Pinceau"),
    ],
)
def test_a_thing_the_customer_already_has_is_not_ordered(chat, garden, text, absent):
    talk, reply = _talk(chat, garden, [text])
    assert absent not in reply, reply
    assert not talk.state["handoff"], reply


def test_asking_whether_the_shop_has_some_is_not_having_it(chat, garden):
    talk, reply = _talk(chat, garden, ["y a du terreau ?"])
    assert "Terreau" in reply, reply


def test_taking_a_line_out_because_one_has_it_is_no_complaint(chat, garden):
    talk, reply = _talk(
        chat, garden, ["2 rouleaux et 1 sac de terreau svp", "enlève le terreau, j'ai déjà terreau à la maison"]
    )
    assert not talk.state["handoff"], reply
    assert _cart(talk) == [("J2", 2)], reply


# The last line recounted beside a product added, the product presented taken, « très »


def test_mettez_en_recounts_the_last_line_beside_a_product_added(chat, gifts):
    talk, reply = _talk(
        chat, gifts, ["je veux 3 réveils", "non finalement mettez-en 2 seulement, et ajoutez une horloge murale"]
    )
    assert _cart(talk) == [("G6", 2), ("G7", 1)], reply


@pytest.mark.parametrize("take", ["je voudrais l'acheter", "ok je vais la commander", "I'd like to buy it"])
def test_a_pronoun_before_a_verb_of_buying_takes_the_product_presented(chat, gifts, take):
    talk, reply = _talk(chat, gifts, ["la Tissot est disponible ?", take])
    assert _cart(talk) == [("G3", 1)], reply


def test_tres_is_no_zone(chat, gifts):
    talk = chat(gifts)
    turn = talk.say("très bien merci")
    assert not turn.state.get("zone"), reply_of(turn)
