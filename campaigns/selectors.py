"""Campaign reads: the audience (always one account's own subscribed customers), prices, caps,
usage, per-recipient statuses and what each campaign brought back (replies and orders, 7 days)."""

import math
import re
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from django.db.models import Count, Exists, IntegerField, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from conversations.models import Contact, Message, Sender
from orders.models import Order, OrderLine, OrderStatus

from .models import (
    UNLIMITED,
    Campaign,
    CampaignSettings,
    CampaignStatus,
    MessagePrice,
    PlanCampaignCap,
    Recipient,
    RecipientState,
)

ATTRIBUTION_DAYS = 7
COUNTRY = "CI"
# Used when the plan has no row in the caps table (a plan row staff added later).
DEFAULT_CAPS = {"gratuit": 0, "starter": 1000, "pro": 5000, "entreprise": UNLIMITED}
PLACEHOLDER = re.compile(r"\{\{\s*(\d+)\s*\}\}")


@dataclass(frozen=True)
class AudienceFilter:
    segment: str = "all"  # "all": everyone who wrote; "ordered": customers with an order
    ordered_within_days: int | None = None
    product_sku: str = ""
    zone: str = ""
    language: str = ""
    inactive_days: int | None = None

    @classmethod
    def from_dict(cls, data: dict) -> "AudienceFilter":
        return cls(**{k: v for k, v in (data or {}).items() if k in cls.__dataclass_fields__})

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def audience_contacts(*, user, audience: AudienceFilter, at=None) -> QuerySet[Contact]:
    """The account's customers matching ``audience``: reachable (a conversation and a number or a
    WhatsApp id), never opted out, never another account's."""
    at = at or timezone.now()
    contacts = Contact.objects.filter(owner=user, opted_out_at__isnull=True, conversation__isnull=False).exclude(
        whatsapp_number="", whatsapp_user_id=""
    )
    order_filters = []
    if audience.ordered_within_days:
        order_filters.append(Q(created_at__gte=at - timedelta(days=audience.ordered_within_days)))
    if audience.zone:
        order_filters.append(Q(zone__iexact=audience.zone) | Q(commune__iexact=audience.zone))
    if audience.product_sku:
        order_filters.append(
            Exists(OrderLine.objects.filter(order_id=OuterRef("pk"), sku__iexact=audience.product_sku))
        )
    if audience.segment == "ordered" or order_filters:
        orders = Order.objects.filter(owner=user, contact_id=OuterRef("pk")).exclude(status=OrderStatus.CANCELLED)
        for condition in order_filters:
            orders = orders.filter(condition)
        contacts = contacts.filter(Exists(orders))
    if audience.language:
        contacts = contacts.filter(conversation__language=audience.language)
    if audience.inactive_days:
        since = at - timedelta(days=audience.inactive_days)
        contacts = contacts.filter(Q(conversation__last_inbound_at__lt=since) | Q(conversation__last_inbound_at=None))
    return contacts.order_by("pk")


def template_placeholders(body: str) -> int:
    """How many variables the template body has ({{1}}…{{n}})."""
    numbers = [int(n) for n in PLACEHOLDER.findall(body or "")]
    return max(numbers, default=0)


def template_render(body: str, values: list[str]) -> str:
    """The body as WhatsApp shows it, {{n}} replaced by the n-th value."""

    def fill(match):
        index = int(match.group(1)) - 1
        return values[index] if 0 <= index < len(values) else match.group(0)

    return PLACEHOLDER.sub(fill, body or "")


# Meta's rate card for Côte d'Ivoire (July 2025, « Rest of Africa », 600 F CFA per USD), as the seed migration
# writes it: the price when staff have removed the row, rather than a campaign estimated free.
DEFAULT_PRICES = {"MARKETING": Decimal("13.50"), "UTILITY": Decimal("2.40"), "AUTHENTICATION": Decimal("2.40")}


def price_per_message(*, category: str) -> Decimal:
    price = MessagePrice.objects.filter(country=COUNTRY, category=category).first()
    return price.price_fcfa if price else DEFAULT_PRICES.get(category, Decimal(0))


def cost_estimate(*, category: str, count: int) -> int:
    """F CFA, rounded up: Meta charges each delivered template message."""
    return math.ceil(price_per_message(category=category) * count)


def campaign_cap(*, user) -> int:
    """Campaign messages a month the account's plan allows (-1 unlimited)."""
    from subscriptions.selectors import plan_for

    plan = plan_for(user)
    cap = PlanCampaignCap.objects.filter(plan__code=plan.code).first()
    if cap is not None:
        return cap.monthly_messages
    return DEFAULT_CAPS.get(plan.code, 0)


def plan_campaign_caps() -> dict[str, int]:
    """Each plan's campaign messages a month, by plan code (the plan cards show them; -1 unlimited)."""
    from subscriptions.selectors import plan_list

    rows = dict(PlanCampaignCap.objects.values_list("plan__code", "monthly_messages"))
    return {plan.code: rows.get(plan.code, DEFAULT_CAPS.get(plan.code, 0)) for plan in plan_list()}


