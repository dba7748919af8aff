from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.tests.factories import UserFactory
from campaigns import services
from campaigns.models import Campaign, FollowUp, FollowUpKind, Recipient, RecipientState
from campaigns.selectors import AudienceFilter, audience_contacts, campaign_outcome
from conversations.models import Message, MessageStatus, Sender
from conversations.tests.factories import MessageFactory
from integrations.tests import meta
from integrations.tests.factories import WhatsAppConnectionFactory
from orders.tests.factories import OrderFactory

from .factories import customer

COCODY = {"segment": "ordered", "zone": "cocody"}
PARAMS = [{"source": "first_name"}, {"source": "last_product"}]


def _create(user, audience=COCODY, **kwargs):
    return services.campaign_create(
        user=user,
        name="Promo du jour",
        audience=audience,
        template_name="promo_du_jour",
        template_language="fr",
        parameters=PARAMS,
        **kwargs,
    )


def _run(campaign):
    outcomes = []
    for batch in services.campaign_start(campaign_id=campaign.pk):
        outcomes.append(services.campaign_batch_send(campaign_id=campaign.pk, recipient_ids=batch))
    return outcomes


def test_audience_is_the_accounts_own_subscribed_ordering_customers_in_the_zone(db, pro_owner):
    awa = customer(pro_owner, name="Awa Koné", zone="Cocody")
    customer(pro_owner, name="Yao", zone="Yopougon")
    customer(pro_owner, name="Sans commande")
    stopped = customer(pro_owner, name="Stop", zone="Cocody", opted_out_at=timezone.now())
    other = UserFactory()
    customer(other, name="Client d'un autre compte", zone="Cocody")
    found = list(audience_contacts(user=pro_owner, audience=AudienceFilter.from_dict(COCODY)))
    assert found == [awa]
    assert stopped not in found
    assert audience_contacts(user=pro_owner, audience=AudienceFilter()).count() == 3


def test_campaign_reaches_each_customer_once_with_filled_variables(db, pro_owner, marketing_graph, connection):
    awa = customer(pro_owner, name="Awa Koné", zone="Cocody")
    customer(pro_owner, name="Kouassi Yao", zone="Cocody")
    other = UserFactory(plan_abonnement="pro")
    WhatsAppConnectionFactory(owner=other, phone_number_id="999")
    foreign = customer(other, name="Autre", zone="Cocody")

    campaign = _create(pro_owner)
    assert campaign.recipient_count == 2 and campaign.estimated_cost == 27  # 2 × 13.50 F CFA
    outcomes = _run(campaign)
    assert sum(o.sent for o in outcomes) == 2
    sends = marketing_graph.sends()
    assert sorted(c.body["to"] for c in sends) == sorted(
        [awa.whatsapp_number.lstrip("+"), Recipient.objects.exclude(contact=awa).get().contact.whatsapp_number[1:]]
    )
    assert foreign.whatsapp_number.lstrip("+") not in {c.body["to"] for c in sends}
    awa_send = next(c for c in sends if c.body["to"] == awa.whatsapp_number.lstrip("+"))
    values = [p["text"] for p in awa_send.body["template"]["components"][0]["parameters"]]
    assert values == ["Awa", "Garba"]
    message = Recipient.objects.get(contact=awa).message
    assert message.content == "Bonjour Awa ! Votre Garba est en promo aujourd'hui chez nous."
    assert message.status == MessageStatus.SENT and message.wamid
    campaign.refresh_from_db()
    assert campaign.status == "sent"


def test_a_retried_batch_never_sends_twice(db, pro_owner, marketing_graph, connection):
    for n in range(3):
        customer(pro_owner, name=f"Client {n}", zone="Cocody")
    campaign = _create(pro_owner)
    batches = services.campaign_start(campaign_id=campaign.pk)
    services.campaign_batch_send(campaign_id=campaign.pk, recipient_ids=batches[0])
    services.campaign_batch_send(campaign_id=campaign.pk, recipient_ids=batches[0])
    assert services.campaign_start(campaign_id=campaign.pk) == []
    assert len(marketing_graph.sends()) == 3
    assert Message.objects.filter(sender=Sender.AGENT).count() == 3


