"""Writes of the orders app: create an order (from the assistant's confirmed draft or by the owner),
move it along its lifecycle, cancel it, and dispatch it to a driver.

Every status change goes through ``order_transition``: it locks the order row
(``select_for_update``), checks the move against ``orders.lifecycle`` and records the step in the
history, so two concurrent changes can never skip a step. Customer-relevant steps are announced
on WhatsApp through ``orders.notifications.order_notify_customer``.
"""

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from django.apps import apps
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from core.exceptions import ApplicationError
from core.money import format_fcfa
from core.phone import InvalidPhoneNumber, phone_to_e164
from core.tasks import enqueue_on_commit
from logistics.locations import PLACES
from logistics.models import Delivery, DeliveryStatus, Driver, Priority, Vehicle
from logistics.services import delivery_assign_driver, delivery_schedule, delivery_status_change

from .lifecycle import check_move
from .models import (
    FINAL_STATUSES,
    PICKUP,
    Actor,
    Order,
    OrderEvent,
    OrderLine,
    OrderSequence,
    OrderSource,
    OrderStatus,
    PaymentMethod,
)
from .notifications import order_notify_customer
from .selectors import order_delivery_quote, order_lagoon_side

S = OrderStatus

# The customer of an order confirmed in the owner's « Tester l'assistant » panel.
TRY_CUSTOMER_NAME = "Client test (Tester l'assistant)"
MSG_DRIVER_REQUIRED = "Assignez un livreur avant de mettre la commande {reference} en route."
MSG_CANCEL_REASON = "Indiquez le motif de l'annulation."
MSG_TOTALS = "Les montants de la commande ne concordent pas : {detail}."
MSG_NO_LINES = "Une commande doit contenir au moins un produit."
MSG_QUANTITY = "La quantité de chaque produit doit être d'au moins 1."
MSG_UNKNOWN_PRODUCT = "Produit inconnu dans votre catalogue : {sku}."
MSG_LINE_INCOMPLETE = "Indiquez le nom et le prix unitaire de chaque produit (ou un code produit du catalogue)."
MSG_PAYMENT_METHOD = "Moyen de paiement inconnu : {code}."
MSG_PHONE = "Numéro de téléphone invalide."
MSG_FEE_MISMATCH = (
    "Les frais de livraison de la zone {zone} sont de {fee} : ils viennent de vos zones de livraison "
    "(« Ma boutique »), modifiez la zone pour les changer."
)
MSG_FEE_PICKUP = "Un retrait en boutique n'a pas de frais de livraison."
MSG_ASSIGN_PICKUP = "La commande {reference} est à retirer en boutique : aucun livreur n'est nécessaire."
MSG_ASSIGN_FINAL = "Impossible d'assigner un livreur : la commande {reference} est « {status} »."
MSG_ASSIGN_UNKNOWN_PLACE = (
    "Impossible de planifier la livraison : la commune de la commande {reference} est inconnue. "
    "Indiquez une commune d'Abidjan ou une ville de la liste."
)
MSG_MOTO_CROSSING = (
    "{driver} circule à moto et ne peut pas traverser les ponts de la lagune : "
    "choisissez un livreur de la même rive ou en voiture."
)

# Customer-relevant steps (the list, plus « Prête » which tells a pickup customer to come).
NOTIFIED_STATUSES = frozenset({S.CONFIRMED, S.PAID, S.OUT_FOR_DELIVERY, S.DELIVERED, S.READY, S.CANCELLED})
# Logistics' statuses a delivery walks through, one step at a time, to follow its order.
DELIVERY_FOLLOWS = {
    S.PREPARING: DeliveryStatus.PREPARING,
    S.OUT_FOR_DELIVERY: DeliveryStatus.EN_ROUTE,
    S.DELIVERED: DeliveryStatus.DELIVERED,
}
DELIVERY_STEPS = [DeliveryStatus.PENDING, DeliveryStatus.PREPARING, DeliveryStatus.EN_ROUTE, DeliveryStatus.DELIVERED]


@dataclass(frozen=True)
class LineInput:
    sku: str
    name: str
    unit_price: int
    quantity: int


