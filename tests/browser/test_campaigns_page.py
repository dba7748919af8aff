"""« Campagnes » at 390 px on the real channel (the fake Graph API, signed webhook deliveries): the
owner builds an audience of ordering customers in Cocody, picks an approved template, sees the count,
the cost and the message as WhatsApp shows it, schedules the campaign; the due task sends it; Meta's
statuses arrive on the page with the French reason of a failure; a customer answers « STOP » and is
out of the next audience. The free plan is told campaigns are a paid feature, with the plans page."""

import time
from datetime import timedelta
from decimal import Decimal

import pytest
import requests
from django.core.cache import cache
from django.utils import timezone
from playwright.sync_api import expect

from accounts.tests.factories import UserFactory
from campaigns.models import Campaign, CampaignStatus, MessagePrice, Recipient
from campaigns.tasks import campaigns_start_due
from campaigns.tests.conftest import MARKETING_TEMPLATE
from campaigns.tests.factories import customer
from conversations.models import Contact
from integrations.tests import meta
from integrations.tests.conftest import graph  # noqa: F401  (the fake Graph API)
from integrations.tests.factories import WhatsAppConnectionFactory

from .dashboard_helpers import PHONE, assert_no_horizontal_overflow, sign_in_through_api

pytestmark = pytest.mark.browser

AWA = "+" + meta.CUSTOMER  # the customer whose deliveries meta.py signs


@pytest.fixture
def in_process_tasks():
    """The tasks run in the live server's process (the embedded default of ``make run``)."""
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def shop(live_url, graph):  # noqa: F811
    owner = UserFactory(prenom="Aya", nom="Koné", plan_abonnement="pro")
    connection = WhatsAppConnectionFactory(owner=owner, phone_number_id=meta.PHONE_NUMBER_ID)
    cache.delete(f"whatsapp:templates:{connection.waba_id}")
    graph.templates.insert(0, MARKETING_TEMPLATE)
    # Meta's marketing rate for Côte d'Ivoire (the data migration's row; a flushed table gets it back).
    MessagePrice.objects.update_or_create(
        country="CI", category="MARKETING", defaults={"price_usd": Decimal("0.0225"), "price_fcfa": Decimal("13.50")}
    )
    customer(owner, name="Awa Koné", zone="Cocody", whatsapp_number=AWA)
    customer(owner, name="Kouassi Yao", zone="Cocody", whatsapp_number="+2250707000002")
    customer(owner, name="Yopougon Client", zone="Yopougon", whatsapp_number="+2250707000003")
    customer(owner, name="Sans Commande", whatsapp_number="+2250707000004")  # wrote, never ordered
    other = UserFactory(plan_abonnement="pro")
    customer(other, name="Client d'un autre compte", zone="Cocody", whatsapp_number="+2250707000005")
    return owner


def signed_post(live_url: str, body: dict) -> None:
    raw, signature = meta.signed(body)
    response = requests.post(
        live_url + meta.WEBHOOK_URL,
        data=raw,
        headers={"Content-Type": "application/json", "X-Hub-Signature-256": signature},
        timeout=20,
    )
    assert response.status_code == 200, response.text


def build_cocody_audience(page) -> None:
    form = page.get_by_test_id("campaign-form")
    form.get_by_label("Clients").select_option("ordered")
    form.get_by_label("Zone ou commune").select_option("Cocody")
    form.get_by_label("Modèle approuvé par WhatsApp").select_option(label="promo_du_jour (fr)")


