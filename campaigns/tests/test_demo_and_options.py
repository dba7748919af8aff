"""The demo account's campaigns (campaigns.demo) and the plan caps the « Abonnement » cards read."""

from campaigns.demo import ARRIVAL_NAME, PROMO_NAME, campaigns_demo_seed
from campaigns.models import Campaign, CampaignStatus, PlanCampaignCap, Recipient
from campaigns.selectors import campaign_list, campaign_outcome
from catalog.tests.factories import ProductFactory
from conversations.models import Message, Sender
from orders.models import Order
from orders.tests.factories import OrderFactory
from subscriptions.models import Plan

from .factories import customer


def _demo_shop(owner):
    ProductFactory(owner=owner, sku="AK01", name="Pagne wax 6 yards", price=12000)
    names = ["Aminata Koné", "Kouadio Yao", "Adjoua N'Guessan", "Sékou Traoré", "Fatoumata Diallo"]
    zones = ["Cocody", "Yopougon", "Cocody", "Marcory", "Treichville"]
    contacts = [
        customer(owner, name=name, zone=zone, ordered_days_ago=20) for name, zone in zip(names, zones, strict=True)
    ]
    customer(owner, name="Sans commande")  # wrote, never ordered: not in the promo's audience
    return contacts


def test_the_demo_gets_a_sent_promo_with_mixed_statuses_a_reply_and_an_order_and_a_scheduled_one(db, pro_owner):
    contacts = _demo_shop(pro_owner)
    # Kouadio ordered today, after the promo (sent three days ago): he is the one who answers.
    kouadio = contacts[1]
    OrderFactory(
        owner=pro_owner,
        contact=kouadio,
        conversation=kouadio.conversation,
        subtotal=23000,
        delivery_fee=1000,
        total=24000,
        zone="Yopougon",
        commune="Yopougon",
    )

    assert campaigns_demo_seed(user=pro_owner) is True

    promo = campaign_list(user=pro_owner).get(name=PROMO_NAME)
    assert promo.status == CampaignStatus.SENT
    assert promo.recipient_count == 5 and promo.estimated_cost == 68  # 5 × 13,50 F CFA, rounded up
    assert set(Recipient.objects.filter(campaign=promo).values_list("contact_id", flat=True)) == {
        c.pk for c in contacts
    }
    statuses = sorted(Recipient.objects.filter(campaign=promo).values_list("message__status", flat=True))
    assert statuses == ["delivered", "delivered", "read", "read", "sent"]
    assert (promo.sent_count, promo.delivered_count, promo.read_count, promo.failed_count) == (5, 4, 2, 0)
    outcome = campaign_outcome(campaign=promo)
    assert outcome == {"replies": 1, "orders": 1, "revenue": 24000}
    reply = Message.objects.get(sender=Sender.USER, content__startswith="Bonsoir, la promo")
    assert reply.conversation.contact == kouadio
    assert reply.sent_at > Recipient.objects.get(campaign=promo, contact=kouadio).sent_at
    assert Order.objects.filter(owner=pro_owner).count() == 6  # no order made up
    # The promo text is in each conversation as the message a real send records.
    promo_message = Recipient.objects.get(campaign=promo, contact=contacts[1]).message
    assert promo_message.kind == "template"
    assert promo_message.content.startswith("Bonjour Kouadio ! Cette semaine chez")

    arrival = Campaign.objects.get(owner=pro_owner, name=ARRIVAL_NAME)
    assert arrival.status == CampaignStatus.SCHEDULED and arrival.recipient_count == 2  # the Cocody customers
    assert not arrival.recipients.exists()

    # Run again: nothing is added.
    assert campaigns_demo_seed(user=pro_owner) is False
    assert Campaign.objects.filter(owner=pro_owner).count() == 2
    assert Recipient.objects.filter(campaign__owner=pro_owner).count() == 5


def test_the_demo_promo_shows_meta_refusals_with_their_french_reason(db, pro_owner):
    ProductFactory(owner=pro_owner, sku="AK01", price=12000)
    for index in range(10):
        customer(pro_owner, name=f"Client {index}", zone="Cocody", ordered_days_ago=5)

    campaigns_demo_seed(user=pro_owner)

    promo = Campaign.objects.get(owner=pro_owner, name=PROMO_NAME)
    failed = Recipient.objects.filter(campaign=promo, state="failed").order_by("pk")
    assert list(failed.values_list("error_code", flat=True)) == [131049, 131026]
    assert [r.message.status for r in failed] == ["failed", "failed"]


def test_the_demo_without_customers_gets_no_campaign(db, pro_owner):
    assert campaigns_demo_seed(user=pro_owner) is False
    assert not Campaign.objects.filter(owner=pro_owner).exists()


def test_options_give_each_plans_campaign_cap_for_the_plan_cards(db, owner, owner_api):
    answer = owner_api.get("/api/v1/campaigns/options")
    assert answer.status_code == 200
    assert answer.json()["cap"] == 0
    assert answer.json()["plan_caps"] == {"gratuit": 0, "starter": 1000, "pro": 5000, "entreprise": -1}
    # No number connected: the page says so without asking Meta for templates (no 409 on every visit).
    assert answer.json()["whatsapp_connected"] is False

    # Staff raise starter's cap in the admin: the cards follow.
    PlanCampaignCap.objects.update_or_create(plan=Plan.objects.get(code="starter"), defaults={"monthly_messages": 2000})
    assert owner_api.get("/api/v1/campaigns/options").json()["plan_caps"]["starter"] == 2000
