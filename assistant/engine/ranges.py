"""What the range a name gives holds: « Reliure (jusqu'à 100 pages) », « Chemise 4-6 ans », « pointure 34-39 »,
« long séjour (7 nuits et plus) », « Vidange moyenne cylindrée (1,8 L à 2,5 L) », « gros moteur (plus de 2,5 L) ».
The customer says how much of that unit (« reliure pour 180 pages », « ma fille a 5 ans », « a 2.0 litre engine »,
« moteur 1.4 »), or the cart does, and the one candidate whose range holds it is the one meant."""

from __future__ import annotations

import functools
import re

from .knowledge import Knowledge, measure_word, number_value
from .lexicon import SIZE_UNITS
from .mentions import Mention
from .people import CROWD, headcount
from .text import fold_phrase, stem

_NUM = r"(\d+(?:[.,]\d+)?)"
# « jusqu'à 100 pages », « de 101 à 250 pages », « 1,8 L à 2,5 L » (the unit said twice), « up to 2 kg »
_RANGE = re.compile(
    rf"(?:\bjusqu a|\bup to|\bde|\bfrom)? ?(?:{_NUM} ?(?:([a-z]+) )?)?(?:\ba|-|\bto|\bjusqu a|\bup to) {_NUM} ([a-z]+)"
)
# Ages, in months: « (3-18 mois) », « (18 mois-3 ans) », « de 3 à 5 ans », « Chemise 4-6 ans », « 2-4 years »
_MONTHS = {"mois": 1, "month": 1, "months": 1, "an": 12, "ans": 12, "year": 12, "years": 12, "yrs": 12, "yo": 12}
_AGE = "(mois|months?|ans?|years?)"
_AGES = re.compile(rf"\b(\d+) (?:{_AGE} )?(?:(?:a|to) )?(\d+) {_AGE}\b")
# (« taille 3 (4-9 kg) » is the size 3 for 4 to 9 kg: no range of sizes)
_SIZE_RANGE = re.compile(r"\b(?:pointure|taille|size|tailles|sizes) (\d+) ?(?:a |- |to )?(\d+)\b(?! ?\d)")
_OPEN_RANGE = re.compile(r"\b(\d+) ([a-z]+) (?:et plus|and more|or more|minimum|and above|et au dela)\b")
_ABOVE = re.compile(rf"\b(?:plus de|more than|over|above|au dela de|superieur a) {_NUM} ([a-z]+)")
_BELOW = re.compile(rf"\b(?:moins de|less than|under|below|inferieur a) {_NUM} ([a-z]+)")
_UNBOUNDED = 10.0**9  # the top of an open range (« 7 nuits et plus »)
_STRICT = 1e-6  # « plus de 2,5 L » does not hold 2,5


# The Ivorian school years, in order: « CP1 » … « CM2 » (primaire), « 6e » … « 3e » (collège), « 2nde » … « Tle »
# (lycée). A name's « (CP1-CM2) », « (6e-3e) », « (2nde-Tle) » is a range of them; « mon fils est en 4e », « elle
# passe en 6ème », « Tle D » says one.
_YEARS = {"cp1": 1, "cp2": 2, "ce1": 3, "ce2": 4, "cm1": 5, "cm2": 6, "tle": 13, "terminale": 13, "2nde": 11}
_YEARS |= {f"{n}{e}": 13 - n for n in (6, 5, 4, 3) for e in ("e", "eme", "ieme")}
_YEARS |= {"sixieme": 7, "cinquieme": 8, "quatrieme": 9, "troisieme": 10, "seconde": 11, "premiere": 12, "1ere": 12}


# The cycles those years make: « Cours à domicile primaire », « … collège-lycée »
_CYCLES = {"primaire": (1, 6), "primary": (1, 6), "college": (7, 10), "lycee": (11, 13), "secondaire": (7, 13)}


def school_years(words: list[str]) -> list[int]:
    """The school years the words say, in order (« cm », « 1 » is CM1; « 2 », « nde » is 2nde)."""
    said = []
    for i, w in enumerate(words):
        pair = w + words[i + 1] if i + 1 < len(words) else ""
        if pair in _YEARS and not w.isdigit() or pair == "2nde":
            said.append(_YEARS[pair])
        elif w in _YEARS:
            said.append(_YEARS[w])
    return said


