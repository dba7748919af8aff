"""What the fifteenth round showed, as classes, with shops and sentences of our own: what is sold by the m² is
counted by the area the customer gives, wherever it is said (« nos bureaux font 120 m² », « 30 sqm »), and that area
tells it apart from the same service sold by the job; a word several products share, then the name of one of them
(« le nettoyage pour une villa »), is that one; a choice answered with a word another product is named by
(« c'est pour une villa ») is the candidate; a service said apart from its goods (« + la découpe des 3 », « faites
aussi la découpe ») is the one for the goods in the message or the cart, unless their description says it is
included; a nail bar's or a livestock park's own premises are where the customer comes; « notre », « toute » are no
kind of product."""

import pytest

from assistant.engine import Knowledge

from .test_dialogue_context import _product, _shop
from .test_what_goes_with_what import _cart, _talk


def _described(product: dict, description: str) -> dict:
    return {**product, "description": description}


def _services() -> Knowledge:
    """Cleaning, tiling and pest control sold by the job or by the m², a poultry and fish stall's cutting, doors with
    and without their fitting, on the development shop's zones."""
    return _shop(
        [
            _product("C1", "Nettoyage studio", 12000, "intervention", ["nettoyage", "menage", "cleaning"]),
            _product("C2", "Nettoyage villa", 30000, "intervention", ["nettoyage", "menage", "cleaning", "villa"]),
            _product(
                "C3",
                "Nettoyage de locaux professionnels (le m²)",
                250,
                "m²",
                ["nettoyage bureaux", "nettoyage magasin", "office cleaning", "shop cleaning"],
            ),
            _product("T1", "Carrelage grès 60x60 (le m²)", 9500, "m²", ["carrelage", "carreaux", "tiles"]),
            _product("D1", "Désinfection (le m²)", 300, "m²", ["desinfection", "disinfection"]),
            _product("R1", "Dératisation appartement", 15000, "intervention", ["deratisation", "rats"]),
            _product("R2", "Dératisation maison individuelle", 25000, "intervention", ["deratisation", "rats"]),
            _product("P1", "Poulet de chair (2 kg)", 4500, "pièce", ["poulet", "poulets", "chicken"]),
            _product("F1", "Carpe fraîche (le kg)", 3000, "kg", ["carpe", "poisson", "fish"]),
            _product("S1", "Découpe poulet (par tête)", 300, "tête", ["decoupe", "découpe poulet", "cutting"]),
            _product("S2", "Découpe poisson (le kg)", 200, "kg", ["decoupe", "découpe poisson", "cutting"]),
            _described(
                _product("W1", "Porte isoplane 80 cm", 45000, "pièce", ["porte isoplane", "porte en bois"]),
                "Porte en bois isoplane avec cadre. Pose en sus.",
            ),
            _described(
                _product("W2", "Porte blindée 90 cm", 180000, "pièce", ["porte blindée", "armoured door"]),
                "Porte blindée avec serrure 3 points, pose comprise dans le prix.",
            ),
            _product("W3", "Pose de porte (par porte)", 15000, "porte", ["pose", "pose de porte", "door fitting"]),
            _product("W4", "Pose de fenêtre (par fenêtre)", 10000, "fenêtre", ["pose", "pose de fenêtre"]),
            _product("L1", "Manutentionnaire (la demi-journée)", 6000, "personne", ["porteur", "porteurs", "bras"]),
        ],
        large_order_items=500,
    )


@pytest.fixture(scope="module")
def services():
    return _services()


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        # the area counts what is sold by it, said before or after, in figures and words
        (["je veux le carrelage 60x60 pour 18 mètres carrés"], [("T1", 18)]),
        (["the tiles for a 30 sqm room please"], [("T1", 30)]),
        (["il me faut 14 square meters of tiles"], [("T1", 14)]),
        (["venez désinfecter notre cuisine, elle fait 20 m2"], [("D1", 20)]),
        # and tells the service by the m² apart from the same one by the job
        (["je veux le nettoyage de nos bureaux, ça fait 120 m²"], [("C3", 120)]),
        (["we need cleaning for our shop, about 80 square metres"], [("C3", 80)]),
        # a word several products share, then one of their names
        (["je veux le nettoyage pour une villa"], [("C2", 1)]),
        (["I want cleaning for one studio please"], [("C1", 1)]),
    ],
)
def test_what_is_sold_by_the_area_is_counted_by_it(chat, services, turns, cart):
    talk, reply = _talk(chat, services, turns)
    assert _cart(talk) == cart, reply


