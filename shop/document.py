"""The shop document of DESIGN.md: its validation (French messages keyed by path) and its shape.

``document_clean`` checks a whole document and returns it normalised (every key present, phone in
E.164, hours for the seven days); it raises one 400 ``ApplicationError`` listing every faulty
path, e.g. ``{"products[3].price": ["Le prix doit être un nombre entier positif."]}``.

A PUT is a full replacement, so nothing is dropped silently (issue 24):
- every top-level section must be present (``currency`` excepted: it can only be XOF). Emptying a
  section is said explicitly with its empty value: ``"products": []``, ``"name": ""``,
  ``"handoff": {}`` (``null`` counts too). A missing section is refused with the way to empty it.
- keys the contract does not name are refused, at the top level and in every closed object
  (address, hours, pickup, delivery_notes, handoff, each product, zone, payment method and FAQ
  entry), with the closest known name: « Clé inconnue "catalogue" : vouliez-vous dire "products" ? ».
Keys missing inside a product, zone or FAQ entry keep their defaults (``description`` "", ...).
The section cleaners are shared with the dashboard's piece-by-piece endpoints (empty prefix: plain
field names).
"""

import re
import unicodedata
from types import MappingProxyType
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from catalog.validation import MSG_SKU_DUPLICATE, PRODUCT_FIELDS, Checker, join, product_clean
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
MSG_UNKNOWN_KEY = 'Clé inconnue "{key}" : vouliez-vous dire "{suggestion}" ?'
MSG_UNKNOWN_KEY_LIST = 'Clé inconnue "{key}" : les clés possibles sont {known}.'
MSG_SECTION_MISSING = 'Section « {key} » absente : envoyez {what} ({empty_hint}), par exemple "{key}": {empty}.'
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

# Sections a full document may leave out: the currency can only be XOF, so omitting it loses nothing.
OPTIONAL_SECTIONS = frozenset({"currency"})


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


# --- The closed contract: known keys, and the closest one to an unknown key ------------------

TOP_LEVEL_KEYS = tuple(empty_document())
# A product may carry ``stock_quantity`` (stock tracking); accepted even before catalog validates it.
PRODUCT_KEYS = (*PRODUCT_FIELDS, *(("stock_quantity",) if "stock_quantity" not in PRODUCT_FIELDS else ()))
ADDRESS_KEYS = ("text", "commune", "landmark", "lat", "lng")
HOURS_KEYS = (*WEEKDAYS, "last_order", "timezone")
PICKUP_KEYS = ("available", "eta_minutes")
ZONE_KEYS = ("name", "areas", "served", "fee", "vehicle", "eta_minutes", "min_order")
NOTES_KEYS = ("fr", "en")
PAYMENT_METHOD_KEYS = ("code", "name", "aliases", "note")
FAQ_KEYS = ("question", "answer", "answer_en")
HANDOFF_KEYS = ("contact", "large_order_items")

