"""Campaign writes: create (or schedule), start, send one batch, cancel; the account's settings;
the automatic follow-ups.

Exactly once per recipient. A recipient row (unique per campaign and customer) is claimed by one
conditional UPDATE (queued → sending); its conversation message is recorded (status ``pending``,
kind template) and linked to the row before the Graph call; Meta's wamid is stored as soon as it
answers. A batch that runs again skips every row that is sent or failed and sends a claimed row
again only if its message has no wamid and its claim is stale (the worker died): the one window left
is the integrations app's (Meta accepted, the worker died before the wamid was stored).

Rate limits. Meta's 130429 (throughput) and 131056 (pair rate) answers put the row back in the queue
with its message kept, and the batch is retried later with a growing delay. The account's messaging
tier (distinct customers reached in 24 h) is honoured before each send: what exceeds it waits.
"""

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from conversations.core import send_template, send_text
from conversations.models import (
    Contact,
    Conversation,
    ConversationStatus,
    Message,
    MessageKind,
    MessageStatus,
    Sender,
)
from conversations.services import message_failed, message_sent
from conversations.transport import Outgoing, OutgoingKind, Transport, TransportError, transport_for
from core.exceptions import ApplicationError
from core.tasks import enqueue_on_commit

from .models import (
    UNLIMITED,
    Campaign,
    CampaignSettings,
    CampaignStatus,
    FollowUp,
    FollowUpKind,
    Recipient,
    RecipientState,
)
from .selectors import (
    AudienceFilter,
    audience_contacts,
    campaign_cap,
    campaign_settings_get,
    campaign_usage,
    cost_estimate,
    template_placeholders,
    template_render,
    tier_used,
)

logger = logging.getLogger("flux.campaigns")

BATCH_SIZE = 100
STALE_CLAIM = timedelta(minutes=5)
RATE_LIMIT_CODES = frozenset({130429, 131056})
OPTED_OUT_CODE = 131050  # the customer stopped the business's marketing messages in WhatsApp
ERROR_NOT_CONNECTED = -1

MSG_NOT_IN_PLAN = "Les campagnes font partie des offres payantes : passez à l'offre Starter ou Pro pour en envoyer."
MSG_CAP_REACHED = (
    "Cette campagne dépasse le plafond de votre offre : {remaining} messages de campagne restants ce mois-ci "
    "sur {cap}. Réduisez l'audience ou changez d'offre."
)
MSG_EMPTY_AUDIENCE = "Aucun client ne correspond à cette audience."
MSG_TEMPLATE_UNKNOWN = "Ce modèle n'est pas (ou plus) approuvé par WhatsApp : choisissez-en un dans la liste."
MSG_PARAMETERS_COUNT = "Ce modèle attend {expected} variable(s) : renseignez-les toutes."
MSG_TEXT_REQUIRED = "Renseignez le texte de la variable {index}."
MSG_SCHEDULE_PAST = "La date d'envoi est passée : choisissez une date à venir, ou envoyez maintenant."
MSG_NOT_CANCELLABLE = "Seule une campagne programmée qui n'est pas encore partie peut être annulée."
MSG_REORDER_TEMPLATE = "Choisissez le modèle approuvé du rappel avant d'activer les rappels aux clients habituels."

PARAMETER_SOURCES = ("first_name", "last_product", "shop_name", "text")


# --- Template variables -----------------------------------------------------------------------


def _first_name(contact: Contact, english: bool) -> str:
    name = (contact.name or "").strip()
    if not name or name[0] in "+0123456789":
        return "there" if english else "cher client"
    return name.split()[0][:60]


def _last_product(contact: Contact, english: bool) -> str:
    from orders.models import OrderLine

    line = OrderLine.objects.filter(order__contact=contact).order_by("-order__created_at", "-id").first()
    if line is not None:
        return line.name[:60]
    return "our products" if english else "nos produits"


def _shop_name(user) -> str:
    from shop.models import ShopProfile

    profile = ShopProfile.objects.filter(owner=user).first()
    return (profile.name if profile and profile.name else "") or "notre boutique"


def parameters_fill(*, parameters: list[dict], contact: Contact, user, language: str = "fr") -> list[str]:
    """The template's {{1}}… for one customer."""
    english = language.startswith("en")
    values = []
    for parameter in parameters:
        source = parameter.get("source")
        if source == "first_name":
            values.append(_first_name(contact, english))
        elif source == "last_product":
            values.append(_last_product(contact, english))
        elif source == "shop_name":
            values.append(_shop_name(user))
        else:
            values.append((parameter.get("text") or "").strip())
    return values