def test_the_price_of_an_area_is_the_price_per_m2_times_it(chat, services):
    talk, reply = _talk(chat, services, ["combien pour désinfecter un entrepôt de 150 m² ?"])
    plain = reply.replace("\u202f", " ").replace("\xa0", " ")
    assert "45 000" in plain, reply


def test_a_choice_answered_with_a_word_another_product_is_named_by(chat, services):
    talk, reply = _talk(chat, services, ["bonsoir, je veux la dératisation"])
    assert talk.state["choice"], reply
    talk, reply = _talk(chat, services, ["bonsoir, je veux la dératisation", "c'est une maison individuelle"])
    assert _cart(talk) == [("R2", 1)], reply
    talk, reply = _talk(chat, services, ["je voudrais le nettoyage", "une villa"])
    assert _cart(talk) == [("C2", 1)], reply


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        # in the same message, after a « + » that ends the list
        (["3 poulets de chair + la découpe des 3"], [("P1", 3), ("S1", 3)]),
        # the goods in the cart
        (["2 poulets de chair svp", "faites aussi la découpe"], [("P1", 2), ("S1", 2)]),
        (["2 kg de carpe", "et la découpe svp"], [("F1", 2), ("S2", 2)]),
        (["je prends une porte isoplane", "avec la pose"], [("W1", 1), ("W3", 1)]),
    ],
)
def test_a_service_said_apart_is_the_one_for_the_goods_at_hand(chat, services, turns, cart):
    talk, reply = _talk(chat, services, turns)
    assert _cart(talk) == cart, reply


def test_a_service_the_goods_description_includes_is_no_new_line(chat, services):
    talk, reply = _talk(chat, services, ["une porte blindée svp", "avec la pose"])
    assert _cart(talk) == [("W2", 1)], reply


def test_whose_or_how_much_is_no_kind_of_product(chat, services):
    talk, reply = _talk(chat, services, ["il me faut 3 porteurs pour toute la matinée"])
    assert "ne vendons pas" not in reply and _cart(talk) == [("L1", 3)], reply


@pytest.mark.parametrize(
    ("name", "description", "text"),
    [
        ("Joëlle Nails", "Onglerie à Cocody Angré : pose gel et vernis.", "je veux un vernis mains samedi au salon"),
        ("Parc Koné", "Parc à bétail à Anyama : moutons et cabris.", "un vernis mains, je viens au parc le chercher"),
    ],
)
def test_the_trades_own_premises_are_where_the_customer_comes(chat, name, description, text):
    shop = _services()
    document = {**shop.document, "name": name, "description": description}
    document["products"] = [_product("V1", "Vernis semi-permanent mains", 6000, "séance", ["vernis mains"])]
    talk, reply = _talk(chat, Knowledge.from_document(document), [text])
    assert talk.state["zone"] == "pickup" and _cart(talk) == [("V1", 1)], reply


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        # the seats of a sofa count what is sold by the seat
        (["faut venir chercher le salon : un 3 places et 2 fauteuils, pour la mousse"], [("M1", 3), ("M2", 2)]),
        (["my couch na 4 seater, change the foam abeg"], [("M1", 4)]),
        # the same product said again as what it is
        (["venez faire le nettoyage, c'est une villa"], [("C2", 1)]),
        # whether it is there, and how many: an order of that many
        (["vous avez le poulet de chair ? il m'en faut 6"], [("P1", 6)]),
        (["do you have the chicken? I need 5"], [("P1", 5)]),
    ],
)
def test_counted_by_what_it_is_sold_by_or_asked_with_its_count(chat, services, turns, cart):
    shop = _services()
    document = dict(shop.document)
    document["products"] = [
        *document["products"],
        _product("M1", "Changement de mousse (la place)", 7000, "place", ["mousse", "foam", "change the foam"]),
        _product("M2", "Mousse de fauteuil", 9000, "fauteuil", ["fauteuil", "fauteuils", "armchair"]),
    ]
    talk, reply = _talk(chat, Knowledge.from_document(document), turns)
    assert _cart(talk) == cart, reply