def test_a_worker_killed_mid_send_resumes_without_doubling(db, pro_owner, marketing_graph, connection):
    sent_before, died_before = customer(pro_owner, zone="Cocody"), customer(pro_owner, zone="Cocody")
    campaign = _create(pro_owner)
    batch = services.campaign_start(campaign_id=campaign.pk)[0]
    services.campaign_batch_send(campaign_id=campaign.pk, recipient_ids=batch)
    first, second = Recipient.objects.order_by("pk")
    # First: Meta has it but the worker died before the row was marked. Second: claimed, recorded, never sent.
    Recipient.objects.filter(pk=first.pk).update(
        state=RecipientState.SENDING, claimed_at=timezone.now() - timedelta(hours=1)
    )
    Message.objects.filter(pk=second.message_id).update(wamid=None, status=MessageStatus.PENDING)
    Recipient.objects.filter(pk=second.pk).update(
        state=RecipientState.SENDING, claimed_at=timezone.now() - timedelta(hours=1)
    )
    Campaign.objects.filter(pk=campaign.pk).update(status="sending", finished_at=None)  # died before finishing
    sends = len(marketing_graph.sends())
    services.campaign_batch_send(campaign_id=campaign.pk, recipient_ids=batch)
    assert len(marketing_graph.sends()) == sends + 1
    assert marketing_graph.sends()[-1].body["to"] == second.contact.whatsapp_number.lstrip("+")
    assert set(Recipient.objects.values_list("state", flat=True)) == {RecipientState.SENT}
    assert Message.objects.filter(sender=Sender.AGENT).count() == 2
    assert {sent_before, died_before} == {first.contact, second.contact}


def test_rate_limit_130429_backs_off_and_sends_later_once(db, pro_owner, marketing_graph, connection):
    for _n in range(3):
        customer(pro_owner, zone="Cocody")
    campaign = _create(pro_owner)
    batch = services.campaign_start(campaign_id=campaign.pk)[0]
    marketing_graph.script([None, (400, 130429)])
    outcome = services.campaign_batch_send(campaign_id=campaign.pk, recipient_ids=batch)
    assert outcome.sent == 1 and outcome.retry_after == 30
    waiting = Recipient.objects.filter(state=RecipientState.QUEUED)
    assert waiting.count() == 2
    assert Message.objects.filter(status=MessageStatus.FAILED).count() == 0
    outcome = services.campaign_batch_send(campaign_id=campaign.pk, recipient_ids=batch, attempt=1)
    assert outcome.sent == 2 and outcome.retry_after is None
    assert len(marketing_graph.sends()) == 4  # 3 customers + the one refused attempt
    assert Message.objects.filter(sender=Sender.AGENT).count() == 3
    assert services.campaign_batch_send(campaign_id=campaign.pk, recipient_ids=batch).sent == 0


def test_messaging_tier_holds_the_rest_back(db, pro_owner, marketing_graph, connection):
    for _n in range(3):
        customer(pro_owner, zone="Cocody")
    services.campaign_settings_update(user=pro_owner, messaging_tier=250)
    from campaigns.models import CampaignSettings

    CampaignSettings.objects.filter(owner=pro_owner).update(messaging_tier=2)
    campaign = _create(pro_owner)
    outcome = services.campaign_batch_send(
        campaign_id=campaign.pk, recipient_ids=services.campaign_start(campaign_id=campaign.pk)[0]
    )
    assert outcome.sent == 2 and outcome.retry_after == 3600
    assert Recipient.objects.filter(state=RecipientState.QUEUED).count() == 1


def test_permanent_failure_shows_metas_reason_in_french_and_statuses_arrive(
    db, pro_owner, marketing_graph, connection, api_client
):
    customer(pro_owner, name="Awa", zone="Cocody")
    refused = customer(pro_owner, name="Bintou", zone="Cocody")
    campaign = _create(pro_owner)
    marketing_graph.script([None, (400, 131026)])
    _run(campaign)
    delivered = Recipient.objects.exclude(contact=refused).get().message
    assert meta.post(api_client, meta.payload(statuses=[meta.status(delivered.wamid, "read")])).status_code == 200
    api_client.force_authenticate(pro_owner)
    rows = api_client.get(f"/api/v1/campaigns/{campaign.pk}/recipients").json()["results"]
    by_name = {r["contact_name"]: r for r in rows}
    assert by_name["Awa"]["status"] == "read" and by_name["Awa"]["status_label"] == "Lu"
    assert by_name["Bintou"]["status"] == "failed"
    assert by_name["Bintou"]["error"].startswith("Message non distribuable")
    detail = api_client.get(f"/api/v1/campaigns/{campaign.pk}").json()
    assert (detail["read_count"], detail["failed_count"]) == (1, 1)


def test_stop_between_scheduling_and_sending_leaves_the_customer_out(db, pro_owner, marketing_graph, connection):
    from campaigns.optout import optout_handle

    awa = customer(pro_owner, zone="Cocody")
    customer(pro_owner, zone="Cocody")
    campaign = _create(pro_owner, scheduled_at=timezone.now() + timedelta(hours=1))
    assert services.campaign_start(campaign_id=campaign.pk) == []  # not due yet
    optout_handle(conversation=awa.conversation, message=MessageFactory(conversation=awa.conversation, content="STOP"))
    Campaign.objects.filter(pk=campaign.pk).update(scheduled_at=timezone.now())
    assert services.campaigns_due() == [campaign.pk]
    _run(campaign)
    assert [c.body["to"] for c in marketing_graph.sends()] != [] and awa.whatsapp_number[1:] not in {
        c.body["to"] for c in marketing_graph.sends()
    }


