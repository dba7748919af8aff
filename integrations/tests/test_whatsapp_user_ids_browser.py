"""Conversations IA in Chromium for a customer who wrote under a WhatsApp username (no number): the
page names her and says « Sans numéro », and the owner's reply goes to her business-scoped user id."""

import pytest
import requests
from playwright.sync_api import expect

from accounts.tests.factories import UserFactory
from tests.browser.dashboard_helpers import PHONE, sign_in_through_api

from . import meta
from .factories import WhatsAppConnectionFactory
from .test_whatsapp_user_ids import BSUID, delivery

pytestmark = pytest.mark.browser


def test_a_customer_without_a_number_is_shown_and_answered(page, live_url, graph, console):
    owner = UserFactory()
    WhatsAppConnectionFactory(owner=owner, phone_number_id=meta.PHONE_NUMBER_ID)
    raw, signature = meta.signed(delivery("username_only_message", text="Bonsoir, vous avez du lait ?"))
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
    expect(page.get_by_test_id("messages")).to_contain_text("Bonsoir, vous avez du lait ?", timeout=15000)
    expect(page.get_by_role("heading", name="Fatou Bamba")).to_be_visible()
    expect(page.get_by_test_id("contact-number")).to_have_text("Sans numéro")

    page.get_by_label("Votre message").fill("Oui, 1 800 F CFA la boîte.")
    page.get_by_role("button", name="Envoyer").click()
    expect(
        page.get_by_test_id("messages").locator("[data-sender=agent] [data-testid=message-status]")
    ).to_have_attribute("data-status", "sent", timeout=15000)
    sent = graph.sends()[-1].body
    assert sent["recipient"] == BSUID and "to" not in sent
    assert sent["text"]["body"] == "Oui, 1 800 F CFA la boîte."
    assert console.errors == []
