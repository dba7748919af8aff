"""Reads of the after-sales app: the tracking link behind a token and what its public page shows.

The page shows only what the customer's own message already told them, plus the driver's first name
and ETA: the shop's name, the order's reference, total and status. Never the customer's name,
phone or address (a forwarded link shows nothing personal), nor anything else of the account.
"""

import math
from datetime import datetime, timedelta

from django.utils import timezone

from core.money import format_fcfa
from core.tokens import token_hash
from orders.models import Order, OrderStatus, PaymentMethod
from orders.notifications import customer_language

from .models import AftersalesSettings, TrackingLink

# ETA from the driver's last position: straight-line distance stretched to a road distance, over a
# city speed for his vehicle (Abidjan's traffic: a moto weaves through, a car waits).
ROAD_FACTOR = 1.3
CITY_SPEED_KMH = {"moto": 25.0, "voiture": 18.0}
POSITION_FRESH = timedelta(minutes=15)  # an older position says nothing about now
ARRIVED_KM = 0.15

STEPS = ["confirmed", "preparing", "out_for_delivery", "delivered"]
STEP_OF_STATUS = {
    OrderStatus.CONFIRMED: 0,
    OrderStatus.AWAITING_PAYMENT: 0,
    OrderStatus.PAID: 0,
    OrderStatus.PREPARING: 1,
    OrderStatus.READY: 1,
    OrderStatus.OUT_FOR_DELIVERY: 2,
    OrderStatus.DELIVERED: 3,
    OrderStatus.PICKED_UP: 3,
}
FINAL = {OrderStatus.DELIVERED, OrderStatus.PICKED_UP, OrderStatus.CANCELLED}

TEXTS = {
    "fr": {
        "steps": ["Confirmée", "En préparation", "En route", "Livrée"],
        "cancelled": "Commande annulée",
        "title": "Suivi de votre commande",
        "eta_minutes": "Arrivée estimée dans environ {minutes} min (vers {time})",
        "eta_arrived": "Le livreur est tout proche : il arrive.",
        "eta_planned": "Arrivée prévue vers {time}",
        "eta_soon": "Le livreur arrive bientôt.",
        "eta_before": "Votre commande partira bientôt avec un livreur.",
        "eta_delivered": "Livrée le {date} à {time}. Merci !",
        "eta_cancelled": "Cette commande a été annulée.",
        "position_age": "Position du livreur mise à jour {age}",
        "age_now": "à l'instant",
        "age_minutes": "il y a {minutes} min",
        "vehicle": {"moto": "à moto", "voiture": "en voiture"},
        "to_collect": "À régler à la livraison : {total}",
        "paid": "Montant de la commande : {total}",
    },
    "en": {
        "steps": ["Confirmed", "Being prepared", "On the way", "Delivered"],
        "cancelled": "Order cancelled",
        "title": "Your order's progress",
        "eta_minutes": "Estimated arrival in about {minutes} min (around {time})",
        "eta_arrived": "The driver is very close: arriving now.",
        "eta_planned": "Expected around {time}",
        "eta_soon": "The driver will be with you soon.",
        "eta_before": "Your order will soon leave with a driver.",
        "eta_delivered": "Delivered on {date} at {time}. Thank you!",
        "eta_cancelled": "This order was cancelled.",
        "position_age": "Driver's position updated {age}",
        "age_now": "just now",
        "age_minutes": "{minutes} min ago",
        "vehicle": {"moto": "by motorbike", "voiture": "by car"},
        "to_collect": "To pay on delivery: {total}",
        "paid": "Order amount: {total}",
    },
}


def tracking_link_find(*, token: str, now: datetime | None = None) -> TrackingLink | None:
    """The live link behind ``token`` (with its order, shop and driver in one query), or None when
    the token is unknown or expired."""
    now = now or timezone.now()
    if not token or len(token) > 128:
        return None
    return (
        TrackingLink.objects.select_related(
            "order__owner__shop_profile", "order__owner__aftersales_settings", "order__delivery__driver"
        )
        .filter(token_hash=token_hash(token), expires_at__gt=now)
        .first()
    )


def eta_minutes(*, distance_km: float, vehicle: str) -> int:
    """Minutes to cover ``distance_km`` (straight line) in town: road factor over the vehicle's city speed."""
    speed = CITY_SPEED_KMH.get(vehicle, CITY_SPEED_KMH["moto"])
    return max(1, math.ceil(distance_km * ROAD_FACTOR / speed * 60))


def _hhmm(value: datetime, language: str) -> str:
    local = timezone.localtime(value)
    return local.strftime("%H:%M") if language == "en" else local.strftime("%H h %M")


