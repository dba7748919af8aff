"""A budget said (« une montre à moins de 20 000 F », « under 20k », « autour de 80 000 », « my budget is 50k »):
the price range the customer has in mind. It is never a count, and it narrows the products named (or, named none,
the shop's whole list) to those within it."""

from __future__ import annotations

from .knowledge import Knowledge
from .mentions import Entities

# The words before the amount, and the range they give as fractions of it.
_UP_TO = (0.0, 1.0)
_AROUND = (0.8, 1.2)
_BEFORE = (
    (("moins", "de"), _UP_TO),
    (("pas", "plus", "de"), _UP_TO),
    (("pas", "depasser"), _UP_TO),
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
    (("wan", "pass"), _UP_TO),  # pidgin « I no wan pass 13k »
    (("only",), _UP_TO),  # « i get only 5k »
    (("avec",), _UP_TO),  # « avec 10 krika je peux prendre quoi ? »
    (("autour", "de"), _AROUND),
    (("aux", "alentours", "de"), _AROUND),
    (("dans", "les"), _AROUND),
    (("around",), _AROUND),
    (("about",), _AROUND),
    (("roughly",), _AROUND),
)
# « entre 10 000 et 20 000 », « between 25,000 and 40,000 »: from the first amount up to the second.
_BETWEEN = {"entre", "between"}
_AND = {"et", "and", "a", "to"}
# The words after the amount: « 20 000 maximum », « for 20k range », « 15 000 pile mon budget ».
_AFTER = {"maximum": _UP_TO, "max": _UP_TO, "range": _AROUND, "budget": _AROUND, "pile": _AROUND}
_THOUSAND = {"k", "mille", "milles", "mil"}  # « 20k », « 20 mille », nouchi « 10 krika »
LEAST = 500  # « moins de 3 » is a count; a budget is money


def _amount(words: list[str], j: int, value_at) -> tuple[int, int]:
    """(the amount of money at j, where it ends), (0, j) when none."""
    value, length = value_at(words, j) if j < len(words) else (None, 0)
    if not value:
        return 0, j
    end = j + length
    if end < len(words) and words[end] in _THOUSAND:
        value, end = value * 1000, end + 1
    end += end < len(words) and words[end] == "francs"
    return int(value), end


def said(words: list[str], value_at) -> tuple[tuple[int, int], set[int]] | None:
    """((lowest, highest) price, the positions that say it), or None. ``value_at(i)`` reads the number at i as
    (value, length) (entities._number_at)."""
    for j in range(len(words)):
        value, end = _amount(words, j, value_at)
        if value < LEAST:
            continue
        start = j - (j > 0 and words[j - 1] in ("a", "at", "of"))  # « budget à 50 000 »
        for before, (lo, hi) in _BEFORE:
            if tuple(words[max(0, start - len(before)) : start]) == before:
                return (int(value * lo), int(value * hi)), set(range(start - len(before), end))
        if start and words[start - 1] in _BETWEEN and end < len(words) and words[end] in _AND:
            top, last = _amount(words, end + 1, value_at)
            if top > value:
                return (value, top), set(range(start - 1, last))
        if end < len(words) and words[end] in _AFTER:
            lo, hi = _AFTER[words[end]]
            return (int(value * lo), int(value * hi)), set(range(j, end + 1))
    return None


def within(k: Knowledge, skus, span: tuple[int, int]) -> list[str]:
    """Those of ``skus`` in stock within the budget; [] when none is."""
    return [s for s in skus if s in k.products and k.products[s].in_stock and span[0] <= k.products[s].price <= span[1]]


def apply(ent: Entities, k: Knowledge) -> None:
    for m in ent.products if ent.budget else ():
        m.skus = within(k, m.skus, ent.budget) or m.skus
