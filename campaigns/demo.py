"""The demo account's campaigns: « Promo de la semaine », sent three days ago to the customers who
ordered in the last two months (delivered, read, two refused by WhatsApp with their French reason,
a customer who replied, and the orders its customers placed after it), and « Nouvel arrivage :
bazin riche », scheduled for the day after tomorrow.

The demo account has no WhatsApp number, so Meta's template list cannot be read and nothing can
leave: the campaigns are stored with the template's text, the recipients are chosen by the same
service as a real start (``campaign_start``: the account's own subscribed customers), each send is
recorded as the conversation message a real send records, and Meta's answers (accepted, delivered,
read, failed) go through the conversations services a webhook delivery goes through. The orders
credited to the campaign are the account's own: none is made up, the statistics keep their figures.
Idempotent.
"""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from conversations.models import Conversation, Message, MessageStatus
from conversations.services import message_receive, message_sent, message_status_update

from .models import Campaign, CampaignStatus, Recipient, RecipientState
from .selectors import AudienceFilter, audience_contacts, cost_estimate
from .services import _record_message, campaign_start

PROMO_NAME = "Promo de la semaine"
ARRIVAL_NAME = "Nouvel arrivage : bazin riche"
PROMO_BODY = (
    "Bonjour {{1}} ! Cette semaine chez {{2}} : *-15 %* sur le pagne wax 6 yards, livré chez vous à Abidjan. "
    "Répondez à ce message pour commander. Répondez STOP pour ne plus recevoir nos promotions."
)
ARRIVAL_BODY = (
    "Bonjour {{1}} ! Le bazin riche est arrivé chez {{2}} : 3 m à 15 000 F CFA, plusieurs couleurs. "
    "Répondez à ce message pour réserver le vôtre. Répondez STOP pour ne plus recevoir nos promotions."
)
PARAMETERS = [{"source": "first_name", "text": ""}, {"source": "shop_name", "text": ""}]
PROMO_AUDIENCE = AudienceFilter(segment="ordered", ordered_within_days=60)
ARRIVAL_AUDIENCE = AudienceFilter(segment="ordered", zone="Cocody")
# Meta's answers for the recipients, in order, repeated: mostly read or delivered, a few only
# accepted, two refused (too many marketing messages; a number without WhatsApp).
OUTCOMES = ["read", "delivered", "read", "sent", "delivered", "read", 131049, "read", "delivered", 131026]
REPLY = "Bonsoir, la promo du pagne wax là, c'est jusqu'à quand ? Je vais passer commande."


def _campaign(*, user, name: str, body: str, audience: AudienceFilter, scheduled_at) -> Campaign:
    count = audience_contacts(user=user, audience=audience).count()
    return Campaign.objects.create(
        owner=user,
        name=name,
        audience=audience.as_dict(),
        template_name="promo_semaine" if name == PROMO_NAME else "nouvel_arrivage",
        template_language="fr",
        template_body=body,
        parameters=PARAMETERS,
        scheduled_at=scheduled_at,
        recipient_count=count,
        estimated_cost=cost_estimate(category="MARKETING", count=count),
    )


def _conversation_refresh(conversation_id: int) -> None:
    """The conversation's last message is its newest one again (the promo was sent days ago)."""
    newest = Message.objects.filter(conversation_id=conversation_id).order_by("-sent_at", "-id").first()
    if newest is not None:
        Conversation.objects.filter(pk=conversation_id).update(
            last_message_preview=newest.content[:300], last_message_at=newest.sent_at
        )


def _send_promo(campaign: Campaign, *, sent_at) -> list[Recipient]:
    """The sends as a real batch records them, then Meta's statuses, dated ``sent_at`` onwards."""
    Campaign.objects.filter(pk=campaign.pk).update(scheduled_at=sent_at)
    campaign_start(campaign_id=campaign.pk)
    campaign.refresh_from_db()
    recipients = list(Recipient.objects.filter(campaign=campaign).select_related("contact", "message").order_by("pk"))
    for index, recipient in enumerate(recipients):
        at = sent_at + timedelta(seconds=2 * index)
        message = _record_message(recipient, campaign)
        outcome = OUTCOMES[index % len(OUTCOMES)]
        wamid = f"wamid.demo-campaign-{campaign.pk}-{recipient.pk}"
        if isinstance(outcome, int):
            message_sent(message=message, wamid=wamid)
            message_status_update(wamid=wamid, status=MessageStatus.FAILED, error_code=outcome, at=at)
            Recipient.objects.filter(pk=recipient.pk).update(state=RecipientState.FAILED, error_code=outcome)
        else:
            message_sent(message=message, wamid=wamid)
            if outcome in ("delivered", "read"):
                message_status_update(wamid=wamid, status=MessageStatus.DELIVERED, at=at + timedelta(seconds=5))
            if outcome == "read":
                message_status_update(wamid=wamid, status=MessageStatus.READ, at=at + timedelta(minutes=40))
            Recipient.objects.filter(pk=recipient.pk).update(state=RecipientState.SENT, sent_at=at)
        Message.objects.filter(pk=message.pk).update(sent_at=at)
        _conversation_refresh(message.conversation_id)
    Campaign.objects.filter(pk=campaign.pk).update(
        status=CampaignStatus.SENT, started_at=sent_at, finished_at=sent_at + timedelta(seconds=2 * len(recipients))
    )
    return recipients


def _reply(*, user, recipients: list[Recipient], at) -> None:
    """A customer answers two hours after the send: one whose next order (from the account's own
    history) came after the answer, so the reply and the order are both the campaign's; else the
    first reader. No order is made up: the statistics keep their figures."""
    from orders.models import Order, OrderStatus

    reached = [r for r in recipients if r.state == RecipientState.SENT]
    ordered = Order.objects.filter(owner=user, created_at__gt=at + timedelta(minutes=30)).exclude(
        status=OrderStatus.CANCELLED
    )
    chosen = next((r for r in reached if ordered.filter(contact_id=r.contact_id).exists()), None)
    chosen = chosen or next((r for r in reached if r.message and r.message.status == MessageStatus.READ), None)
    if chosen is None:
        return
    contact = chosen.contact
    reply = message_receive(user=user, whatsapp_number=contact.whatsapp_number, name=contact.name, content=REPLY, at=at)
    _conversation_refresh(reply.conversation_id)


@transaction.atomic
def campaigns_demo_seed(*, user, now=None) -> bool:
    """The demo account's two campaigns; False when they are already there (or nobody to reach)."""
    now = now or timezone.now()
    if Campaign.objects.filter(owner=user, name=PROMO_NAME).exists():
        return False
    if not audience_contacts(user=user, audience=PROMO_AUDIENCE).exists():
        return False
    sent_at = (now - timedelta(days=3)).replace(hour=10, minute=0, second=0, microsecond=0)
    promo = _campaign(user=user, name=PROMO_NAME, body=PROMO_BODY, audience=PROMO_AUDIENCE, scheduled_at=sent_at)
    _send_promo(promo, sent_at=sent_at)
    recipients = list(Recipient.objects.filter(campaign=promo).select_related("contact", "message").order_by("pk"))
    _reply(user=user, recipients=recipients, at=sent_at + timedelta(hours=2))
    scheduled_at = (now + timedelta(days=2)).replace(hour=9, minute=0, second=0, microsecond=0)
    if audience_contacts(user=user, audience=ARRIVAL_AUDIENCE).exists():
        _campaign(user=user, name=ARRIVAL_NAME, body=ARRIVAL_BODY, audience=ARRIVAL_AUDIENCE, scheduled_at=scheduled_at)
    return True