def month_start(at=None):
    local = timezone.localtime(at or timezone.now(), timezone=timezone.get_default_timezone())
    return local.replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def campaign_usage(*, user, exclude_pk: int | None = None) -> int:
    """Messages reserved by this month's campaigns (scheduled ones count: they will go)."""
    campaigns = Campaign.objects.filter(owner=user, created_at__gte=month_start()).exclude(
        status=CampaignStatus.CANCELLED
    )
    if exclude_pk:
        campaigns = campaigns.exclude(pk=exclude_pk)
    return campaigns.aggregate(total=Coalesce(Sum("recipient_count"), 0))["total"]


def campaign_settings_get(*, user) -> CampaignSettings:
    """The account's settings (unsaved defaults when never saved: switches off)."""
    return CampaignSettings.objects.filter(owner=user).first() or CampaignSettings(owner=user)


def tier_used(*, user, at=None) -> int:
    """Distinct customers this account reached with a business-initiated message in the last 24 h."""
    since = (at or timezone.now()) - timedelta(hours=24)
    return (
        Recipient.objects.filter(campaign__owner=user, sent_at__gte=since, state=RecipientState.SENT)
        .values("contact_id")
        .distinct()
        .count()
    )


def campaign_list(*, user) -> QuerySet[Campaign]:
    return Campaign.objects.filter(owner=user).annotate(**_state_counts()).order_by("-created_at", "-id")


def campaign_get(*, user, campaign_id: int) -> Campaign:
    """The account's campaign, or 404 (another account's campaign does not exist for this one)."""
    from django.shortcuts import get_object_or_404

    return get_object_or_404(campaign_list(user=user), pk=campaign_id)


def _state_counts() -> dict:
    return {
        "sent_count": Count("recipients", filter=Q(recipients__message__status__in=["sent", "delivered", "read"])),
        "delivered_count": Count("recipients", filter=Q(recipients__message__status__in=["delivered", "read"])),
        "read_count": Count("recipients", filter=Q(recipients__message__status="read")),
        "failed_count": Count(
            "recipients",
            filter=Q(recipients__state=RecipientState.FAILED) | Q(recipients__message__status="failed"),
        ),
        "queued_count": Count(
            "recipients", filter=Q(recipients__state__in=[RecipientState.QUEUED, RecipientState.SENDING])
        ),
    }


def _attributed_orders(recipient_ref: str = "") -> QuerySet[Order]:
    """Orders of the recipient's customer within 7 days after the send, not taken by a later send
    to the same customer (last touch wins), cancelled ones left out."""
    later_send = Recipient.objects.filter(
        contact_id=OuterRef(OuterRef("contact_id")),
        sent_at__gt=OuterRef(OuterRef("sent_at")),
        sent_at__lt=OuterRef("created_at"),
    )
    return (
        Order.objects.filter(
            contact_id=OuterRef("contact_id"),
            owner_id=OuterRef("campaign__owner_id"),
            created_at__gt=OuterRef("sent_at"),
            created_at__lte=OuterRef("sent_at") + timedelta(days=ATTRIBUTION_DAYS),
        )
        .exclude(status=OrderStatus.CANCELLED)
        .exclude(Exists(later_send))
    )


def recipients_with_outcome(*, campaign: Campaign) -> QuerySet[Recipient]:
    """The campaign's recipients with their message, whether they replied within 7 days, and the
    orders (count, total) attributed to the campaign."""
    replies = Message.objects.filter(
        conversation__contact_id=OuterRef("contact_id"),
        sender=Sender.USER,
        sent_at__gt=OuterRef("sent_at"),
        sent_at__lte=OuterRef("sent_at") + timedelta(days=ATTRIBUTION_DAYS),
    )
    orders = _attributed_orders().order_by().values("contact_id")
    return (
        Recipient.objects.filter(campaign=campaign)
        .select_related("contact", "message")
        .annotate(
            replied=Exists(replies),
            orders=Coalesce(
                Subquery(orders.annotate(n=Count("pk")).values("n"), output_field=IntegerField()), Value(0)
            ),
            revenue=Coalesce(
                Subquery(orders.annotate(s=Sum("total")).values("s"), output_field=IntegerField()), Value(0)
            ),
        )
        .order_by("pk")
    )


def campaign_outcome(*, campaign: Campaign) -> dict:
    """Conversations (customers who replied) and orders attributed to the campaign, 7 days after each send."""
    replies = orders = revenue = 0
    rows = recipients_with_outcome(campaign=campaign).filter(sent_at__isnull=False)
    for replied, count, total in rows.values_list("replied", "orders", "revenue"):
        replies += bool(replied)
        orders += count
        revenue += total
    return {"replies": replies, "orders": orders, "revenue": revenue}


def audience_zones(*, user) -> list[str]:
    """Zones to pick from: the shop's delivery zones and the zones and communes of past orders."""
    from shop.models import DeliveryZone

    names = set(DeliveryZone.objects.filter(shop__owner=user).values_list("name", flat=True))
    for zone, commune in Order.objects.filter(owner=user).values_list("zone", "commune").distinct()[:500]:
        names.update(n for n in (zone, commune) if n and n != "pickup")
    return sorted(names, key=str.casefold)
