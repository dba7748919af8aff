"""Writes about an account's plan: changing plan or status (recorded), and consuming the monthly
conversation quota (the one place the cap is enforced)."""

from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.db.models.functions import Now

from core.exceptions import ApplicationError

from .models import UNLIMITED, ConversationUsage, Plan, PlanChange
from .selectors import month_start, plan_for, plan_get

MSG_UNKNOWN_PLAN = "Plan d'abonnement inconnu : « {code} ». Plans disponibles : {codes}."
MSG_UNKNOWN_STATUS = "Statut d'abonnement inconnu : « {status} ». Statuts possibles : {statuses}."
MSG_UNKNOWN_SOURCE = "Origine de changement inconnue : « {source} »."
MSG_PLAN_LIMIT_REACHED = (
    "Vous avez atteint la limite de {limit} conversations par mois de votre plan {plan}. "
    "Passez à un plan supérieur pour continuer."
)


def user_plan_set(*, user, plan_code: str, status: str | None = None, changed_by=None, source: str = "admin"):
    """Set an account's plan (and optionally its subscription status) and record the change.

    ``plan_code`` must be the code of a Plan row and ``status`` one of User.SubscriptionStatus
    (None keeps the current status); otherwise ApplicationError 400 with a French message.
    A PlanChange row (who, when, from plan/status, to plan/status, source) is written when the plan
    or the status actually changes; setting the same values again records nothing.

    The "from" values are read from the database (locked), not from ``user``: callers must not
    save the new values first (the user admin saves the other fields with the old plan, then calls
    this). A caller that did save them first records the change with ``plan_change_record``.
    Returns the same, updated ``user``.
    """
    User = get_user_model()
    plan_code = (plan_code or "").strip().lower()
    status = status.strip().lower() if status is not None else None
    if plan_get(plan_code) is None:
        codes = ", ".join(Plan.objects.order_by("rank", "code").values_list("code", flat=True))
        message = MSG_UNKNOWN_PLAN.format(code=plan_code, codes=codes)
        raise ApplicationError(message, code="unknown_plan", status_code=400, errors={"plan_abonnement": [message]})
    if status is not None and status not in User.SubscriptionStatus.values:
        message = MSG_UNKNOWN_STATUS.format(status=status, statuses=", ".join(User.SubscriptionStatus.values))
        raise ApplicationError(message, code="unknown_status", status_code=400, errors={"statut_abonnement": [message]})
    if source not in PlanChange.Source.values:
        raise ApplicationError(MSG_UNKNOWN_SOURCE.format(source=source), code="unknown_source", status_code=400)

    if user.pk is None:
        raise ValueError("user_plan_set needs a saved account.")

    with transaction.atomic():
        from_plan, from_status = (
            User.objects.select_for_update().values_list("plan_abonnement", "statut_abonnement").get(pk=user.pk)
        )
        to_status = status if status is not None else from_status
        user.plan_abonnement = plan_code
        user.statut_abonnement = to_status
        user.save(update_fields=["plan_abonnement", "statut_abonnement", "date_modification"])
        plan_change_record(
            user=user, from_plan=from_plan, from_status=from_status, changed_by=changed_by, source=source
        )
    return user


def plan_change_record(*, user, from_plan: str, from_status: str, changed_by=None, source: str = "admin"):
    """Record that ``user`` (saved with its new plan and status) came from ``from_plan``/``from_status``.

    Nothing is recorded when nothing changed. Returns the PlanChange row, or None.
    """
    if source not in PlanChange.Source.values:
        raise ApplicationError(MSG_UNKNOWN_SOURCE.format(source=source), code="unknown_source", status_code=400)
    if (from_plan, from_status) == (user.plan_abonnement, user.statut_abonnement):
        return None
    return PlanChange.objects.create(
        user=user,
        changed_by=changed_by if getattr(changed_by, "pk", None) else None,
        from_plan=from_plan,
        to_plan=user.plan_abonnement,
        from_status=from_status,
        to_status=user.statut_abonnement,
        source=source,
    )


def conversation_quota_consume(*, user, at: datetime | None = None) -> int:
    """Count one new conversation against the account's monthly cap; return the month's new total.

    Call it once per NEW conversation, inside the transaction that creates the conversation (a
    rollback then gives the unit back). At the cap it raises ApplicationError 403
    ``plan_limit_reached`` and counts nothing; an unlimited plan (-1) never raises.

    Concurrency: the increment is a single conditional UPDATE (``count < cap``) on the account's
    row for the month. PostgreSQL re-checks the condition after waiting for a concurrent writer's
    row lock, so N parallel calls at cap - 1 let exactly one through. The month is the calendar
    month in Africa/Abidjan that contains ``at`` (default now), see selectors.month_start.
    """
    plan = plan_for(user)
    month = month_start(at)
    with transaction.atomic():
        row = _usage_row(user=user, month=month)
        rows = ConversationUsage.objects.filter(pk=row.pk)
        if plan.conversation_limit != UNLIMITED:
            rows = rows.filter(count__lt=plan.conversation_limit)
        updated = rows.update(count=F("count") + 1, updated_at=Now())
        if not updated:
            raise ApplicationError(
                MSG_PLAN_LIMIT_REACHED.format(limit=plan.conversation_limit, plan=plan.name),
                code="plan_limit_reached",
                status_code=403,
            )
        return ConversationUsage.objects.values_list("count", flat=True).get(pk=row.pk)


def _usage_row(*, user, month) -> ConversationUsage:
    """The account's counter row for the month, created at 0 if needed (safe under races)."""
    row = ConversationUsage.objects.filter(user_id=user.pk, month=month).first()
    if row is not None:
        return row
    try:
        with transaction.atomic():
            return ConversationUsage.objects.create(user_id=user.pk, month=month, count=0)
    except IntegrityError:
        # Another request created it between our read and our insert.
        return ConversationUsage.objects.get(user_id=user.pk, month=month)