# --- references ------------------------------------------------------------------------------------


def order_reference_next(*, user, year: int) -> int:
    """Take the account's next order number for ``year``; call inside a transaction.

    One ``UPDATE ... SET last_number = last_number + 1`` takes the row lock, which serialises
    concurrent callers until their transaction ends. The first order of a year creates the row; if
    a concurrent caller created it first, the unique constraint fails inside a savepoint and we
    increment theirs.
    """
    rows = OrderSequence.objects.filter(owner=user, year=year)
    if not rows.update(last_number=F("last_number") + 1):
        try:
            with transaction.atomic():
                OrderSequence.objects.create(owner=user, year=year, last_number=1)
            return 1
        except IntegrityError:
            rows.update(last_number=F("last_number") + 1)
    return rows.values_list("last_number", flat=True).get()


def format_reference(year: int, number: int) -> str:
    return f"CMD-{year}-{number:05d}"


# --- creation ---------------------------------------------------------------------------------------


def _check_lines(lines: list[LineInput]) -> None:
    if not lines:
        raise ApplicationError(MSG_NO_LINES, code="validation_error", errors={"items": [MSG_NO_LINES]})
    if any(line.quantity < 1 for line in lines):
        raise ApplicationError(MSG_QUANTITY, code="validation_error", errors={"items": [MSG_QUANTITY]})


def _check_payment(code: str) -> None:
    if code not in PaymentMethod.values:
        message = MSG_PAYMENT_METHOD.format(code=code)
        raise ApplicationError(message, code="validation_error", errors={"payment_method": [message]})


def _e164(raw: str) -> str:
    try:
        return phone_to_e164(raw)
    except InvalidPhoneNumber:
        raise ApplicationError(MSG_PHONE, code="validation_error", errors={"customer_phone": [MSG_PHONE]}) from None


def _create(
    *,
    user,
    lines: list[LineInput],
    zone: str,
    delivery_fee: int,
    payment_method: str,
    source: str,
    actor: str,
    customer_name: str,
    customer_phone: str,
    contact=None,
    conversation=None,
    address: str = "",
    commune: str = "",
    latitude: float | None = None,
    longitude: float | None = None,
    eta_minutes: int | None = None,
    idempotency_key: str = "",
    created_at: datetime | None = None,
    note: str = "",
    notify: bool = True,
) -> Order:
    """Store the order, its lines and its first history step; the caller holds the transaction."""
    _check_lines(lines)
    _check_payment(payment_method)
    if not commune and zone in PLACES:
        commune = zone  # the shop's zones are usually named after the commune they serve
    created_at = created_at or timezone.now()
    year = timezone.localtime(created_at).year
    number = order_reference_next(user=user, year=year)
    subtotal = sum(line.unit_price * line.quantity for line in lines)
    order = Order.objects.create(
        owner=user,
        reference=format_reference(year, number),
        year=year,
        number=number,
        contact=contact,
        conversation=conversation,
        customer_name=customer_name[:120],
        customer_phone=customer_phone,
        zone=zone,
        address=address,
        commune=commune,
        latitude=latitude,
        longitude=longitude,
        subtotal=subtotal,
        delivery_fee=delivery_fee,
        total=subtotal + delivery_fee,
        payment_method=payment_method,
        status=S.CONFIRMED,
        source=source,
        eta_minutes=eta_minutes,
        idempotency_key=idempotency_key,
        created_at=created_at,
    )
    OrderLine.objects.bulk_create(
        OrderLine(
            order=order,
            position=position,
            sku=line.sku,
            name=line.name,
            unit_price=line.unit_price,
            quantity=line.quantity,
            line_total=line.unit_price * line.quantity,
        )
        for position, line in enumerate(lines)
    )
    event = OrderEvent.objects.create(
        order=order,
        from_status="",
        to_status=S.CONFIRMED,
        actor=actor,
        user=user if actor == Actor.OWNER else None,
        note=note,
    )
    _stock_follow(order=order, lines=lines, taken=True)
    if notify:
        order_notify_customer(order=order, event=event)
    return order


