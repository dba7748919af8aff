"""The shop document of DESIGN.md: its validation (French messages keyed by path) and its shape.

``document_clean`` checks a whole document and returns it normalised (every key present, phone in
E.164, hours for the seven days); it raises one 400 ``ApplicationError`` listing every faulty
path, e.g. ``{"products[3].price": ["Le prix doit être un nombre entier positif."]}``. Keys the
contract does not name are ignored, so a richer file still imports. The section cleaners are
shared with the dashboard's piece-by-piece endpoints (empty prefix: plain field names).
"""

import re
from types import MappingProxyType
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from catalog.validation import MSG_SKU_DUPLICATE, Checker, join, product_clean
from core.exceptions import ApplicationError
from core.phone import InvalidPhoneNumber, phone_to_e164

from .models import CURRENCY, DEFAULT_TIMEZONE, WEEKDAYS, PaymentCode, Vehicle

MSG_DOCUMENT = "Le document de la boutique doit être un objet JSON."
MSG_INVALID_DOCUMENT = "Le document de la boutique est invalide."
MSG_CURRENCY = "Seule la devise XOF (F CFA) est prise en charge."
MSG_PHONE = "Numéro de téléphone invalide : indiquez un numéro comme +225 07 00 11 22 33."
MSG_LATITUDE = "La latitude doit être un nombre entre -90 et 90."
MSG_LONGITUDE = "La longitude doit être un nombre entre -180 et 180."
MSG_TIME = "L'heure doit être au format HH:MM (par exemple 07:30)."
MSG_DAY = "Indiquez [ouverture, fermeture] au format HH:MM, ou null si la boutique est fermée ce jour-là."
MSG_DAY_UNKNOWN = "Jour inconnu : utilisez mon, tue, wed, thu, fri, sat, sun, last_order ou timezone."
MSG_TIMEZONE = "Fuseau horaire inconnu (par exemple Africa/Abidjan)."
MSG_ETA = (
    "Le délai doit être [minimum, maximum] en minutes : deux nombres entiers de 0 à 10 080 (7 jours), "
    "minimum ≤ maximum."
)
MSG_FEE = "Les frais de livraison doivent être un nombre entier positif."
MSG_MIN_ORDER = "Le minimum de commande doit être un nombre entier positif."
MSG_VEHICLE = "Le véhicule doit être « moto » ou « voiture »."
MSG_ZONE_SERVED_FEE = "Indiquez les frais de livraison d'une zone desservie."
MSG_ZONE_SERVED_VEHICLE = "Indiquez le véhicule (moto ou voiture) d'une zone desservie."
MSG_ZONE_DUPLICATE = "Une autre zone porte déjà le nom « {name} »."
MSG_PAYMENT_CODE = "Moyen de paiement inconnu : utilisez cash, wave, orange_money, mtn_momo, moov_money ou card."
MSG_PAYMENT_DUPLICATE = "Ce moyen de paiement est déjà dans la liste."
MSG_LARGE_ORDER = "Le nombre d'articles doit être un nombre entier supérieur ou égal à 1."

TIME_RE = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
MAX_PRODUCTS = 1000
MAX_ZONES = 200
MAX_FAQ = 100
MAX_MINUTES = 7 * 24 * 60  # a pressing or a furniture maker counts in days


def empty_document() -> dict:
    """The document of an account that has told us nothing yet: valid, and what GET returns."""
    return {
        "name": "",
        "description": "",
        "currency": CURRENCY,
        "address": {"text": "", "commune": "", "landmark": "", "lat": None, "lng": None},
        "phone": "",
        "hours": {**dict.fromkeys(WEEKDAYS), "last_order": None, "timezone": DEFAULT_TIMEZONE},
        "pickup": {"available": False, "eta_minutes": None},
        "products": [],
        "delivery_zones": [],
        "delivery_notes": {"fr": "", "en": ""},
        "payment_methods": [],
        "payment_not_accepted": [],
        "faq": [],
        "handoff": {"contact": "", "large_order_items": None},
    }


