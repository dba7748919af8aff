"""Writes for the logistics page: schedule a delivery, move it along its statuses, assign a
driver, report a delay, and order a driver's round by nearest neighbour."""

import math
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.module_loading import import_string

from core.exceptions import ApplicationError
from core.phone import InvalidPhoneNumber, phone_to_e164

from .locations import PLACES, lagoon_side
from .models import (
    NEXT_STATUS,
    OPEN_STATUSES,
    PROGRESS,
    Delivery,
    DeliverySequence,
    DeliveryStatus,
    Driver,
    LagoonSide,
    Priority,
    Vehicle,
)

MSG_ALREADY_IN_STATUS = "La livraison {reference} est déjà « {status} »."
MSG_ALREADY_DELIVERED = "La livraison {reference} est déjà livrée : son statut ne peut plus changer."
MSG_TRANSITION = (
    "Transition impossible : une livraison « {current} » ne peut passer qu'à « {allowed} », pas à « {target} »."
)
MSG_DRIVER_REQUIRED = "Assignez un livreur avant de mettre la livraison {reference} en route."
MSG_ASSIGN_DELIVERED = "Impossible d'assigner un livreur : la livraison {reference} est déjà livrée."
MSG_DELAY_DELIVERED = "Impossible de signaler un retard : la livraison {reference} est déjà livrée."
MSG_TIME_IN_PAST = "L'heure estimée doit être dans le futur."
MSG_PHONE_INVALID = "Numéro de téléphone invalide : chiffres uniquement, avec l'indicatif (+225...)."
MSG_UNKNOWN_COMMUNE = "Commune inconnue : choisissez une commune d'Abidjan ou une ville de la liste."
MSG_DRIVER_PHONE_TAKEN = "Un livreur actif a déjà ce numéro de téléphone."
MSG_DRIVER_STILL_BUSY = (
    "{name} a encore {count} livraison(s) non livrée(s) : assignez-les à un autre livreur avant de le désactiver."
)

ROUTE_EXPLANATION = (
    "Ordre calculé par la méthode du plus proche voisin : depuis la position du livreur, on va "
    "chaque fois à la livraison non livrée la plus proche (distance à vol d'oiseau)."
)


def delivery_reference_next(*, user, year: int) -> int:
    """Take the next delivery number of the account for ``year``; call inside a transaction.

    The increment is one UPDATE ... SET last_number = last_number + 1: the row lock it takes
    serialises concurrent callers until their transaction ends, so two deliveries never get the
    same number. The first delivery of a year creates the row; if a concurrent caller created it
    first, the unique constraint fails inside a savepoint and we increment theirs.
    """
    rows = DeliverySequence.objects.filter(owner=user, year=year)
    if not rows.update(last_number=F("last_number") + 1):
        try:
            with transaction.atomic():
                DeliverySequence.objects.create(owner=user, year=year, last_number=1)
            return 1
        except IntegrityError:
            rows.update(last_number=F("last_number") + 1)
    return rows.values_list("last_number", flat=True).get()


def format_reference(year: int, number: int) -> str:
    return f"LIV-{year}-{number:03d}"


def customer_phone_e164(raw: str) -> str:
    """The customer's number as E.164, the form conversations store too (one customer, one number)."""
    try:
        return phone_to_e164(raw)
    except InvalidPhoneNumber:
        raise ApplicationError(
            MSG_PHONE_INVALID, code="validation_error", errors={"phone": [MSG_PHONE_INVALID]}
        ) from None


def place_coordinates(commune: str) -> tuple[str, float, float]:
    if commune not in PLACES:
        raise ApplicationError(MSG_UNKNOWN_COMMUNE, code="validation_error", errors={"commune": [MSG_UNKNOWN_COMMUNE]})
    return PLACES[commune]


@transaction.atomic
def delivery_schedule(
    *,
    user,
    customer_name: str,
    customer_phone: str,
    address: str,
    commune: str,
    products: list[str],
    amount: int,
    estimated_at: datetime | None = None,
    priority: str = Priority.MEDIUM,
    driver: Driver | None = None,
    latitude: float | None = None,
    longitude: float | None = None,
    created_at: datetime | None = None,
) -> Delivery:
    """Create a pending delivery (an order to deliver) with the account's next reference.

    Coordinates default to the commune's centre. ``driver`` must belong to ``user`` (the API
    resolves it with a scoped lookup). ``created_at`` exists for imports and the demo seed.
    """
    if driver is not None and driver.owner_id != user.pk:
        raise ValueError("The driver belongs to another account.")
    if estimated_at is not None and estimated_at <= timezone.now():
        raise ApplicationError(MSG_TIME_IN_PAST, code="validation_error", errors={"estimated_time": [MSG_TIME_IN_PAST]})
    customer_phone = customer_phone_e164(customer_phone)
    city, default_lat, default_lng = place_coordinates(commune)
    created_at = created_at or timezone.now()
    year = timezone.localtime(created_at).year
    number = delivery_reference_next(user=user, year=year)
    return Delivery.objects.create(
        owner=user,
        reference=format_reference(year, number),
        year=year,
        number=number,
        customer_name=customer_name,
        customer_phone=customer_phone,
        address=address,
        commune=commune,
        city=city,
        latitude=default_lat if latitude is None else latitude,
        longitude=default_lng if longitude is None else longitude,
        products=products,
        amount=amount,
        priority=priority,
        driver=driver,
        estimated_at=estimated_at,
        status=DeliveryStatus.PENDING,
        progress=PROGRESS[DeliveryStatus.PENDING],
        created_at=created_at,
    )


