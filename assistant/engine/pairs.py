"""Counts said in pairs of things sold one by one, or one by one of things sold in pairs: « deux paires de
poissons rouges » of « Poisson rouge (l'unité) » is four of them, « 2 pairs of curtains » of « Rideau (la pièce) »
four curtains; « 6 guppys » of « Guppys (le couple) » three couples. A count said of the pair itself (« 3 couples de
guppys », « 2 paires de chaussures » of shoes sold by the pair) stays as it is."""

from __future__ import annotations

import re

from .knowledge import Knowledge, number_value
from .mentions import Entities
from .text import fold_phrase, stem

PAIR_WORDS = frozenset({"paire", "paires", "pair", "pairs", "couple", "couples"})
# Only animals are sold by the couple and counted one by one: « 2 écouteurs », « 2 tapettes » are two pairs.
_COUPLES = frozenset({"couple", "couples"})
# Things a pair of is one thing to buy (« 2 paires de chaussures », « 2 pairs of khaki shorts »): never doubled.
_ONE_PAIR = """chaussure soulier basket sandale tapette claquette tong botte escarpin mocassin babouche leke gant earbud
    chaussette boucle lunette ciseau short pantalon jean collant legging pince tenaille jumelle ecouteur shoe sneaker
    sandal slipper boot glove sock earring glasse sunglasse scissor trouser pant tight plier headphone earphone"""
_ONE_PAIR = frozenset(_ONE_PAIR.split())
# The units of a thing sold one at a time (besides the thing's own noun: « Poisson rouge », sold by the « poisson »).
_SINGLE = frozenset({"unite", "piece", "pieces", "unit", "each"})


def _unit_words(k: Knowledge, sku: str) -> list[str]:
    p = k.products[sku]
    return fold_phrase(p.unit) + fold_phrase(" ".join(re.findall(r"\((.*?)\)", p.name)))


def _in_pairs(k: Knowledge, sku: str) -> bool:
    return bool(PAIR_WORDS & set(_unit_words(k, sku) + fold_phrase(k.products[sku].name)))


def _one_by_one(k: Knowledge, sku: str) -> bool:
    p = k.products[sku]
    unit = fold_phrase(p.unit)
    own = {stem(w) for w in fold_phrase(re.sub(r"\(.*?\)", " ", p.name))}
    said = set(_unit_words(k, sku))
    return not _in_pairs(k, sku) and (bool(said & _SINGLE) or (len(unit) == 1 and stem(unit[0]) in own))


_ONE = frozenset({"a", "an", "un", "une", "one"})  # « a pair of goldfish »: one pair


def counted_in_pairs(k: Knowledge, ent: Entities, words: list[str]) -> None:
    for m in ent.products:
        if not all(s in k.products for s in m.skus):
            continue
        i = m.start - 1
        while i >= 0 and words[i] in ("de", "d", "of"):
            i -= 1
        paired = i >= 0 and words[i] in PAIR_WORDS
        at = i - 1 if paired else i  # where the count is said: before « paires de », or before the thing
        said = (number_value(words[at]) or int(words[at] in _ONE)) if at >= 0 else 0
        named = {stem(w) for w in words[m.start : m.end]}
        if paired and said and not named & _ONE_PAIR and all(_one_by_one(k, s) for s in m.skus):
            m.qty, m.weak = said * 2, False
        elif not paired and m.qty and not m.weak and said == m.qty and m.qty % 2 == 0 and not named & PAIR_WORDS:
            if all(_COUPLES & set(_unit_words(k, s)) for s in m.skus):
                m.qty //= 2
