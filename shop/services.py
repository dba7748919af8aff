"""Writes to the shop's knowledge. Every one drops the cached snapshot (``shop.cache``).

``shop_document_replace`` is the whole-document import (PUT /api/v1/shop, ``shop_import``, and
the demo seed): it validates everything first, then replaces everything in one transaction, so a
bad document changes nothing.

History (issue 24): every write keeps the document it is about to change as a ``ShopVersion``, in
the same transaction, after locking the account's profile row (two writers cannot archive the same
state twice or lose one). ``VERSIONS_KEPT`` versions are kept per account, the oldest dropped. Not
archived: an empty shop (nothing to lose) and a state equal to the newest version. The dashboard's
piece edits (profile sections, zones, FAQ) archive the state before a burst of edits: one version,
then none while the newest version is a dashboard one less than ``DASHBOARD_BURST`` old — otherwise
ten zone edits would push an import out of the history. ``shop_version_restore`` replaces the
shop with a version, and so keeps the current state as a version too.
"""

import json
from datetime import timedelta
from pathlib import Path

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from catalog.services import products_replace
from catalog.validation import Checker
from core.exceptions import ApplicationError

from .cache import knowledge_invalidate
from .document import (
    MSG_ZONE_DUPLICATE,
    document_clean,
    empty_document,
    faq_item_clean,
    profile_fields,
    profile_sections_clean,
    raise_if_errors,
    zone_clean,
    zone_document,
    zone_fields,
)
from .models import DeliveryZone, ShopProfile, ShopVersion
from .selectors import document_version, shop_document_read, shop_version_get

DEMO_SHOP_PATH = Path(__file__).resolve().parent / "demo" / "demo_shop.json"
VERSIONS_KEPT = 10
DASHBOARD_BURST = timedelta(minutes=10)

MSG_FAQ_NOT_FOUND = "Cette question n'existe pas (ou plus)."


def _profile_for_update(*, user) -> ShopProfile:
    """The account's profile row, created empty the first time, locked for this transaction, after
    archiving the current document (a dashboard piece edit follows)."""
    profile = _profile_locked(owner_id=user.pk)
    shop_version_record(owner_id=user.pk, source=ShopVersion.Source.DASHBOARD, actor=user)
    return profile


def shop_dashboard_edit_begin(*, user) -> None:
    """Before a catalogue edit of « Ma boutique »'s products: the same lock and the same archived state
    (once per burst) as the shop's own piece edits, so a product deleted by mistake can be restored."""
    _profile_for_update(user=user)


def _profile_locked(*, owner_id: int) -> ShopProfile:
    """The account's profile row locked for this transaction (one query), created empty the first time."""
    profile = ShopProfile.objects.select_for_update().filter(owner_id=owner_id).first()
    if profile is None:
        ShopProfile.objects.get_or_create(owner_id=owner_id)
        profile = ShopProfile.objects.select_for_update().get(owner_id=owner_id)
    return profile


def shop_version_record(*, owner_id: int, source: str, actor=None) -> ShopVersion | None:
    """Archive the account's current document before ``source`` changes it; returns the new
    version, or None when there was nothing worth keeping. Call inside the writer's transaction,
    with the profile row locked, before the write."""
    newest = (
        ShopVersion.objects.filter(owner_id=owner_id).only("digest", "source", "created_at").order_by("-id").first()
    )
    if (
        source == ShopVersion.Source.DASHBOARD
        and newest is not None
        and newest.source == ShopVersion.Source.DASHBOARD
        and newest.created_at > timezone.now() - DASHBOARD_BURST
    ):
        return None
    document = shop_document_read(account_id=owner_id)
    if document == empty_document():
        return None
    digest = document_version(document)
    if newest is not None and newest.digest == digest:
        return None
    version = ShopVersion.objects.create(
        owner_id=owner_id,
        document=document,
        digest=digest,
        name=document["name"][:120],
        products_count=len(document["products"]),
        zones_count=len(document["delivery_zones"]),
        faq_count=len(document["faq"]),
        source=source,
        actor=actor,
    )
    stale = list(
        ShopVersion.objects.filter(owner_id=owner_id).order_by("-id").values_list("id", flat=True)[VERSIONS_KEPT:]
    )
    if stale:
        ShopVersion.objects.filter(pk__in=stale).delete()
    return version


@transaction.atomic
def shop_document_replace(*, user, document, source: str = ShopVersion.Source.PUT, actor=None) -> dict:
    """Replace the account's whole shop with ``document`` (DESIGN.md shape); returns it cleaned.

    Raises a 400 ``ApplicationError`` whose ``errors`` are keyed by path (``products[3].price``)
    before anything is written. The replaced document is kept in the history (``source``: what
    replaces it, ``actor``: who, None for a command).
    """
    clean = document_clean(document)
    fields = profile_fields({**clean, "faq": clean["faq"]})
    profile = _profile_locked(owner_id=user.pk)
    shop_version_record(owner_id=user.pk, source=source, actor=actor)
    for key, value in fields.items():
        setattr(profile, key, value)
    profile.save()
    DeliveryZone.objects.filter(shop=profile).delete()
    DeliveryZone.objects.bulk_create(
        [
            DeliveryZone(shop=profile, position=position, **zone_fields(zone))
            for position, zone in enumerate(clean["delivery_zones"])
        ]
    )
    products_replace(user=user, products=clean["products"])
    knowledge_invalidate(user.pk)
    return clean


