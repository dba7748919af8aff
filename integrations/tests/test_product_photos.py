"""Product photos out on WhatsApp: the assistant's photo replies reach the fake Graph API as image
messages (by public HTTPS link or by an uploaded media id), captioned with the product's name and
price, through the signed webhook and the real engine; a customer's own photo gets a question."""

import io
import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from assistant.services import MSG_PHOTO_RECEIVED
from catalog.models import Product
from catalog.services import product_photo_set
from conversations.models import Message, MessageKind, Sender
from shop.selectors import shop_knowledge_for_assistant
from shop.services import shop_document_replace

from . import meta

pytestmark = pytest.mark.django_db

SHOP = json.loads((Path(__file__).parent / "data" / "grocery.json").read_text(encoding="utf-8"))


def jpeg(colour=(200, 120, 40), size=(640, 480)) -> SimpleUploadedFile:
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, format="JPEG")
    return SimpleUploadedFile("produit.jpg", buffer.getvalue(), content_type="image/jpeg")


@pytest.fixture
def shop(owner, graph, connection, settings):
    settings.WHATSAPP_RESPONDER = "assistant.services.assistant_answer"
    settings.FRONTEND_URL = "http://127.0.0.1:8000"  # no public https site: photos are uploaded
    shop_document_replace(user=owner, document=SHOP)
    for sku in ("K03", "K05", "K07"):
        product_photo_set(product=Product.objects.get(owner=owner, sku=sku), photo=jpeg())
    return owner


def say(api_client, graph, text: str, *, sender: str = meta.CUSTOMER) -> list:
    before = len(graph.sends())
    response = meta.post(
        api_client, meta.payload(messages=[meta.message(body={"body": text}, sender=sender)], sender=sender)
    )
    assert response.status_code == 200
    return graph.sends()[before:]


def captions(calls) -> list[str]:
    """The image captions, with the engine's narrow and non-breaking spaces read as spaces."""
    return [
        call.body["image"]["caption"].replace("\u202f", " ").replace("\xa0", " ")
        for call in calls
        if call.body["type"] == "image"
    ]


def test_the_document_says_which_products_have_a_photo(shop):
    snapshot = shop_knowledge_for_assistant(user=shop)
    flagged = {p["sku"] for p in snapshot.document["products"] if p.get("has_photo")}
    assert flagged == {"K03", "K05", "K07"}

    product_photo_set(product=Product.objects.get(owner=shop, sku="K04"), photo=jpeg())
    again = shop_knowledge_for_assistant(user=shop)
    assert again.version != snapshot.version
    assert {p["sku"] for p in again.document["products"] if p.get("has_photo")} == {"K03", "K04", "K05", "K07"}


def test_photo_replies_go_as_images_uploaded_once(api_client, graph, shop, settings):
    settings.WHATSAPP_RESPONDER = "integrations.tests.photo_responders.two_photos"

    sent = say(api_client, graph, "montre moi")

    # K03 has a photo: an image by media id; K04 has none: its caption goes as text.
    assert [call.body["type"] for call in sent] == ["image", "text", "text"]
    image = sent[0].body["image"]
    assert image == {"id": "upload-1", "caption": "Voici Huile végétale 1 L : 1 400 F CFA"}
    assert sent[1].body["text"]["body"] == "Voici Sucre en morceaux 1 kg : 1 000 F CFA"
    upload = graph.uploads[0]
    photo = Product.objects.get(owner=shop, sku="K03").photo
    assert photo.read() in upload.raw and b'name="messaging_product"' in upload.raw
    stored = Message.objects.filter(sender=Sender.AI).order_by("id")
    assert [(m.kind, m.product.sku if m.product else "") for m in stored] == [
        (MessageKind.IMAGE, "K03"),
        (MessageKind.TEXT, ""),
        (MessageKind.TEXT, ""),
    ]
    assert stored[0].wamid and stored[0].content == image["caption"]

    say(api_client, graph, "encore")
    assert len(graph.uploads) == 1  # the same photo is not uploaded again


def test_photos_go_by_public_link_when_the_site_has_one(api_client, graph, shop, settings):
    settings.WHATSAPP_RESPONDER = "integrations.tests.photo_responders.two_photos"
    settings.FRONTEND_URL = "https://boutique.flux-ia.ci"

    sent = say(api_client, graph, "montre moi")

    photo = Product.objects.get(owner=shop, sku="K03").photo
    assert sent[0].body["image"]["link"] == f"https://boutique.flux-ia.ci{photo.url}"
    assert graph.uploads == []


def test_a_refused_image_is_stored_as_failed_and_not_resent(api_client, graph, shop, settings):
    settings.WHATSAPP_RESPONDER = "integrations.tests.photo_responders.two_photos"
    graph.fail_next(status=400, code=131051, message="Unsupported message type")

    say(api_client, graph, "montre moi")

    image = Message.objects.filter(sender=Sender.AI, kind=MessageKind.IMAGE).get()
    assert image.status == "failed" and image.error_code == 131051


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Bonjour, vous avez la photo du lait en poudre ?", ["Voici Lait en poudre 400 g : 2 600 F CFA"]),
        ("envoie foto de l'huile", ["Voici Huile végétale 1 L : 1 400 F CFA"]),
        ("fais voir les spaghetti", ["Voici Spaghetti 500 g : 450 F CFA"]),
        ("Hello, can you send pictures of the spaghetti?", ["Here is Spaghetti 500 g: 450 F CFA"]),
    ],
    ids=["french", "nouchi-foto", "nouchi-fais-voir", "english"],
)
def test_photos_asked_in_french_nouchi_and_english_reach_whatsapp(api_client, graph, shop, text, expected):
    sent = say(api_client, graph, text)

    assert captions(sent) == expected
    assert all(call.body["image"].get("id", "").startswith("upload-") for call in sent if call.body["type"] == "image")


def test_a_customer_photo_without_caption_gets_a_question_and_with_one_the_answer(api_client, graph, shop):
    graph.add_media("media-photo-1", b"\xff\xd8 a photo", "image/jpeg")
    item = meta.message("image", body={"id": "media-photo-1", "mime_type": "image/jpeg"})
    before = len(graph.sends())
    meta.post(api_client, meta.payload(messages=[item]))
    sent = graph.sends()[before:]

    assert [call.body["text"]["body"] for call in sent] == [MSG_PHOTO_RECEIVED["fr"]]
    conversation = Message.objects.get(kind=MessageKind.IMAGE, sender=Sender.USER).conversation
    assert conversation.mode == "ai"  # no handoff

    item = meta.message("image", body={"id": "media-photo-1", "caption": "c'est combien l'huile ?"})
    before = len(graph.sends())
    meta.post(api_client, meta.payload(messages=[item]))
    answer = " ".join(c.body.get("text", {}).get("body", "") for c in graph.sends()[before:])
    assert "1 400" in answer.replace("\u202f", " ")
