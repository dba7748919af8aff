"""A customer asks to see a product: the engine answers with the product's photo (a reply carrying its
sku, captioned with its name and price), says when a product has no photo, and never mistakes a
customer who sends or brings a photo for one who asks to see one. Sentences of our own, typed as on
WhatsApp, in French, nouchi and English."""

import json

import pytest

from assistant.engine import Knowledge
from assistant.evaluation import item_matches

from .conftest import DATA, Chat

WITH_PHOTOS = {"P01", "P03", "P04", "P07", "P09"}  # the phone shop's products the catalogue has a photo of


@pytest.fixture(scope="module")
def phones_with_photos():
    document = json.loads((DATA / "phones" / "business.json").read_text(encoding="utf-8"))
    for product in document["products"]:
        product["has_photo"] = product["sku"] in WITH_PHOTOS
    return Knowledge.from_document(document)


def photos_of(turn) -> list[str]:
    return [r.photo for r in turn.replies if r.photo]


def captions_of(turn) -> dict[str, str]:
    return {r.photo: r.text for r in turn.replies if r.photo}


def text_of(turn) -> str:
    return "\n".join(r.text for r in turn.replies if not r.photo)


@pytest.mark.parametrize(
    "text, skus",
    [
        ("svp envoyez moi la photo du galaxy a15", ["P03"]),
        ("tu peux m'envoyer les images de la coque de protection ?", ["P09"]),
        ("ya foto du iphone 13 ?", ["P01"]),
        ("fais voir le chargeur rapide usb-c", ["P07"]),
        ("montrez nous le S23 d'abord", ["P04"]),
        ("abeg send me pics of the galaxy s23", ["P04"]),
        ("do you have a picture of the fast charger?", ["P07"]),
        ("let me see the iphone 13 please", ["P01"]),
        ("mon frere montre moi le iphone 13 la", ["P01"]),
    ],
)
def test_a_request_to_see_a_product_sends_its_photo_captioned_with_name_and_price(phones_with_photos, text, skus):
    turn = Chat(phones_with_photos).say(text)
    assert photos_of(turn) == skus, (text, turn.replies)
    for sku, caption in captions_of(turn).items():
        product = phones_with_photos.products[sku]
        assert product.name in caption and item_matches(f"{product.price}", caption), caption
    assert not turn.handoff and turn.order is None


def test_the_photo_follows_the_language_of_the_customer(phones_with_photos):
    english = Chat(phones_with_photos).say("abeg send me pics of the galaxy s23")
    french = Chat(phones_with_photos).say("svp envoyez moi la photo du galaxy s23")
    assert captions_of(english)["P04"].startswith("Here is")
    assert captions_of(french)["P04"].startswith("Voici")


def test_a_family_of_products_shows_at_most_three_photos_and_names_the_rest(phones_with_photos):
    turn = Chat(phones_with_photos).say("envoie moi les photos de vos samsung et iphone")
    assert 1 <= len(photos_of(turn)) <= 3
    assert set(photos_of(turn)) <= WITH_PHOTOS


def test_a_product_without_a_photo_is_said_to_have_none_with_its_price(phones_with_photos):
    turn = Chat(phones_with_photos).say("vous avez la photo du tecno spark 20 ?")
    assert photos_of(turn) == []
    assert "Tecno Spark 20" in text_of(turn) and item_matches("75000", text_of(turn))
    assert item_matches("pas encore de photo | don t have a photo", text_of(turn))


def test_without_a_product_named_the_last_product_spoken_of_is_shown(phones_with_photos):
    chat = Chat(phones_with_photos)
    chat.say("le samsung galaxy a15 c'est combien ?")
    turn = chat.say("ok fais voir d'abord")
    assert photos_of(turn) == ["P03"]


def test_with_nothing_spoken_of_the_customer_is_asked_which_product(phones_with_photos):
    turn = Chat(phones_with_photos).say("bonsoir vous pouvez m'envoyer des photos ?")
    assert photos_of(turn) == []
    assert item_matches("quel produit | which product", text_of(turn))


def test_asking_to_see_during_an_order_keeps_the_cart(phones_with_photos):
    chat = Chat(phones_with_photos)
    chat.say("je veux 2 coques de protection")
    turn = chat.say("montre moi la coque d'abord")
    assert photos_of(turn) == ["P09"]
    assert [(line["sku"], line["qty"]) for line in turn.state["cart"]] == [("P09", 2)]


@pytest.mark.parametrize(
    "text",
    [
        "je vous envoie la photo de mon ancien telephone pour la reprise",
        "si je t'envoie une photo de l'ecran casse tu peux me dire le prix ?",
        "I go send you the picture of the receipt",
        "j'ai envoye la photo du colis abime hier",
        "vous reparez les appareils photo ?",
    ],
)
def test_a_customer_who_sends_or_brings_a_photo_is_not_sent_one(phones_with_photos, text):
    turn = Chat(phones_with_photos).say(text)
    assert photos_of(turn) == [], (text, turn.replies)


def test_a_shop_without_photos_never_sends_an_image(phones):
    turn = Chat(phones).say("envoie moi la photo du galaxy a15 stp")
    assert photos_of(turn) == []
    assert "Samsung Galaxy A15" in text_of(turn)
