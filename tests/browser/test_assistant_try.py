"""« Tester l'assistant » in Chromium on a phone: a whole order on the owner's own shop, to the recap
and the « Confirmer » button, then the order on the Commandes page. Nothing goes to WhatsApp."""

import json
from pathlib import Path

import pytest

from accounts.tests.factories import UserFactory
from orders.models import Order
from shop.services import shop_document_replace

from .dashboard_helpers import WIDTHS, assert_no_horizontal_overflow, sign_in_through_api

pytestmark = [pytest.mark.browser]

SHOP = Path(__file__).resolve().parents[2] / "assistant" / "tests" / "data" / "dev" / "business.json"


@pytest.fixture
def owner_with_shop(live_url):
    owner = UserFactory(prenom="Koffi", nom="Yao")
    shop_document_replace(user=owner, document=json.loads(SHOP.read_text(encoding="utf-8")))
    return owner


def say(page, text: str, answers_before: int) -> str:
    """Send ``text`` and wait for the assistant's next answer; returns it."""
    page.locator("textarea[name=text]").fill(text)
    page.get_by_role("button", name="Envoyer").click()
    answers = page.locator("[data-sender=assistant]")
    for _ in range(200):
        if answers.count() > answers_before:
            break
        page.wait_for_timeout(50)
    return answers.nth(answers_before).inner_text()


def test_the_owner_orders_to_the_recap_confirms_and_finds_the_order(page, console, live_url, owner_with_shop):
    page.set_viewport_size(WIDTHS["phone"])
    sign_in_through_api(page, live_url, owner_with_shop.adresse_email, path="/dashboard/assistant")
    page.get_by_role("heading", name="Tester l'assistant", exact=True).wait_for()
    assert_no_horizontal_overflow(page)

    answer = say(page, "Bonsoir, je veux 2 huiles et 1 sac de riz 25kg", 0)
    assert "Huile" in answer
    answer = say(page, "livraison a Koumassi", 1)
    answer = say(page, "je paie par wave", 2)
    assert "Total" in answer and "Wave" in answer
    assert page.get_by_test_id("intent").count() == 3

    # The recap offers WhatsApp's reply buttons; « Confirmer » works like typing it.
    page.get_by_role("group", name="Réponses rapides").get_by_role("button", name="Confirmer").click()
    note = page.get_by_role("status").filter(has_text="enregistrée")
    note.wait_for()
    order = Order.objects.get(owner=owner_with_shop)
    assert order.reference in note.inner_text()
    assert [(line.sku, line.quantity) for line in order.lines.order_by("position")] == [("K03", 2), ("K02", 1)]
    assert order.zone == "Koumassi" and order.payment_method == "wave"
    assert_no_horizontal_overflow(page)

    page.goto(live_url + "/dashboard/orders")
    page.locator(f"[data-reference='{order.reference}']").wait_for()

    # « Recommencer » empties the conversation.
    page.goto(live_url + "/dashboard/assistant")
    say(page, "bonjour", 0)
    page.get_by_role("button", name="Recommencer").click()
    page.locator("[data-sender]").first.wait_for(state="detached")
    assert console.errors == []


def test_with_a_model_on_the_platform_the_owner_switches_it_on_and_tries_it(
    page, console, live_url, owner_with_shop, settings
):
    from assistant.tests.fake_llm import FakeLLM, text_answer

    with FakeLLM() as llm:
        settings.ASSISTANT_LLM_URL, settings.ASSISTANT_LLM_MODEL = llm.url, "fake-model"
        page.set_viewport_size(WIDTHS["phone"])
        sign_in_through_api(page, live_url, owner_with_shop.adresse_email, path="/dashboard/boutique")
        card = page.get_by_test_id("assistant-llm")
        switch = card.get_by_role("switch", name="Activer le modèle de langage")
        assert switch.get_attribute("aria-checked") == "false"
        switch.click()
        page.get_by_text("Modèle de langage activé").first.wait_for()
        assert switch.get_attribute("aria-checked") == "true"
        assert_no_horizontal_overflow(page)

        llm.script = [text_answer("Bonsoir ! L'huile végétale 1 L est à 1 400 F CFA. Combien vous en faut-il ?")]
        page.goto(f"{live_url}/dashboard/assistant")
        page.get_by_role("heading", name="Tester l'assistant", exact=True).wait_for()
        assert "Bonsoir ! L'huile végétale 1 L est à 1 400 F CFA." in say(page, "c'est combien l'huile ?", 0)

        owner_with_shop.plan_abonnement = "pro"  # the statistics page is a Pro page
        owner_with_shop.save(update_fields=["plan_abonnement"])
        page.goto(f"{live_url}/dashboard/analytics")
        usage = page.get_by_test_id("llm-usage")
        usage.wait_for()
        assert "Appels au modèle" in usage.inner_text()