def shop_demo_load(*, user) -> dict:
    """Give ``user`` the demo shop (``shop/demo/demo_shop.json``: Boutique Akwaba, the demo account's
    fashion shop in Treichville); seed_demo calls this."""
    document = json.loads(DEMO_SHOP_PATH.read_text(encoding="utf-8"))
    return shop_document_replace(user=user, document=document, source=ShopVersion.Source.DEMO)


def shop_version_restore(*, user, version_id: int) -> dict:
    """Replace the account's shop with one of its versions (404 for another account's); the
    current shop becomes a version itself, so a restore can be undone."""
    version = shop_version_get(user=user, version_id=version_id)
    return shop_document_replace(user=user, document=version.document, source=ShopVersion.Source.RESTORE, actor=user)


@transaction.atomic
def shop_profile_update(*, user, data: dict) -> ShopProfile:
    """Replace the sections present in ``data`` (name, address, hours, payment_methods, ...)."""
    sections = profile_sections_clean(data)
    profile = _profile_for_update(user=user)
    for key, value in profile_fields(sections).items():
        setattr(profile, key, value)
    profile.save()
    knowledge_invalidate(user.pk)
    return profile


# --- Delivery zones ---------------------------------------------------------------------------


def _zone_clean(data: dict) -> dict:
    check = Checker()
    zone = zone_clean(check, data, "")
    raise_if_errors(check)
    return zone


def _ensure_zone_name_free(*, shop: ShopProfile, name: str, exclude_id: int | None = None) -> None:
    taken = DeliveryZone.objects.filter(shop=shop, name__iexact=name)
    if exclude_id is not None:
        taken = taken.exclude(pk=exclude_id)
    if taken.exists():
        message = MSG_ZONE_DUPLICATE.format(name=name)
        raise ApplicationError(message, code="validation_error", status_code=400, errors={"name": [message]})


@transaction.atomic
def zone_create(*, user, data: dict) -> DeliveryZone:
    fields = zone_fields(_zone_clean(data))
    shop = _profile_for_update(user=user)
    _ensure_zone_name_free(shop=shop, name=fields["name"])
    last = DeliveryZone.objects.filter(shop=shop).aggregate(last=Max("position"))["last"]
    zone = DeliveryZone.objects.create(shop=shop, position=0 if last is None else last + 1, **fields)
    knowledge_invalidate(user.pk)
    return zone


@transaction.atomic
def zone_update(*, zone: DeliveryZone, data: dict) -> DeliveryZone:
    """Change some fields (PATCH); the merged zone is validated as a whole (a served zone needs a
    fee and a vehicle)."""
    current = zone_document(
        {
            field: getattr(zone, field)
            for field in ("name", "areas", "served", "fee", "vehicle", "eta_min", "eta_max", "min_order")
        }
    )
    fields = zone_fields(_zone_clean({**current, **data}))
    owner = zone.shop.owner
    _profile_for_update(user=owner)
    if fields["name"].casefold() != zone.name.casefold():
        _ensure_zone_name_free(shop=zone.shop, name=fields["name"], exclude_id=zone.pk)
    for key, value in fields.items():
        setattr(zone, key, value)
    zone.save()
    knowledge_invalidate(owner.pk)
    return zone


@transaction.atomic
def zone_delete(*, zone: DeliveryZone) -> None:
    owner = zone.shop.owner
    _profile_for_update(user=owner)
    zone.delete()
    knowledge_invalidate(owner.pk)


# --- FAQ (a list on the profile row; an entry is addressed by its index) ------------------------


def _faq_clean(data: dict) -> dict:
    check = Checker()
    item = faq_item_clean(check, data, "")
    raise_if_errors(check)
    return {"question": item["question"], "answer": item["answer"], "answer_en": item.get("answer_en") or ""}


def _faq_not_found() -> ApplicationError:
    return ApplicationError(MSG_FAQ_NOT_FOUND, code="not_found", status_code=404)


@transaction.atomic
def faq_create(*, user, data: dict) -> list[dict]:
    item = _faq_clean(data)
    profile = _profile_for_update(user=user)
    profile.faq = [*profile.faq, item]
    profile.save(update_fields=["faq", "updated_at"])
    knowledge_invalidate(user.pk)
    return profile.faq


@transaction.atomic
def faq_update(*, user, index: int, data: dict) -> list[dict]:
    profile = _profile_for_update(user=user)
    if not 0 <= index < len(profile.faq):
        raise _faq_not_found()
    faq = list(profile.faq)
    faq[index] = _faq_clean({**faq[index], **data})
    profile.faq = faq
    profile.save(update_fields=["faq", "updated_at"])
    knowledge_invalidate(user.pk)
    return profile.faq


@transaction.atomic
def faq_delete(*, user, index: int) -> list[dict]:
    profile = _profile_for_update(user=user)
    if not 0 <= index < len(profile.faq):
        raise _faq_not_found()
    profile.faq = [item for position, item in enumerate(profile.faq) if position != index]
    profile.save(update_fields=["faq", "updated_at"])
    knowledge_invalidate(user.pk)
    return profile.faq
