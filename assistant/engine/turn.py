"""The engine's contract with its caller: one turn's replies, the order it drafted, and the JSON
state kept between turns (``new_state``). Pure data: no logic beyond the state's defaults and its expiry
(``expire``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

STATE_VERSION = 1


@dataclass(frozen=True)
class Reply:
    text: str
    buttons: tuple[str, ...] = ()
    # A product photo to send with ``text`` as its caption: the product's sku (the channel finds the image).
    photo: str = ""


@dataclass
class OrderDraft:
    lines: list  # [(sku, name, unit_price, quantity)]
    zone: str
    subtotal: int
    delivery_fee: int
    total: int
    payment: str
    eta_minutes: tuple | None
    when: str = ""  # the moment the customer asked for, in their words ("ce soir"), or ""


@dataclass
class Turn:
    intent: str
    language: str
    reply_language: str
    replies: list
    state: dict
    handoff: bool = False
    order: OrderDraft | None = None
    timings: dict = field(default_factory=dict)
    # "order_status": the customer asked where their order is; the engine knows only the shop, so its
    # reply gives the delivery times, and the caller replaces it with the order's status when it has one.
    topic: str = ""


def new_state() -> dict:
    return {
        "v": STATE_VERSION,
        "language": None,
        "cart": [],
        "choice": None,
        "pending": None,
        "zone": None,
        "refused_zone": None,
        "payment": None,
        "last_sku": None,
        "handoff": False,
        "cart_at": None,
        "when": None,
        "updated_at": None,
        "turns": 0,
        "last_reply": None,  # a fingerprint of the last message sent: never the same one twice in a row
        "queue": [],  # more « lequel ? » choices waiting behind ``choice`` (« des chemises et un costume »)
        "offered": None,  # the alternatives just offered for an out-of-stock product
        "offered_qty": None,  # how many of it the customer asked for: the alternative taken gets that many
        "presented": None,  # the one product whose price or stock was just given: « 2 » next is that many
        "asked": None,  # the skus a question refused for its zone was about: coming instead orders them
    }


CART_TTL = timedelta(hours=24)


def expire(st: dict, now: datetime) -> bool:
    """An order left for longer than CART_TTL (or with an unreadable date) starts again: True when it did."""
    try:
        expired = bool(st["cart_at"]) and now - datetime.fromisoformat(st["cart_at"]) > CART_TTL
    except (TypeError, ValueError):
        expired = True
    if expired:
        st.update(
            cart=[], choice=None, queue=[], pending=None, payment=None, refused_zone=None, cart_at=None, zone=None
        )
    return expired
