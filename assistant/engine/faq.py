"""Matching a message to the shop's FAQ entries: word stems and concepts shared with each question."""

from __future__ import annotations

import re

from .knowledge import Knowledge, concepts_of
from .lexicon import EN_WORDS, FAQ_STOP, FR_WORDS
from .text import Normalised, stem


def lemma(word: str) -> str:
    """A rough French/English verb and plural ending stripper for FAQ matching ("posez", "pose" -> "pos")."""
    for end in ("ements", "ement", "ons", "ent", "ez", "er", "es", "ed", "ing", "e", "s"):
        if word.endswith(end) and len(word) - len(end) >= 3:
            base = word[: -len(end)]
            if end in ("ed", "ing") and len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "aeiouls":
                base = base[:-1]  # "cutting", "shipped" -> "cut", "ship"
            return base
    return word


def _overlap(stems: set, others: set) -> set:
    """Shared words, counting a shared beginning of 6 letters or more ("retourner" / "retour")."""
    lemmas = {lemma(o) for o in others}
    hits = {s for s in stems if s in others or lemma(s) in lemmas}
    for s in stems - hits:
        if len(s) >= 6 and any(len(o) >= 6 and o[:6] == s[:6] for o in others):
            hits.add(s)
    return hits


def faq_match(norm: Normalised, knowledge: Knowledge, language: str | None = None) -> tuple[int | None, float]:
    best, score, _ = faq_match_detail(norm, knowledge, language)
    return best, score


def faq_match_detail(
    norm: Normalised, knowledge: Knowledge, language: str | None = None
) -> tuple[int | None, float, bool]:
    """(best FAQ entry, score, whether a non-product word of its question is in the message)."""
    if not knowledge.faq:
        return None, 0.0, False
    words = list(norm.words)
    joined = " ".join(words)
    # "frais de livraison" is a fee, not freshness.
    joined = re.sub(r"\bfrais (de|d) (livraison|transport|envoi)\b", "cout livraison", joined)
    words = joined.split()
    concepts = concepts_of(words)
    stems = {stem(w) for w in words if w not in FAQ_STOP and len(w) > 2}
    products = knowledge.product_stems | knowledge.unit_words
    best, best_score, best_hit = None, 0.0, False
    for i, f in enumerate(knowledge.faq):
        score = 2.0 * len(concepts & f.q_concepts) + 1.0 * len(concepts & (f.concepts - f.q_concepts))
        q_hits = _overlap(stems, f.q_stems)
        score += 1.5 * len(q_hits - products) + 0.5 * len(q_hits & products)
        # A word that only this question uses ("installation") points at it more than a shared one.
        others = set().union(*(g.q_stems for j, g in enumerate(knowledge.faq) if j != i))
        unique = {
            w for w in stems & f.q_stems if len(w) >= 5 and w not in others | knowledge.vocab | FR_WORDS | EN_WORDS
        }
        score += 0.5 * len(unique - products)
        score += 0.5 * len(_overlap(stems, f.a_stems - f.q_stems) - products)
        if language == "en":
            # The questions are written in French: an English question meets the English answer instead.
            en_hits = _overlap(stems, f.en_stems) - products - knowledge.vocab
            # Everyday English words ("evening", "shop") weigh less than the answer's own content words.
            score += 0.5 * len(en_hits) + 0.5 * len({w for w in en_hits if w not in EN_WORDS})
            q_hits = q_hits | en_hits
        if score > best_score:
            # A concept of the question ("warranty" = "garantie") is as good as one of its words.
            best, best_score, best_hit = i, score, bool(q_hits - products) or bool(concepts & f.q_concepts)
    return best, best_score, best_hit