def _locked(delivery: Delivery) -> Delivery:
    return Delivery.objects.select_for_update(of=("self",)).select_related("driver").get(pk=delivery.pk)


@transaction.atomic
def delivery_status_change(*, delivery: Delivery, status: str) -> Delivery:
    """Move the delivery one step along pending -> preparing -> en_route -> delivered.

    Anything else (backwards, skipping a step, the same status, leaving 'delivered') is an
    ApplicationError 400 ``invalid_transition`` with a French message; going en route needs a driver.
    """
    delivery = _locked(delivery)
    target = DeliveryStatus(status)
    _check_step(delivery, target)
    delivery.status = target
    delivery.progress = PROGRESS[target]
    update_fields = ["status", "progress", "updated_at"]
    if target == DeliveryStatus.DELIVERED:
        delivery.delivered_at = timezone.now()
        delivery.route_position = None
        update_fields += ["delivered_at", "route_position"]
    delivery.save(update_fields=update_fields)
    return delivery


def _check_step(delivery: Delivery, target: DeliveryStatus) -> None:
    """The Logistique page's rule: one step forward, and a driver before going en route."""
    current = DeliveryStatus(delivery.status)
    reference = delivery.reference
    if current == DeliveryStatus.DELIVERED:
        raise ApplicationError(MSG_ALREADY_DELIVERED.format(reference=reference), code="invalid_transition")
    if target == current:
        raise ApplicationError(
            MSG_ALREADY_IN_STATUS.format(reference=reference, status=current.label), code="invalid_transition"
        )
    if NEXT_STATUS[current] != target:
        raise ApplicationError(
            MSG_TRANSITION.format(current=current.label, allowed=NEXT_STATUS[current].label, target=target.label),
            code="invalid_transition",
        )
    if target == DeliveryStatus.EN_ROUTE and delivery.driver_id is None:
        raise ApplicationError(MSG_DRIVER_REQUIRED.format(reference=reference), code="driver_required")


@transaction.atomic
def delivery_status_change_by_owner(*, delivery: Delivery, status: str, user=None) -> Delivery:
    """The Logistique page's status change. A delivery dispatched from an order is moved by its
    order (``settings.LOGISTICS_ORDER_MOVER``): the order goes through its one lifecycle service,
    which announces the step to the customer once and walks the delivery along; the order's rules
    (a mobile-money order paid before preparing) then apply too. A delivery without an order moves
    alone. Returns the delivery as stored."""
    delivery = _locked(delivery)
    target = DeliveryStatus(status)
    _check_step(delivery, target)
    if delivery.order_id and settings.LOGISTICS_ORDER_MOVER:
        import_string(settings.LOGISTICS_ORDER_MOVER)(delivery=delivery, status=target, user=user)
        return Delivery.objects.select_related("driver").get(pk=delivery.pk)
    return delivery_status_change(delivery=delivery, status=target)


@transaction.atomic
def delivery_assign_driver(*, delivery: Delivery, driver: Driver) -> Delivery:
    """Give the delivery to one of the account's drivers (replacing any previous one)."""
    delivery = _locked(delivery)
    if driver.owner_id != delivery.owner_id:
        raise ValueError("The driver belongs to another account.")
    if delivery.status == DeliveryStatus.DELIVERED:
        raise ApplicationError(MSG_ASSIGN_DELIVERED.format(reference=delivery.reference), code="invalid_transition")
    if delivery.driver_id != driver.pk:
        delivery.route_position = None
    delivery.driver = driver
    delivery.save(update_fields=["driver", "route_position", "updated_at"])
    return delivery