def _stock_follow(*, order: Order, lines: Iterable, taken: bool) -> None:
    """Keep the catalogue's tracked stock with the order, inside the caller's transaction: a
    confirmed order takes its quantities, a cancelled one gives them back. The analytics' restock
    check runs after the commit (it alerts the owner once when a product will run out soon)."""
    from analytics.tasks import restock_check
    from catalog.services import product_stock_return, product_stock_take

    quantities: dict[str, int] = {}
    for line in lines:
        if line.sku:
            quantities[line.sku] = quantities.get(line.sku, 0) + int(line.quantity)
    move = product_stock_take if taken else product_stock_return
    if move(user=order.owner, quantities=quantities):
        enqueue_on_commit(restock_check, account_id=order.owner_id)


def _field(obj, name: str, default=None):
    """Read ``name`` from a dataclass-like draft or from a mapping."""
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _eta_upper_bound(eta) -> int | None:
    """The shop document gives ETAs as ranges ([30, 45]); the order keeps the promise's upper bound."""
    if isinstance(eta, (tuple, list)):
        return max((int(value) for value in eta if value is not None), default=None)
    return int(eta) if eta is not None else None


def _draft_lines(draft) -> list[LineInput]:
    lines = []
    for raw in _field(draft, "lines") or []:
        if isinstance(raw, (tuple, list)):
            sku, name, unit_price, quantity = raw
        else:
            sku, name = _field(raw, "sku", ""), _field(raw, "name", "")
            unit_price, quantity = _field(raw, "unit_price"), _field(raw, "quantity")
        lines.append(LineInput(sku=str(sku or ""), name=str(name), unit_price=int(unit_price), quantity=int(quantity)))
    return lines


def draft_idempotency_key(*, conversation, draft) -> str:
    """The key that makes one confirmed draft one order.

    The assistant should give the draft a ``key`` (e.g. the wamid of the customer's confirming
    message). Without one, the key hashes the draft's content with the conversation and the day in
    Abidjan: a retried task finds its order, and the same basket ordered again tomorrow is a new one.
    """
    scope = conversation.pk if conversation is not None else "try"
    explicit = _field(draft, "key") or _field(draft, "idempotency_key")
    if explicit:
        return f"draft:{scope}:{explicit}"[:100]
    content = {
        "lines": [[line.sku, line.name, line.unit_price, line.quantity] for line in _draft_lines(draft)],
        "zone": _field(draft, "zone"),
        "subtotal": _field(draft, "subtotal"),
        "delivery_fee": _field(draft, "delivery_fee"),
        "total": _field(draft, "total"),
        "payment": _field(draft, "payment_method") or _field(draft, "payment"),
        "day": timezone.localdate().isoformat(),
    }
    digest = hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
    return f"draft:{scope}:{digest[:64]}"


def _check_totals(*, lines: list[LineInput], subtotal: int, delivery_fee: int, total: int) -> None:
    computed = sum(line.unit_price * line.quantity for line in lines)
    problems = []
    if computed != subtotal:
        problems.append(f"la somme des lignes fait {computed}, le sous-total annoncé {subtotal}")
    if subtotal + delivery_fee != total:
        problems.append(f"sous-total + frais font {subtotal + delivery_fee}, le total annoncé {total}")
    if delivery_fee < 0:
        problems.append("les frais de livraison sont négatifs")
    if problems:
        raise ApplicationError(MSG_TOTALS.format(detail=" ; ".join(problems)), code="order_totals_mismatch")