def _template_find(*, user, name: str, language: str) -> dict:
    from integrations.services import whatsapp_templates_list

    for template in whatsapp_templates_list(user=user):
        if template["name"] == name and template["language"] == language:
            return template
    raise ApplicationError(
        MSG_TEMPLATE_UNKNOWN, code="validation_error", errors={"template_name": [MSG_TEMPLATE_UNKNOWN]}
    )


def _parameters_check(*, template: dict, parameters: list[dict]) -> None:
    expected = template_placeholders(template.get("body", ""))
    if len(parameters) != expected:
        message = MSG_PARAMETERS_COUNT.format(expected=expected)
        raise ApplicationError(message, code="validation_error", errors={"parameters": [message]})
    for index, parameter in enumerate(parameters, start=1):
        if parameter.get("source") == "text" and not (parameter.get("text") or "").strip():
            message = MSG_TEXT_REQUIRED.format(index=index)
            errors = {f"parameters[{index - 1}].text": [message]}
            raise ApplicationError(message, code="validation_error", errors=errors)


@dataclass(frozen=True)
class Preview:
    count: int
    price_per_message: str
    estimated_cost: int
    category: str
    body: str
    example_name: str
    cap: int
    used: int


def campaign_preview(*, user, audience: dict, template_name: str, template_language: str, parameters: list) -> Preview:
    """The count, the cost and the message as an example customer would see it (nothing is written)."""
    from .selectors import price_per_message

    template = _template_find(user=user, name=template_name, language=template_language)
    contacts = audience_contacts(user=user, audience=AudienceFilter.from_dict(audience))
    count = contacts.count()
    example = contacts.select_related("conversation").first()
    if example is not None:
        values = parameters_fill(parameters=parameters, contact=example, user=user, language=template_language)
    else:
        values = parameters_fill(
            parameters=parameters, contact=Contact(name="Awa"), user=user, language=template_language
        )
    category = template.get("category") or "MARKETING"
    return Preview(
        count=count,
        price_per_message=str(price_per_message(category=category)),
        estimated_cost=cost_estimate(category=category, count=count),
        category=category,
        body=template_render(template.get("body", ""), values),
        example_name=example.name if example is not None else "Awa",
        cap=campaign_cap(user=user),
        used=campaign_usage(user=user),
    )


def _cap_check(*, user, count: int, exclude_pk: int | None = None) -> None:
    cap = campaign_cap(user=user)
    if cap == UNLIMITED:
        return
    if cap == 0:
        raise ApplicationError(MSG_NOT_IN_PLAN, code="plan_limit_reached", status_code=403)
    remaining = max(0, cap - campaign_usage(user=user, exclude_pk=exclude_pk))
    if count > remaining:
        raise ApplicationError(
            MSG_CAP_REACHED.format(remaining=remaining, cap=cap), code="plan_limit_reached", status_code=403
        )


@transaction.atomic
def campaign_create(
    *,
    user,
    name: str,
    audience: dict,
    template_name: str,
    template_language: str,
    parameters: list[dict],
    scheduled_at=None,
) -> Campaign:
    """A campaign sent now (``scheduled_at`` None) or at ``scheduled_at``. The audience's size is
    reserved against the plan's monthly cap; the recipients themselves are chosen when it starts
    (a customer who says « STOP » in between is left out)."""
    now = timezone.now()
    if scheduled_at is not None and scheduled_at < now - timedelta(minutes=1):
        raise ApplicationError(MSG_SCHEDULE_PAST, code="validation_error", errors={"scheduled_at": [MSG_SCHEDULE_PAST]})
    template = _template_find(user=user, name=template_name, language=template_language)
    _parameters_check(template=template, parameters=parameters)
    audience_filter = AudienceFilter.from_dict(audience)
    count = audience_contacts(user=user, audience=audience_filter).count()
    if count == 0:
        raise ApplicationError(MSG_EMPTY_AUDIENCE, code="empty_audience")
    # One campaign creation at a time per account, so two tabs cannot both take the last of the cap.
    type(user).objects.select_for_update().filter(pk=user.pk).first()
    _cap_check(user=user, count=count)
    category = template.get("category") or "MARKETING"
    campaign = Campaign.objects.create(
        owner=user,
        name=name.strip(),
        audience=audience_filter.as_dict(),
        template_name=template_name,
        template_language=template_language,
        template_category=category,
        template_body=template.get("body", ""),
        parameters=parameters,
        scheduled_at=scheduled_at or now,
        recipient_count=count,
        estimated_cost=cost_estimate(category=category, count=count),
    )
    if scheduled_at is None or scheduled_at <= now:
        from .tasks import campaign_start as campaign_start_task

        enqueue_on_commit(campaign_start_task, campaign_id=campaign.pk)
    return campaign


