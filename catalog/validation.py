"""Validation of the shop document's parts, with French messages keyed by the faulty path.

The whole document (``PUT /api/v1/shop``, ``shop_import``) and the dashboard's piece-by-piece
endpoints share these checks, so a price is refused with the same sentence everywhere. Paths read
like the document: ``products[3].price``, ``hours.mon``; a piece endpoint validates with an empty
prefix, so its keys are plain field names (``price``).

A ``Checker`` collects every error instead of stopping at the first: the owner fixes a file once.
"""

from typing import Any

MSG_REQUIRED = "Ce champ est obligatoire."
MSG_OBJECT = "Ce champ doit être un objet JSON."
MSG_LIST = "Ce champ doit être une liste."
MSG_TEXT = "Ce champ doit être un texte."
MSG_TEXT_BLANK = "Ce champ ne peut pas être vide."
MSG_TEXT_TOO_LONG = "Ce texte ne doit pas dépasser {max} caractères."
MSG_TEXT_LIST = "Ce champ doit être une liste de textes."
MSG_LIST_TOO_LONG = "Cette liste ne doit pas dépasser {max} éléments."
MSG_BOOL = "Ce champ doit valoir true ou false."
MSG_INTEGER = "Ce champ doit être un nombre entier positif."
MSG_INTEGER_MIN = "Ce champ doit être un nombre entier supérieur ou égal à {min}."
MSG_INTEGER_MAX = "Ce nombre ne doit pas dépasser {max}."
MSG_PRICE = "Le prix doit être un nombre entier positif."
MSG_SKU_DUPLICATE = "Le code produit « {sku} » est déjà utilisé."
MSG_TEXT_NUL = "Ce texte contient un caractère invalide (NUL)."

MAX_ALIASES = 50
MAX_ALIAS_LENGTH = 80
MAX_PRICE = 100_000_000

PRODUCT_FIELDS = ("sku", "name", "description", "aliases", "price", "unit", "in_stock", "stock_quantity")
MAX_STOCK = 1_000_000


def join(prefix: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{prefix}[{key}]"
    return f"{prefix}.{key}" if prefix else key


class Checker:
    """Collects ``{path: [French message, ...]}``; each check returns the cleaned value (or None)."""

    def __init__(self) -> None:
        self.errors: dict[str, list[str]] = {}

    def add(self, path: str, message: str) -> None:
        self.errors.setdefault(path or "document", []).append(message)

    def has_errors_under(self, path: str) -> bool:
        return any(key == path or key.startswith(path + ".") or key.startswith(path + "[") for key in self.errors)

    def obj(self, value: Any, path: str) -> dict | None:
        if not isinstance(value, dict):
            self.add(path, MSG_OBJECT)
            return None
        return value

    def items(self, value: Any, path: str, *, max_items: int = 1000) -> list:
        if value is None:
            return []
        if not isinstance(value, list):
            self.add(path, MSG_LIST)
            return []
        if len(value) > max_items:
            self.add(path, MSG_LIST_TOO_LONG.format(max=max_items))
            return []
        return value

    def text(self, value: Any, path: str, *, max_length: int, required: bool = False) -> str | None:
        """A stripped string; ``None`` (or missing) is "" unless required."""
        if value is None:
            if required:
                self.add(path, MSG_REQUIRED)
                return None
            return ""
        if not isinstance(value, str):
            self.add(path, MSG_TEXT)
            return None
        if "\x00" in value:
            self.add(path, MSG_TEXT_NUL)  # PostgreSQL text cannot hold it: a 400, never a 500
            return None
        value = value.strip()
        if required and not value:
            self.add(path, MSG_TEXT_BLANK)
            return None
        if len(value) > max_length:
            self.add(path, MSG_TEXT_TOO_LONG.format(max=max_length))
            return None
        return value

    def texts(self, value: Any, path: str, *, max_items: int, max_length: int) -> list[str] | None:
        """A list of stripped, non-empty strings without exact duplicates, in the given order."""
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            self.add(path, MSG_TEXT_LIST)
            return None
        if len(value) > max_items:
            self.add(path, MSG_LIST_TOO_LONG.format(max=max_items))
            return None
        cleaned: list[str] = []
        for index, item in enumerate(value):
            if "\x00" in item:
                self.add(join(path, index), MSG_TEXT_NUL)
                return None
            item = item.strip()
            if len(item) > max_length:
                self.add(join(path, index), MSG_TEXT_TOO_LONG.format(max=max_length))
                return None
            if item and item not in cleaned:
                cleaned.append(item)
        return cleaned

    def boolean(self, value: Any, path: str, *, default: bool | None = None) -> bool | None:
        if value is None and default is not None:
            return default
        if not isinstance(value, bool):
            self.add(path, MSG_BOOL)
            return None
        return value

    def integer(
        self,
        value: Any,
        path: str,
        *,
        minimum: int = 0,
        maximum: int = MAX_PRICE,
        message: str | None = None,
        nullable: bool = False,
    ) -> int | None:
        """A whole number: JSON ``1000`` (or ``1000.0``), never ``true``, ``"1000"`` or ``999.5``."""
        if value is None:
            if not nullable:
                self.add(path, MSG_REQUIRED)
            return None
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(path, message or (MSG_INTEGER if minimum == 0 else MSG_INTEGER_MIN.format(min=minimum)))
            return None
        if value < minimum:
            self.add(path, message or (MSG_INTEGER if minimum == 0 else MSG_INTEGER_MIN.format(min=minimum)))
            return None
        if value > maximum:
            self.add(path, MSG_INTEGER_MAX.format(max=f"{maximum:_}".replace("_", " ")))
            return None
        return value


def product_clean(check: Checker, data: Any, path: str, *, partial: bool = False) -> dict:
    """One product of the document (or of a create/PATCH body when ``path`` is "").

    With ``partial``, only the keys present are checked and returned (PATCH); otherwise every
    field is returned, with defaults for the optional ones.
    """
    data = check.obj(data, path)
    if data is None:
        return {}
    out: dict = {}

    def wanted(key: str) -> bool:
        return not partial or key in data

    if wanted("sku"):
        out["sku"] = check.text(data.get("sku"), join(path, "sku"), max_length=32, required=True)
    if wanted("name"):
        out["name"] = check.text(data.get("name"), join(path, "name"), max_length=120, required=True)
    if wanted("description"):
        out["description"] = check.text(data.get("description"), join(path, "description"), max_length=2000)
    if wanted("aliases"):
        out["aliases"] = check.texts(
            data.get("aliases"), join(path, "aliases"), max_items=MAX_ALIASES, max_length=MAX_ALIAS_LENGTH
        )
    if wanted("price"):
        price = data.get("price")
        if price is None:
            check.add(join(path, "price"), MSG_REQUIRED)
            out["price"] = None
        else:
            out["price"] = check.integer(price, join(path, "price"), message=MSG_PRICE)
    if wanted("unit"):
        out["unit"] = check.text(data.get("unit"), join(path, "unit"), max_length=30)
    if wanted("in_stock"):
        out["in_stock"] = check.boolean(data.get("in_stock"), join(path, "in_stock"), default=True)
    # Optional stock count: a missing key leaves the stored count as it is (a document written before
    # stock tracking loses nothing); null stops tracking; otherwise a whole number of units.
    if "stock_quantity" in data:
        out["stock_quantity"] = check.integer(
            data["stock_quantity"], join(path, "stock_quantity"), maximum=MAX_STOCK, nullable=True
        )
    return out
