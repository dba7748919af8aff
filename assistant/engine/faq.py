"""Matching a message to the shop's FAQ entries: word stems and concepts shared with each question."""

from __future__ import annotations

import re
from functools import lru_cache

from .cues import any_phrase
from .knowledge import Knowledge, concepts_of
from .lexicon import EN_WORDS, FAQ_STOP, FR_WORDS, FUNCTION_WORDS
from .text import Normalised, fold_phrase, lemma, stem


def _overlap(stems: set, others: set) -> set:
    """Shared words, counting a shared beginning of 6 letters or more ("retourner" / "retour")."""
    lemmas = {lemma(o) for o in others}
    hits = {s for s in stems if s in others or lemma(s) in lemmas}
    for s in stems - hits:
        if len(s) >= 6 and any(len(o) >= 6 and o[:6] == s[:6] for o in others):
            hits.add(s)
    return hits


# The hand-set weights of the features below: the score that decides whether a message is close enough to an
# entry to answer from it (intents.py's thresholds are on this scale).
HAND_WEIGHTS = {
    "concept_q": 2.0,
    "concept_a": 1.0,
    "q_word": 1.5,
    "q_product": 0.5,
    "q_unique": 0.5,
    "asked_when": 2.0,
    "a_word": 0.5,
    "en_word": 0.5,
    "en_content": 0.5,
}
# What a question asks for, and how an answer that gives it reads: a delay, an amount or a count.
ASKS = {
    "delay": (
        "combien de temps",
        "combien de jours",
        "en combien",
        "how long",
        "how many days",
        "how many hours",
        "delai",
        "delais",
        "pret quand",
        "ready when",
        "prend combien",
        "take how",
    ),
    "amount": ("combien", "how much", "prix", "payant", "gratuit", "free", "cost", "coute", "tarif", "supplement"),
    "count": ("combien de", "how many", "quantite"),
    # When a thing the shop does takes place (« la zumba c'est quels jours ? », « what days are the boxing classes? »).
    "when": (
        "quel jour",
        "quels jours",
        "quelle heure",
        "quelles heures",
        "c est quand",
        "what day",
        "what days",
        "which day",
        "which days",
        "what time",
        "when is",
        "when are",
        "horaire",
        "horaires",
        "schedule",
        "timetable",
        "planning",
    ),
}
_DAYS = re.compile(
    r"\b(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b"
)
_GIVES = {
    # « en 2 h », « 15 à 20 min », « 3 jours »; not a time of day (« jusqu'à 18 h », « de 8 h à 18 h »).
    "delay": re.compile(
        r"\b\d+ ?(jours?|minutes?|min|semaines?|mois|days?|weeks?|months?)\b|\b\d+ (a|to) \d+ ?(h|heures?|hours?)\b"
        r"|(?<!\ba )(?<!jusqu a )(?<!avant )(?<!apres )(?<!\bde )(?<!\bat )(?<!until )(?<!before )(?<!after )"
        r"(?<!from )\b\d+ ?(h|heures?|hours?)\b"
    ),
    "amount": re.compile(r"\b\d+ ?(f|fcfa|cfa|francs?)\b|\bgratuit|\bfree\b"),
    "count": re.compile(r"\b\d+\b"),
}


def faq_match(norm: Normalised, knowledge: Knowledge, language: str | None = None) -> tuple[int | None, float]:
    best, score, _ = faq_match_detail(norm, knowledge, language)
    return best, score


def faq_features(norm: Normalised, knowledge: Knowledge, language: str | None = None) -> list[tuple[dict, bool]]:
    """Per FAQ entry: (what the message shares with it, as counts by kind; whether a non-product word of its
    question, or a concept of it, is in the message)."""
    if not knowledge.faq:
        return []
    words = list(norm.words)
    joined = " ".join(words)
    # "frais de livraison" is a fee, not freshness.
    joined = re.sub(r"\bfrais (de|d) (livraison|transport|envoi)\b", "cout livraison", joined)
    words = joined.split()
    concepts = concepts_of(words)
    stems = {stem(w) for w in words if w not in FAQ_STOP and len(w) > 2}
    products = knowledge.product_stems | knowledge.unit_words
    asks = {kind for kind, cues in ASKS.items() if any_phrase(words, cues)}
    out = []
    for i, f in enumerate(knowledge.faq):
        q_hits = _overlap(stems, f.q_stems)
        # A word that only this question uses ("installation") points at it more than a shared one.
        others = set().union(*(g.q_stems for j, g in enumerate(knowledge.faq) if j != i))
        unique = {
            w for w in stems & f.q_stems if len(w) >= 5 and w not in others | knowledge.vocab | FR_WORDS | EN_WORDS
        }
        feats = {
            "concept_q": len(concepts & f.q_concepts),
            "concept_a": len(concepts & (f.concepts - f.q_concepts)),
            "q_word": len(q_hits - products),
            "q_product": len(q_hits & products),
            "q_unique": len(unique - products),
            "a_word": len(_overlap(stems, f.a_stems - f.q_stems) - products),
            "a_product": len(_overlap(stems & products, f.a_stems)),
        }
        if language == "en":
            # The questions are written in French: an English question meets the English answer instead.
            en_hits = _overlap(stems, f.en_stems) - products - knowledge.vocab
            # Everyday English words ("evening", "shop") weigh less than the answer's own content words.
            feats["en_word"] = len(en_hits)
            feats["en_content"] = len({w for w in en_hits if w not in EN_WORDS})
            q_hits = q_hits | en_hits
        when = False
        if asks:
            gives = _gives(f.answer if language != "en" else f.answer_en)
            for kind in asks - {"when"}:
                feats[f"gives_{kind}"] = int(kind in gives)
            # « les cours de boxe c'est quels jours ? »: the entry whose answer gives the days of what is named.
            when = "when" in asks and any(part & stems & products for part in _day_parts(f.answer, f.answer_en))
            feats["asked_when"] = int(when)
        out.append((feats, bool(q_hits - products) or bool(concepts & f.q_concepts) or when))
    return out


