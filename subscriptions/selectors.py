"""Reads about an account's plan: the plan row, the status and permission blocks of /auth/me, this
month's conversation usage and the subscription card.

Month boundary: usage is counted per calendar month in the business time zone,
``settings.TIME_ZONE`` (Africa/Abidjan, UTC+0 all year, no daylight saving). A conversation started
at 23:59:59 on the last day of a month (Abidjan time) counts in that month; from 00:00:00 on the
1st it counts in the next one. The counter row of a month is keyed by the month's first day.
"""

from datetime import date, datetime
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone

from core.money import format_fcfa

from .models import DEFAULT_PLAN_CODE, DEFAULT_PLANS, UNLIMITED, ConversationUsage, Plan

# Statuses in which a paid plan is billed (and so has a next billing date).
BILLED_STATUSES = frozenset({"actif", "essai"})

PRICE_ON_QUOTE_LABEL = "Sur devis"


def business_timezone() -> ZoneInfo:
    return ZoneInfo(settings.TIME_ZONE)


def month_start(at: datetime | None = None) -> date:
    """The first day of the calendar month (Africa/Abidjan) that contains ``at`` (default now)."""
    at = at or timezone.now()
    if timezone.is_naive(at):
        at = timezone.make_aware(at, business_timezone())
    return timezone.localtime(at, business_timezone()).date().replace(day=1)


def next_month_start(at: datetime | None = None) -> date:
    first = month_start(at)
    return date(first.year + 1, 1, 1) if first.month == 12 else date(first.year, first.month + 1, 1)


def plan_get(code: str) -> Plan | None:
    return Plan.objects.filter(code=code).first()


def plan_for(user) -> Plan:
    """The plan row of the account's ``plan_abonnement`` code; the gratuit row when the code is unknown.

    If even the gratuit row is missing (a table emptied by hand), an unsaved gratuit plan built
    from the default catalogue is returned, so that an account is never given more than the free
    plan by accident.
    """
    plan = plan_get(getattr(user, "plan_abonnement", "") or DEFAULT_PLAN_CODE)
    if plan is None:
        plan = plan_get(DEFAULT_PLAN_CODE)
    if plan is None:
        defaults = next(row for row in DEFAULT_PLANS if row["code"] == DEFAULT_PLAN_CODE)
        plan = Plan(**defaults)
    return plan


def plan_list():
    return Plan.objects.order_by("rank", "code")


def plan_choices() -> list[tuple[str, str]]:
    """(code, name) pairs of the catalogue, for a form field choosing an account's plan."""
    return [(plan.code, plan.name) for plan in plan_list()]


def account_status(user) -> dict:
    """The ``account`` block of GET /auth/me."""
    plan = plan_for(user)
    return {
        "subscription_plan": plan.code,
        "is_fully_verified": bool(user.compte_verifie and user.otp_verified),
        "conversation_limit": plan.conversation_limit,
    }


def account_permissions(user) -> dict:
    """The ``permissions`` block of GET /auth/me, read from the plan row's flags."""
    plan = plan_for(user)
    return {
        "can_access_analytics": plan.can_access_analytics,
        "can_use_advanced_features": plan.can_use_advanced_features,
    }


def conversation_usage(user, *, at: datetime | None = None) -> int:
    """Conversations the account started in the calendar month (Africa/Abidjan) containing ``at``."""
    count = (
        ConversationUsage.objects.filter(user_id=user.pk, month=month_start(at)).values_list("count", flat=True).first()
    )
    return count or 0


def price_label(price_fcfa: int | None) -> str:
    """ "89 355 F CFA" with French digit grouping, or "Sur devis" when the price is on quote."""
    if price_fcfa is None:
        return PRICE_ON_QUOTE_LABEL
    return format_fcfa(price_fcfa)


def next_billing_date(user, plan: Plan, *, at: datetime | None = None) -> date | None:
    """Paid plans are billed per calendar month, like the usage window: the next billing date is
    the 1st of next month (Abidjan). None when nothing is billed: a free plan, a plan on quote
    (billed by contract) or a status that is not billed (inactif, suspendu, expire)."""
    if not plan.price_fcfa or user.statut_abonnement not in BILLED_STATUSES:
        return None
    return next_month_start(at)


def subscription_card(user, *, at: datetime | None = None) -> dict:
    """The profile page's subscription card (GET /subscriptions/current)."""
    plan = plan_for(user)
    used = conversation_usage(user, at=at)
    limit = plan.conversation_limit
    if limit == UNLIMITED:
        percent = None
    elif limit == 0:
        percent = 100
    else:
        percent = min(100, round(used * 100 / limit))
    status = user.statut_abonnement
    status_labels = dict(type(user).SubscriptionStatus.choices)
    billing = next_billing_date(user, plan, at=at)
    return {
        "plan": plan.code,
        "plan_name": plan.name,
        "price": plan.price_fcfa,
        "price_label": price_label(plan.price_fcfa),
        "next_billing_date": billing,
        "conversations_used": used,
        "conversation_limit": limit,
        "usage_percent": percent,
        "period_start": month_start(at),
        "usage_resets_on": next_month_start(at),
        "status": status,
        "status_label": status_labels.get(status, status),
        "can_access_analytics": plan.can_access_analytics,
        "can_use_advanced_features": plan.can_use_advanced_features,
    }


def plan_offers(user) -> list[dict]:
    """The plans page: every plan with its price and cap, which one the account is on, and whether
    it can be bought online (a price, and not the current active plan)."""
    from django.conf import settings

    current = plan_for(user)
    online = bool(settings.PLATFORM_PAYMENT_PROVIDER)
    offers = []
    for plan in plan_list():
        is_current = plan.code == current.code
        offers.append(
            {
                "code": plan.code,
                "name": plan.name,
                "price": plan.price_fcfa,
                "price_label": price_label(plan.price_fcfa),
                "conversation_limit": plan.conversation_limit,
                "can_access_analytics": plan.can_access_analytics,
                "can_access_predictions": plan.can_access_predictions,
                "can_use_advanced_features": plan.can_use_advanced_features,
                "current": is_current,
                "payable": online
                and bool(plan.price_fcfa)
                and not (is_current and user.statut_abonnement == "actif")
                and plan.rank >= current.rank,
            }
        )
    return offers