def test_caps_free_plan_refused_and_paid_plan_capped(db, owner, pro_owner, marketing_graph, connection):
    customer(owner, zone="Cocody")
    owner.plan_abonnement = "gratuit"
    owner.save(update_fields=["plan_abonnement"])
    from core.exceptions import ApplicationError

    with pytest.raises(ApplicationError) as refused:
        _create(owner)
    assert refused.value.code == "plan_limit_reached" and "offres payantes" in refused.value.message
    owner.plan_abonnement = "starter"
    owner.save(update_fields=["plan_abonnement"])
    Campaign.objects.create(
        owner=owner,
        name="old",
        template_name="x",
        template_language="fr",
        scheduled_at=timezone.now(),
        recipient_count=1000,
    )
    with pytest.raises(ApplicationError) as capped:
        _create(owner)
    assert capped.value.message.startswith("Cette campagne dépasse le plafond de votre offre : 0 messages")


def test_api_refuses_bad_input_in_french_and_other_accounts_campaigns(
    db, pro_owner, marketing_graph, connection, api_client
):
    customer(pro_owner, zone="Cocody")
    api_client.force_authenticate(pro_owner)
    bad = api_client.post(
        "/api/v1/campaigns/",
        {"name": "x", "audience": {"segment": "tous"}, "template_name": "promo_du_jour", "template_language": "fr"},
        format="json",
    )
    assert bad.status_code == 400 and bad.json()["error"] == "validation_error"
    assert "Audience inconnue" in bad.json()["message"]
    wrong = api_client.post(
        "/api/v1/campaigns/",
        {
            "name": "x",
            "audience": COCODY,
            "template_name": "promo_du_jour",
            "template_language": "fr",
            "parameters": [],
        },
        format="json",
    )
    assert (
        wrong.status_code == 400
        and wrong.json()["message"] == "Ce modèle attend 2 variable(s) : renseignez-les toutes."
    )
    preview = api_client.post(
        "/api/v1/campaigns/preview",
        {"audience": COCODY, "template_name": "promo_du_jour", "template_language": "fr", "parameters": PARAMS},
        format="json",
    ).json()
    assert preview["count"] == 1 and preview["estimated_cost"] == 14 and preview["body"].startswith("Bonjour Awa !")
    other = UserFactory(plan_abonnement="pro")
    foreign = Campaign.objects.create(
        owner=other, name="B", template_name="x", template_language="fr", scheduled_at=timezone.now()
    )
    for path in (f"/api/v1/campaigns/{foreign.pk}", f"/api/v1/campaigns/{foreign.pk}/recipients"):
        assert api_client.get(path).status_code == 404
    assert api_client.post(f"/api/v1/campaigns/{foreign.pk}/cancel").status_code == 404
    foreign.refresh_from_db()
    assert foreign.status == "scheduled"


def test_attribution_replies_and_orders_within_7_days_last_touch(db, pro_owner, marketing_graph, connection):
    awa = customer(pro_owner, name="Awa", zone="Cocody")
    late = customer(pro_owner, name="Late", zone="Cocody")
    campaign = _create(pro_owner)
    _run(campaign)
    now = timezone.now()
    MessageFactory(conversation=awa.conversation, content="Je prends 2", sent_at=now + timedelta(hours=1))
    OrderFactory(owner=pro_owner, contact=awa, created_at=now + timedelta(days=2), total=4000)
    OrderFactory(owner=pro_owner, contact=late, created_at=now + timedelta(days=8))  # after the 7 days
    OrderFactory(owner=pro_owner, contact=awa, created_at=now + timedelta(days=3), status="cancelled")
    assert campaign_outcome(campaign=campaign) == {"replies": 1, "orders": 1, "revenue": 4000}


def test_cart_reminder_once_and_one_follow_up_a_day(db, pro_owner, graph, connection):
    from assistant.models import AssistantSession
    from campaigns.models import CampaignSettings

    awa = customer(pro_owner, name="Awa")
    AssistantSession.objects.create(
        key=f"conversation:{awa.conversation.pk}",
        state={"cart": [{"sku": "G1", "qty": 2}], "cart_at": (timezone.now() - timedelta(hours=3)).isoformat()},
    )
    assert services.cart_reminders_send() == 0  # switch off by default
    CampaignSettings.objects.create(owner=pro_owner, cart_reminder_enabled=True)
    assert services.cart_reminders_send() == 1
    assert services.cart_reminders_send() == 0
    assert graph.sends()[-1].body["text"]["body"].startswith("Bonjour Awa, votre panier vous attend toujours : 2 × G1")
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        FollowUp.objects.create(owner=pro_owner, contact=awa, kind=FollowUpKind.REORDER, day=timezone.localdate())
