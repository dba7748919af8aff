"""The whole loop, end to end: signed Meta payloads in, the real assistant (the default
WHATSAPP_RESPONDER) answering from the shop's document, replies out to the fake Graph API, orders on
the Commandes API, and the customer told when the order is on its way."""

import json
from pathlib import Path

import pytest
from django.core import mail

from conversations.models import Conversation, ConversationMode, Message, Sender
from logistics.tests.factories import DriverFactory
from orders.models import Order
from shop.services import shop_document_replace

from . import meta

pytestmark = pytest.mark.django_db

SHOP = json.loads((Path(__file__).parent / "data" / "grocery.json").read_text(encoding="utf-8"))


@pytest.fixture
def shop(owner, graph, connection, settings):
    settings.WHATSAPP_RESPONDER = "assistant.services.assistant_answer"
    shop_document_replace(user=owner, document=SHOP)
    return owner


def text_of(call) -> str:
    body = call.body
    return body["text"]["body"] if body["type"] == "text" else body["interactive"]["body"]["text"]


def buttons_of(call) -> list[str]:
    if call.body["type"] != "interactive":
        return []
    return [button["reply"]["title"] for button in call.body["interactive"]["action"]["buttons"]]


def say(api_client, graph, text: str, *, sender: str = meta.CUSTOMER) -> list:
    """The customer writes ``text``; returns the assistant's messages that reached the Graph API."""
    before = len(graph.sends())
    response = meta.post(
        api_client, meta.payload(messages=[meta.message(body={"body": text}, sender=sender)], sender=sender)
    )
    assert response.status_code == 200
    return graph.sends()[before:]


def converse(api_client, graph, turns: list[str]) -> list:
    return [say(api_client, graph, turn) for turn in turns]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (
            [
                "Bonjour je voudrais 2 laits svp",
                "Le lait en poudre",
                "Mettez aussi 1 boîte de sucre",
                "Livraison à Koumassi Sicogi",
                "Orange Money",
                "Oui je confirme la commande",
            ],
            {
                "items": [("K04", 1), ("K05", 2)],
                "zone": "Koumassi",
                "fee": 1000,
                "total": 7200,
                "payment": "orange_money",
            },
        ),
        (
            [
                "on dit quoi djo, mets moi 3 huiles",
                "je suis à Marcory",
                "je vais payer cash",
                "y a pas drap, c'est bon",
            ],
            {"items": [("K03", 3)], "zone": "Marcory", "fee": 500, "total": 4700, "payment": "cash"},
        ),
        (
            ["Hello, I want 2 packs of spaghetti and 1 bottle of oil", "I'll pick it up at the shop", "Wave", "yes"],
            {"items": [("K03", 1), ("K07", 2)], "zone": "pickup", "fee": 0, "total": 2300, "payment": "wave"},
        ),
    ],
    ids=["french", "nouchi", "english"],
)
def test_a_whole_order_on_whatsapp_lands_on_the_orders_page(api_client, graph, shop, owner_api, turns, expected):
    answers = converse(api_client, graph, turns)

    assert all(answers), "the assistant answers every message"
    recap = answers[-2][-1]
    english = turns[0].startswith("Hello")
    assert set(buttons_of(recap)) == ({"Confirm", "Change"} if english else {"Confirmer", "Modifier"})
    assert not Order.objects.exists() or len(answers) == len(turns)
    listed = owner_api.get("/api/v1/orders").json()["results"]
    assert len(listed) == 1
    order = listed[0]
    assert sorted((item["sku"], item["quantity"]) for item in order["items"]) == expected["items"]
    assert (order["zone"], order["delivery_fee"], order["total"], order["payment_method"]) == (
        expected["zone"],
        expected["fee"],
        expected["total"],
        expected["payment"],
    )
    assert order["customer"]["whatsapp_number"] == "+" + meta.CUSTOMER
    intents = list(Message.objects.filter(sender=Sender.USER).order_by("id").values_list("intent", flat=True))
    assert all(intents) and intents[0] in {"order", "greeting"}


def test_the_customer_hears_when_the_order_is_on_its_way(
    api_client, graph, shop, owner_api, django_capture_on_commit_callbacks
):
    converse(api_client, graph, ["Je veux 2 huiles", "Livraison à Marcory", "cash", "oui"])
    order = Order.objects.get()
    driver = DriverFactory(owner=shop, commune="Marcory", latitude=5.30, longitude=-3.98, side="south")
    assert (
        owner_api.post(f"/api/v1/orders/{order.pk}/assign-driver", {"driver_id": driver.pk}, format="json").status_code
        == 200
    )
    owner_api.post(f"/api/v1/orders/{order.pk}/transition", {"status": "preparing"}, format="json")
    before = len(graph.sends())

    # The update is queued when the transition commits.
    with django_capture_on_commit_callbacks(execute=True):
        response = owner_api.post(
            f"/api/v1/orders/{order.pk}/transition", {"status": "out_for_delivery"}, format="json"
        )

    assert response.status_code == 200, response.json()
    update = graph.sends()[before:]
    assert len(update) == 1 and order.reference in text_of(update[0])