@lru_cache(maxsize=4096)
def _gives(answer: str) -> frozenset:
    """What an FAQ answer gives (a delay, an amount, a count), read once per answer text."""
    text = " ".join(fold_phrase(answer))
    return frozenset(kind for kind, pattern in _GIVES.items() if pattern.search(text))


@lru_cache(maxsize=4096)
def _day_parts(*answers: str) -> tuple[frozenset, ...]:
    """The word stems of each clause of an answer that names a day (« Boxe : lundi et mercredi à 19 h 30 »)."""
    parts = (part for answer in answers for part in re.split(r"[.;\n]", answer or ""))
    folded = (fold_phrase(part) for part in parts)
    return tuple(frozenset(stem(w) for w in words) for words in folded if _DAYS.search(" ".join(words)))


def hand_score(feats: dict) -> float:
    return sum(HAND_WEIGHTS.get(name, 0.0) * value for name, value in feats.items())


def faq_match_detail(
    norm: Normalised, knowledge: Knowledge, language: str | None = None
) -> tuple[int | None, float, bool]:
    """(best FAQ entry, its hand-set score, whether a non-product word or a concept of its question is in the
    message). The rules' thresholds are on this score's scale."""
    return best_entry(faq_features(norm, knowledge, language))


def best_entry(entries: list[tuple[dict, bool]]) -> tuple[int | None, float, bool]:
    """faq_match_detail's answer from the features faq_features already gave."""
    best, best_score, best_hit = None, 0.0, False
    for i, (feats, hit) in enumerate(entries):
        score = hand_score(feats)
        if score > best_score:
            best, best_score, best_hit = i, score, hit
    return best, best_score, best_hit


def ranked_first(entries: list[dict], ranker: dict[str, float]) -> int | None:
    """The entry the learned weights (assistant/learning.py, trained on the corpus) put first among those the
    message reaches (a hand-set score above 0), the first one on a tie: which entry answers, once the hand-set
    score has said that one does."""
    reached = [i for i, feats in enumerate(entries) if hand_score(feats) > 0]
    if not reached:
        return None
    return max(reached, key=lambda i: (sum(ranker.get(n, 0.0) * v for n, v in entries[i].items()), -i))


_AMOUNT = re.compile(r"\d[\d\s\u202f\u00a0.]*\s*(?:F\b|FCFA|F CFA|XOF)")
_ITEMS = re.compile(r",\s*|;\s*|\s+(?:et|and)\s+(?=\d)")


def the_part_asked(answer: str, norm: Normalised, k: Knowledge) -> str:
    """« la caution pr le fauteuil roulant c combien ? » answered by « La caution … : 20000 F CFA pour un fauteuil
    roulant, 50000 F CFA pour le lit médicalisé, 100000 F CFA pour le concentrateur d'oxygène. Elle est rendue … »:
    of a list of amounts, each for its thing, the one thing the message names (the rest of the answer kept)."""
    said = {t.stem for t in norm.tokens if len(t.stem) > 2 and t.text not in FUNCTION_WORDS and not t.stem.isdigit()}
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", answer):
        head, colon, tail = sentence.partition(": ")
        items = _ITEMS.split(tail.rstrip(".")) if colon and ": " not in tail and not _AMOUNT.search(head) else []
        priced = [item for item in items if _AMOUNT.search(item)]
        if len(priced) >= 2 and len(priced) == len(items):
            words = [{stem(w) for w in fold_phrase(_AMOUNT.sub(" ", item))} - FUNCTION_WORDS for item in priced]
            # (« ma clim » where the splits are clims too: a word the products of another item's things also have)
            scores = [len({w for w in said & own if not _also_other(k, w, own, words)}) for own in words]
            best = max(scores)
            if best and scores.count(best) == 1:
                sentence = f"{head}: {priced[scores.index(best)]}."
        out.append(sentence)
    return " ".join(out)


def _also_other(k: Knowledge, word: str, own: set, items: list[set]) -> bool:
    """Whether a product the word names also has a word only another item of the list says."""
    others = set().union(*(i for i in items if i is not own)) - own
    return any(word in p.vocab and p.vocab & others for p in k.products.values())
