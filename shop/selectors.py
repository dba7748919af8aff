"""Reads of the shop's knowledge.

``shop_knowledge`` is the assistant's one entry point (a contract other apps code against): an
immutable snapshot of the DESIGN.md document, cached per account and read in two queries when
cold (the profile joined with its zones, then the products). Every write goes through a service
that calls ``shop.cache.knowledge_invalidate``.
"""

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass

from django.core.cache import cache
from django.shortcuts import get_object_or_404

from catalog.models import Product
from catalog.selectors import PRODUCT_DOCUMENT_FIELDS
from integrations.selectors import whatsapp_connection_get

from .cache import knowledge_key
from .document import assemble, freeze, product_document, profile_document, zone_document
from .models import DeliveryZone, ShopProfile, ShopVersion

# A day: the snapshot is dropped on every write, the timeout only bounds a forgotten key.
CACHE_SECONDS = 24 * 3600

PROFILE_FIELDS = [
    "id",
    "name",
    "description",
    "address_text",
    "commune",
    "landmark",
    "lat",
    "lng",
    "phone",
    "pickup_available",
    "pickup_eta_min",
    "pickup_eta_max",
    "hours",
    "last_order",
    "timezone",
    "delivery_notes",
    "payment_methods",
    "payment_not_accepted",
    "faq",
    "handoff_contact",
    "handoff_large_order_items",
]
ZONE_FIELDS = ["id", "name", "areas", "served", "fee", "vehicle", "eta_min", "eta_max", "min_order", "position"]


@dataclass(frozen=True)
class ShopSnapshot:
    account_id: int
    version: str  # changes whenever any of this account's shop data changes
    document: Mapping  # the DESIGN.md document, same as GET /api/v1/shop, read-only (MappingProxyType / tuples)


def shop_document_read(*, account_id: int) -> dict:
    """The document fresh from the database, never the cache (the history archives it).

    Two queries: the profile LEFT JOINed with its zones (one row per zone), then the products.
    """
    rows = list(
        ShopProfile.objects.filter(owner_id=account_id)
        .values(*PROFILE_FIELDS, *(f"zones__{field}" for field in ZONE_FIELDS))
        .order_by("zones__position", "zones__id")
    )
    profile = profile_document(rows[0]) if rows else None
    zones = [
        zone_document({field: row[f"zones__{field}"] for field in ZONE_FIELDS})
        for row in rows
        if row["zones__id"] is not None
    ]
    products = [
        product_document(row)
        for row in Product.objects.filter(owner_id=account_id)
        .order_by("position", "id")
        .values(*PRODUCT_DOCUMENT_FIELDS)
    ]
    return assemble(profile, products, zones)


def document_version(document: dict) -> str:
    """A digest of the content: equal documents share a version, any change gives a new one."""
    canonical = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def shop_knowledge(*, user) -> ShopSnapshot:
    """The account's shop as the assistant sees it; an account with no data gets the empty document."""
    key = knowledge_key(user.pk)
    cached = cache.get(key)
    if cached is None:
        document = shop_document_read(account_id=user.pk)
        cached = {"version": document_version(document), "document": document}
        cache.set(key, cached, CACHE_SECONDS)
    return ShopSnapshot(account_id=user.pk, version=cached["version"], document=freeze(cached["document"]))


# The note of a method paid by link (replaces the shop's manual instructions): true both when the
# customer asks whether the method is accepted and in the confirmation that precedes the link.
LINK_NOTE = "Le paiement se fait par un lien {name} sécurisé, envoyé dès la confirmation de la commande."


def shop_knowledge_for_assistant(*, user) -> ShopSnapshot:
    """``shop_knowledge`` as the assistant should sell it: only the payment methods that can really
    be used. A mobile-money (or card) method is kept when one of the shop's payment providers
    collects it (its note then announces the link instead of a number to send money to), or when
    the shop's note tells the customer how to pay it by hand (a number); without either it is left
    out, and the assistant offers what remains (cash…). The owner's document (GET /shop) is untouched.
    """
    from payments.models import ONLINE_METHODS
    from payments.selectors import payment_methods_covered

    snapshot = shop_knowledge(user=user)
    covered = payment_methods_covered(user=user)
    # The products the assistant can show in a photo (one query): each gains ``has_photo``, and the
    # version follows them, so the compiled knowledge (keyed by version) changes with a photo.
    with_photo = set(Product.objects.filter(owner=user).exclude(photo="").values_list("sku", flat=True))
    methods = []
    changed = False
    for method in snapshot.document.get("payment_methods") or ():
        code = method.get("code")
        if code in covered:
            methods.append({**method, "note": LINK_NOTE.format(name=method.get("name") or code)})
            changed = True
        elif code in ONLINE_METHODS and not (method.get("note") or "").strip():
            changed = True  # nothing tells the customer how to pay it: not offered
        else:
            methods.append(method)
    if not changed and not with_photo:
        return snapshot
    document = {**snapshot.document}
    if changed:
        document["payment_methods"] = methods
    if with_photo:
        document["products"] = [
            {**product, "has_photo": True} if product.get("sku") in with_photo else product
            for product in snapshot.document.get("products") or ()
        ]
    version = hashlib.sha256(
        f"{snapshot.version}:{sorted(covered)}:{len(methods)}:{sorted(with_photo)}".encode()
    ).hexdigest()[:16]
    return ShopSnapshot(account_id=snapshot.account_id, version=version, document=freeze(document))


def shop_profile_get(*, user) -> ShopProfile | None:
    return ShopProfile.objects.filter(owner=user).first()


def shop_version_list(*, user):
    """The account's kept versions, newest first, without their documents (one query)."""
    return ShopVersion.objects.filter(owner=user).select_related("actor").defer("document").order_by("-id")


def shop_version_get(*, user, version_id: int) -> ShopVersion:
    """The account's version, or 404 (another account's version does not exist here)."""
    return get_object_or_404(ShopVersion, pk=version_id, owner=user)


def zone_list(*, user):
    return DeliveryZone.objects.filter(shop__owner=user).order_by("position", "id")


def zone_get(*, user, zone_id: int) -> DeliveryZone:
    """The account's zone, or 404 (another account's zone does not exist here)."""
    return get_object_or_404(DeliveryZone, pk=zone_id, shop__owner=user)


CHECKLIST = (
    ("products", "Ajoutez vos produits", "/dashboard/catalogue"),
    ("delivery_zones", "Indiquez vos zones de livraison", "/dashboard/boutique"),
    ("whatsapp", "Connectez WhatsApp", "/dashboard?whatsapp=connect"),
)


def shop_checklist(*, user) -> dict:
    """What the assistant still lacks, in the order the owner should do it (three queries)."""
    connection = whatsapp_connection_get(user=user)
    done = {
        "products": Product.objects.filter(owner=user).exists(),
        "delivery_zones": DeliveryZone.objects.filter(shop__owner=user, served=True).exists(),
        "whatsapp": bool(connection and connection.is_connected),
    }
    items = [{"code": code, "label": label, "path": path, "done": done[code]} for code, label, path in CHECKLIST]
    return {"complete": all(done.values()), "items": items}