# --- Section cleaners: each takes the Checker, the raw value and its path ------------------------


def _section(check: Checker, value: Any, path: str) -> dict:
    """A missing section is empty; a present one must be an object."""
    if value is None:
        return {}
    return check.obj(value, path) or {}


def _number(check: Checker, value: Any, path: str, *, bound: float, message: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not -bound <= value <= bound:
        check.add(path, message)
        return None
    return float(value)


def phone_clean(check: Checker, value: Any, path: str) -> str:
    raw = check.text(value, path, max_length=40)
    if not raw:
        return ""
    try:
        return phone_to_e164(raw)
    except InvalidPhoneNumber:
        check.add(path, MSG_PHONE)
        return ""


def address_clean(check: Checker, value: Any, path: str) -> dict:
    data = _section(check, value, path)
    return {
        "text": check.text(data.get("text"), join(path, "text"), max_length=255),
        "commune": check.text(data.get("commune"), join(path, "commune"), max_length=80),
        "landmark": check.text(data.get("landmark"), join(path, "landmark"), max_length=255),
        "lat": _number(check, data.get("lat"), join(path, "lat"), bound=90, message=MSG_LATITUDE),
        "lng": _number(check, data.get("lng"), join(path, "lng"), bound=180, message=MSG_LONGITUDE),
    }


def _time(check: Checker, value: Any, path: str) -> str | None:
    if not isinstance(value, str) or not TIME_RE.match(value):
        check.add(path, MSG_TIME)
        return None
    return value


def hours_clean(check: Checker, value: Any, path: str) -> dict:
    data = _section(check, value, path)
    out: dict = {}
    for key in data:
        if key not in WEEKDAYS and key not in ("last_order", "timezone"):
            check.add(join(path, key), MSG_DAY_UNKNOWN)
    for day in WEEKDAYS:
        span = data.get(day)
        day_path = join(path, day)
        if span is None:
            out[day] = None
        elif not isinstance(span, list) or len(span) != 2:
            check.add(day_path, MSG_DAY)
            out[day] = None
        else:
            out[day] = [_time(check, span[0], join(day_path, 0)), _time(check, span[1], join(day_path, 1))]
    last_order = data.get("last_order")
    out["last_order"] = None if last_order in (None, "") else _time(check, last_order, join(path, "last_order"))
    zone = data.get("timezone") or DEFAULT_TIMEZONE
    try:
        if not isinstance(zone, str):
            raise ZoneInfoNotFoundError(zone)
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        check.add(join(path, "timezone"), MSG_TIMEZONE)
        zone = DEFAULT_TIMEZONE
    out["timezone"] = zone
    return out


def eta_clean(check: Checker, value: Any, path: str) -> list[int] | None:
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_MINUTES for v in value)
        or value[0] > value[1]
    ):
        check.add(path, MSG_ETA)
        return None
    return [value[0], value[1]]


def pickup_clean(check: Checker, value: Any, path: str) -> dict:
    data = _section(check, value, path)
    return {
        "available": check.boolean(data.get("available"), join(path, "available"), default=False),
        "eta_minutes": eta_clean(check, data.get("eta_minutes"), join(path, "eta_minutes")),
    }


