"""Which product a customer means among candidates (the answer to « lequel ? », an alternative taken):
by rank (« le deuxième »), by price (« le moins cher »), by a mention naming one of them, by a word of
one name only (« en poudre »), or by what it is like (« for my son »). Pure functions over the shop."""

from __future__ import annotations

from .cues import CHEAP, EXPENSIVE, ORDINALS, any_phrase
from .knowledge import Knowledge, trait_scores
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
    vocabs = {s: set(k.products[s].vocab) for s in cands if s in k.products}
    shared = set.intersection(*vocabs.values()) if vocabs else set()
    scores = {s: len(stems & (v - shared)) for s, v in vocabs.items()}
    if scores and not any(scores.values()):
        # « for my son », « celle à laver »: what it is like, when no word of a name tells them apart.
        scores = trait_scores([k.products[s] for s in cands if s in k.products], stems)
    best = max(scores.values(), default=0)
    return [s for s, sc in scores.items() if sc == best] if best > 0 else []