def _eta(*, order: Order, delivery, texts: dict, language: str, now: datetime) -> dict:
    """The ETA block: minutes and a sentence, from the driver's fresh position when there is one."""
    from logistics.selectors import driver_last_position
    from logistics.services import distance_km

    eta = {"minutes": None, "text": "", "position_age": "", "distance_km": None}
    status = order.status
    if status == OrderStatus.CANCELLED:
        eta["text"] = texts["eta_cancelled"]
        return eta
    if status in (OrderStatus.DELIVERED, OrderStatus.PICKED_UP):
        when = getattr(delivery, "delivered_at", None) or order.updated_at
        eta["text"] = texts["eta_delivered"].format(
            date=timezone.localtime(when).strftime("%d/%m"), time=_hhmm(when, language)
        )
        return eta
    if status != OrderStatus.OUT_FOR_DELIVERY or delivery is None or delivery.driver is None:
        eta["text"] = texts["eta_before"]
        return eta
    position = driver_last_position(driver=delivery.driver)
    if position is not None and now - position.recorded_at <= POSITION_FRESH:
        km = distance_km(
            float(position.latitude), float(position.longitude), float(delivery.latitude), float(delivery.longitude)
        )
        age_minutes = int(max(0, (now - position.recorded_at).total_seconds()) // 60)
        age = texts["age_now"] if age_minutes < 1 else texts["age_minutes"].format(minutes=age_minutes)
        eta["position_age"] = texts["position_age"].format(age=age)
        eta["distance_km"] = round(km, 2)
        if km <= ARRIVED_KM:
            eta["minutes"] = 0
            eta["text"] = texts["eta_arrived"]
            return eta
        minutes = eta_minutes(distance_km=km, vehicle=delivery.driver.vehicle)
        eta["minutes"] = minutes
        eta["text"] = texts["eta_minutes"].format(
            minutes=minutes, time=_hhmm(now + timedelta(minutes=minutes), language)
        )
        return eta
    if delivery.estimated_at and delivery.estimated_at > now:
        eta["text"] = texts["eta_planned"].format(time=_hhmm(delivery.estimated_at, language))
        return eta
    eta["text"] = texts["eta_soon"]
    return eta


def _show_driver_phone(owner) -> bool:
    """The account's switch (off without a row); read from the link's query when it was joined."""
    try:
        row = owner.aftersales_settings
    except AftersalesSettings.DoesNotExist:
        return False
    return bool(row.show_driver_phone)


def tracking_view(*, link: TrackingLink, now: datetime | None = None) -> dict:
    """What the public page and its JSON show for ``link`` (see the module's docstring for what never is)."""
    now = now or timezone.now()
    order = link.order
    language = customer_language(order)
    texts = TEXTS[language]
    owner = order.owner
    profile = getattr(owner, "shop_profile", None)
    try:
        delivery = order.delivery
    except Order.delivery.RelatedObjectDoesNotExist:
        delivery = None
    driver = delivery.driver if delivery is not None else None
    cancelled = order.status == OrderStatus.CANCELLED
    current = STEP_OF_STATUS.get(order.status, 0)
    steps = [
        {
            "key": key,
            "label": label,
            "done": not cancelled and index <= current,
            "current": not cancelled and index == current,
        }
        for index, (key, label) in enumerate(zip(STEPS, texts["steps"], strict=True))
    ]
    driver_block = None
    if driver is not None:
        driver_block = {
            "first_name": (driver.name or "").strip().split(" ")[0],
            "vehicle": texts["vehicle"].get(driver.vehicle, ""),
            "phone": driver.phone if _show_driver_phone(owner) else None,
        }
    cash_due = order.payment_method == PaymentMethod.CASH and order.status not in FINAL
    total_text = (texts["to_collect"] if cash_due else texts["paid"]).format(total=format_fcfa(order.total))
    return {
        "language": language,
        "title": texts["title"],
        "shop_name": (profile.name if profile and profile.name else "") or owner.nom_entreprise or "",
        "reference": order.reference,
        "status": order.status,
        "status_label": texts["cancelled"] if cancelled else texts["steps"][current],
        "cancelled": cancelled,
        "final": order.status in FINAL,
        "steps": steps,
        "driver": driver_block,
        "eta": _eta(order=order, delivery=delivery, texts=texts, language=language, now=now),
        "total": total_text,
        "refreshed_at": now,
    }


def aftersales_settings_get(*, user) -> dict:
    row = AftersalesSettings.objects.filter(owner=user).only("show_driver_phone").first()
    return {"show_driver_phone": bool(row and row.show_driver_phone)}