def order_create_from_draft(
    *, user, conversation, draft, notify: bool = True, customer_name: str = TRY_CUSTOMER_NAME
) -> Order:
    """Turn the assistant's confirmed ``OrderDraft`` into an order, once.

    ``draft`` has ``lines`` ([(sku, name, unit_price, quantity)] or objects/mappings with those
    names), ``zone`` (a zone name or "pickup"), ``subtotal``, ``delivery_fee``, ``total``,
    ``payment_method`` (or ``payment``, a code), ``eta_minutes``, and optionally ``key``,
    ``address``, ``commune``, ``lat``/``lng``. The arithmetic is verified (ApplicationError
    ``order_totals_mismatch`` otherwise). Calling again with the same draft for the same
    conversation returns the existing order: a retried Celery task never doubles an order.
    """
    if conversation is not None and conversation.owner_id != user.pk:
        raise ValueError("The conversation belongs to another account.")
    lines = _draft_lines(draft)
    _check_lines(lines)
    subtotal, delivery_fee, total = (int(_field(draft, name) or 0) for name in ("subtotal", "delivery_fee", "total"))
    _check_totals(lines=lines, subtotal=subtotal, delivery_fee=delivery_fee, total=total)
    key = draft_idempotency_key(conversation=conversation, draft=draft)
    existing = Order.objects.filter(owner=user, idempotency_key=key).first()
    if existing:
        return existing
    # No conversation: the owner's « Tester l'assistant » panel, whose customer is the owner.
    contact = conversation.contact if conversation is not None else None
    phone = ""
    if contact is not None:
        customer_name = contact.name
        try:
            phone = phone_to_e164(contact.whatsapp_number)
        except InvalidPhoneNumber:
            phone = contact.whatsapp_number
    latitude, longitude = (
        _field(draft, "lat", _field(draft, "latitude")),
        _field(draft, "lng", _field(draft, "longitude")),
    )
    try:
        with transaction.atomic():
            return _create(
                user=user,
                lines=lines,
                zone=str(_field(draft, "zone") or PICKUP),
                delivery_fee=delivery_fee,
                payment_method=str(_field(draft, "payment_method") or _field(draft, "payment") or ""),
                source=OrderSource.ASSISTANT,
                actor=Actor.ASSISTANT,
                customer_name=customer_name,
                customer_phone=phone,
                contact=contact,
                conversation=conversation,
                address=str(_field(draft, "address") or ""),
                commune=str(_field(draft, "commune") or ""),
                latitude=latitude,
                longitude=longitude,
                eta_minutes=_eta_upper_bound(_field(draft, "eta_minutes")),
                idempotency_key=key,
                notify=notify,
            )
    except IntegrityError:
        # A concurrent retry inserted the same key between our check and our insert.
        existing = Order.objects.filter(owner=user, idempotency_key=key).first()
        if existing is None:
            raise
        return existing


def _catalogue_line(*, user, sku: str, quantity: int) -> LineInput:
    """A line priced from the shop's catalogue (the ``catalog`` app, when installed)."""
    try:
        product_model = apps.get_model("catalog", "Product")
    except LookupError:
        product_model = None
    product = product_model.objects.filter(owner=user, sku=sku).first() if product_model else None
    if product is None:
        message = MSG_UNKNOWN_PRODUCT.format(sku=sku)
        raise ApplicationError(message, code="validation_error", errors={"items": [message]})
    return LineInput(sku=product.sku, name=product.name, unit_price=int(product.price), quantity=quantity)