@transaction.atomic
def campaign_cancel(*, campaign: Campaign) -> Campaign:
    changed = Campaign.objects.filter(pk=campaign.pk, status=CampaignStatus.SCHEDULED).update(
        status=CampaignStatus.CANCELLED, finished_at=timezone.now()
    )
    if not changed:
        raise ApplicationError(MSG_NOT_CANCELLABLE, code="campaign_not_cancellable", status_code=409)
    campaign.refresh_from_db()
    return campaign


def campaign_start(*, campaign_id: int) -> list[list[int]]:
    """Choose the recipients of a due campaign (once) and return its batches of recipient ids.

    Runs again safely: a campaign already started returns the batches still to send."""
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().filter(pk=campaign_id).first()
        if campaign is None or campaign.status not in (CampaignStatus.SCHEDULED, CampaignStatus.SENDING):
            return []
        if campaign.status == CampaignStatus.SCHEDULED:
            if campaign.scheduled_at > timezone.now():
                return []
            user = campaign.owner
            contacts = audience_contacts(user=user, audience=AudienceFilter.from_dict(campaign.audience))
            # Never more than was reserved plus what the cap has left now.
            cap = campaign_cap(user=user)
            if cap != UNLIMITED:
                allowed = max(0, cap - campaign_usage(user=user, exclude_pk=campaign.pk))
                contacts = contacts[:allowed]
            Recipient.objects.bulk_create(
                [Recipient(campaign=campaign, contact_id=pk) for pk in contacts.values_list("pk", flat=True)],
                ignore_conflicts=True,
                batch_size=1000,
            )
            count = Recipient.objects.filter(campaign=campaign).count()
            Campaign.objects.filter(pk=campaign.pk).update(
                status=CampaignStatus.SENDING,
                started_at=timezone.now(),
                recipient_count=count,
                estimated_cost=cost_estimate(category=campaign.template_category, count=count),
            )
    ids = list(
        Recipient.objects.filter(campaign_id=campaign_id, state__in=[RecipientState.QUEUED, RecipientState.SENDING])
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    batches = [ids[i : i + BATCH_SIZE] for i in range(0, len(ids), BATCH_SIZE)]
    if not batches:
        campaign_finish_if_done(campaign_id=campaign_id)
    return batches


def campaigns_due(*, at=None) -> list[int]:
    return list(
        Campaign.objects.filter(status=CampaignStatus.SCHEDULED, scheduled_at__lte=at or timezone.now())
        .order_by("scheduled_at", "pk")
        .values_list("pk", flat=True)
    )


def campaign_finish_if_done(*, campaign_id: int) -> bool:
    waiting = Recipient.objects.filter(
        campaign_id=campaign_id, state__in=[RecipientState.QUEUED, RecipientState.SENDING]
    ).exists()
    if waiting:
        return False
    return bool(
        Campaign.objects.filter(pk=campaign_id, status=CampaignStatus.SENDING).update(
            status=CampaignStatus.SENT, finished_at=timezone.now()
        )
    )


@dataclass
class BatchOutcome:
    sent: int = 0
    failed: int = 0
    skipped: int = 0
    retry_after: int | None = None  # seconds: the batch must run again (rate limit, tier, Meta down)


def _claim(recipient_id: int, now) -> bool:
    stale = now - STALE_CLAIM
    return bool(
        Recipient.objects.filter(pk=recipient_id)
        .filter(Q(state=RecipientState.QUEUED) | Q(state=RecipientState.SENDING, claimed_at__lt=stale))
        .update(state=RecipientState.SENDING, claimed_at=now)
    )


def _release(recipient_id: int) -> None:
    Recipient.objects.filter(pk=recipient_id, state=RecipientState.SENDING).update(
        state=RecipientState.QUEUED, claimed_at=None
    )


def _record_message(recipient: Recipient, campaign: Campaign) -> Message:
    """The conversation message this recipient becomes, recorded once (linked to the row)."""
    if recipient.message_id:
        return recipient.message
    contact = recipient.contact
    conversation = Conversation.objects.get(contact=contact)
    values = parameters_fill(
        parameters=campaign.parameters, contact=contact, user=campaign.owner, language=campaign.template_language
    )
    content = template_render(campaign.template_body, values).strip() or f"[Modèle « {campaign.template_name} »]"
    now = timezone.now()
    with transaction.atomic():
        message = Message.objects.create(
            conversation=conversation,
            sender=Sender.AGENT,
            content=content,
            sent_at=now,
            status=MessageStatus.PENDING,
            kind=MessageKind.TEMPLATE,
            buttons=[{"template": campaign.template_name, "language": campaign.template_language}],
        )
        Conversation.objects.filter(pk=conversation.pk).update(
            last_message_preview=content[:300],
            last_message_at=now,
            status=ConversationStatus.DELIVERED,
        )
        Recipient.objects.filter(pk=recipient.pk).update(values=values, message=message)
    recipient.values, recipient.message = values, message
    return message


def _send_one(recipient: Recipient, campaign: Campaign, *, transport: Transport) -> str:
    """'sent', 'failed', 'skipped' or 'retry' for one claimed recipient."""
    message = _record_message(recipient, campaign)
    if message.wamid or message.status != MessageStatus.PENDING:
        # Meta already has it (a run that died after storing the wamid) or refused it for good.
        state = RecipientState.SENT if message.wamid else RecipientState.FAILED
        Recipient.objects.filter(pk=recipient.pk).update(state=state)
        if message.wamid:
            Recipient.objects.filter(pk=recipient.pk, sent_at__isnull=True).update(sent_at=message.status_at)
        return "sent" if message.wamid else "failed"
    outgoing = Outgoing(
        kind=OutgoingKind.TEMPLATE,
        template=campaign.template_name,
        language=campaign.template_language,
        parameters=tuple(recipient.values or ()),
    )
    try:
        wamid = transport.send(outgoing, contact=recipient.contact)
    except TransportError as error:
        if error.code in RATE_LIMIT_CODES or not error.permanent:
            logger.info("Campaign %s: recipient %s postponed (code %s)", campaign.pk, recipient.pk, error.code)
            _release(recipient.pk)
            return "retry"
        message_failed(message=message, error_code=error.code, error_title=error.title)
        Recipient.objects.filter(pk=recipient.pk).update(state=RecipientState.FAILED, error_code=error.code)
        if error.code == OPTED_OUT_CODE:
            Contact.objects.filter(pk=recipient.contact_id, opted_out_at__isnull=True).update(
                opted_out_at=timezone.now()
            )
        return "failed"  # a refused token (190) marked the connection as it passed through the transport
    message_sent(message=message, wamid=wamid)
    Recipient.objects.filter(pk=recipient.pk).update(state=RecipientState.SENT, sent_at=timezone.now())
    return "sent"


def _fail_all(campaign: Campaign, recipient_ids: list[int], title: str) -> int:
    """No usable connection: the rows still waiting fail (their message too), with the French reason."""
    failed = 0
    for recipient in Recipient.objects.filter(
        pk__in=recipient_ids, state__in=[RecipientState.QUEUED, RecipientState.SENDING]
    ).select_related("message"):
        if recipient.message_id and not recipient.message.wamid:
            message_failed(message=recipient.message, error_code=ERROR_NOT_CONNECTED, error_title=title)
        Recipient.objects.filter(pk=recipient.pk).update(state=RecipientState.FAILED, error_code=ERROR_NOT_CONNECTED)
        failed += 1
    return failed


def _backoff(attempt: int) -> int:
    return min(900, 30 * 2 ** min(attempt, 5))


def campaign_batch_send(*, campaign_id: int, recipient_ids: list[int], attempt: int = 0) -> BatchOutcome:
    """Send one batch of a started campaign. Safe to run again, concurrently or after a crash."""
    outcome = BatchOutcome()
    campaign = Campaign.objects.select_related("owner").filter(pk=campaign_id).first()
    if campaign is None or campaign.status != CampaignStatus.SENDING:
        return outcome
    transport = transport_for(owner_id=campaign.owner_id)
    if transport is None or not transport.usable():
        outcome.failed = _fail_all(campaign, recipient_ids, "WhatsApp is not connected")
        campaign_finish_if_done(campaign_id=campaign_id)
        return outcome
    tier = campaign_settings_get(user=campaign.owner).messaging_tier
    recipients = (
        Recipient.objects.filter(pk__in=recipient_ids, campaign=campaign, contact__owner_id=campaign.owner_id)
        .select_related("contact", "message")
        .order_by("pk")
    )
    used = tier_used(user=campaign.owner) if tier != UNLIMITED else 0
    for recipient in recipients:
        if recipient.state in (RecipientState.SENT, RecipientState.FAILED, RecipientState.SKIPPED):
            continue
        if tier != UNLIMITED and used >= tier:
            outcome.retry_after = 3600
            logger.info("Campaign %s: messaging tier %s reached, the rest waits", campaign.pk, tier)
            break
        if recipient.contact.opted_out_at is not None:
            Recipient.objects.filter(pk=recipient.pk, state=RecipientState.QUEUED).update(state=RecipientState.SKIPPED)
            outcome.skipped += 1
            continue
        now = timezone.now()
        if not _claim(recipient.pk, now):
            continue  # another run holds it, or it is done
        result = _send_one(recipient, campaign, transport=transport)
        if result == "retry":
            outcome.retry_after = _backoff(attempt)
            break
        setattr(outcome, result, getattr(outcome, result) + 1)
        used += result == "sent"
    if outcome.retry_after is None:
        campaign_finish_if_done(campaign_id=campaign_id)
    return outcome


# --- Settings -----------------------------------------------------------------------------------


@transaction.atomic
def campaign_settings_update(*, user, **fields) -> CampaignSettings:
    settings_row, _ = CampaignSettings.objects.select_for_update().get_or_create(owner=user)
    for name, value in fields.items():
        setattr(settings_row, name, value)
    if settings_row.reorder_enabled and not settings_row.reorder_template_name:
        raise ApplicationError(
            MSG_REORDER_TEMPLATE, code="validation_error", errors={"reorder_template_name": [MSG_REORDER_TEMPLATE]}
        )
    if fields.get("reorder_template_name"):
        _template_find(
            user=user, name=settings_row.reorder_template_name, language=settings_row.reorder_template_language
        )
    settings_row.save()
    return settings_row


# --- Follow-ups ---------------------------------------------------------------------------------

CART_IDLE = timedelta(hours=2)
CART_REMINDER_FR = (
    "Bonjour {name}, votre panier vous attend toujours : {items}. Répondez « oui » pour confirmer la commande, "
    "ou dites-nous ce que vous voulez changer."
)
CART_REMINDER_EN = (
    "Hello {name}, your basket is still waiting: {items}. Reply “yes” to confirm the order, or tell us what "
    "you would like to change."
)


def _today():
    return timezone.localdate()


def _follow_up_claim(*, user, contact: Contact, kind: str) -> FollowUp | None:
    """Today's follow-up row for the customer (one per day whatever its kind); None when the day's
    follow-up is taken by another kind or already sent."""
    try:
        with transaction.atomic():
            return FollowUp.objects.create(owner=user, contact=contact, kind=kind, day=_today())
    except IntegrityError:
        row = FollowUp.objects.filter(contact=contact, day=_today()).first()
        if row is not None and row.kind == kind and row.message_id is None:
            return row  # a run that failed before sending: try again (the message is reused)
        return None


def _cart_text(session_state: dict, *, contact: Contact, english: bool) -> str:
    from catalog.models import Product

    lines = [line for line in session_state.get("cart") or [] if line.get("sku")]
    names = dict(
        Product.objects.filter(owner_id=contact.owner_id, sku__in=[line["sku"] for line in lines]).values_list(
            "sku", "name"
        )
    )
    items = ", ".join(f"{line.get('qty') or 1} × {names.get(line['sku'], line['sku'])}" for line in lines)
    template = CART_REMINDER_EN if english else CART_REMINDER_FR
    return template.format(name=_first_name(contact, english), items=items)


def cart_reminders_send(*, at=None) -> int:
    """One reminder for each cart left unconfirmed for 2 h, while WhatsApp's 24 h window is open.

    The assistant's session is read, never written. A cart gets at most one reminder (none after a
    reminder sent since it was filled) and a customer at most one follow-up a day."""
    from datetime import datetime

    from assistant.models import AssistantSession
    from conversations.services import conversation_window_open

    at = at or timezone.now()
    owners = list(CampaignSettings.objects.filter(cart_reminder_enabled=True).values_list("owner_id", flat=True))
    if not owners:
        return 0
    conversations = Conversation.objects.filter(
        owner_id__in=owners,
        last_inbound_at__gte=at - timedelta(hours=24),
        contact__opted_out_at__isnull=True,
    ).select_related("contact", "owner")
    sent = 0
    for conversation in conversations:
        session = AssistantSession.objects.filter(key=f"conversation:{conversation.pk}").first()
        state = session.state if session else {}
        if not state.get("cart") or not state.get("cart_at"):
            continue
        try:
            cart_at = datetime.fromisoformat(state["cart_at"])
        except (TypeError, ValueError):
            continue
        if timezone.is_naive(cart_at):
            cart_at = timezone.make_aware(cart_at, timezone.get_default_timezone())
        if at - cart_at < CART_IDLE or not conversation_window_open(conversation, at=at):
            continue
        contact = conversation.contact
        if FollowUp.objects.filter(
            contact=contact, kind=FollowUpKind.CART_REMINDER, created_at__gte=cart_at, message__isnull=False
        ).exists():
            continue
        row = _follow_up_claim(user=conversation.owner, contact=contact, kind=FollowUpKind.CART_REMINDER)
        if row is None:
            continue
        text = _cart_text(state, contact=contact, english=conversation.language == "en")
        message = send_text(contact=contact, text=text)
        if message is not None:
            FollowUp.objects.filter(pk=row.pk).update(message=message)
            sent += 1
    return sent


REORDER_MIN_ORDERS = 3
REORDER_MAX_GAP_DAYS = 9  # "weekly": the median gap between their orders is at most this


def _weekly_reorderers(*, user, at, after_days: int) -> list[Contact]:
    from statistics import median

    from orders.models import Order, OrderStatus

    orders = (
        Order.objects.filter(owner=user, contact__isnull=False, contact__opted_out_at__isnull=True)
        .exclude(status=OrderStatus.CANCELLED)
        .order_by("contact_id", "created_at")
        .values_list("contact_id", "created_at")
    )
    by_contact: dict[int, list] = {}
    for contact_id, created_at in orders:
        by_contact.setdefault(contact_id, []).append(created_at)
    due = []
    for contact_id, dates in by_contact.items():
        if len(dates) < REORDER_MIN_ORDERS:
            continue
        gaps = [(b - a).total_seconds() / 86400 for a, b in zip(dates, dates[1:], strict=False)]
        if median(gaps) > REORDER_MAX_GAP_DAYS or at - dates[-1] < timedelta(days=after_days):
            continue
        if FollowUp.objects.filter(
            contact_id=contact_id, kind=FollowUpKind.REORDER, created_at__gte=dates[-1], message__isnull=False
        ).exists():
            continue  # one reminder per lapse: the next one after a new order
        due.append(contact_id)
    return list(Contact.objects.filter(pk__in=due, owner=user, conversation__isnull=False))


def reorder_reminders_send(*, at=None) -> int:
    """One approved template to each weekly customer who has not re-ordered for N days."""
    at = at or timezone.now()
    sent = 0
    for settings_row in CampaignSettings.objects.filter(reorder_enabled=True).exclude(reorder_template_name=""):
        user = settings_row.owner
        body = ""
        try:
            body = _template_find(
                user=user, name=settings_row.reorder_template_name, language=settings_row.reorder_template_language
            ).get("body", "")
        except ApplicationError:
            logger.warning("Reorder template of account %s unavailable: reminders wait", user.pk)
            continue
        parameters = [{"source": "first_name"}, {"source": "last_product"}][: template_placeholders(body)]
        for contact in _weekly_reorderers(user=user, at=at, after_days=settings_row.reorder_after_days):
            row = _follow_up_claim(user=user, contact=contact, kind=FollowUpKind.REORDER)
            if row is None:
                continue
            language = settings_row.reorder_template_language
            values = parameters_fill(parameters=parameters, contact=contact, user=user, language=language)
            message = send_template(
                contact=contact,
                name=settings_row.reorder_template_name,
                language=language,
                parameters=values,
                content=template_render(body, values) or f"[Modèle « {settings_row.reorder_template_name} »]",
            )
            if message is not None:
                FollowUp.objects.filter(pk=row.pk).update(message=message)
                sent += 1
    return sent