# Words owners type for our keys (French first), normalised as ``_normalise`` does. A word may name
# several keys; the first one known where the word was found is suggested ("prix": a product's
# price, a zone's fee). Spelling slips ("prodcts", "fqa") are left to the fuzzy match below.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "catalogue": ("products",),
    "catalog": ("products",),
    "produits": ("products",),
    "produit": ("products",),
    "articles": ("products",),
    "items": ("products",),
    "menu": ("products",),
    "zones": ("delivery_zones",),
    "zone": ("delivery_zones",),
    "livraison": ("delivery_zones",),
    "livraisons": ("delivery_zones",),
    "zones_livraison": ("delivery_zones",),
    "zones_de_livraison": ("delivery_zones",),
    "horaires": ("hours",),
    "heures": ("hours",),
    "opening_hours": ("hours",),
    "adresse": ("address", "text"),
    "localisation": ("address",),
    "location": ("address",),
    "telephone": ("phone", "contact"),
    "tel": ("phone", "contact"),
    "numero": ("phone", "contact"),
    "whatsapp": ("phone", "contact"),
    "nom": ("name",),
    "titre": ("name", "question"),
    "paiement": ("payment_methods",),
    "paiements": ("payment_methods",),
    "payments": ("payment_methods",),
    "moyens_de_paiement": ("payment_methods",),
    "moyens_paiement": ("payment_methods",),
    "paiements_refuses": ("payment_not_accepted",),
    "questions": ("faq",),
    "questions_frequentes": ("faq",),
    "faqs": ("faq",),
    "retrait": ("pickup",),
    "a_emporter": ("pickup",),
    "devise": ("currency",),
    "monnaie": ("currency",),
    "notes_livraison": ("delivery_notes",),
    "humain": ("handoff",),
    "prix": ("price", "fee"),
    "tarif": ("price", "fee"),
    "montant": ("price", "fee"),
    "frais": ("fee",),
    "frais_livraison": ("fee",),
    "cout": ("fee", "price"),
    "code": ("sku", "code"),
    "ref": ("sku",),
    "reference": ("sku",),
    "stock": ("in_stock", "stock_quantity"),
    "en_stock": ("in_stock",),
    "disponible": ("in_stock", "available"),
    "quantite": ("stock_quantity",),
    "quantity": ("stock_quantity",),
    "unite": ("unit",),
    "alias": ("aliases",),
    "synonymes": ("aliases",),
    "quartiers": ("areas",),
    "quartier": ("areas", "commune"),
    "desservie": ("served",),
    "vehicule": ("vehicle",),
    "delai": ("eta_minutes",),
    "eta": ("eta_minutes",),
    "delay": ("eta_minutes",),
    "delais": ("eta_minutes",),
    "minimum": ("min_order",),
    "commande_minimum": ("min_order",),
    "minimum_commande": ("min_order",),
    "reponse": ("answer",),
    "reponse_en": ("answer_en",),
    "repere": ("landmark",),
    "point_de_repere": ("landmark",),
    "latitude": ("lat",),
    "longitude": ("lng",),
    "lon": ("lng",),
    "lundi": ("mon",),
    "mardi": ("tue",),
    "mercredi": ("wed",),
    "jeudi": ("thu",),
    "vendredi": ("fri",),
    "samedi": ("sat",),
    "dimanche": ("sun",),
    "monday": ("mon",),
    "tuesday": ("tue",),
    "wednesday": ("wed",),
    "thursday": ("thu",),
    "friday": ("fri",),
    "saturday": ("sat",),
    "sunday": ("sun",),
    "derniere_commande": ("last_order",),
    "fuseau": ("timezone",),
    "fuseau_horaire": ("timezone",),
}
FUZZY_CUTOFF = 80  # rapidfuzz WRatio: "zones" ~ "delivery_zones" 90, "website" ~ "description" 51


def _normalise(key: str) -> str:
    """Lower case, no accents, words joined by "_": « Zones de livraison » -> zones_de_livraison."""
    plain = unicodedata.normalize("NFKD", key).encode("ascii", "ignore").decode().casefold()
    return re.sub(r"[^a-z0-9]+", "_", plain).strip("_")


