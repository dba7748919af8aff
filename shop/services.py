"""Writes to the shop's knowledge. Every one drops the cached snapshot (``shop.cache``).

``shop_document_replace`` is the whole-document import (PUT /api/v1/shop, ``shop_import``, and
the demo seed): it validates everything first, then replaces everything in one transaction, so a
bad document changes nothing.
"""

import json
from pathlib import Path

from django.db import transaction
from django.db.models import Max

from catalog.services import products_replace
from catalog.validation import Checker
from core.exceptions import ApplicationError

from .cache import knowledge_invalidate
from .document import (
    MSG_ZONE_DUPLICATE,
    document_clean,
    faq_item_clean,
    profile_fields,
    profile_sections_clean,
    raise_if_errors,
    zone_clean,
    zone_document,
    zone_fields,
)
from .models import DeliveryZone, ShopProfile

DEMO_SHOP_PATH = Path(__file__).resolve().parent / "demo" / "demo_shop.json"

MSG_FAQ_NOT_FOUND = "Cette question n'existe pas (ou plus)."


def _profile_for_update(*, user) -> ShopProfile:
    """The account's profile row, created empty the first time, locked for this transaction."""
    ShopProfile.objects.get_or_create(owner=user)
    return ShopProfile.objects.select_for_update().get(owner=user)


@transaction.atomic
def shop_document_replace(*, user, document) -> dict:
    """Replace the account's whole shop with ``document`` (DESIGN.md shape); returns it cleaned.

    Raises a 400 ``ApplicationError`` whose ``errors`` are keyed by path (``products[3].price``)
    before anything is written.
    """
    clean = document_clean(document)
    fields = profile_fields({**clean, "faq": clean["faq"]})
    profile, _ = ShopProfile.objects.update_or_create(owner=user, defaults=fields)
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
    return shop_document_replace(user=user, document=document)


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
    if fields["name"].casefold() != zone.name.casefold():
        _ensure_zone_name_free(shop=zone.shop, name=fields["name"], exclude_id=zone.pk)
    for key, value in fields.items():
        setattr(zone, key, value)
    zone.save()
    knowledge_invalidate(zone.shop.owner_id)
    return zone


@transaction.atomic
def zone_delete(*, zone: DeliveryZone) -> None:
    owner_id = zone.shop.owner_id
    zone.delete()
    knowledge_invalidate(owner_id)


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