def _number(word: str) -> float | None:
    """« 180 », « 1.4 », « 2,5 » as a number; None for any other word."""
    return float(word.replace(",", ".")) if re.fullmatch(_NUM, word) else None


def ages(words: list[str]) -> list[float]:
    """The ages said, in months: « ma fille a 2 ans et demi » (30), « mon petit de 8 mois », « a 3 year old »."""
    said = []
    for i, w in enumerate(words[:-1]):
        if (n := number_value(w)) and (per := _MONTHS.get(words[i + 1])):
            half = words[i + 2 : i + 4] in (["et", "demi"], ["and", "a"]) and per == 12
            said.append(float(n * per + 6 * half))
    return said


def _unit(word: str) -> str:
    """One spelling of a unit for the names and the customer: « litre », « L » → l; « pages » → page."""
    unit = measure_word(word)
    return unit if unit in SIZE_UNITS else stem(word)


@functools.lru_cache(maxsize=8192)
def name_range(name: str) -> tuple[float, float, str] | None:
    """(lowest, highest, unit) of the range a product's name gives, or None (read once per name: the choice, the
    extractor and the unknown finder ask it of the same names on every message)."""
    years = school_years(fold_phrase(name))
    if len(years) >= 2 and years[0] < years[1]:
        return float(years[0]), float(years[1]), "school year"  # « Soutien collège (6e-3e) »
    if cycles := [_CYCLES[w] for w in fold_phrase(name) if w in _CYCLES]:
        return float(min(c[0] for c in cycles)), float(max(c[1] for c in cycles)), "school year"
    folded = " ".join(fold_phrase(name))
    if (found := _AGES.search(folded)) and (lo := int(found[1]) * _MONTHS[found[2] or found[4]]) < (
        hi := int(found[3]) * _MONTHS[found[4]]
    ):
        return float(lo), float(hi), "age"  # « Place moyens (18 mois-3 ans) »: « ma fille a 2 ans et demi »
    if (found := _RANGE.search(folded)) and (not found[2] or _unit(found[2]) == _unit(found[4])):
        return _number(found[1] or "0"), _number(found[3]), _unit(found[4])
    if found := _OPEN_RANGE.search(folded):
        return _number(found[1]), _UNBOUNDED, _unit(found[2])
    if found := _ABOVE.search(folded):
        return _number(found[1]) + _STRICT, _UNBOUNDED, _unit(found[2])
    if found := _BELOW.search(folded):
        return 0.0, _number(found[1]) - _STRICT, _unit(found[2])
    if found := _SIZE_RANGE.search(folded):
        return float(found[1]), float(found[2]), "size"  # « pointure 34-39 »: « il chausse du 35 »
    return None


_BY = {"x", "sur", "by", "par", "fois"}
_LENGTHS = {"m": 1.0, "metre": 1.0, "metres": 1.0, "meter": 1.0, "meters": 1.0, "cm": 0.01, "centimetre": 0.01}


def dimension_at(words: list[str], i: int) -> tuple[float, int]:
    """The area, in m², of a size said as two lengths from ``i`` (« 1 m x 1,20 m », « 80 sur 120 », « 60 by 80 »,
    « 120 x 80 cm », « 50 × 70 cm »), and how many words it takes; (0.0, 0) if none starts there. Without a unit,
    lengths of 10 and more are centimetres, smaller ones metres."""
    n = len(words)
    a = _number(words[i])
    if not a or (i and words[i - 1] in _BY):
        return 0.0, 0
    j = i + 1
    unit_a = _LENGTHS.get(words[j]) if j < n else None
    j += unit_a is not None
    by = j < n and words[j] in _BY
    j += by
    b = _number(words[j]) if j < n else None
    unit_b = _LENGTHS.get(words[j + 1]) if j + 1 < n else None
    if not b or not (by or unit_b):
        return 0.0, 0
    end = j + 1 + (unit_b is not None)
    if unit_a is None and unit_b is None:
        # « 80 sur 120 » in centimetres; « 4 x 2 kg » is four of two kilos, « 2 sur 3 » no size
        if min(a, b) < 10 or (end < n and measure_word(words[end]) in SIZE_UNITS):
            return 0.0, 0
        unit_a = unit_b = 0.01
    unit_a = unit_a or unit_b
    unit_b = unit_b or unit_a
    return round(a * unit_a * b * unit_b, 4), end - i