def zone_clean(check: Checker, value: Any, path: str, *, partial: bool = False, served_now: bool = True) -> dict:
    """One delivery zone. A served zone needs its fee and vehicle; an unserved one may leave fee,
    vehicle, ETA and minimum null. With ``partial`` (PATCH), ``served_now`` is the stored value."""
    data = check.obj(value, path)
    if data is None:
        return {}
    out: dict = {}

    def wanted(key: str) -> bool:
        return not partial or key in data

    if wanted("name"):
        out["name"] = check.text(data.get("name"), join(path, "name"), max_length=80, required=True)
    if wanted("areas"):
        out["areas"] = check.texts(data.get("areas"), join(path, "areas"), max_items=100, max_length=80)
    if wanted("served"):
        out["served"] = check.boolean(data.get("served"), join(path, "served"), default=True)
    served = out.get("served", served_now) if partial else out.get("served") is not False
    if wanted("fee"):
        fee = data.get("fee")
        if fee is None and served:
            check.add(join(path, "fee"), MSG_ZONE_SERVED_FEE)
        out["fee"] = check.integer(fee, join(path, "fee"), message=MSG_FEE, nullable=True)
    if wanted("vehicle"):
        vehicle = data.get("vehicle")
        if vehicle is None or vehicle == "":
            if served:
                check.add(join(path, "vehicle"), MSG_ZONE_SERVED_VEHICLE)
            out["vehicle"] = None
        elif vehicle not in Vehicle.values:
            check.add(join(path, "vehicle"), MSG_VEHICLE)
        else:
            out["vehicle"] = vehicle
    if wanted("eta_minutes"):
        out["eta_minutes"] = eta_clean(check, data.get("eta_minutes"), join(path, "eta_minutes"))
    if wanted("min_order"):
        min_order = data.get("min_order")
        if min_order is None and served:
            min_order = 0
        out["min_order"] = check.integer(min_order, join(path, "min_order"), message=MSG_MIN_ORDER, nullable=True)
    return out


def notes_clean(check: Checker, value: Any, path: str) -> dict:
    data = _section(check, value, path)
    return {
        "fr": check.text(data.get("fr"), join(path, "fr"), max_length=4000),
        "en": check.text(data.get("en"), join(path, "en"), max_length=4000),
    }


def payment_methods_clean(check: Checker, value: Any, path: str) -> list[dict]:
    labels = dict(PaymentCode.choices)
    out: list[dict] = []
    seen: set[str] = set()
    for index, item in enumerate(check.items(value, path, max_items=len(labels))):
        item_path = join(path, index)
        data = check.obj(item, item_path)
        if data is None:
            continue
        code = data.get("code")
        if code not in labels:
            check.add(join(item_path, "code"), MSG_PAYMENT_CODE)
        elif code in seen:
            check.add(join(item_path, "code"), MSG_PAYMENT_DUPLICATE)
        seen.add(code)
        name = check.text(data.get("name"), join(item_path, "name"), max_length=60)
        out.append(
            {
                "code": code,
                "name": name or labels.get(code, ""),
                "aliases": check.texts(data.get("aliases"), join(item_path, "aliases"), max_items=30, max_length=60),
                "note": check.text(data.get("note"), join(item_path, "note"), max_length=500),
            }
        )
    return out


def faq_item_clean(check: Checker, value: Any, path: str, *, partial: bool = False) -> dict:
    data = check.obj(value, path)
    if data is None:
        return {}
    out: dict = {}
    for key, required, max_length in (("question", True, 300), ("answer", True, 2000), ("answer_en", False, 2000)):
        if not partial or key in data:
            out[key] = check.text(data.get(key), join(path, key), max_length=max_length, required=required)
    return out


def faq_clean(check: Checker, value: Any, path: str) -> list[dict]:
    return [
        faq_item_clean(check, item, join(path, index))
        for index, item in enumerate(check.items(value, path, max_items=MAX_FAQ))
    ]


def handoff_clean(check: Checker, value: Any, path: str) -> dict:
    data = _section(check, value, path)
    return {
        "contact": check.text(data.get("contact"), join(path, "contact"), max_length=255),
        "large_order_items": check.integer(
            data.get("large_order_items"),
            join(path, "large_order_items"),
            minimum=1,
            maximum=100_000,
            message=MSG_LARGE_ORDER,
            nullable=True,
        ),
    }


