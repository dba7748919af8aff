"""Which product a customer means among candidates (the answer to « lequel ? », an alternative taken):
by rank (« le deuxième »), by price (« le moins cher »), by a mention naming one of them, by a word of
one name only (« en poudre »), or by what it is like (« for my son »); the words right after a shared word
(« brochettes de bœuf »), and a measure said for a product sold by it. Pure functions over the shop."""

from __future__ import annotations

from .cues import CHEAP, EXPENSIVE, ORDINALS, any_phrase
from .entities import Entities, Mention
from .knowledge import Knowledge, measure_word, trait_scores
from .text import Normalised


def resolve_choice(k: Knowledge, norm: Normalised, mentions: list, cands: list[str], refused=(), refused_at=()):
    """(the chosen sku, the mention that named it or None), or (None, None) when the message does not say.
    ``refused``: products turned down (« pas le semi-permanent »), named at the positions ``refused_at``."""
    words = norm.words
    left = [s for s in cands if s not in refused]
    if refused and len(left) == 1 and not mentions:
        return left[0], None  # « pas le grand » between two: the other one
    for n, cues in enumerate(ORDINALS):
        if n < len(cands) and any_phrase(words, cues) and not mentions:
            return cands[n], None
    priced = sorted((s for s in cands if s in k.products), key=lambda s: k.products[s].price)
    if priced and not mentions and any_phrase(words, CHEAP + ("cheaper", "moins chere", "le plus petit")):
        return priced[0], None
    if priced and not mentions and any_phrase(words, EXPENSIVE):
        return priced[-1], None
    for m in mentions:
        inter = [s for s in m.skus if s in cands]
        if len(inter) == 1:
            return inter[0], m
    winners = _closest(k, norm, cands, refused_at)
    if len(winners) == 1:
        used = next((m for m in mentions if winners[0] in m.skus), None)
        return winners[0], used
    return None, None


def narrow_choice(k: Knowledge, norm: Normalised, cands: list[str], refused_at=()) -> list[str]:
    """The candidates an answer narrows the choice to when it tells some apart but not one (« plumés » among
    six chickens, three of them plucked; « the black ones »), in their order; [] when it narrows nothing."""
    winners = _closest(k, norm, cands, refused_at)
    return [s for s in cands if s in winners] if 1 < len(winners) < len(cands) else []


def _closest(k: Knowledge, norm: Normalised, cands: list[str], refused_at=()) -> list[str]:
    """The candidates most of whose distinguishing words the message says (« les petits sacs de 5 kilos »,
    « en poudre », « condensed »), else those most like what it describes; [] when it says nothing of them."""
    stems = {t.stem for i, t in enumerate(norm.tokens) if (len(t.stem) > 1 or t.stem.isdigit()) and i not in refused_at}
    scores = word_scores(k, stems, cands)
    if scores and not any(scores.values()):
        # « for my son », « celle à laver »: what it is like, when no word of a name tells them apart.
        scores = trait_scores([k.products[s] for s in cands if s in k.products], stems)
    return _best(scores)


def _best(scores: dict[str, int]) -> list[str]:
    """The skus of the highest score, [] when none scored."""
    best = max(scores.values(), default=0)
    return [s for s, sc in scores.items() if sc == best] if best > 0 else []


def word_scores(k: Knowledge, stems, cands: list[str]) -> dict[str, int]:
    """sku -> how many of the stems said are words of its name that the other candidates' names lack."""
    vocabs = {s: set(k.products[s].vocab) for s in cands if s in k.products}
    shared = set.intersection(*vocabs.values()) if vocabs else set()
    return {s: len(set(stems) & (v - shared)) for s, v in vocabs.items()}


def told_apart(k: Knowledge, norm: Normalised, ent: Entities, m: Mention) -> tuple[str | None, set[int]]:
    """The one candidate of ``m`` that the words right after it name (« brochettes de bœuf »), if any, and the
    positions of those words."""
    toks = norm.tokens
    stems, said = [], set()
    for j in range(m.end, min(len(toks), m.end + 3)):
        if toks[j - 1].brk or (j in ent.consumed and ent.kinds.get(j) != "product"):
            break
        if toks[j].text in ("et", "and", "ou", "or", "plus") or toks[j].text.isdigit():
            break  # « des tomates et 1 kg d'oignons »: what follows is another product
        stems.append(toks[j].stem)
        said.add(j)
    winners = _best(word_scores(k, stems, m.skus))
    return (winners[0], said) if len(winners) == 1 else (None, set())


def measure_before(k: Knowledge, words: list[str], m: Mention) -> tuple[int, str] | None:
    """« 2 kilos de mouton »: the measure said before a word several products share, kept for the one chosen
    when it is sold by that measure."""
    for j in range(max(0, m.start - 3), m.start - 1):
        unit = measure_word(words[j + 1])
        if words[j].isdigit() and any(unit in k.products[s].per_units for s in m.skus):
            return int(words[j]), unit
    return None


def measure_of_last(k: Knowledge, norm: Normalised, ent: Entities, state: dict) -> Mention | None:
    """« 5 kilos », « 3 mètres » said alone of the product just talked about, sold by that measure."""
    words = norm.words
    p = k.products.get(state["last_sku"] or "")
    if ent.products or state["choice"] or not p or not p.in_stock or not p.per_units:
        return None
    for i, (w, unit) in enumerate(zip(words, words[1:], strict=False)):
        if w.isdigit() and int(w) and measure_word(unit) in p.per_units:
            return Mention([p.sku], i, i + 2, qty=int(w), text=p.name)
    return None


def count_of_presented(k: Knowledge, norm: Normalised, ent: Entities, sku: str | None) -> Mention | None:
    """« 2 », « ok donne-moi deux », « I'll take 3 » right after the price or the stock of one product was
    given: that many of it. A number of its name (« le 500 g ») or anything else named is no such answer."""
    p = k.products.get(sku or "")
    if not p or not p.in_stock or ent.products or ent.zones or ent.payments or ent.refused or norm.question:
        return None
    if len(ent.numbers) != 1 or not 0 < ent.numbers[0] or ent.numbers[0] in p.name_numbers:
        return None
    return Mention([p.sku], 0, 0, qty=ent.numbers[0], text=p.name)
