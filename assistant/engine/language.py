"""Stage 2: language detection — French, English or nouchi (Ivorian street French), mixed allowed.

Function words decide between French and English; a nouchi word or expression on top of French
(or alone) makes the message nouchi. Replies go in English to English, in French otherwise.
"""

from __future__ import annotations

from .lexicon import EN_DETECT, EN_WORDS, FR_DETECT, FR_WORDS
from .text import NOUCHI_MARKERS, NOUCHI_PHRASES, Normalised

_EN_ONLY = (EN_WORDS | EN_DETECT) - FR_WORDS - FR_DETECT
_FR_ONLY = (FR_WORDS | FR_DETECT) - EN_WORDS - EN_DETECT


def scores(norm: Normalised) -> tuple[int, int, int]:
    words = norm.words
    raw = norm.raw_tokens
    fr = sum(1 for w in words if w in _FR_ONLY)
    en = sum(1 for w in words if w in _EN_ONLY)
    joined = f" {' '.join(raw)} "
    nouchi = sum(1 for w in raw if w in NOUCHI_MARKERS and w not in norm.kept)  # « une daba » the hoe is no nouchi
    nouchi += sum(1 for p in NOUCHI_PHRASES if f" {p} " in joined)
    return fr, en, nouchi


def detect(norm: Normalised, previous: str | None = None) -> str | None:
    """'fr' | 'en' | 'nouchi', or the previous language when the message gives no evidence."""
    fr, en, nouchi = scores(norm)
    # A short answer inside a conversation ("cash", "ok", "Wave") keeps the conversation's language.
    if previous and not nouchi and abs(en - fr) <= 1 and len(norm.words) <= 4:
        return previous
    if en > fr + nouchi or (en and not fr and en >= nouchi):
        return "en"  # « hi boss », « thanks boss »: a word of address is no French
    if nouchi:
        return "nouchi"
    if fr > en:
        return "fr"
    if en and en == fr:
        # « hello ma », « thanx ma »: as many words each way, the one the customer opened with decides.
        return "en" if norm.words[0] in _EN_ONLY else previous or "fr"
    return previous


def reply_language(language: str | None) -> str:
    return "en" if language == "en" else "fr"
