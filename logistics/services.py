"""Writes for the logistics page: schedule a delivery, move it along its statuses, assign a
driver, report a delay, and order a driver's round by nearest neighbour."""

import logging
import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from urllib.parse import quote

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.module_loading import import_string

from core.exceptions import ApplicationError
from core.phone import InvalidPhoneNumber, phone_to_e164
from core.tokens import new_token, token_hash

from .locations import PLACES, lagoon_side
from .models import (
    NEXT_STATUS,
    OPEN_STATUSES,
    PROGRESS,
    Delivery,
    DeliverySequence,
    DeliveryStatus,
    DeliveryStep,
    Driver,
    DriverLink,
    DriverPosition,
    LagoonSide,
    Priority,
    ProblemReason,
    StepKind,
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
    # An order's customer known by WhatsApp user id alone has no number: the delivery goes without one.
    customer_phone = customer_phone_e164(customer_phone) if customer_phone else ""
    city, default_lat, default_lng = place_coordinates(commune)
    # Imports and the demo seed give ``created_at``: their drivers get no WhatsApp link.
    backdated = created_at is not None
    created_at = created_at or timezone.now()
    year = timezone.localtime(created_at).year
    number = delivery_reference_next(user=user, year=year)
    delivery = Delivery.objects.create(
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
    if driver is not None and not backdated:
        driver_link_send_on_commit(driver=driver, delivery=delivery)
    return delivery


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
    """Give the delivery to one of the account's drivers (replacing any previous one); a new driver
    receives his page's link on WhatsApp (``driver_link_send``)."""
    delivery = _locked(delivery)
    if driver.owner_id != delivery.owner_id:
        raise ValueError("The driver belongs to another account.")
    if delivery.status == DeliveryStatus.DELIVERED:
        raise ApplicationError(MSG_ASSIGN_DELIVERED.format(reference=delivery.reference), code="invalid_transition")
    changed = delivery.driver_id != driver.pk
    if changed:
        delivery.route_position = None
    delivery.driver = driver
    delivery.save(update_fields=["driver", "route_position", "updated_at"])
    if changed:
        # The new driver receives his page's link on WhatsApp once the assignment commits.
        driver_link_send_on_commit(driver=driver, delivery=delivery)
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


# --- the driver's link, positions and steps (issue 27) -----------------------------------------------

logger = logging.getLogger("flux.logistics")

# The approved template the driver's link goes in when the account has it (Meta allows only templates
# outside the 24 h window, and a driver has usually never written to the shop). Its body takes three
# parameters: the driver's first name, the delivery's reference and the link.
LINK_TEMPLATE_NAME = "livraison_livreur"
LINK_TEMPLATE_LANGUAGE = "fr"
LINK_TEXT = (
    "Bonjour {prenom}, nouvelle livraison {reference} pour {shop}. Vos livraisons du jour : {url}\n"
    "Ce lien est personnel ; il expire le {expires}."
)
SHARE_TEXT = "Bonjour {prenom}, voici vos livraisons du jour : {url}"
# A live position this recent places the driver (driver_suggest); older ones fall back to his commune.
POSITION_FRESH = timedelta(minutes=10)
# Positions older than this are deleted (tasks.positions_prune): the driver's privacy.
POSITION_KEEP = timedelta(hours=6)

MSG_STEP_NOT_YOURS = "Cette livraison ne vous est pas (ou plus) assignée : demandez à la boutique."
MSG_STEP_DELIVERED = "La livraison {reference} est déjà livrée."
MSG_STEP_REASON = "Choisissez le motif du problème."
PROBLEM_SUBJECT = "Problème de livraison {reference} : {reason}"
PROBLEM_TEXT = (
    "Bonjour {prenom},\n\n"
    "{driver} signale un problème sur la livraison {reference} ({customer}, {address}) : {reason}.\n"
    "{note}"
    "Voir la livraison : {url}\n\n"
    "— Flux IA"
)


def link_expiry(now: datetime) -> datetime:
    """The end of the next day (local time): a link sent in the morning lasts today's round and tomorrow's."""
    local = timezone.localtime(now)
    midnight = datetime.combine(local.date() + timedelta(days=2), datetime.min.time())
    return timezone.make_aware(midnight, local.tzinfo)


def driver_link_url(token: str) -> str:
    return f"{settings.FRONTEND_URL.rstrip('/')}/livreur/{token}"


def driver_link_share_url(*, driver: Driver, token: str) -> str:
    """A wa.me link opening WhatsApp on the driver's number with the message ready: works with no template."""
    text = SHARE_TEXT.format(prenom=driver.name.split()[0], url=driver_link_url(token))
    return f"https://wa.me/{driver.phone.lstrip('+')}?text={quote(text)}"


def driver_link_issue(*, driver: Driver, now: datetime | None = None) -> tuple[DriverLink, str]:
    """A new link for the driver: the token is returned once, only its SHA-256 is stored. Earlier
    links stay valid until they expire (the page he has open keeps working); revoke them all with
    ``driver_link_revoke``."""
    now = now or timezone.now()
    token = new_token()
    link = DriverLink.objects.create(
        driver=driver, token_hash=token_hash(token), created_at=now, expires_at=link_expiry(now)
    )
    return link, token


def driver_link_resolve(*, token: str, now: datetime | None = None) -> DriverLink | None:
    """The live link for ``token`` (not revoked, not expired, its driver still active), or None."""
    if not token or len(token) > 100:
        return None
    now = now or timezone.now()
    link = (
        DriverLink.objects.select_related("driver")
        .filter(token_hash=token_hash(token), revoked_at__isnull=True, expires_at__gt=now, driver__is_enabled=True)
        .first()
    )
    if link is not None and (link.last_used_at is None or now - link.last_used_at > timedelta(minutes=5)):
        DriverLink.objects.filter(pk=link.pk).update(last_used_at=now)
    return link


def driver_link_revoke(*, driver: Driver, now: datetime | None = None) -> int:
    """« Révoquer le lien »: every live link of the driver stops working at once. Returns how many."""
    now = now or timezone.now()
    return DriverLink.objects.filter(driver=driver, revoked_at__isnull=True, expires_at__gt=now).update(revoked_at=now)


def _shop_name(owner) -> str:
    from shop.models import ShopProfile

    profile = ShopProfile.objects.filter(owner=owner).only("name").first()
    return (profile.name if profile and profile.name else "") or owner.nom_entreprise or "la boutique"


def _whatsapp_sender(owner_id: int):
    """(connection, token) when the account's number can send, else None."""
    from integrations.crypto import decrypt_token
    from integrations.models import WhatsAppConnection
    from integrations.whatsapp.services import connection_usable

    connection = WhatsAppConnection.objects.filter(owner_id=owner_id).first()
    if not connection_usable(connection):
        return None
    return connection, decrypt_token(connection.token_ciphertext)


def driver_link_send(*, driver: Driver, delivery: Delivery | None = None) -> DriverLink | None:
    """Send the driver a new link on WhatsApp from the account's number: the approved template
    ``livraison_livreur`` when the account has it, else a text (which Meta delivers only inside the
    24 h window the driver opened by writing to the shop). Returns the link (``sent_via`` empty and
    ``send_error`` set when Meta refused it for good: the owner shares it from Logistique), or None
    when the account has no usable WhatsApp number. Transient errors revoke the link and raise, so
    the task retries with a fresh one."""
    from core.phone import e164_to_whatsapp_id
    from integrations.whatsapp import client

    sender = _whatsapp_sender(driver.owner_id)
    if sender is None:
        return None
    connection, access_token = sender
    link, token = driver_link_issue(driver=driver)
    url = driver_link_url(token)
    prenom = driver.name.split()[0]
    reference = delivery.reference if delivery else "du jour"
    common = {
        "phone_number_id": connection.phone_number_id,
        "token": access_token,
        "to": e164_to_whatsapp_id(driver.phone),
    }
    try:
        templates = client.templates_list(waba_id=connection.waba_id, token=access_token) if connection.waba_id else []
        template = next((t for t in templates if t["name"] == LINK_TEMPLATE_NAME), None)
        if template is not None:
            parameters = [prenom, reference, url]
            client.send_template(
                name=LINK_TEMPLATE_NAME,
                language=template.get("language") or LINK_TEMPLATE_LANGUAGE,
                components=[{"type": "body", "parameters": [{"type": "text", "text": v} for v in parameters]}],
                **common,
            )
            link.sent_via = "template"
        else:
            shop = _shop_name(driver.owner)
            expires = timezone.localtime(link.expires_at).strftime("%d/%m à %H h %M")
            text = LINK_TEXT.format(prenom=prenom, reference=reference, shop=shop, url=url, expires=expires)
            client.send_text(text=text, **common)
            link.sent_via = "text"
        link.sent_at = timezone.now()
    except client.GraphError as error:
        if not error.permanent:
            link.revoked_at = timezone.now()
            link.save(update_fields=["revoked_at"])
            raise
        logger.info("Driver link for driver %s refused by Meta (code %s)", driver.pk, error.code)
        link.send_error = f"WhatsApp a refusé l'envoi (code {error.code})."[:200]
    link.save(update_fields=["sent_via", "sent_at", "send_error"])
    return link


def driver_link_send_on_commit(*, driver: Driver, delivery: Delivery) -> None:
    """Queue the link for the driver once the assignment commits (logistics.tasks.driver_link_send)."""
    from core.tasks import enqueue_on_commit

    from .tasks import driver_link_send as task

    enqueue_on_commit(task, driver_id=driver.pk, delivery_id=delivery.pk)


def driver_position_record(
    *, driver: Driver, latitude: float, longitude: float, accuracy_m: float | None = None, now: datetime | None = None
) -> DriverPosition:
    """Store a position the driver's page posted (stamped with the server's clock) and keep it as
    the driver's last known one (Driver.latitude/longitude: the route optimisation starts there)."""
    now = now or timezone.now()
    position = DriverPosition.objects.create(
        driver=driver, latitude=latitude, longitude=longitude, accuracy_m=accuracy_m, recorded_at=now
    )
    Driver.objects.filter(pk=driver.pk).update(
        latitude=Decimal(f"{latitude:.6f}"), longitude=Decimal(f"{longitude:.6f}")
    )
    return position


def positions_prune(*, now: datetime | None = None, keep: timedelta = POSITION_KEEP) -> int:
    """Delete the positions older than ``keep`` (6 h); returns how many went."""
    now = now or timezone.now()
    deleted, _ = DriverPosition.objects.filter(recorded_at__lt=now - keep).delete()
    return deleted


def _walk_to(delivery: Delivery, target: DeliveryStatus) -> Delivery:
    """Move the delivery forward one step at a time up to ``target`` through the Logistique page's
    service: a delivery from an order moves its order (which tells the customer)."""
    order = list(DeliveryStatus)
    while order.index(DeliveryStatus(delivery.status)) < order.index(target):
        following = order[order.index(DeliveryStatus(delivery.status)) + 1]
        delivery = delivery_status_change_by_owner(delivery=delivery, status=following)
    return delivery


def _problem_alert(*, step: DeliveryStep, delivery: Delivery, driver: Driver) -> None:
    """The owner hears of a problem by e-mail when their « suivi des livraisons » switch is on."""
    from core.tasks import enqueue_on_commit, send_email
    from preferences.services import preferences_get_or_create

    owner = delivery.owner
    if not owner.adresse_email or not preferences_get_or_create(user=owner).delivery_updates:
        return
    reason = ProblemReason(step.reason).label
    text = PROBLEM_TEXT.format(
        prenom=owner.prenom or "",
        driver=driver.name,
        reference=delivery.reference,
        customer=delivery.customer_name,
        address=delivery.address,
        reason=reason,
        note=f"Note du livreur : {step.note}\n" if step.note else "",
        url=f"{settings.FRONTEND_URL.rstrip('/')}/dashboard/logistics",
    )
    subject = PROBLEM_SUBJECT.format(reference=delivery.reference, reason=reason)
    enqueue_on_commit(send_email, subject=subject, to=[owner.adresse_email], text=text)


@transaction.atomic
def delivery_step_record(
    *,
    driver: Driver,
    reference: str,
    kind: str,
    idempotency_key: str,
    reason: str = "",
    note: str = "",
    happened_at: datetime | None = None,
) -> tuple[DeliveryStep, bool]:
    """What the driver did from his page: « Récupéré » (the delivery goes en route), « Livré »
    (delivered) or « Problème » (a reason and a note; the owner is alerted). An action replayed with
    the same ``idempotency_key`` (the page's offline queue) is recorded once: returns (step, False).
    ``happened_at`` (when the driver tapped, maybe offline) is kept within the last 24 h."""
    existing = DeliveryStep.objects.filter(driver=driver, idempotency_key=idempotency_key).first()
    if existing is not None:
        return existing, False
    delivery = (
        Delivery.objects.select_for_update(of=("self",))
        .select_related("driver", "owner")
        .filter(owner_id=driver.owner_id, reference=reference, driver=driver)
        .first()
    )
    if delivery is None:
        raise ApplicationError(MSG_STEP_NOT_YOURS, code="not_found", status_code=404)
    # A replay that raced the first attempt waited on the row lock: it finds the step now.
    existing = DeliveryStep.objects.filter(driver=driver, idempotency_key=idempotency_key).first()
    if existing is not None:
        return existing, False
    now = timezone.now()
    happened_at = min(max(happened_at or now, now - timedelta(hours=24)), now)
    step_kind = StepKind(kind)
    if step_kind == StepKind.PROBLEM and not reason:
        raise ApplicationError(MSG_STEP_REASON, code="validation_error", errors={"reason": [MSG_STEP_REASON]})
    if step_kind == StepKind.PICKED_UP and delivery.status != DeliveryStatus.DELIVERED:
        delivery = _walk_to(delivery, DeliveryStatus.EN_ROUTE)
    elif step_kind == StepKind.DELIVERED:
        if delivery.status == DeliveryStatus.DELIVERED:
            raise ApplicationError(MSG_STEP_DELIVERED.format(reference=delivery.reference), code="invalid_transition")
        delivery = _walk_to(delivery, DeliveryStatus.DELIVERED)
    step = DeliveryStep.objects.create(
        delivery=delivery,
        driver=driver,
        kind=step_kind,
        reason=reason if step_kind == StepKind.PROBLEM else "",
        note=note[:500],
        idempotency_key=idempotency_key,
        happened_at=happened_at,
    )
    if step_kind == StepKind.PROBLEM:
        _problem_alert(step=step, delivery=delivery, driver=driver)
    return step, True