def test_an_english_speaking_customer_hears_the_order_updates_in_english(
    api_client, graph, shop, owner_api, django_capture_on_commit_callbacks
):
    converse(api_client, graph, ["Hello, I want 2 bottles of oil", "Delivery to Marcory", "cash", "yes"])
    order = Order.objects.get()
    assert order.conversation.language == "en"
    driver = DriverFactory(owner=shop, commune="Marcory", latitude=5.30, longitude=-3.98, side="south")
    owner_api.post(f"/api/v1/orders/{order.pk}/assign-driver", {"driver_id": driver.pk}, format="json")
    owner_api.post(f"/api/v1/orders/{order.pk}/transition", {"status": "preparing"}, format="json")
    before = len(graph.sends())

    with django_capture_on_commit_callbacks(execute=True):
        owner_api.post(f"/api/v1/orders/{order.pk}/transition", {"status": "out_for_delivery"}, format="json")

    update = graph.sends()[before:]
    assert len(update) == 1
    first_line, link_line = text_of(update[0]).split("\n")
    assert first_line == f"Your order {order.reference} is on its way! The driver will be with you soon."
    assert link_line.startswith("Follow your delivery live: http") and "/suivi/" in link_line


def test_a_customer_who_asks_where_the_order_is_hears_its_status(api_client, graph, shop, owner_api):
    converse(api_client, graph, ["Je veux 2 huiles", "Livraison à Marcory", "cash", "oui"])
    order = Order.objects.get()

    [confirmed] = say(api_client, graph, "Bonsoir, où en est ma commande ?")
    owner_api.post(f"/api/v1/orders/{order.pk}/transition", {"status": "preparing"}, format="json")
    [preparing] = say(api_client, graph, "ma commande c'est comment ?")

    assert text_of(confirmed).startswith(f"Votre commande {order.reference} (3\u202f300\xa0F CFA) est confirmée")
    assert text_of(preparing).startswith(f"Votre commande {order.reference} est en préparation.")
    assert Conversation.objects.get().mode == ConversationMode.AI
    assert Order.objects.count() == 1


def test_without_an_order_the_status_question_gets_the_delivery_times_and_no_invented_status(api_client, graph, shop):
    [answer] = say(api_client, graph, "When will my order arrive?")

    text = text_of(answer)
    assert "Delivery times" in text and "late" in text
    assert "CMD-" not in text


def test_a_late_order_is_handed_to_the_owner(api_client, graph, shop, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        say(api_client, graph, "ma commande n'est toujours pas arrivée depuis midi")

    assert Conversation.objects.get().mode == ConversationMode.HUMAN
    assert len(mail.outbox) == 1


def test_a_customer_who_asks_for_a_person_is_handed_over_and_the_assistant_goes_silent(
    api_client, graph, shop, django_capture_on_commit_callbacks
):
    # The owner's alert is queued when the assistant's turn commits.
    with django_capture_on_commit_callbacks(execute=True):
        answer = say(api_client, graph, "Je veux parler à un responsable svp")

    assert len(answer) == 1
    conversation = Conversation.objects.get()
    assert conversation.mode == ConversationMode.HUMAN
    assert [m.subject for m in mail.outbox] == ["Un client vous attend sur WhatsApp"]
    assert say(api_client, graph, "Allô ? vous êtes là ?") == []


def test_the_assistant_answers_afresh_once_the_owner_hands_the_conversation_back(api_client, graph, shop, owner_api):
    say(api_client, graph, "Je veux parler à un humain")
    conversation = Conversation.objects.get()

    owner_api.patch(f"/api/v1/conversations/{conversation.pk}", {"mode": "ai"}, format="json")

    assert say(api_client, graph, "c'est combien l'huile ?")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Vous livrez à Yopougon ?", "ne livrons pas"),
        ("Je veux 2 paquets de pain de mie", "rupture"),
    ],
    ids=["unserved-zone", "out-of-stock"],
)
def test_the_assistant_says_what_the_shop_cannot_do(api_client, graph, shop, text, expected):
    answer = " ".join(text_of(call) for call in say(api_client, graph, text))

    assert expected in answer.lower()
    assert not Order.objects.exists()


def test_a_cart_below_the_zone_minimum_is_not_ordered(api_client, graph, shop):
    answers = converse(api_client, graph, ["Je veux 1 huile", "Livraison à Cocody Angré", "Wave", "oui"])

    assert "minimum" in " ".join(text_of(call) for call in answers[1]).lower()
    assert not Order.objects.exists()


def test_with_the_language_model_on_the_customer_gets_its_wording_and_the_recap_keeps_its_buttons(
    api_client, graph, shop, settings
):
    from assistant.services import assistant_llm_set
    from assistant.tests.fake_llm import FakeLLM, text_answer

    with FakeLLM() as llm:
        settings.ASSISTANT_LLM_URL, settings.ASSISTANT_LLM_MODEL = llm.url, "fake-model"
        assistant_llm_set(user=shop, enabled=True)
        llm.script = [
            text_answer(
                "Bonsoir ! 2 huiles : 2 800 F CFA, livraison Marcory 500 F CFA, total 3 300 F CFA, "
                "en espèces, sous 20 à 40 minutes. Je valide ?"
            ),
            text_answer("Bonsoir ! L'huile est à 1 000 F CFA."),  # a wrong price: the engine's reply instead
        ]

        recap = say(api_client, graph, "Bonsoir je veux 2 huiles livraison à Marcory cash")
        price = say(api_client, graph, "c'est combien l'huile")

        # The model saw the conversation, never the customer's number.
        assert meta.CUSTOMER not in json.dumps([request["body"] for request in llm.requests])

    assert text_of(recap[0]).startswith("Bonsoir ! 2 huiles") and buttons_of(recap[0]) == ["Confirmer", "Modifier"]
    assert "1\u202f400\xa0F CFA" in text_of(price[0]) and "1 000" not in text_of(price[0])
    assert not Order.objects.exists()
