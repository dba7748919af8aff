"""Conversations IA at 390 px on the real channel: a customer's message arriving while the page is
open shows up without a reload, the owner's reply goes out to the (fake) Graph API, and the mode
switch hands the conversation over."""

import pytest
import requests
from playwright.sync_api import expect

from accounts.tests.factories import UserFactory
from conversations.models import Conversation
from tests.browser.dashboard_helpers import PHONE, sign_in_through_api

from . import meta
from .factories import WhatsAppConnectionFactory

pytestmark = pytest.mark.browser


def customer_writes(live_url: str, text: str) -> None:
    raw, signature = meta.signed(meta.payload(messages=[meta.message(body={"body": text})], name="Fatou Bamba"))
    response = requests.post(
        live_url + meta.WEBHOOK_URL,
        data=raw,
        headers={"Content-Type": "application/json", "X-Hub-Signature-256": signature},
        timeout=20,
    )
    assert response.status_code == 200


def test_the_owner_follows_replies_and_takes_over_at_390_px(page, live_url, graph, console):
    owner = UserFactory()
    WhatsAppConnectionFactory(owner=owner, phone_number_id=meta.PHONE_NUMBER_ID)
    customer_writes(live_url, "Bonsoir, le garba c'est combien ?")
    page.set_viewport_size(PHONE)

    sign_in_through_api(page, live_url, owner.adresse_email, path="/dashboard/conversations")
    page.get_by_role("button", name="Ouvrir le menu").click()
    expect(page.get_by_test_id("sidebar-sheet").get_by_test_id("nav-unread-badge")).to_have_text("1")
    page.keyboard.press("Escape")
    page.get_by_test_id("conversation-row").first.click()
    messages = page.get_by_test_id("messages")
    expect(messages).to_contain_text("Bonsoir, le garba c'est combien ?")
    expect(page.get_by_test_id("contact-number")).to_have_text("+225 07 48 01 78 23")

    customer_writes(live_url, "Vous livrez à Angré ?")  # while the page is open
    expect(messages).to_contain_text("Vous livrez à Angré ?", timeout=15000)

    page.get_by_label("Votre message").fill("Oui, livraison à Angré : 1 000 F CFA.")
    page.get_by_role("button", name="Envoyer").click()
    expect(messages).to_contain_text("Oui, livraison à Angré : 1 000 F CFA.")
    expect(messages.locator("[data-sender=agent] [data-testid=message-status]")).to_have_attribute(
        "data-status", "sent", timeout=15000
    )
    assert graph.sends()[-1].body["text"]["body"] == "Oui, livraison à Angré : 1 000 F CFA."

    page.get_by_test_id("mode-switch").click()
    expect(page.get_by_test_id("mode-switch")).to_have_text("Rendre à l'IA")
    assert Conversation.objects.get(owner=owner).mode == "human"
    assert console.errors == []