@pytest.mark.parametrize(
    ("text", "cart"),
    [
        ("la découpe poisson pour 3 kg, la carpe je l'ai déjà", [("S2", 3)]),
        ("2 portes isoplanes avec la pose, la porte blindée je l'ai déjà", [("W1", 2), ("W3", 2)]),
    ],
)
def test_goods_the_customer_already_has_are_not_ordered(chat, services, text, cart):
    talk, reply = _talk(chat, services, [text])
    assert _cart(talk) == cart, reply


def test_a_unit_asked_per_is_no_kind_of_product(chat, services):
    talk, reply = _talk(chat, services, ["what does the office cleaning cost per m²? we have 60 m²"])
    plain = reply.replace("\u202f", " ").replace("\xa0", " ")
    assert "don't sell" not in reply and "15 000" in plain, reply


def _with_faq(shop: Knowledge, faq: list[tuple[str, str, str]]) -> Knowledge:
    document = {**shop.document, "faq": [{"question": q, "answer": a, "answer_en": e} for q, a, e in faq]}
    return Knowledge.from_document(document)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("il faut verser une avance pour la commande ?", "30 %"),
        ("je dois commander combien de temps à l'avance ?", "2 jours"),
        ("do I have to pay an advance before you start?", "30 %"),
    ],
)
def test_a_cue_inside_a_longer_cue_of_another_concept_is_that_ones(chat, services, text, fact):
    """« à l'avance » is ahead of time, « une avance » a deposit: the FAQ entry of the one said answers."""
    shop = _with_faq(
        services,
        [
            ("Faut-il payer une avance ?", "Oui, 30 % d'acompte à la commande.", "Yes, a 30 % deposit when ordering."),
            ("Faut-il réserver à l'avance ?", "Réservez 2 jours avant.", "Book 2 days before."),
            ("Êtes-vous ouverts le dimanche ?", "Non, fermé le dimanche.", "No, closed on Sunday."),
        ],
    )
    talk, reply = _talk(chat, shop, [text])
    assert fact in reply.replace("\u202f", " ").replace("\xa0", " ").replace("2 days", "2 jours"), reply


@pytest.mark.parametrize(
    "text", ["vous vendez des rideaux ? c'est pour mon salon", "do you sell the lamps for my office?"]
)
def test_a_product_named_only_as_what_an_unknown_thing_is_for_is_not_asked_for(chat, services, text):
    shop = _services()
    document = dict(shop.document)
    document["products"] = [
        *document["products"],
        _product("M3", "Recouvrement canapé (la place)", 12000, "place", ["canapé", "salon", "sofa"]),
        _product("M4", "Fauteuil de bureau (recouvrement)", 15000, "pièce", ["fauteuil de bureau", "office"]),
    ]
    talk, reply = _talk(chat, Knowledge.from_document(document), [text])
    assert ("ne vendons pas" in reply or "don't sell" in reply) and "12 000" not in reply, reply


def _mover() -> Knowledge:
    """A removals firm: boxes of two sizes, tape, a van by the job, porters, treatments sold by the job or the m²."""
    return _shop(
        [
            _product(
                "B1", "Carton moyen 50 × 40 cm", 800, "carton", ["carton moyen", "cartons moyens", "carton", "box"]
            ),
            _product(
                "B2", "Grand carton 60 × 50 cm", 1200, "carton", ["grand carton", "grands cartons", "carton", "box"]
            ),
            _product("B3", "Ruban adhésif (rouleau)", 1000, "rouleau", ["scotch", "ruban adhésif", "tape"]),
            _product("V1", "Camionnette avec chauffeur", 25000, "course", ["camionnette", "van", "bâchée"]),
            _product("L1", "Porteur (la demi-journée)", 5000, "porteur", ["porteur", "porteurs", "porter", "porters"]),
            _product("X1", "Traitement cafards studio", 15000, "intervention", ["traitement cafards", "pest control"]),
            _product("X2", "Traitement cafards villa", 40000, "intervention", ["traitement cafards", "pest control"]),
            _product("X3", "Traitement cafards bureaux (le m²)", 300, "m²", ["traitement cafards bureaux"]),
            _product("X4", "Désinfection (le m²)", 250, "m²", ["desinfection", "disinfection"]),
        ],
        large_order_items=500,
    )


