"""Reads of the catalogue. The dashboard's list is one query for the page and one for its count."""

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from .models import Product

PRODUCT_DOCUMENT_FIELDS = ("sku", "name", "description", "aliases", "price", "unit", "in_stock", "stock_quantity")


def product_list(*, user, q: str = "", in_stock: bool | None = None) -> QuerySet[Product]:
    """The account's products in the owner's order; ``q`` searches the sku, the name and the
    description (case-insensitive; aliases are matched as text of the JSON list)."""
    products = Product.objects.filter(owner=user)
    q = q.strip()
    if q:
        products = products.filter(
            Q(sku__icontains=q) | Q(name__icontains=q) | Q(description__icontains=q) | Q(aliases__icontains=q)
        )
    if in_stock is not None:
        products = products.filter(in_stock=in_stock)
    return products.order_by("position", "id")


def product_get(*, user, product_id: int) -> Product:
    """The account's product, or 404 (another account's product does not exist here)."""
    return get_object_or_404(Product, pk=product_id, owner=user)