def products_clean(check: Checker, value: Any, path: str) -> list[dict]:
    products = []
    seen: set[str] = set()
    for index, item in enumerate(check.items(value, path, max_items=MAX_PRODUCTS)):
        product = product_clean(check, item, join(path, index))
        sku = product.get("sku")
        if sku:
            if sku.casefold() in seen:
                check.add(join(join(path, index), "sku"), MSG_SKU_DUPLICATE.format(sku=sku))
            seen.add(sku.casefold())
        products.append(product)
    return products


def zones_clean(check: Checker, value: Any, path: str) -> list[dict]:
    zones = []
    seen: set[str] = set()
    for index, item in enumerate(check.items(value, path, max_items=MAX_ZONES)):
        zone = zone_clean(check, item, join(path, index))
        name = zone.get("name")
        if name:
            if name.casefold() in seen:
                check.add(join(join(path, index), "name"), MSG_ZONE_DUPLICATE.format(name=name))
            seen.add(name.casefold())
        zones.append(zone)
    return zones


# The profile sections (everything but products, zones and FAQ), shared with PATCH /shop/profile.
PROFILE_SECTIONS = {
    "name": lambda check, value, path: check.text(value, path, max_length=120),
    "description": lambda check, value, path: check.text(value, path, max_length=2000),
    "address": address_clean,
    "phone": phone_clean,
    "hours": hours_clean,
    "pickup": pickup_clean,
    "delivery_notes": notes_clean,
    "payment_methods": payment_methods_clean,
    "payment_not_accepted": lambda check, value, path: check.texts(value, path, max_items=30, max_length=60),
    "handoff": handoff_clean,
}


def raise_if_errors(check: Checker) -> None:
    if check.errors:
        first = next(iter(check.errors.values()))[0]
        raise ApplicationError(first, code="validation_error", status_code=400, errors=check.errors)


def document_clean(data: Any) -> dict:
    """The whole document, validated and normalised, or a 400 listing every faulty path."""
    if not isinstance(data, dict):
        raise ApplicationError(MSG_DOCUMENT, code="validation_error", errors={"document": [MSG_DOCUMENT]})
    check = Checker()
    currency = data.get("currency", CURRENCY)
    if currency not in (None, CURRENCY):
        check.add("currency", MSG_CURRENCY)
    document = {key: clean(check, data.get(key), key) for key, clean in PROFILE_SECTIONS.items()}
    document["currency"] = CURRENCY
    document["products"] = products_clean(check, data.get("products"), "products")
    document["delivery_zones"] = zones_clean(check, data.get("delivery_zones"), "delivery_zones")
    document["faq"] = faq_clean(check, data.get("faq"), "faq")
    raise_if_errors(check)
    return {key: document[key] for key in empty_document()}


def profile_sections_clean(data: Any, *, prefix: str = "") -> dict:
    """The sections present in a PATCH /shop/profile body, validated (other keys are ignored)."""
    if not isinstance(data, dict):
        raise ApplicationError(MSG_DOCUMENT, code="validation_error", errors={"document": [MSG_DOCUMENT]})
    check = Checker()
    out = {key: clean(check, data[key], join(prefix, key)) for key, clean in PROFILE_SECTIONS.items() if key in data}
    raise_if_errors(check)
    return out


# --- Between the document and the rows -------------------------------------------------------


def profile_fields(sections: dict) -> dict:
    """Model fields of ``ShopProfile`` for the given (cleaned) profile sections."""
    fields: dict = {}
    for key in ("name", "description", "phone", "payment_methods", "payment_not_accepted", "delivery_notes"):
        if key in sections:
            fields[key] = sections[key]
    if "address" in sections:
        address = sections["address"]
        fields.update(
            address_text=address["text"],
            commune=address["commune"],
            landmark=address["landmark"],
            lat=address["lat"],
            lng=address["lng"],
        )
    if "hours" in sections:
        hours = sections["hours"]
        fields.update(
            hours={day: hours[day] for day in WEEKDAYS},
            last_order=hours["last_order"] or "",
            timezone=hours["timezone"],
        )
    if "pickup" in sections:
        eta = sections["pickup"]["eta_minutes"] or [None, None]
        fields.update(pickup_available=sections["pickup"]["available"], pickup_eta_min=eta[0], pickup_eta_max=eta[1])
    if "handoff" in sections:
        handoff = sections["handoff"]
        fields.update(handoff_contact=handoff["contact"], handoff_large_order_items=handoff["large_order_items"])
    if "faq" in sections:
        fields["faq"] = sections["faq"]
    return fields


