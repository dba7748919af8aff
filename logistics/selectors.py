"""Reads for the logistics page. Each list is one query for the page plus one for its count (and one
for the deliveries' driver steps); the counters are one aggregate query."""

from datetime import datetime

from django.db.models import Case, Count, Exists, F, OuterRef, Prefetch, Q, QuerySet, Subquery, When
from django.shortcuts import get_object_or_404
from django.utils import timezone

from .models import (
    OPEN_STATUSES,
    Delivery,
    DeliveryStatus,
    DeliveryStep,
    Driver,
    DriverLink,
    DriverPosition,
    StepKind,
)


def delivery_list(*, user, status: str | None = None, driver_id: int | None = None) -> QuerySet[Delivery]:
    """The account's deliveries, newest first; for one driver, in the round's order (optimised
    stops first, by position)."""
    steps = Prefetch("steps", queryset=DeliveryStep.objects.order_by("happened_at", "id"))
    deliveries = Delivery.objects.filter(owner=user).select_related("driver").prefetch_related(steps)
    if status:
        deliveries = deliveries.filter(status=status)
    if driver_id is not None:
        # Optimised stops first on every database (SQLite sorts NULLs first, PostgreSQL last).
        return deliveries.filter(driver_id=driver_id).order_by(
            F("route_position").asc(nulls_last=True), "-created_at", "-id"
        )
    return deliveries.order_by("-created_at", "-id")


def delivery_counters(*, user) -> dict[str, int]:
    """{total, pending, preparing, en_route, delivered} in one query."""
    return Delivery.objects.filter(owner=user).aggregate(
        total=Count("id"),
        **{status.value: Count("id", filter=Q(status=status)) for status in DeliveryStatus},
    )


def delivery_get(*, user, reference: str) -> Delivery:
    """The account's delivery by reference, or 404 (another account's does not exist here)."""
    return get_object_or_404(Delivery.objects.select_related("driver"), owner=user, reference=reference)


def _drivers(user) -> QuerySet[Driver]:
    en_route = Delivery.objects.filter(driver=OuterRef("pk"), status=DeliveryStatus.EN_ROUTE)
    return Driver.objects.filter(owner=user, is_enabled=True).annotate(is_active=Exists(en_route))


def driver_list(*, user) -> QuerySet[Driver]:
    """Drivers with their derived status and delivery counts, in one query."""
    return drivers_with_live(
        _drivers(user)
        .annotate(
            delivered_count=Count("deliveries", filter=Q(deliveries__status=DeliveryStatus.DELIVERED)),
            open_count=Count("deliveries", filter=Q(deliveries__status__in=OPEN_STATUSES)),
        )
        .order_by("name", "id")
    )


def driver_counters(*, user) -> dict[str, int]:
    """{total, active, available} in one query."""
    counts = _drivers(user).aggregate(total=Count("id"), active=Count("id", filter=Q(is_active=True)))
    counts["available"] = counts["total"] - counts["active"]
    return counts


def driver_get(*, user, driver_id: int) -> Driver:
    """The account's driver (with status and counts), or 404."""
    return get_object_or_404(driver_list(user=user), pk=driver_id)


def driver_last_position(*, driver) -> DriverPosition | None:
    """The driver's latest posted position (one indexed query), or None when he never posted one
    (or the ones he posted were pruned)."""
    return DriverPosition.objects.filter(driver=driver).order_by("-recorded_at", "-id").first()


def driver_day_deliveries(*, driver, now: datetime | None = None) -> list[Delivery]:
    """The driver's page: his open deliveries in the round's order (optimised stops first), then
    those he delivered today. Each carries ``is_paid`` (its order was paid by mobile money: nothing
    to collect) and ``last_problem`` (his latest « Problème » step, or None). Three queries."""
    from payments.models import Payment, PaymentStatus

    now = now or timezone.now()
    day_start = timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)
    paid = Payment.objects.filter(order_id=OuterRef("order_id"), status=PaymentStatus.SUCCEEDED)
    deliveries = list(
        Delivery.objects.filter(owner_id=driver.owner_id, driver=driver)
        .filter(Q(status__in=OPEN_STATUSES) | Q(status=DeliveryStatus.DELIVERED, delivered_at__gte=day_start))
        .annotate(is_paid=Exists(paid), open_rank=Case(When(status=DeliveryStatus.DELIVERED, then=1), default=0))
        .order_by("open_rank", F("route_position").asc(nulls_last=True), "created_at", "id")
        .prefetch_related(Prefetch("steps", queryset=DeliveryStep.objects.order_by("happened_at", "id")))
    )
    for delivery in deliveries:
        problems = [step for step in delivery.steps.all() if step.kind == StepKind.PROBLEM]
        delivery.last_problem = problems[-1] if problems else None
    return deliveries


def _latest_position(field: str):
    return Subquery(
        DriverPosition.objects.filter(driver=OuterRef("pk")).order_by("-recorded_at", "-id").values(field)[:1]
    )


def _live_link(field: str, now: datetime):
    return Subquery(
        DriverLink.objects.filter(driver=OuterRef("pk"), revoked_at__isnull=True, expires_at__gt=now)
        .order_by("-created_at", "-id")
        .values(field)[:1]
    )


def drivers_with_live(drivers: QuerySet[Driver], *, now: datetime | None = None) -> QuerySet[Driver]:
    """Annotate each driver with his last posted position (``live_latitude``, ``live_longitude``,
    ``live_accuracy_m``, ``live_recorded_at``) and his newest live link (``link_expires_at``,
    ``link_sent_via``, ``link_sent_at``, ``link_send_error``), as subqueries of the same query."""
    now = now or timezone.now()
    return drivers.annotate(
        live_latitude=_latest_position("latitude"),
        live_longitude=_latest_position("longitude"),
        live_accuracy_m=_latest_position("accuracy_m"),
        live_recorded_at=_latest_position("recorded_at"),
        link_expires_at=_live_link("expires_at", now),
        link_sent_via=_live_link("sent_via", now),
        link_sent_at=_live_link("sent_at", now),
        link_send_error=_live_link("send_error", now),
    )


def driver_live_point(driver: Driver, *, now: datetime | None = None) -> tuple[float, float] | None:
    """The driver's fresh live position (posted less than 10 min ago) from ``drivers_with_live``'s
    annotations, or None (never posted, or too old: callers use his home commune)."""
    from .services import POSITION_FRESH

    recorded_at = getattr(driver, "live_recorded_at", None)
    if recorded_at is None or recorded_at < (now or timezone.now()) - POSITION_FRESH:
        return None
    return driver.live_latitude, driver.live_longitude
