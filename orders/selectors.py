"""Reads of the orders app. The list is two queries (the page's orders, then their lines) plus one
aggregate for the counters, whatever the number of orders; the paginator reuses the counters'
figure instead of counting again."""

import math
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone

from assistant.engine.entities import extractor_for
from assistant.engine.text import fold, normalise
from assistant.selectors import knowledge_for
from core.exceptions import ApplicationError
from logistics.locations import PLACES, lagoon_side, point_lagoon_side
from logistics.models import Delivery, DeliveryStatus, Driver, Vehicle
from logistics.selectors import driver_live_point, drivers_with_live
from shop.selectors import shop_knowledge

from .models import FINAL_STATUSES, PICKUP, Order, OrderEvent, OrderLine, OrderStatus

MSG_ZONE_UNKNOWN = (
    "« {place} » n'est dans aucune de vos zones de livraison ({zones}). Choisissez une de ces zones ou le retrait "
    "en boutique, ou ajoutez ce lieu à une zone dans « Ma boutique »."
)
MSG_NO_ZONES = (
    "Vous n'avez encore aucune zone de livraison : ajoutez vos zones et leurs frais dans « Ma boutique », "
    "ou choisissez le retrait en boutique."
)
MSG_ZONE_NOT_SERVED = (
    "Vous ne livrez pas la zone {zone} (non desservie dans « Ma boutique ») : choisissez le retrait en boutique "
    "ou une zone desservie."
)
MSG_ZONE_AMBIGUOUS = "« {place} » correspond à plusieurs de vos zones ({zones}) : choisissez-en une."
MSG_ZONE_REQUIRED = "Indiquez la zone de livraison, ou « pickup » pour un retrait en boutique."


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


# --- delivery fee of an order the owner enters ----------------------------------------------------


@dataclass(frozen=True)
class DeliveryQuote:
    """What the server charges to deliver to a place: the account's zone that serves it (or pickup)."""

    zone: str  # the zone's name, or PICKUP
    fee: int
    commune: str  # a place logistics knows (logistics.locations.PLACES), "" when none is known
    eta_minutes: tuple[int, int] | None
    min_order: int


def _zone_error(message: str, code: str) -> ApplicationError:
    return ApplicationError(message, code=code, errors={"zone": [message]})


def _place_name(text: str) -> str:
    """The logistics place a text names exactly (accents and case aside), or ""."""
    folded = fold(text).strip()
    return next((name for name in PLACES if fold(name) == folded), "")


def order_delivery_zones(*, user) -> dict:
    """The delivery choices of an owner's order form: the account's served zones with the fee the
    server will charge (the assistant's compiled knowledge of the shop, so the same data it sells
    with), and whether the shop offers pickup."""
    knowledge = knowledge_for(shop_knowledge(user=user))
    return {"pickup_available": knowledge.pickup_available, "zones": knowledge.served_zones()}


def order_delivery_quote(*, user, place: str) -> DeliveryQuote:
    """The zone and fee for ``place`` (a zone's name, a commune or a neighbourhood, as the owner
    types it), from the account's own delivery zones only and with the assistant's own matching:
    a zone's exact name first, then the words of its name and areas, variants and misspellings
    included (« yop », « Angré 7e tranche »). ``pickup`` costs nothing.

    A place outside every zone, in a zone the shop does not serve, or in two zones at once is a
    400 whose French message says what the owner can do (``errors.zone``).
    """
    place = (place or "").strip()
    if not place:
        raise _zone_error(MSG_ZONE_REQUIRED, "validation_error")
    if fold(place) == PICKUP:
        return DeliveryQuote(zone=PICKUP, fee=0, commune="", eta_minutes=None, min_order=0)
    knowledge = knowledge_for(shop_knowledge(user=user))
    zone = next((zone for name, zone in knowledge.zones.items() if fold(name).strip() == fold(place)), None)
    if zone is None:
        found = extractor_for(knowledge).extract(normalise(place)).zones
        names = [name for name in found if name != PICKUP and name in knowledge.zones]
        if len(names) > 1:
            message = MSG_ZONE_AMBIGUOUS.format(place=place, zones=", ".join(names))
            raise _zone_error(message, "delivery_zone_ambiguous")
        zone = knowledge.zones[names[0]] if names else None
    if zone is None:
        served = [zone.name for zone in knowledge.served_zones()]
        if not served:
            raise _zone_error(MSG_NO_ZONES, "delivery_zone_unknown")
        raise _zone_error(MSG_ZONE_UNKNOWN.format(place=place, zones=", ".join(served)), "delivery_zone_unknown")
    if not zone.served:
        raise _zone_error(MSG_ZONE_NOT_SERVED.format(zone=zone.name), "delivery_zone_not_served")
    return DeliveryQuote(
        zone=zone.name,
        fee=int(zone.fee or 0),
        commune=_place_name(place) or _place_name(zone.name),
        eta_minutes=tuple(zone.eta) if zone.eta else None,
        min_order=zone.min_order,
    )