def zone_fields(zone: dict) -> dict:
    """Model fields of ``DeliveryZone`` for a cleaned (possibly partial) zone."""
    fields = {key: zone[key] for key in ("name", "areas", "served", "fee", "min_order") if key in zone}
    if "vehicle" in zone:
        fields["vehicle"] = zone["vehicle"] or ""
    if "eta_minutes" in zone:
        eta = zone["eta_minutes"] or [None, None]
        fields["eta_min"], fields["eta_max"] = eta
    return fields


def _range(low, high) -> list[int] | None:
    return None if low is None or high is None else [low, high]


def zone_document(row: dict) -> dict:
    """A zone of the document from a ``DeliveryZone`` row's values (keys as on the model)."""
    return {
        "name": row["name"],
        "areas": list(row["areas"] or []),
        "served": row["served"],
        "fee": row["fee"],
        "vehicle": row["vehicle"] or None,
        "eta_minutes": _range(row["eta_min"], row["eta_max"]),
        "min_order": row["min_order"],
    }


def product_document(row: dict) -> dict:
    return {
        "sku": row["sku"],
        "name": row["name"],
        "description": row["description"],
        "aliases": list(row["aliases"] or []),
        "price": row["price"],
        "unit": row["unit"],
        "in_stock": row["in_stock"],
    }


def profile_document(row: dict) -> dict:
    """Every section but products and zones, from a ``ShopProfile`` row's values."""
    hours = row["hours"] or {}
    notes = row["delivery_notes"] or {}
    return {
        "name": row["name"],
        "description": row["description"],
        "currency": CURRENCY,
        "address": {
            "text": row["address_text"],
            "commune": row["commune"],
            "landmark": row["landmark"],
            "lat": row["lat"],
            "lng": row["lng"],
        },
        "phone": row["phone"],
        "hours": {
            **{day: hours.get(day) for day in WEEKDAYS},
            "last_order": row["last_order"] or None,
            "timezone": row["timezone"] or DEFAULT_TIMEZONE,
        },
        "pickup": {
            "available": row["pickup_available"],
            "eta_minutes": _range(row["pickup_eta_min"], row["pickup_eta_max"]),
        },
        "delivery_notes": {"fr": notes.get("fr", ""), "en": notes.get("en", "")},
        "payment_methods": row["payment_methods"] or [],
        "payment_not_accepted": row["payment_not_accepted"] or [],
        "faq": row["faq"] or [],
        "handoff": {"contact": row["handoff_contact"], "large_order_items": row["handoff_large_order_items"]},
    }


def assemble(profile: dict | None, products: list[dict], zones: list[dict]) -> dict:
    """The document in DESIGN.md's key order."""
    base = profile or empty_document()
    document = {**base, "products": products, "delivery_zones": zones}
    return {key: document[key] for key in empty_document()}


def freeze(value: Any) -> Any:
    """A read-only view: dicts become MappingProxyType, lists tuples (the snapshot's contract)."""
    if isinstance(value, dict):
        return MappingProxyType({key: freeze(item) for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(item) for item in value)
    return value


def thaw(value: Any) -> Any:
    """Plain dicts and lists again, e.g. to answer JSON or to edit a copy."""
    if isinstance(value, (dict, MappingProxyType)):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(item) for item in value]
    return value