@transaction.atomic
def order_create_by_owner(
    *,
    user,
    customer_name: str,
    customer_phone: str,
    items: Iterable[Mapping],
    zone: str,
    payment_method: str,
    delivery_fee: int | None = None,
    address: str = "",
    commune: str = "",
    latitude: float | None = None,
    longitude: float | None = None,
    note: str = "",
    created_at: datetime | None = None,
    notify: bool = True,
) -> Order:
    """A phone order typed by the owner.

    ``zone`` is one of the account's delivery zones, a commune or neighbourhood one of them covers, or
    ``pickup``; the delivery fee is that zone's, computed here (``selectors.order_delivery_quote``,
    the assistant's own matching): the account's zones are the only source of a fee. A
    ``delivery_fee`` given by the caller must equal it (400 ``delivery_fee_mismatch`` otherwise),
    so an owner can never charge a customer another fee than the one the assistant would.

    Each item is ``{sku, quantity}`` (name and price read from the catalogue) or
    ``{name, unit_price, quantity[, sku]}`` given explicitly. The customer's number is stored in
    E.164 and linked to the account's WhatsApp contact with that number when there is one, so the
    customer gets the order's updates in the same chat.
    """
    lines = []
    for item in items:
        quantity = int(item.get("quantity") or 0)
        if item.get("name") and item.get("unit_price") is not None:
            lines.append(
                LineInput(
                    sku=item.get("sku") or "", name=item["name"], unit_price=int(item["unit_price"]), quantity=quantity
                )
            )
        elif item.get("sku"):
            lines.append(_catalogue_line(user=user, sku=item["sku"], quantity=quantity))
        else:
            raise ApplicationError(
                MSG_LINE_INCOMPLETE, code="validation_error", errors={"items": [MSG_LINE_INCOMPLETE]}
            )
    phone = _e164(customer_phone)
    quote = order_delivery_quote(user=user, place=zone or PICKUP)
    if delivery_fee is not None and delivery_fee != quote.fee:
        if quote.zone == PICKUP:
            message = MSG_FEE_PICKUP
        else:
            message = MSG_FEE_MISMATCH.format(zone=quote.zone, fee=format_fcfa(quote.fee))
        raise ApplicationError(message, code="delivery_fee_mismatch", errors={"delivery_fee": [message]})
    contact_model = apps.get_model("conversations", "Contact")
    contact = contact_model.objects.filter(owner=user, whatsapp_number=phone).first()
    conversation = getattr(contact, "conversation", None) if contact else None
    return _create(
        user=user,
        lines=lines,
        zone=quote.zone,
        delivery_fee=quote.fee,
        payment_method=payment_method,
        source=OrderSource.OWNER,
        actor=Actor.OWNER,
        customer_name=customer_name,
        customer_phone=phone,
        contact=contact,
        conversation=conversation,
        address=address,
        commune=commune or quote.commune,
        latitude=latitude,
        longitude=longitude,
        note=note,
        created_at=created_at,
        notify=notify,
    )


# --- lifecycle ---------------------------------------------------------------------------------------


def _delivery_of(order: Order) -> Delivery | None:
    return Delivery.objects.filter(order=order).first()


def _delivery_follow(order: Order, target: OrderStatus) -> None:
    """Walk the order's delivery (if dispatched) to the matching logistics status, one step at a
    time through logistics' own service, so the Logistique page shows the same progress."""
    wanted = DELIVERY_FOLLOWS.get(target)
    delivery = _delivery_of(order)
    if wanted is None or delivery is None:
        return
    while DELIVERY_STEPS.index(DeliveryStatus(delivery.status)) < DELIVERY_STEPS.index(wanted):
        following = DELIVERY_STEPS[DELIVERY_STEPS.index(DeliveryStatus(delivery.status)) + 1]
        delivery = delivery_status_change(delivery=delivery, status=following)


def _delivery_drop(order: Order) -> None:
    """A cancelled order's delivery leaves the logistics page (which has no cancelled status, and
    whose figures would otherwise count it as a sale); the order's history keeps its reference."""
    delivery = _delivery_of(order)
    if delivery is None or delivery.status == DeliveryStatus.DELIVERED:
        return
    OrderEvent.objects.create(
        order=order,
        from_status=order.status,
        to_status=order.status,
        actor=Actor.SYSTEM,
        note=f"Livraison {delivery.reference} supprimée",
    )
    delivery.delete()


@transaction.atomic
def order_transition(*, order: Order, to: str, by: str, user=None, note: str = "") -> Order:
    """Move ``order`` to status ``to`` if the lifecycle allows it from its current status.

    The row is locked first and the check made on the locked, fresh status: of two concurrent
    requests, the second waits, then sees the first's result and is refused if its move no longer
    applies (ApplicationError 400 ``invalid_transition``). Going en route needs an assigned driver
    (``driver_required``). The step is recorded in the history and, when it matters to the
    customer, announced on WhatsApp after the commit.
    """
    order = Order.objects.select_for_update().get(pk=order.pk)
    target = OrderStatus(to)
    check_move(order, target)
    if target == S.OUT_FOR_DELIVERY and not Delivery.objects.filter(order=order, driver__isnull=False).exists():
        raise ApplicationError(MSG_DRIVER_REQUIRED.format(reference=order.reference), code="driver_required")
    event = OrderEvent.objects.create(
        order=order, from_status=order.status, to_status=target, actor=by, user=user, note=note[:300]
    )
    order.status = target
    update_fields = ["status", "updated_at"]
    if target == S.CANCELLED:
        order.cancel_reason = note[:300]
        update_fields.append("cancel_reason")
    order.save(update_fields=update_fields)
    if target == S.CANCELLED:
        _stock_follow(order=order, lines=order.lines.all(), taken=False)
        _delivery_drop(order)
    else:
        _delivery_follow(order, target)
    if target in NOTIFIED_STATUSES:
        order_notify_customer(order=order, event=event)
    return order


