"""The checks a summary must pass, whoever wrote it (the offline method or the language model): at
most three sentences, in French, the key facts kept, and no number the mail does not contain."""

from __future__ import annotations

import re

from emails.mime import detect_language

from .text import MONTH_EN_TO_FR, normalise

# A sentence ends at . ! ? … followed by a capital, but not after a title (« Dr. Bello », « M. Gbané »).
SENTENCE_END = re.compile(r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMe\.)(?<!\bM\.)(?<!\bSt\.)(?<=[.!?…])\s+(?=[A-ZÀ-ÝÉ«(])")
NUMBER_RE = re.compile(r"\d[\d  .,]*\d|\d")


def numbers_in(text: str) -> set[str]:
    """Every number of a text, thousands separators removed (« 1 250 000 » → 1250000)."""
    out = set()
    for m in NUMBER_RE.finditer(text.replace("\u202f", " ")):
        token = m.group(0)
        for part in re.split(r"[.,](?!\d{3}\b)|(?<=\d)[  ](?!\d{3}\b)", token):
            digits = re.sub(r"\D", "", part)
            if digits:
                out.add(digits.lstrip("0") or "0")
        out.add(re.sub(r"\D", "", token).lstrip("0") or "0")
    return out


def _fold(text: str) -> str:
    text = normalise(text)
    for en, fr in MONTH_EN_TO_FR.items():
        text = re.sub(rf"\b{en}\b", normalise(fr), text)
    for en, fr in (("days", "jours"), ("weeks", "semaines"), ("hours", "heures"), ("two", "deux")):
        text = re.sub(rf"\b{en}\b", fr, text)
    return re.sub(r"[\s\u202f]+", "", text)


def fact_kept(fact: str, summary: str) -> bool:
    return _fold(fact) in _fold(summary)


def sentences(summary: str) -> list[str]:
    return [s for s in SENTENCE_END.split(summary.strip()) if s]


def invented_numbers(summary: str, source: str) -> list[str]:
    """Numbers of the summary that the source (subject, text, sender) does not contain."""
    return sorted(numbers_in(summary) - numbers_in(source))


def is_french(summary: str) -> bool:
    return detect_language(summary) == "fr"
