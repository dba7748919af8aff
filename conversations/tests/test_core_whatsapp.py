"""The core's send forms through the WhatsApp transport, against the fake Graph API: a product photo
and reply buttons the shop initiates, Meta's permanent refusal in French, a refused token marking the
connection, and a retry that reuses the recorded message."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from catalog.services import product_photo_set
from catalog.tests.factories import ProductFactory
from conversations import core
from conversations.models import Message, MessageKind, MessageStatus, error_explanation
from conversations.transport import TransportError
from integrations.tests.conftest import connection, graph  # noqa: F401 (the fake Graph API fixtures)
from integrations.whatsapp import client

from .factories import ConversationFactory

pytestmark = pytest.mark.django_db


def jpeg() -> SimpleUploadedFile:
    buffer = io.BytesIO()
    Image.new("RGB", (320, 240), (40, 120, 200)).save(buffer, format="JPEG")
    return SimpleUploadedFile("produit.jpg", buffer.getvalue(), content_type="image/jpeg")


@pytest.fixture
def conversation(owner, connection):  # noqa: F811
    return ConversationFactory(owner=owner)


def test_a_product_photo_and_buttons_leave_as_whatsapp_messages(graph, conversation, settings):  # noqa: F811
    settings.FRONTEND_URL = "http://127.0.0.1:8000"  # no public https site: the photo is uploaded first
    product = ProductFactory(owner=conversation.owner, name="Pagne wax")
    product_photo_set(product=product, photo=jpeg())

    photo = core.send_image(contact=conversation.contact, product=product, caption="Voici le pagne wax")
    buttons = core.send_buttons(contact=conversation.contact, text="On vous le réserve ?", buttons=["Oui", "Non"])

    image, interactive = graph.sends()
    assert image.body["type"] == "image" and image.body["image"]["caption"] == "Voici le pagne wax"
    assert image.body["image"]["id"]
    assert interactive.body["type"] == "interactive"
    assert [b["reply"]["title"] for b in interactive.body["interactive"]["action"]["buttons"]] == ["Oui", "Non"]
    assert (photo.kind, photo.product_id, photo.status) == (MessageKind.IMAGE, product.pk, MessageStatus.SENT)
    assert (buttons.kind, buttons.buttons, buttons.status) == (MessageKind.INTERACTIVE, ["Oui", "Non"], "sent")
    assert core.send_image(contact=conversation.contact, product=product, caption="Voici le pagne wax").pk != photo.pk


def test_meta_refusing_for_good_is_stored_with_its_french_reason(graph, conversation):  # noqa: F811
    graph.fail_next(status=400, code=131026, message="Message undeliverable")

    assert core.send_text(contact=conversation.contact, text="Votre commande est prête.") is None

    message = Message.objects.get(conversation=conversation, content="Votre commande est prête.")
    assert (message.status, message.error_code) == (MessageStatus.FAILED, 131026)
    assert error_explanation(message.error_code).startswith("Message non distribuable")


def test_a_refused_token_marks_the_connection_to_reconnect(graph, conversation, connection):  # noqa: F811
    graph.fail_next(status=401, code=190, message="Error validating access token")

    assert core.send_text(contact=conversation.contact, text="Bonjour") is None

    connection.refresh_from_db()
    assert connection.token_invalid_at is not None
    assert core.channel_usable(owner_id=conversation.owner_id) is False
    assert core.send_text(contact=conversation.contact, text="Encore") is None  # nothing more is tried
    assert len(graph.sends()) == 1


def test_meta_unreachable_raises_and_the_retry_sends_the_recorded_message_once(graph, conversation):  # noqa: F811
    # Every attempt the client makes (its own retries included) meets a 500.
    graph.fail_next(status=500, code=2, message="Service temporarily unavailable", times=1 + client.RETRY_COUNT)

    with pytest.raises(TransportError) as raised:
        core.send_template(
            contact=conversation.contact, name="commande_prete", language="fr", parameters=["C-9"], content="Prête"
        )
    assert raised.value.permanent is False
    sent = core.send_template(
        contact=conversation.contact, name="commande_prete", language="fr", parameters=["C-9"], content="Prête"
    )

    assert sent is not None and sent.wamid
    assert Message.objects.filter(conversation=conversation, content="Prête").count() == 1
    template = graph.sends()[-1].body["template"]
    assert template["name"] == "commande_prete"
    assert template["components"] == [{"type": "body", "parameters": [{"type": "text", "text": "C-9"}]}]
