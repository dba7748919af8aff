"""A budget said (« une montre à moins de 20 000 F », « under 20k », « autour de 80 000 », « my budget is 50k »):
the price range the customer has in mind. It is never a count, and it narrows the products named (or, named none,
the shop's whole list) to those within it."""

from __future__ import annotations

from .knowledge import Knowledge
from .mentions import Entities

# (words before the amount, the range it gives as fractions of the amount)
_UP_TO = (0.0, 1.0)
_AROUND = (0.8, 1.2)
_SAID = (
    (("moins", "de"), _UP_TO),
    (("pas", "plus", "de"), _UP_TO),
    (("maximum",), _UP_TO),
    (("max",), _UP_TO),
    (("budget", "de"), _UP_TO),
    (("budget", "est", "de"), _UP_TO),
    (("budget",), _UP_TO),
    (("under",), _UP_TO),
    (("less", "than"), _UP_TO),
    (("below",), _UP_TO),
    (("not", "more", "than"), _UP_TO),
    (("budget", "is"), _UP_TO),
    (("budget", "of"), _UP_TO),
    (("autour", "de"), _AROUND),
    (("aux", "alentours", "de"), _AROUND),
    (("dans", "les"), _AROUND),
    (("around",), _AROUND),
    (("about",), _AROUND),
    (("roughly",), _AROUND),
)
_THOUSAND = {"k", "mille", "milles", "mil", "000"}  # « 20k », « 20 mille »
LEAST = 500  # « moins de 3 » is a count; a budget is money


def said(words: list[str], value_at) -> tuple[tuple[int, int], set[int]] | None:
    """((lowest, highest) price, the positions that say it), or None. ``value_at(i)`` reads the number at i as
    (value, length) (entities._number_at)."""
    for i in range(len(words)):
        for before, (lo, hi) in _SAID:
            n = len(before)
            if tuple(words[i : i + n]) != before or i + n >= len(words):
                continue
            j = i + n
            j += words[j] in ("a", "at", "of")  # « budget à 50 000 »
            if j >= len(words):
                continue
            value, length = value_at(words, j)
            if not value:
                continue
            end = j + length
            if end < len(words) and words[end] in _THOUSAND:
                value, end = value * 1000, end + 1
            if value < LEAST:
                continue
            return (int(value * lo), int(value * hi)), set(range(i, end))
    return None


def within(k: Knowledge, skus, span: tuple[int, int]) -> list[str]:
    """Those of ``skus`` in stock within the budget; [] when none is."""
    return [s for s in skus if s in k.products and k.products[s].in_stock and span[0] <= k.products[s].price <= span[1]]


def apply(ent: Entities, k: Knowledge) -> None:
    for m in ent.products if ent.budget else ():
        m.skus = within(k, m.skus, ent.budget) or m.skus