@pytest.fixture(scope="module")
def mover():
    return _mover()


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        # an area said while « which one? » is asked: the one sold by the m², counted by it
        (["we need pest control for our shop", "about 90 square metres"], [("X3", 90)]),
        # a product refused by « we don't need », « pas besoin de »
        (["je veux le traitement cafards bureaux pour 30 m², pas besoin de désinfection"], [("X3", 30)]),
        (["pest control for the office, 40 sqm. We don't need disinfection"], [("X3", 40)]),
        # a product of the kind of the one before is its own line, not a measure of it
        (["il me faut 10 cartons moyens, 4 grands cartons et 2 scotchs"], [("B1", 10), ("B2", 4), ("B3", 2)]),
        # what is left after a removal
        (["5 rouleaux de scotch", "enlevez 2 scotchs, 3 suffisent finalement"], [("B3", 3)]),
        # a second one of the line
        (["2 porteurs svp", "ajoutez un troisième porteur"], [("L1", 3)]),
    ],
)
def test_what_the_conversation_says_of_counts_and_kinds(chat, mover, turns, cart):
    talk, reply = _talk(chat, mover, turns)
    assert _cart(talk) == cart, reply


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("la camionnette pour aller de Marcory à Cocody", "Cocody"),
        ("I need the van from Cocody go Marcory", "Marcory"),
    ],
)
def test_an_order_goes_where_the_way_ends(chat, mover, text, zone):
    talk, reply = _talk(chat, mover, [text])
    assert talk.state["zone"] == zone, reply


def test_what_was_done_before_is_no_new_line(chat):
    nails = _shop(
        [
            _product("N1", "Remplissage gel", 8000, "séance", ["remplissage", "remplissage gel", "refill"]),
            _product("N2", "Remplissage résine", 10000, "séance", ["remplissage", "remplissage résine", "refill"]),
            _product("N3", "Pose gel complète", 12000, "pose", ["pose gel", "gel set"]),
        ]
    )
    talk, reply = _talk(chat, nails, ["je veux un remplissage jeudi", "gel, c'est une pose gel que j'ai faite ici"])
    assert _cart(talk) == [("N1", 1)], reply
    talk, reply = _talk(chat, nails, ["je veux refaire la pose gel que j'avais faite le mois passé"])
    assert _cart(talk) == [("N3", 1)], reply


def _barber() -> Knowledge:
    """A barbershop receiving at its salon and coming home, its services sold by the person."""
    document = {**_services().document, "name": "Koné Barbershop", "description": "Barbershop à Marcory : coupes."}
    document["products"] = [
        _product("H1", "Coupe dégradé", 2500, "personne", ["degrade", "dégradé", "fade"]),
        _product("H2", "Forfait coupe + barbe", 3500, "personne", ["forfait coupe barbe", "coupe et barbe"]),
    ]
    return Knowledge.from_document(document)


@pytest.mark.parametrize(
    ("turns", "cart"),
    [
        # the people counted are how many of the one service in the cart
        (["venez me faire un dégradé à Marcory", "on est 3, moi et mes frères"], [("H1", 3)]),
        # « tous »: each of the people counted
        (["on est 4 garçons d'honneur, on veut tous le forfait coupe et barbe"], [("H2", 4)]),
        # a count set outright is no more of it, even with « aussi »
        (["on est 4, on veut tous le forfait coupe et barbe", "mon cousin vient aussi, mettez 5"], [("H2", 5)]),
    ],
)
def test_services_are_counted_by_the_people(chat, turns, cart):
    talk, reply = _talk(chat, _barber(), turns)
    assert _cart(talk) == cart, reply


def test_coming_to_the_barbershop_is_pickup(chat):
    talk, reply = _talk(chat, _barber(), ["un dégradé samedi, je paie cash quand je viens"])
    assert talk.state["zone"] == "pickup" and _cart(talk) == [("H1", 1)], reply
