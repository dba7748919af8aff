"""What the eighteenth round showed, as classes, with shops and sentences of our own: the people a gathering is for
(« pour 200 invités », « on sera environ 400 ») choose the product whose name's range holds them and are never a
count of it; a child's age (« ma fille de 18 mois », « il a 3 ans et demi ») chooses among ranges said in months and
years; words a family of products shares (« journée entière », « mi-temps »), with the period said (« pour le mois »,
« à la semaine »), name the one of the family they fit, even where a shorter alias names another; the occasion of an
order (« y a mariage chez ma cousine ») is no product; « ça fait combien ? » of several products asks their total;
« un DJ » beside « DJ seul » and « DJ + MC » is asked, never the dearer one assumed; what a product's name says it
comes with (« un vidéoprojecteur avec écran ») is no second product; a daycare's customers come themselves to the
daycare."""

import json

import pytest

from assistant.engine import Knowledge
from assistant.engine.entities import extractor_for
from assistant.engine.people import headcount
from assistant.engine.ranges import ages, name_range
from assistant.engine.text import normalise

from .conftest import DATA, reply_of
from .test_dialogue_context import _product
from .test_what_goes_with_what import _cart, _talk


def _plain(reply: str) -> str:
    """The reply with its amounts' narrow spaces as plain ones (« 30 000 F CFA »)."""
    return reply.replace("\u202f", " ").replace("\xa0", " ")


@pytest.fixture(scope="module")
def rental():
    """Sound and lights for events: sound systems sized by the crowd, DJs with and without a host (no FAQ: the
    development shop's speaks of weddings)."""
    document = json.loads((DATA / "dev" / "business.json").read_text(encoding="utf-8"))
    document["faq"] = []
    document["handoff"]["large_order_items"] = 40
    document["products"] = [
        _product("E1", "Sonorisation petite (jusqu'à 80 personnes)", 30000, "jour", ["sonorisation", "sono"]),
        _product("E2", "Sonorisation moyenne (80 à 250 personnes)", 60000, "jour", ["sonorisation", "sono"]),
        _product("E3", "Sonorisation grande (250 à 600 personnes)", 120000, "jour", ["sonorisation", "sono"]),
        _product("E4", "Animation DJ seul (4 h)", 40000, "soirée", ["dj", "deejay"]),
        _product("E5", "Animation DJ + MC (4 h)", 70000, "soirée", ["dj", "deejay", "mc", "animateur"]),
        _product("E6", "Vidéoprojecteur (avec écran)", 25000, "jour", ["videoprojecteur", "projecteur video"]),
        _product("E7", "Écran de projection 3 m", 15000, "jour", ["ecran", "ecran de projection", "screen"]),
        _product("E8", "Boule à facettes", 5000, "jour", ["boule a facettes", "disco ball"]),
    ]
    return Knowledge.from_document(document)


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("la sono pour 200 invités", 200),
        ("on sera environ 400", 400),
        ("we're about 60 guests", 60),
        ("nous serons une cinquantaine", 50),
        ("une centaine de personnes", 100),
        ("for 80 people", 80),
        # no crowd counted
        ("la sono pour samedi", 0),
        ("il me faut 3 micros", 0),
    ],
)
def test_how_many_people_a_gathering_is(text, people):
    assert headcount(normalise(text).words) == people


@pytest.mark.parametrize(
    ("text", "sku"),
    [
        ("il me faut la sonorisation pour 200 invités", "E2"),
        ("sono for about 60 guests please", "E1"),
        ("on sera environ 400, je veux la sono", "E3"),
        ("la sonorisation pour une centaine de personnes", "E2"),
        ("we will be 500 at the wedding, I need a sound system sono", "E3"),
    ],
)
def test_the_crowd_chooses_the_size_and_is_no_count(chat, rental, text, sku):
    talk, reply = _talk(chat, rental, [text])
    assert _cart(talk) == [(sku, 1)], reply
    assert not talk.state.get("mode") == "human"


def test_three_hundred_guests_are_no_large_order(chat, rental):
    talk = chat(rental)
    turn = talk.say("la sonorisation pour 300 invités svp")
    assert not turn.handoff
    assert _cart(talk) == [("E3", 1)], reply_of(turn)


def test_no_crowd_said_asks_which_size(chat, rental):
    talk = chat(rental)
    reply = reply_of(talk.say("la sono c'est combien ?"))
    for name in ("petite", "moyenne", "grande"):
        assert name in reply


def test_the_occasion_of_an_order_is_no_product(chat, rental):
    talk = chat(rental)
    turn = talk.say("vous venez jusqu'à Koumassi ? y a mariage chez ma cousine")
    reply = reply_of(turn)
    assert turn.intent == "delivery_zone_fee"
    assert "Koumassi" in reply and "ne vendons pas" not in reply
    reply = _plain(reply_of(chat(rental).say("do you have a disco ball for a birthday party?")))
    assert "5 000" in reply and "don't sell" not in reply


@pytest.mark.parametrize(
    "text",
    ["la boule à facettes et le vidéoprojecteur, ça fait combien ?", "what will the disco ball and the screen come to"],
)
def test_what_several_products_come_to_is_their_total(chat, rental, text):
    reply = _plain(reply_of(chat(rental).say(text)))
    assert "30 000" in reply or "20 000" in reply, reply
    assert "Total" in reply