@transaction.atomic
def delivery_report_delay(*, delivery: Delivery, estimated_at: datetime, note: str) -> Delivery:
    """Record a delay: the new estimated time (in the future) and the reason shown to the owner."""
    delivery = _locked(delivery)
    if delivery.status == DeliveryStatus.DELIVERED:
        raise ApplicationError(MSG_DELAY_DELIVERED.format(reference=delivery.reference), code="invalid_transition")
    if estimated_at <= timezone.now():
        raise ApplicationError(MSG_TIME_IN_PAST, code="validation_error", errors={"estimated_time": [MSG_TIME_IN_PAST]})
    delivery.estimated_at = estimated_at
    delivery.delay_note = note
    delivery.delay_reported_at = timezone.now()
    delivery.save(update_fields=["estimated_at", "delay_note", "delay_reported_at", "updated_at"])
    return delivery


def distance_km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    """Great-circle (haversine) distance in kilometres."""
    radius = 6371.0
    phi1, phi2 = math.radians(lat1), math.radians(lat2)
    dphi = phi2 - phi1
    dlambda = math.radians(lng2 - lng1)
    a = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(dlambda / 2) ** 2
    return 2 * radius * math.asin(math.sqrt(a))


@dataclass
class RouteStop:
    position: int
    delivery: Delivery
    distance_km: float


def route_distance_km(stops: list[RouteStop]) -> float:
    """The round's length: the sum of its legs, from the driver's position to the last stop."""
    return round(sum(stop.distance_km for stop in stops), 2)


@transaction.atomic
def driver_route_optimize(*, driver: Driver) -> list[RouteStop]:
    """Order the driver's open deliveries by nearest neighbour from the driver's position, store
    the order (``route_position`` 1..n) and return the stops with each leg's distance."""
    remaining = list(
        Delivery.objects.select_for_update()
        .filter(owner_id=driver.owner_id, driver=driver, status__in=OPEN_STATUSES)
        .order_by("id")
    )
    here = (float(driver.latitude), float(driver.longitude))
    stops: list[RouteStop] = []
    while remaining:
        nearest = min(
            remaining,
            key=lambda d: (distance_km(*here, float(d.latitude), float(d.longitude)), d.id),
        )
        remaining.remove(nearest)
        leg = distance_km(*here, float(nearest.latitude), float(nearest.longitude))
        stops.append(RouteStop(position=len(stops) + 1, delivery=nearest, distance_km=round(leg, 2)))
        here = (float(nearest.latitude), float(nearest.longitude))
    for stop in stops:
        stop.delivery.route_position = stop.position
        stop.delivery.driver = driver
    Delivery.objects.bulk_update([stop.delivery for stop in stops], ["route_position"])
    return stops


# --- drivers ------------------------------------------------------------------------------------


def _check_phone_free(*, user, phone: str, exclude_pk: int | None = None) -> None:
    taken = Driver.objects.filter(owner=user, phone=phone, is_enabled=True).exclude(pk=exclude_pk)
    if taken.exists():
        raise ApplicationError(
            MSG_DRIVER_PHONE_TAKEN, code="validation_error", errors={"phone": [MSG_DRIVER_PHONE_TAKEN]}
        )


def driver_create(
    *, user, name: str, phone: str, commune: str, vehicle: str = Vehicle.MOTO, side: str | None = None
) -> Driver:
    """Add a driver (phone in E.164) based in ``commune``: his position starts at its centre and his
    side of the lagoon is the commune's unless given (north for a city outside Abidjan)."""
    _check_phone_free(user=user, phone=phone)
    _city, latitude, longitude = place_coordinates(commune)
    return Driver.objects.create(
        owner=user,
        name=name,
        phone=phone,
        commune=commune,
        latitude=latitude,
        longitude=longitude,
        vehicle=vehicle,
        side=side or lagoon_side(commune) or LagoonSide.NORTH,
    )


def driver_update(*, driver: Driver, **changes) -> Driver:
    """Change a driver's name, phone, vehicle, commune (his position moves to its centre) or side."""
    changes = {key: value for key, value in changes.items() if value is not None}
    if "phone" in changes:
        _check_phone_free(user=driver.owner, phone=changes["phone"], exclude_pk=driver.pk)
    if "commune" in changes and changes["commune"] != driver.commune:
        _city, changes["latitude"], changes["longitude"] = place_coordinates(changes["commune"])
        changes.setdefault("side", lagoon_side(changes["commune"]) or LagoonSide.NORTH)
    for field, value in changes.items():
        setattr(driver, field, value)
    driver.save(update_fields=list(changes))
    return driver


@transaction.atomic
def driver_deactivate(*, driver: Driver) -> Driver:
    """Take a driver off the page and the suggestions; his delivered history stays. Refused while
    he still holds a delivery that is not delivered."""
    driver = Driver.objects.select_for_update().get(pk=driver.pk)
    busy = Delivery.objects.filter(driver=driver, status__in=OPEN_STATUSES).count()
    if busy:
        raise ApplicationError(MSG_DRIVER_STILL_BUSY.format(name=driver.name, count=busy), code="driver_busy")
    driver.is_enabled = False
    driver.save(update_fields=["is_enabled"])
    return driver