def areas(words: list[str]) -> list[float]:
    """The areas, in m², of every size said as two lengths (dimension_at)."""
    found, i = [], 0
    while i < len(words):
        area, length = dimension_at(words, i)
        if length:
            found.append(area)
        i += length or 1
    return found


def in_range(k: Knowledge, words: list[str], m: Mention, cart: dict) -> str | None:
    """« spiral binding » with 120 pages in the cart, « reliure pour 180 pages », « the oil change for a 2.0 litre
    engine »: the one candidate whose name's range holds how much of that unit the message or the cart says. A
    number said without its unit counts for a size (« il chausse du 35 ») and, with decimals, for a measure
    (« moteur 1.4 »: no count has decimals)."""
    fits = fitting(k, words, m, cart)
    return fits.pop() if len(fits) == 1 else None


def fitting(k: Knowledge, words: list[str], m: Mention, cart: dict) -> set[str]:
    """The candidates whose name's range holds what the message or the cart says (in_range), however many."""
    ranges, bare = {}, []
    for s in m.skus:
        if found := name_range(k.products[s].name):
            ranges[s] = found
        else:
            bare.append(s)
    if not ranges or len({r[2] for r in ranges.values()}) != 1:
        return set()
    if bare and not any(hi == _UNBOUNDED for _, hi, _ in ranges.values()):
        return set()  # « 4 kg de chèvre » beside « Chèvre entière (10 à 12 kg) »: a size, left to measure_tells
    unit = next(iter(ranges.values()))[2]
    for s in bare:
        # « le studio 3 nuits » beside « nuit en semaine » and « long séjour (7 nuits et plus) »: a candidate sold by
        # that unit without a range takes any count.
        if unit not in {_unit(u) for u in k.products[s].per_units}:
            return set()
        ranges[s] = (0.0, _UNBOUNDED, unit)
    said = [float(y) for y in school_years(words)] if unit == "school year" else ages(words) if unit == "age" else []
    if unit == "mcarre":
        said += areas(words)  # « une fenêtre de 80 sur 120 » of « Fenêtre alu jusqu'à 1 m² »: before either length
    said += [_number(w) for w, u in zip(words, words[1:], strict=False) if _number(w) and _unit(u) == unit]
    if unit == "size" or unit in SIZE_UNITS:
        said += [_number(w) for w in words if _number(w) and (unit == "size" or not w.isdigit())]
    said += [q for s, q in cart.items() if q and {unit, unit + "s"} & {_unit(u) for u in k.products[s].per_units}]
    if stem(unit) in CROWD and (crowd := headcount(words)):
        said.append(crowd)  # « pour 250 invités », « on sera environ 150 », « une cinquantaine de personnes »
    fits = {s for n in said[:1] for s, (lo, hi, _) in ranges.items() if lo <= n <= hi}
    if len(fits) > 1 and any(ranges[s][1] == said[0] for s in fits):
        # « jusqu'à 1 m² » and « de 1 à 2 m² »: the range that ends at the number holds it
        fits = {s for s in fits if ranges[s][0] != said[0]}
    return fits


@functools.lru_cache(maxsize=8192)
def range_words(name: str) -> frozenset[str]:
    """The stems a name says only in its range of ages (« mois » of « Semaine de garde (18 mois-5 ans) »): they tell
    nothing of what it is (« pour le mois » is the place by the month)."""
    folded = " ".join(fold_phrase(name))
    if not (found := _AGES.search(folded)):
        return frozenset()
    return frozenset(stem(w) for w in found[0].split()) - {
        stem(w) for w in (folded[: found.start()] + folded[found.end() :]).split()
    }