def test_schedule_a_cocody_campaign_watch_its_statuses_and_stop_leaves_the_audience(
    page,
    console,
    live_url,
    shop,
    graph,  # noqa: F811
    in_process_tasks,
):
    page.set_viewport_size(PHONE)
    sign_in_through_api(page, live_url, shop.adresse_email, path="/dashboard/campagnes")
    page.get_by_role("heading", name="Campagnes", exact=True).wait_for()
    expect(page.get_by_test_id("campaign-usage")).to_contain_text("0 message de campagne sur 5")

    build_cocody_audience(page)
    form = page.get_by_test_id("campaign-form")
    expect(page.get_by_test_id("audience-count")).to_have_text("2 clients")
    expect(page.get_by_test_id("audience-cost")).to_have_text("27\u00a0F CFA")  # 2 × 13,50 F CFA, rounded up
    preview = page.get_by_test_id("whatsapp-preview")
    expect(preview).to_contain_text("Bonjour Awa ! Votre")
    expect(preview).to_contain_text("est en promo aujourd'hui chez nous.")
    # {{2}} as a typed text instead of the last product: the preview follows.
    form.get_by_label("Variable {{2}}").select_option("text")
    form.get_by_label("Texte de la variable {{2}}").fill("pagne wax")
    expect(preview).to_contain_text("Bonjour Awa ! Votre pagne wax est en promo aujourd'hui chez nous.")

    form.get_by_label("Nom de la campagne").fill("Promo Cocody")
    form.get_by_label("Programmer").check()
    at = (timezone.now() + timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M")
    form.get_by_label("Date et heure d'envoi (heure d'Abidjan)").fill(at)
    form.get_by_role("button", name="Programmer la campagne").click()
    # The new campaign opens, scheduled, with « Annuler la campagne ».
    sheet = page.get_by_test_id("campaign-sheet")
    expect(sheet.get_by_role("button", name="Annuler la campagne")).to_be_visible()
    expect(sheet).to_contain_text("Programmée")
    page.keyboard.press("Escape")
    expect(sheet).to_have_count(0)

    card = page.get_by_test_id("campaign").filter(has_text="Promo Cocody")
    expect(card.get_by_test_id("campaign-status")).to_have_text("Programmée")
    campaign = Campaign.objects.get(owner=shop)
    assert campaign.status == CampaignStatus.SCHEDULED and campaign.recipient_count == 2
    assert campaign.estimated_cost == 27
    assert campaign.parameters == [{"source": "first_name", "text": ""}, {"source": "text", "text": "pagne wax"}]
    assert graph.sends() == []
    assert_no_horizontal_overflow(page)

    # Two hours later: the beat's task finds it due and sends it.
    Campaign.objects.filter(pk=campaign.pk).update(scheduled_at=timezone.now() - timedelta(seconds=5))
    assert campaigns_start_due() == 1
    sent = {r.contact.whatsapp_number: r.message for r in Recipient.objects.filter(campaign=campaign)}
    assert set(sent) == {AWA, "+2250707000002"}
    assert all(message.wamid for message in sent.values())
    assert len(graph.sends()) == 2
    assert {send.body["template"]["name"] for send in graph.sends()} == {"promo_du_jour"}

    card.get_by_role("button", name="Détails de « Promo Cocody »").click()
    awa_row = sheet.get_by_test_id("recipient").filter(has_text="Awa Koné")
    kouassi_row = sheet.get_by_test_id("recipient").filter(has_text="Kouassi Yao")
    expect(awa_row).to_have_attribute("data-status", "sent")
    expect(sheet.get_by_test_id("whatsapp-preview")).to_have_text(
        "Bonjour [prénom] ! Votre pagne wax est en promo aujourd'hui chez nous."
    )

    # Meta's statuses, through the signed webhook: Awa's delivered then read, Kouassi's refused.
    awa_wamid, kouassi_wamid = sent[AWA].wamid, sent["+2250707000002"].wamid
    signed_post(live_url, meta.payload(statuses=[meta.status(awa_wamid, "delivered")]))
    expect(awa_row).to_have_attribute("data-status", "delivered", timeout=10000)
    signed_post(
        live_url,
        meta.payload(
            statuses=[
                meta.status(awa_wamid, "read"),
                meta.status(
                    kouassi_wamid, "failed", errors=[{"code": 131049, "title": "This message was not delivered"}]
                ),
            ]
        ),
    )
    expect(awa_row).to_have_attribute("data-status", "read", timeout=10000)
    expect(awa_row).to_contain_text("Lu")
    expect(kouassi_row).to_have_attribute("data-status", "failed", timeout=10000)
    expect(kouassi_row.get_by_test_id("recipient-error")).to_have_text(
        "WhatsApp n'a pas distribué ce message promotionnel pour préserver l'expérience du client (trop de "
        "messages marketing reçus) : réessayez dans quelques jours."
    )
    expect(sheet.get_by_test_id("figure-Lus")).to_have_text("1")
    expect(sheet.get_by_test_id("figure-Échecs")).to_have_text("1")
    assert_no_horizontal_overflow(page)
    page.keyboard.press("Escape")

    # Awa answers « STOP » on WhatsApp: she is out of the next audience.
    signed_post(live_url, meta.payload(messages=[meta.message(body={"body": "STOP"})], name="Awa Koné"))
    deadline = time.monotonic() + 15
    while Contact.objects.get(owner=shop, whatsapp_number=AWA).opted_out_at is None:
        assert time.monotonic() < deadline, "the STOP was never recorded"
        time.sleep(0.1)
    expect(sheet).to_have_count(0)
    page.reload()
    build_cocody_audience(page)
    expect(page.get_by_test_id("audience-count")).to_have_text("1 client")
    expect(page.get_by_test_id("whatsapp-preview")).to_contain_text("Bonjour Kouassi !")
    expect(page.get_by_test_id("audience-cost")).to_have_text("14\u00a0F CFA")
    assert console.errors == []


def test_the_free_plan_is_told_campaigns_are_paid_with_the_plans_page(page, console, live_url, shop, graph):  # noqa: F811
    shop.plan_abonnement = "gratuit"
    shop.save(update_fields=["plan_abonnement"])
    page.set_viewport_size(PHONE)
    sign_in_through_api(page, live_url, shop.adresse_email, path="/dashboard/campagnes")
    expect(page.get_by_role("status").filter(has_text="Offre gratuite")).to_contain_text(
        "Les campagnes font partie des offres payantes"
    )
    build_cocody_audience(page)
    expect(page.get_by_test_id("audience-count")).to_have_text("2 clients")
    form = page.get_by_test_id("campaign-form")
    form.get_by_label("Nom de la campagne").fill("Promo Cocody")
    form.get_by_role("button", name="Envoyer la campagne").click()
    expect(page.get_by_test_id("campaign-error")).to_have_text(
        "Les campagnes font partie des offres payantes : passez à l'offre Starter ou Pro pour en envoyer."
    )
    assert not Campaign.objects.filter(owner=shop).exists()
    page.get_by_role("alert").get_by_role("link", name="Voir les offres").click()
    page.wait_for_url(live_url + "/dashboard/abonnement")
    expect(page.get_by_test_id("plan-starter")).to_contain_text("1\u202f000 messages de campagne / mois")
    expect(page.get_by_test_id("plan-pro")).to_contain_text("5\u202f000 messages de campagne / mois")
    expect(page.get_by_test_id("plan-entreprise")).to_contain_text("Campagnes illimitées")
    assert "campagne" not in page.get_by_test_id("plan-gratuit").inner_text().lower()
    assert console.errors == ["Failed to load resource: the server responded with a status of 403 (Forbidden)"]