def closest_key(key: str, known: tuple[str, ...]) -> str | None:
    """The known key ``key`` was most likely meant to be, or None when nothing is close.

    In order: the same word in another case or spelling ("Products"), a synonym ("catalogue",
    "prix"), one slip of the keyboard ("fqa", "prodcts": optimal string alignment distance, which
    counts a swap as one), then rapidfuzz's WRatio, which also finds a key inside a longer one
    ("zones" in "delivery_zones").
    """
    word = _normalise(key)
    if not word:
        return None
    for candidate in known:
        if _normalise(candidate) == word:
            return candidate
    for candidate in SYNONYMS.get(word, ()):
        if candidate in known:
            return candidate
    near = process.extractOne(word, known, scorer=OSA.distance, score_cutoff=max(1, len(word) // 4))
    if near:
        return near[0]
    best = process.extractOne(word, known, scorer=fuzz.WRatio, score_cutoff=FUZZY_CUTOFF)
    return best[0] if best else None


def unknown_key_message(key: str, known: tuple[str, ...]) -> str:
    suggestion = closest_key(key, known)
    if suggestion:
        return MSG_UNKNOWN_KEY.format(key=key, suggestion=suggestion)
    return MSG_UNKNOWN_KEY_LIST.format(key=key, known=", ".join(known))


def unknown_keys_check(check: Checker, data: Any, path: str, known: tuple[str, ...]) -> None:
    """One error per key of the object ``data`` that ``known`` does not name (nothing if not an object)."""
    if isinstance(data, dict):
        for key in data:
            if key not in known:
                check.add(join(path, str(key)), unknown_key_message(str(key), known))


# Objects nested in the document whose keys are closed, and the lists whose items are.
_CLOSED_OBJECTS = {
    "address": ADDRESS_KEYS,
    "pickup": PICKUP_KEYS,
    "delivery_notes": NOTES_KEYS,
    "handoff": HANDOFF_KEYS,
}  # hours: checked by hours_clean, which the profile PATCH shares
_CLOSED_ITEMS = {
    "products": PRODUCT_KEYS,
    "delivery_zones": ZONE_KEYS,
    "payment_methods": PAYMENT_METHOD_KEYS,
    "faq": FAQ_KEYS,
}

_EMPTY_HINTS = {
    list: ("la liste", "vide pour tout retirer", "[]"),
    dict: ("l'objet", "vide pour tout effacer", "{}"),
    str: ("le texte", "vide pour l'effacer", '""'),
}


def section_missing_message(key: str) -> str:
    what, empty_hint, empty = _EMPTY_HINTS[type(empty_document()[key])]
    return MSG_SECTION_MISSING.format(key=key, what=what, empty_hint=empty_hint, empty=empty)


def contract_check(check: Checker, data: dict) -> None:
    """Refuse unknown keys (with the closest known one) and missing sections of a whole document."""
    unknown_keys_check(check, data, "", TOP_LEVEL_KEYS)
    for key in TOP_LEVEL_KEYS:
        if key not in data and key not in OPTIONAL_SECTIONS:
            check.add(key, section_missing_message(key))
    for key, known in _CLOSED_OBJECTS.items():
        unknown_keys_check(check, data.get(key), key, known)
    for key, known in _CLOSED_ITEMS.items():
        items = data.get(key)
        if isinstance(items, list):
            for index, item in enumerate(items):
                unknown_keys_check(check, item, join(key, index), known)


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
    unknown_keys_check(check, data, path, HOURS_KEYS)
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
        if not isinstance(code, str) or code not in labels:
            check.add(join(item_path, "code"), MSG_PAYMENT_CODE)
            continue
        if code in seen:
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
    contract_check(check, data)
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
    """The sections present in a PATCH /shop/profile body, validated; a key that names no section
    (``currency``, read-only, excepted) or no field of a closed section is refused."""
    if not isinstance(data, dict):
        raise ApplicationError(MSG_DOCUMENT, code="validation_error", errors={"document": [MSG_DOCUMENT]})
    check = Checker()
    unknown_keys_check(check, data, prefix, (*PROFILE_SECTIONS, "currency"))
    for key, known in _CLOSED_OBJECTS.items():
        unknown_keys_check(check, data.get(key), join(prefix, key), known)
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
    """A product as the document carries it; ``stock_quantity`` only when the owner counts the stock."""
    doc = {
        "sku": row["sku"],
        "name": row["name"],
        "description": row["description"],
        "aliases": list(row["aliases"] or []),
        "price": row["price"],
        "unit": row["unit"],
        "in_stock": row["in_stock"],
    }
    if row.get("stock_quantity") is not None:
        doc["stock_quantity"] = row["stock_quantity"]
    return doc


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