def test_a_dj_beside_a_dj_alone_and_a_dj_with_a_host_is_asked(chat, rental):
    talk, reply = _talk(chat, rental, ["je veux un DJ pour le samedi 12"])
    reply = _plain(reply)
    assert _cart(talk) == []
    assert "40 000" in reply and "70 000" in reply
    talk, reply = _talk(chat, rental, ["je veux un DJ pour le samedi 12", "le DJ seul"])
    assert _cart(talk) == [("E4", 1)], reply


def test_what_the_name_says_it_comes_with_is_no_second_product(chat, rental):
    talk, reply = _talk(chat, rental, ["je prends 1 vidéoprojecteur avec écran pour vendredi"])
    assert _cart(talk) == [("E6", 1)], reply


@pytest.fixture(scope="module")
def nursery():
    """A daycare: places by the month for two age groups, full or part time, by the week, and a drop-in day."""
    document = json.loads((DATA / "dev" / "business.json").read_text(encoding="utf-8"))
    document["name"] = "Crèche Les Lutins"
    document["products"] = [
        _product("G1", "Garde au mois, journée entière (6 mois-2 ans)", 80000, "mois", ["garde bebe"]),
        _product("G2", "Garde au mois, journée entière (2-4 ans)", 70000, "mois", ["garde grands"]),
        _product("G3", "Garde au mois, mi-temps (6 mois-2 ans)", 50000, "mois", ["garde bebe"]),
        _product("G4", "Garde au mois, mi-temps (2-4 ans)", 45000, "mois", ["garde grands"]),
        _product("G5", "Garde à la semaine, journée entière (6 mois-4 ans)", 25000, "semaine", ["semaine"]),
        _product("G6", "Garde à la journée (dépannage)", 5000, "jour", ["journée", "journee de garde"]),
        _product("G7", "Repas du midi", 1000, "repas", ["repas", "dejeuner", "lunch"]),
    ]
    return Knowledge.from_document(document)


@pytest.mark.parametrize(
    ("name", "months"),
    [
        ("Garde au mois, journée entière (6 mois-2 ans)", (6.0, 24.0)),
        ("Section des grands (2-4 ans)", (24.0, 48.0)),
        ("Éveil bébé (3-18 mois)", (3.0, 18.0)),
        ("Camp de vacances de 5 à 12 ans", (60.0, 144.0)),
    ],
)
def test_an_age_range_is_read_in_months(name, months):
    assert name_range(name) == (*months, "age")


@pytest.mark.parametrize(
    ("text", "months"),
    [("ma fille a 2 ans et demi", [30.0]), ("mon bébé de 8 mois", [8.0]), ("my son is three years old", [36.0])],
)
def test_the_age_said_in_months(text, months):
    assert ages(normalise(text).words) == months


@pytest.mark.parametrize(
    ("text", "sku"),
    [
        ("ma fille de 18 mois, en journée entière pour le mois", "G1"),
        ("je veux le mi-temps au mois pour mon fils de 3 ans et demi", "G4"),
        ("mon petit a 1 an, mi-temps pour le mois c'est combien", "G3"),
        ("une semaine en journée entière pour mon fils de 3 ans", "G5"),
        ("je veux une journée de garde pour mon fils de 3 ans", "G6"),
    ],
)
def test_the_age_and_the_period_choose_in_the_family(chat, nursery, text, sku):
    talk = chat(nursery)
    turn = talk.say(text)
    chosen = [line["sku"] for line in talk.state["cart"]] or [s for s in (talk.state.get("last_sku"),) if s]
    assert chosen == [sku], reply_of(turn)


def test_bringing_the_child_oneself_is_no_thing_asked(chat, nursery):
    reply = _plain(
        reply_of(chat(nursery).say("Bonjour, 1 semaine en journée entière pour ma fille de 2 ans, je l'amène moi-même"))
    )
    assert "ne vendons pas" not in reply
    assert "25 000" in reply


def test_an_unserved_zone_of_a_daycare_offers_to_come_to_the_daycare(chat, nursery):
    reply = reply_of(chat(nursery).say("votre car passe à Yopougon ?"))
    assert "venir vous-même à la crèche" in reply, reply


@pytest.mark.parametrize(
    ("text", "cart"),
    [
        ("je veux 3 journées de garde pour chacun de mes deux enfants", [("G6", 6)]),
        ("two lunches for each of my 3 kids please", [("G7", 6)]),
        ("un repas pour chacune de mes 2 filles", [("G7", 2)]),
    ],
)
def test_what_is_said_for_each_of_the_people_is_that_many_times(chat, nursery, text, cart):
    talk, reply = _talk(chat, nursery, [text])
    assert _cart(talk) == cart, reply


@pytest.mark.parametrize(
    ("text", "sku"),
    [
        ("le mi-temps au mois pour mon fils de 3 ans (frais d'inscription déjà payés en juin)", "G4"),
        ("I have already paid the registration, I want the lunch for my son", "G7"),
    ],
)
def test_what_is_already_paid_is_not_ordered(nursery, text, sku):
    document = json.loads((DATA / "dev" / "business.json").read_text(encoding="utf-8"))
    document["products"] = [
        *nursery.document["products"],
        _product("G8", "Frais d'inscription (par enfant)", 20000, "enfant", ["inscription", "registration"]),
    ]
    named = extractor_for(Knowledge.from_document(document)).extract(normalise(text)).products
    assert [m.skus for m in named] == [[sku]]
