"""The order lines of a « commande » mail: each quantity the mail gives, and the catalogue product the
words after it name (« 20 cartons de lait Bonnet Rouge » → Carton de lait Bonnet Rouge × 20).

Names are matched word by word with rapidfuzz (plurals, missing accents and typos pass); a product
is named when most of its own words are there and at least one of them is not a container word
(« carton », « sac », « boîte »…), so « 10 cartons de sucre » is not « Carton de lait ».
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz

from .text import normalise

GENERIC = set(
    "carton cartons sac sacs boite boites pack packs paquet paquets bidon bidons kit kits flacon flacons piece pieces "
    "kg g l ml litre litres m m2 cm unite unites lot lots caisse caisses seau seaux bouteille bouteilles "
    "mètre metre metres portion portions plateau plateaux box boxes bag bags bottle bottles".split()
)
STOP = set("de d du des la le les l en a au aux et pour of the with x".split())
QUANTITY = re.compile(r"(?<![\w/.,:-])(\d{1,4})(?![\d/.,:°%-])(?:\s*(?:x|×))?\s+")
# What ends the words of one product: the next number, punctuation, « et », « and ».
SEGMENT_END = re.compile(r"\d|[,;.!?:()\n]|\s(?:et|and|pour|for|avec|with|avant|before|livre|a livrer)\s")
NOT_A_QUANTITY = re.compile(
    r"^(?:f\s?cfa|fcfa|francs?|xof|%|h\b|heures?|ans?\b|jours?|mois|semaines?|minutes?|days?|weeks?|hours?|years?|"
    r"months?|pm\b|am\b|janvier|fevrier|mars|avril|mai\b|juin|juillet|aout|septembre|octobre|novembre|decembre|"
    r"january|february|march|april|may\b|june|july|august|september|october|november|december|000)"
)


@dataclass(frozen=True)
class Candidate:
    product_id: int
    name: str
    quantity: int


def _tokens(text: str) -> list[str]:
    out = []
    for w in re.findall(r"[a-z0-9²°]+", normalise(text)):
        if w in STOP or w.isdigit():
            continue
        out.append(w[:-1] if len(w) > 3 and w.endswith("s") else w)
    return out


def _product_tokens(name: str) -> list[str]:
    # « Gants d'examen (boîte de 100) »: what is in brackets describes the unit, not the product.
    return _tokens(re.sub(r"\(.*?\)", " ", name))


def _match(segment: list[str], product: list[str]) -> float:
    """The share of the product's words found in the segment (0 when only container words are)."""
    if not product or not segment:
        return 0.0
    found, distinctive = 0.0, False
    for word in product:
        best = max(fuzz.ratio(word, s) for s in segment)
        if best >= 80:
            found += best / 100
            distinctive = distinctive or word not in GENERIC
    return found / len(product) if distinctive else 0.0


def order_lines(text: str, products: Sequence[tuple[int, str]], *, threshold: float = 0.5) -> list[Candidate]:
    if not products or not text:
        return []
    catalogue = [(pid, name, _product_tokens(name)) for pid, name in products]
    norm = normalise(text)
    lines: list[Candidate] = []
    seen: set[int] = set()
    for m in QUANTITY.finditer(norm):
        rest = norm[m.end() : m.end() + 80]
        if NOT_A_QUANTITY.match(rest):
            continue
        end = SEGMENT_END.search(rest)
        segment = _tokens(rest[: end.start()] if end else rest)
        quantity = int(m.group(1))
        if not segment or quantity <= 0:
            continue
        scored = sorted(
            ((_match(segment, tokens), -len(tokens), pid, name) for pid, name, tokens in catalogue),
            reverse=True,
        )
        score, _, pid, name = scored[0]
        if score >= threshold and pid not in seen:
            seen.add(pid)
            lines.append(Candidate(pid, name, quantity))
    return lines
