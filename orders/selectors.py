"""Reads of the orders app. The list is two queries (the page's orders, then their lines) plus one
aggregate for the counters, whatever the number of orders; the paginator reuses the counters'
figure instead of counting again."""

import math
from datetime import date, datetime, time, timedelta

from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone

from logistics.locations import PLACES, lagoon_side, point_lagoon_side
from logistics.models import Delivery, DeliveryStatus, Driver, Vehicle
from logistics.selectors import driver_live_point, drivers_with_live

from .models import FINAL_STATUSES, Order, OrderEvent, OrderLine, OrderStatus


def _day_start(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def _filtered(
    *,
    user,
    customer: str | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    q: str | None = None,
) -> QuerySet[Order]:
    """The account's orders with every filter but the status (the counters count per status)."""
    orders = Order.objects.filter(owner=user)
    if customer:
        orders = orders.filter(customer_phone=customer)
    if date_from:
        orders = orders.filter(created_at__gte=_day_start(date_from))
    if date_to:
        orders = orders.filter(created_at__lt=_day_start(date_to + timedelta(days=1)))
    if q:
        q = q.strip()
        orders = orders.filter(
            Q(reference__icontains=q) | Q(customer_name__icontains=q) | Q(customer_phone__icontains=q.replace(" ", ""))
        )
    return orders


def order_counters(*, user, **filters) -> dict[str, int]:
    """{total, confirmed, awaiting_payment, ...} under the same filters as the list, in one query."""
    return _filtered(user=user, **filters).aggregate(
        total=Count("id"),
        **{status.value: Count("id", filter=Q(status=status)) for status in OrderStatus},
    )


def order_list(*, user, status: str | None = None, **filters) -> QuerySet[Order]:
    """The account's orders, newest first, their lines prefetched (one more query per page)."""
    orders = _filtered(user=user, **filters)
    if status:
        orders = orders.filter(status=status)
    return orders.prefetch_related(Prefetch("lines", queryset=OrderLine.objects.order_by("position", "id"))).order_by(
        "-created_at", "-id"
    )


def order_new_count(*, user) -> int:
    """Orders waiting for the owner (status « Confirmée »): the sidebar's badge."""
    return Order.objects.filter(owner=user, status=OrderStatus.CONFIRMED).count()


def order_get(*, user, order_id: int) -> Order:
    """The account's order with its lines, history and delivery, or 404 (another account's order
    does not exist here)."""
    queryset = Order.objects.select_related("conversation").prefetch_related(
        Prefetch("lines", queryset=OrderLine.objects.order_by("position", "id")),
        Prefetch("events", queryset=OrderEvent.objects.select_related("user").order_by("at", "id")),
    )
    return get_object_or_404(queryset, owner=user, pk=order_id)


def order_delivery(*, order: Order) -> Delivery | None:
    return Delivery.objects.select_related("driver").filter(order=order).first()


def order_lagoon_side(order: Order) -> str | None:
    """'north' or 'south' of the Ébrié lagoon for an Abidjan address, None elsewhere or unknown."""
    for place in (order.commune, order.zone):
        if place:
            side = lagoon_side(place)
            if side:
                return side
    return None


def _order_point(order: Order) -> tuple[float, float] | None:
    if order.latitude is not None and order.longitude is not None:
        return float(order.latitude), float(order.longitude)
    for place in (order.commune, order.zone):
        if place in PLACES:
            _, lat, lng = PLACES[place]
            return lat, lng
    return None


def _distance_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance (haversine), as logistics computes routes."""
    phi1, phi2 = math.radians(a[0]), math.radians(b[0])
    dphi, dlambda = phi2 - phi1, math.radians(b[1] - a[1])
    h = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(dlambda / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def _driver_point(driver: Driver, now: datetime) -> tuple[float, float]:
    """Where the driver is: his live position when fresh (< 10 min), else his home commune's centre
    (his stored coordinates when the commune is not a known place)."""
    live = driver_live_point(driver, now=now)
    if live is not None:
        return live
    if driver.commune in PLACES:
        _, lat, lng = PLACES[driver.commune]
        return lat, lng
    return float(driver.latitude), float(driver.longitude)


def driver_candidates(*, order: Order) -> list[Driver]:
    """Drivers who may take the order, nearest first: available (no delivery en route), and either on
    the same side of the lagoon as the address or driving a car (motorbikes may not cross the bridges
    since December 2025). A moto's side is his home side, and also that of his live position when
    fresh: a moto seen on the other bank is never suggested. Distances are from his live position when
    fresh (< 10 min), his home commune otherwise. Outside Abidjan, or with no known place, every
    available driver qualifies."""
    now = timezone.now()
    en_route = Delivery.objects.filter(driver=OuterRef("pk"), status=DeliveryStatus.EN_ROUTE)
    drivers = Driver.objects.filter(owner_id=order.owner_id, is_enabled=True).exclude(Exists(en_route))
    side = order_lagoon_side(order)
    if side:
        drivers = drivers.filter(Q(side=side) | Q(vehicle=Vehicle.VOITURE))
    drivers = list(drivers_with_live(drivers.order_by("id"), now=now))
    if side:
        drivers = [
            driver
            for driver in drivers
            if driver.vehicle != Vehicle.MOTO
            or (live := driver_live_point(driver, now=now)) is None
            or point_lagoon_side(*live) in (None, side)
        ]
    point = _order_point(order)
    if point is None:
        return drivers

    def key(driver: Driver) -> tuple[float, int]:
        return _distance_km(point, _driver_point(driver, now)), driver.id

    return sorted(drivers, key=key)


def driver_suggest(*, order: Order) -> Driver | None:
    """The nearest driver who may take the order, or None (pickup orders need none)."""
    if order.is_pickup:
        return None
    candidates = driver_candidates(order=order)
    return candidates[0] if candidates else None


def driver_choices(*, order: Order) -> list[Driver]:
    """Every driver of the account for the « Assigner un livreur » list: those who may take the order
    first (nearest first, ``eligible`` True), then the others (busy, or a moto across the lagoon)."""
    candidates = [] if order.is_pickup else driver_candidates(order=order)
    chosen = {driver.pk for driver in candidates}
    others = (
        Driver.objects.filter(owner_id=order.owner_id, is_enabled=True).exclude(pk__in=chosen).order_by("name", "id")
    )
    for driver in candidates:
        driver.eligible = True
    rest = list(others)
    for driver in rest:
        driver.eligible = False
    return [*candidates, *rest]


def order_detail(*, user, order_id: int) -> Order:
    """The order for its detail sheet: lines, history, delivery, the steps it may take next, its
    side of the lagoon and the suggested driver (attached as attributes for the serializer)."""
    from .lifecycle import next_statuses

    order = order_get(user=user, order_id=order_id)
    order.delivery_info = order_delivery(order=order)
    order.next_statuses = next_statuses(order)
    order.lagoon_side = order_lagoon_side(order)
    order.driver_choices = [] if order.is_pickup or order.status in FINAL_STATUSES else driver_choices(order=order)
    eligible = [driver for driver in order.driver_choices if driver.eligible]
    order.suggested_driver = eligible[0] if eligible else None
    return order
