"""A count said by the period and for how many periods: « 2 heures par semaine pendant 4 semaines » is eight hours,
« 3 séances par semaine pendant 2 mois » twenty-four sessions (a month of four weeks said in weeks only when the
customer says weeks), « 2 days a week for 3 weeks » six days. The product sold by that unit (« Cours (1 heure) »,
« (la séance) ») said without another count is that many."""

from __future__ import annotations

from .knowledge import Knowledge, measure_word, number_value
from .mentions import Entities
from .readings import nights_said
from .text import Normalised, stem

_PER = {"par", "per", "a", "an", "each", "every", "chaque", "toutes", "tous", "les"}
_FOR = {"pendant", "for", "sur", "durant", "during"}
_PERIODS = {"jour": "day", "day": "day", "semaine": "week", "week": "week", "mois": "month", "month": "month"}
_IN_WEEKS = {("week", "week"): 1, ("day", "day"): 1, ("month", "month"): 1, ("week", "month"): 4, ("day", "week"): 7}


def _period(word: str) -> str:
    return _PERIODS.get(word) or _PERIODS.get(stem(word), "")


def per_period(words: list[str]) -> tuple[int, str, int, range] | None:
    """(how many, of what unit, in all, where the periods are said) for « N UNIT par PERIOD pendant M PERIODs »;
    None if not said."""
    for i in range(len(words) - 5):
        n, unit = number_value(words[i]), measure_word(words[i + 1])
        j = i + 2
        while j < len(words) and words[j] in _PER:
            j += 1
        if not n or j == i + 2 or j >= len(words) or not (every := _period(words[j])):
            continue
        k = j + 1
        if k < len(words) and words[k] in _FOR:
            k += 1
        m = number_value(words[k]) if k < len(words) else 0
        span = _period(words[k + 1]) if m and k + 1 < len(words) else ""
        times = _IN_WEEKS.get((every, span), 0)
        if m and times:
            return n, unit, n * m * times, range(k, k + 2)
    return None


def counted_by_period(k: Knowledge, ent: Entities, words: list[str]) -> None:
    said = per_period(words)
    if said is None:
        return
    n, unit, total, span = said
    # (« pendant 4 semaines » names no « Cours de vacances (4 semaines) »)
    ent.products = [m for m in ent.products if not (m.start in span and m.end - 1 in span)]
    for m in ent.products:
        sold = all(unit in k.products[s].per_units or stem(unit) in k.products[s].per_units for s in m.skus)
        if sold and (m.qty is None or m.weak or m.qty == n):
            m.qty, m.weak = total, False
            ent.by_period = True
            ent.numbers = [x for x in ent.numbers if x not in (n, total)]


# « pour le mois », « au mois », « per month », « monthly »: the period a product is sold by, said (not « la semaine
# prochaine »: when)
_BY_THE = {"le", "au", "par", "du", "the", "a", "per", "la", "chaque", "every", "each"}
_BY_ITSELF = {"mensuel": "month", "mensuelle": "month", "monthly": "month", "hebdomadaire": "week", "weekly": "week"}
_NEXT = {"prochain", "prochaine", "next", "dernier", "derniere", "last", "passe", "passee", "suivant", "suivante"}


def period_said(words: list[str]) -> str:
    """The period the customer buys by (« day », « week », « month »); "" if none said."""
    for i, w in enumerate(words):
        if w in _BY_ITSELF:
            return _BY_ITSELF[w]
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if i and words[i - 1] in _BY_THE and (period := _period(w)) and stem(nxt) not in _NEXT:
            return period
    return ""


def sold_by(k: Knowledge, skus: list[str], period: str) -> list[str]:
    """Those of ``skus`` sold by that period (their unit says it: « mois », « (la semaine) », « per day »)."""
    if not period:
        return []
    return [s for s in skus if any(_period(w) == period for w in k.products[s].unit.split())]


def nights_of_stay(k: Knowledge, norm: Normalised, state: dict) -> list[int]:
    """« vendredi et samedi » said of the one room of the cart sold by the night (while « combien ? » is asked, or
    after it was taken for one night): that many nights."""
    rooms = [ln for ln in state["cart"] if ln["sku"] in k.products and "nuit" in k.products[ln["sku"]].per_units]
    waiting = [ln for ln in state["cart"] if not ln["qty"]]
    nightly = len(rooms) == 1 and (not waiting or waiting == rooms)
    nights = nights_said(norm.words) if nightly else 0
    return [nights] if nights else []
