"""Writes to the catalogue. Each one drops the account's cached shop snapshot (the assistant's view).

Validation is ``catalog.validation``'s, the same as the whole document's, so the dashboard and an
imported file are refused with the same French sentences.
"""

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from accounts.photos import profile_photo_clean
from core.exceptions import ApplicationError
from shop.cache import knowledge_invalidate

from .models import Product
from .selectors import PRODUCT_DOCUMENT_FIELDS
from .validation import MSG_SKU_DUPLICATE, Checker, product_clean

PHOTO_FIELD = "photo"
# Catalogue photos are sent on WhatsApp and shown at phone width: the longest side is kept at most this.
PHOTO_MAX_SIDE = 1280


def _validation_error(errors: dict[str, list[str]]) -> ApplicationError:
    first = next(iter(errors.values()))[0]
    return ApplicationError(first, code="validation_error", status_code=400, errors=errors)


def _clean(data: dict) -> dict:
    check = Checker()
    product = product_clean(check, data, "")
    if check.errors:
        raise _validation_error(check.errors)
    return product


def _ensure_sku_free(*, user, sku: str, exclude_id: int | None = None) -> None:
    taken = Product.objects.filter(owner=user, sku__iexact=sku)
    if exclude_id is not None:
        taken = taken.exclude(pk=exclude_id)
    if taken.exists():
        raise _validation_error({"sku": [MSG_SKU_DUPLICATE.format(sku=sku)]})


def _history_keeps_the_shop(*, user) -> None:
    # shop.services imports this module: imported when a product is edited, not when it loads.
    from shop.services import shop_dashboard_edit_begin

    shop_dashboard_edit_begin(user=user)


def product_document_of(product: Product) -> dict:
    return {field: getattr(product, field) for field in PRODUCT_DOCUMENT_FIELDS}


@transaction.atomic
def product_create(*, user, data: dict) -> Product:
    """Add a product at the end of the list. ``data`` has the document's product keys."""
    fields = _clean(data)
    _ensure_sku_free(user=user, sku=fields["sku"])
    _history_keeps_the_shop(user=user)
    last = Product.objects.filter(owner=user).aggregate(last=Max("position"))["last"]
    product = Product.objects.create(owner=user, position=0 if last is None else last + 1, **fields)
    knowledge_invalidate(user.pk)
    return product


@transaction.atomic
def product_update(*, product: Product, data: dict) -> Product:
    """Change some fields (PATCH): the merged product is validated as a whole."""
    fields = _clean({**product_document_of(product), **data})
    if fields["sku"].casefold() != product.sku.casefold():
        _ensure_sku_free(user=product.owner, sku=fields["sku"], exclude_id=product.pk)
    _history_keeps_the_shop(user=product.owner)
    for key, value in fields.items():
        setattr(product, key, value)
    product.save()
    knowledge_invalidate(product.owner_id)
    return product


@transaction.atomic
def product_delete(*, product: Product) -> None:
    owner_id = product.owner_id
    photo = product.photo.name
    _history_keeps_the_shop(user=product.owner)
    product.delete()
    if photo:
        storage = Product._meta.get_field("photo").storage
        transaction.on_commit(lambda: storage.delete(photo))
    knowledge_invalidate(owner_id)


@transaction.atomic
def product_photo_set(*, product: Product, photo) -> Product:
    """Store a checked, re-encoded copy of the upload (``accounts.photos`` rules: EXIF dropped), its
    longest side scaled down to ``PHOTO_MAX_SIDE``, as the photo."""
    try:
        clean = profile_photo_clean(photo, max_side=PHOTO_MAX_SIDE)
    except ApplicationError as error:
        raise _validation_error({PHOTO_FIELD: [error.message]}) from None
    old = product.photo.name
    product.photo.save(clean.name, clean, save=True)
    if old:
        storage = product.photo.storage
        transaction.on_commit(lambda: storage.delete(old))
    knowledge_invalidate(product.owner_id)
    return product


def _stock_move(*, user, quantities: dict[str, int], sign: int) -> list[Product]:
    """Add ``sign * quantity`` to the tracked stock of each sku (never below 0), under a row lock."""
    wanted = {sku: quantity for sku, quantity in quantities.items() if sku and quantity > 0}
    if not wanted:
        return []
    products = list(
        Product.objects.select_for_update()
        .filter(owner=user, sku__in=list(wanted), stock_quantity__isnull=False)
        .order_by("pk")
    )
    now = timezone.now()
    for product in products:
        product.updated_at = now
        before = product.stock_quantity
        product.stock_quantity = max(0, before + sign * wanted[product.sku])
        if product.stock_quantity == 0:
            product.in_stock = False  # the assistant stops offering what is gone
        elif before == 0 and sign > 0:
            product.in_stock = True  # back from the 0 an order left (the owner's own switch otherwise)
    if products:
        Product.objects.bulk_update(products, ["stock_quantity", "in_stock", "updated_at"])
        knowledge_invalidate(user.pk)
    return products


def product_stock_take(*, user, quantities: dict[str, int]) -> list[Product]:
    """A confirmed order takes its quantities (by sku) off the products whose stock is tracked;
    one that reaches 0 is marked out of stock. Call inside the order's transaction. Returns the
    products changed."""
    return _stock_move(user=user, quantities=quantities, sign=-1)


def product_stock_return(*, user, quantities: dict[str, int]) -> list[Product]:
    """A cancelled order puts its quantities back (the reverse of ``product_stock_take``)."""
    return _stock_move(user=user, quantities=quantities, sign=1)


def products_replace(*, user, products: list[dict]) -> None:
    """Make the catalogue exactly ``products`` (cleaned document entries), in their order.

    Products are matched by sku, so a re-imported file keeps ids and photos; the others are
    deleted. A constant number of queries whatever the size: one read, one delete, one bulk update,
    one bulk insert. Call inside the caller's transaction (``shop_document_replace``).
    """
    existing = {product.sku.casefold(): product for product in Product.objects.filter(owner=user)}
    wanted = {item["sku"].casefold() for item in products}
    stale = [product.pk for key, product in existing.items() if key not in wanted]
    if stale:
        Product.objects.filter(pk__in=stale).delete()
    to_update, to_create = [], []
    for position, item in enumerate(products):
        product = existing.get(item["sku"].casefold())
        if product is None:
            to_create.append(Product(owner=user, position=position, **item))
            continue
        for key, value in item.items():
            setattr(product, key, value)
        product.position = position
        to_update.append(product)
    if to_update:
        Product.objects.bulk_update(to_update, [*PRODUCT_DOCUMENT_FIELDS, "position"], batch_size=500)
    if to_create:
        Product.objects.bulk_create(to_create, batch_size=500)
    knowledge_invalidate(user.pk)