# The order step each logistics status means, and the order's forward path through them.
ORDER_FOR_DELIVERY = {
    DeliveryStatus.PREPARING: S.PREPARING,
    DeliveryStatus.EN_ROUTE: S.OUT_FOR_DELIVERY,
    DeliveryStatus.DELIVERED: S.DELIVERED,
}
ORDER_DELIVERY_PATH = [S.PREPARING, S.OUT_FOR_DELIVERY, S.DELIVERED]


def _order_rank(status: str) -> int:
    """0 before preparation (confirmed, awaiting payment, paid), then 1, 2, 3 along the path."""
    return ORDER_DELIVERY_PATH.index(status) + 1 if status in ORDER_DELIVERY_PATH else 0


@transaction.atomic
def order_follow_delivery_change(*, delivery: Delivery, status: str, user=None) -> None:
    """The Logistique page moved ``delivery`` (dispatched from an order) to ``status``
    (``settings.LOGISTICS_ORDER_MOVER``): the order takes the matching steps through
    ``order_transition`` (which walks the delivery and announces each step once), or, when the order
    is already there, the delivery catches up alone. The order's refusals (paid first, already
    final) reach the page unchanged, and nothing moves."""
    order = Order.objects.select_for_update().get(pk=delivery.order_id)
    target = ORDER_FOR_DELIVERY.get(DeliveryStatus(status))
    if target is None or order.status == S.CANCELLED or _order_rank(order.status) >= _order_rank(target):
        delivery_status_change(delivery=delivery, status=status)
        return
    for step in ORDER_DELIVERY_PATH[_order_rank(order.status) : _order_rank(target)]:
        order = order_transition(
            order=order, to=step, by=Actor.OWNER, user=user, note=f"Depuis la logistique ({delivery.reference})"
        )
    delivery.refresh_from_db()
    if delivery.status != status:  # the order was ahead in a way its walk did not cover
        delivery_status_change(delivery=delivery, status=status)


def order_cancel(*, order: Order, reason: str, by: str = Actor.OWNER, user=None) -> Order:
    """Cancel the order with a reason (required). Its lines stay: the history shows what was ordered."""
    reason = (reason or "").strip()
    if not reason:
        raise ApplicationError(MSG_CANCEL_REASON, code="validation_error", errors={"reason": [MSG_CANCEL_REASON]})
    return order_transition(order=order, to=S.CANCELLED, by=by, user=user, note=reason)


# --- dispatch ----------------------------------------------------------------------------------------


def _coordinates(order: Order) -> tuple[float | None, float | None]:
    if order.latitude is None or order.longitude is None:
        return None, None
    return float(order.latitude), float(order.longitude)


