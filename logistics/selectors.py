"""Reads for the logistics page. Each list is one query for the page plus one for its count; the
counters are one aggregate query."""

from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet
from django.shortcuts import get_object_or_404

from .models import OPEN_STATUSES, Delivery, DeliveryStatus, Driver


def delivery_list(*, user, status: str | None = None, driver_id: int | None = None) -> QuerySet[Delivery]:
    """The account's deliveries, newest first; for one driver, in the round's order (optimised
    stops first, by position)."""
    deliveries = Delivery.objects.filter(owner=user).select_related("driver")
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
    return (
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
