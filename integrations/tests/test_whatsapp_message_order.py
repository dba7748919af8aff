"""Through Meta's webhook: a quick follow-up stamped in the same second as the previous message (so
before the assistant's reply to it, which carries our clock) lists after that reply, in the API and
in the dashboard's chat."""

import time
from datetime import UTC, datetime

import pytest
import requests
from playwright.sync_api import expect

from accounts.tests.factories import UserFactory
from conversations.models import Message, Sender
from tests.browser.dashboard_helpers import PHONE, sign_in_through_api

from . import meta
from .factories import WhatsAppConnectionFactory


@pytest.mark.django_db
def test_a_follow_up_in_the_same_second_lists_after_the_reply_to_the_first(api_client, graph, connection, owner_api):
    second = str(int(time.time()) - 1)  # Meta's whole-second timestamp, shared by both messages
    first = {**meta.message(body={"body": "Le riz 5 kg c'est combien ?"}), "timestamp": second}
    follow_up = {**meta.message(body={"body": "Et le 25 kg ?"}), "timestamp": second}

    assert meta.post(api_client, meta.payload(messages=[first])).status_code == 200
    assert meta.post(api_client, meta.payload(messages=[follow_up])).status_code == 200

    question = Message.objects.get(wamid=first["id"])
    rows = owner_api.get(f"/api/v1/conversations/{question.conversation_id}/messages").json()["results"]
    chat = [(row["sender"], row["content"]) for row in reversed(rows)]
    assert chat == [
        (Sender.USER, "Le riz 5 kg c'est combien ?"),
        (Sender.AI, "Bien reçu : Le riz 5 kg c'est combien ?"),
        (Sender.USER, "Et le 25 kg ?"),
        (Sender.AI, "Bien reçu : Et le 25 kg ?"),
    ]
    # Both customer messages show Meta's time, as sent; the replies show ours, later.
    times = [(row["sender"], datetime.fromisoformat(row["time"])) for row in rows]
    customer_times = {at for sender, at in times if sender == Sender.USER}
    assert customer_times == {datetime.fromtimestamp(int(second), UTC)}
    assert all(at > max(customer_times) for sender, at in times if sender == Sender.AI)


@pytest.mark.browser
def test_the_chat_shows_the_follow_up_after_the_reply_at_390_px(page, console, live_url, graph):
    owner = UserFactory()
    WhatsAppConnectionFactory(owner=owner, phone_number_id=meta.PHONE_NUMBER_ID)
    second = str(int(time.time()) - 1)
    for text in ("Le riz 5 kg c'est combien ?", "Et le 25 kg ?"):
        raw, signature = meta.signed(
            meta.payload(messages=[{**meta.message(body={"body": text}), "timestamp": second}])
        )
        response = requests.post(
            live_url + meta.WEBHOOK_URL,
            data=raw,
            headers={"Content-Type": "application/json", "X-Hub-Signature-256": signature},
            timeout=20,
        )
        assert response.status_code == 200
    page.set_viewport_size(PHONE)

    sign_in_through_api(page, live_url, owner.adresse_email, path="/dashboard/conversations")
    page.get_by_test_id("conversation-row").first.click()
    bubbles = page.get_by_test_id("messages").locator("li[data-sender]")
    expect(bubbles).to_have_count(4)
    texts = [text.strip() for text in bubbles.locator("p.whitespace-pre-line").all_inner_texts()]
    assert texts == [
        "Le riz 5 kg c'est combien ?",
        "Bien reçu : Le riz 5 kg c'est combien ?",
        "Et le 25 kg ?",
        "Bien reçu : Et le 25 kg ?",
    ]
    assert console.errors == []