@transaction.atomic
def order_assign_driver(*, order: Order, driver: Driver, user=None) -> Order:
    """Give the order to ``driver``: create its logistics delivery the first time (reference
    LIV-…, the order's lines, amount and address), reassign it afterwards.

    A moto driver cannot take an order on the other side of the lagoon (the bridges are closed to
    motorbikes since December 2025); a car driver can.
    """
    order = Order.objects.select_for_update().get(pk=order.pk)
    if driver.owner_id != order.owner_id:
        raise ValueError("The driver belongs to another account.")
    if order.is_pickup:
        raise ApplicationError(MSG_ASSIGN_PICKUP.format(reference=order.reference), code="invalid_transition")
    if order.status in FINAL_STATUSES:
        status = OrderStatus(order.status).label
        raise ApplicationError(
            MSG_ASSIGN_FINAL.format(reference=order.reference, status=status), code="invalid_transition"
        )
    side = order_lagoon_side(order)
    if driver.vehicle == Vehicle.MOTO and side is not None and driver.side != side:
        raise ApplicationError(MSG_MOTO_CROSSING.format(driver=driver.name), code="driver_cannot_cross")
    delivery = _delivery_of(order)
    if delivery is None:
        commune = order.commune if order.commune in PLACES else order.zone
        if commune not in PLACES:
            raise ApplicationError(MSG_ASSIGN_UNKNOWN_PLACE.format(reference=order.reference), code="unknown_place")
        latitude, longitude = _coordinates(order)
        delivery = delivery_schedule(
            user=order.owner,
            customer_name=order.customer_name,
            customer_phone=order.customer_phone,
            address=order.address or commune,
            commune=commune,
            products=[f"{line.quantity} × {line.name}" for line in order.lines.all()],
            amount=order.total,
            priority=Priority.MEDIUM,
            driver=driver,
            latitude=latitude,
            longitude=longitude,
        )
        delivery.order = order
        delivery.save(update_fields=["order"])
        _delivery_follow(order, OrderStatus(order.status))
    else:
        delivery_assign_driver(delivery=delivery, driver=driver)
    OrderEvent.objects.create(
        order=order,
        from_status=order.status,
        to_status=order.status,
        actor=Actor.OWNER if user else Actor.SYSTEM,
        user=user,
        note=f"Livreur assigné : {driver.name} ({delivery.reference})",
    )
    return order


def order_create_from_delivery(*, delivery: Delivery) -> Order:
    """An order for a delivery that predates orders (the demo seed's sample deliveries): cash,
    delivered to the delivery's commune, one line per product text at a share of the amount, its
    status following the delivery's. Idempotent: a delivery already linked returns its order."""
    if delivery.order_id:
        return delivery.order
    products = delivery.products or ["Commande"]
    share, rest = divmod(delivery.amount, len(products))
    lines = [
        LineInput(sku="", name=str(name)[:200], unit_price=share + (rest if index == 0 else 0), quantity=1)
        for index, name in enumerate(products)
    ]
    try:
        phone = phone_to_e164(delivery.customer_phone)
    except InvalidPhoneNumber:
        phone = delivery.customer_phone  # kept as written rather than losing the order
    contact = (
        apps.get_model("conversations", "Contact").objects.filter(owner=delivery.owner, whatsapp_number=phone).first()
        if phone
        else None
    )
    with transaction.atomic():
        order = _create(
            user=delivery.owner,
            lines=lines,
            zone=delivery.commune,
            delivery_fee=0,
            payment_method=PaymentMethod.CASH,
            source=OrderSource.OWNER,
            actor=Actor.SYSTEM,
            customer_name=delivery.customer_name,
            customer_phone=phone,
            contact=contact,
            conversation=getattr(contact, "conversation", None) if contact else None,
            address=delivery.address,
            commune=delivery.commune,
            latitude=delivery.latitude,
            longitude=delivery.longitude,
            created_at=delivery.created_at,
            note=f"Reprise de la livraison {delivery.reference}",
            notify=False,
        )
        status = {
            DeliveryStatus.PENDING: S.CONFIRMED,
            DeliveryStatus.PREPARING: S.PREPARING,
            DeliveryStatus.EN_ROUTE: S.OUT_FOR_DELIVERY,
            DeliveryStatus.DELIVERED: S.DELIVERED,
        }[DeliveryStatus(delivery.status)]
        Order.objects.filter(pk=order.pk).update(status=status)
        order.status = status
        if status != S.CONFIRMED:
            OrderEvent.objects.create(order=order, from_status=S.CONFIRMED, to_status=status, actor=Actor.SYSTEM)
        Delivery.objects.filter(pk=delivery.pk).update(order=order)
    return order


def orders_from_deliveries(*, user) -> int:
    """Give every delivery of the account that has no order one (``order_create_from_delivery``),
    oldest first so references follow the dates; returns how many were made. For seed_demo and a
    one-off data migration of accounts created before orders existed."""
    made = 0
    for delivery in Delivery.objects.filter(owner=user, order__isnull=True).order_by("created_at", "id"):
        order_create_from_delivery(delivery=delivery)
        made += 1
    return made
