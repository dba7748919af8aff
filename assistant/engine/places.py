"""A place the customer names that is none of the shop's zones: « livrez à Gonzague », « I live in Dabou ». Read
from the raw text so its capitals stay; the policy answers that the shop does not deliver there."""

from __future__ import annotations

import re

from .cues import DAYS
from .knowledge import Knowledge
from .lexicon import EN_WORDS, FR_WORDS, FUNCTION_WORDS, NUMBER_WORDS_EN, NUMBER_WORDS_FR
from .text import Normalised, fold_phrase, stem

# "livrer / deliver / envoyer … à|vers|to <Place>": the place is read from the raw text, capitals kept.
# Not "le livreur m'a appelé": the driver is no verb of delivering, and "m'a" / "l'a" are "avoir".
_PLACE = re.compile(
    r"\b(?:livr(?!eur|euse)\w*|deliver(?!y ?(?:man|men|guy|boy|driver))\w*|envoy\w*|envoi\w*|send|ship\w*"
    r"|expedi\w*)\b[^.?!\n]{0,40}?"
    r"(?<!['’])\b(?:à|a|au|aux|vers|sur|pour|to|in|at|jusqu'?à|jusqu'?a)\s+"
    r"([^\W\d_][\w'’-]*(?:\s+[A-ZÀ-Ý][\w'’-]*)?)",
    re.IGNORECASE,
)
# Words after "livrer à" that are not a place name.
NOT_PLACES = {
    "domicile",
    "maison",
    "bureau",
    "home",
    "house",
    "office",
    "chez",
    "moi",
    "me",
    "nous",
    "us",
    "quelle",
    "quel",
    "which",
    "what",
    "where",
    "partir",
    "temps",
    "heure",
    "l",
    "la",
    "le",
    "les",
    "my",
    "mon",
    "ma",
    "mes",
    "your",
    "votre",
    "nuit",
    "night",
    "soir",
    "matin",
    "midi",
    "noon",
    "weekend",
    "demain",
    "tomorrow",
    "today",
    "tonight",
    "plus",
    "moins",
    "combien",
    "how",
    "partout",
    "everywhere",
    "tout",
    "toute",
    "all",
    "any",
    "moto",
    "voiture",
    "pied",
    "velo",
    "car",
    "bike",
    "motorbike",
    "abidjan",
    "ville",
    "city",
    "town",
    "quartier",
    "area",
    "zone",
    "adresse",
    "address",
} | {day for day in DAYS if " " not in day}  # « livrez samedi »: a day, no place


# "je suis à Gonzague, vous livrez ?", "I live in Dabou": where the customer is, said before the question.
_HERE = re.compile(
    r"\b(?:je suis|j'habite|j’habite|on est|nous sommes|je reste|i am|i'm|im|i live|we are|we're)\s+"
    r"(?:à|a|au|in|at|vers|sur)\s+([^\W\d_][\w'’-]*(?:\s+[A-ZÀ-Ý][\w'’-]*)?)",
    re.IGNORECASE,
)


def place_named(norm: Normalised, knowledge: Knowledge) -> str:
    """The place a message names after « livrez à », « je suis à », capitals kept (« Grand Lahou »); "" for none:
    the words after them that are no place (« à domicile », « à quelle heure »), a product's word."""
    m = _PLACE.search(norm.raw)
    if not m and any(w in norm.words for w in ("livrer", "livrez", "livraison", "deliver", "delivery", "envoyez")):
        m = _HERE.search(norm.raw)
    if not m:
        return ""
    place = m.group(1).strip(" '’-")
    first = fold_phrase(place)
    if not first:
        return ""
    head = first[0]
    common = FR_WORDS | EN_WORDS | FUNCTION_WORDS | NOT_PLACES | NUMBER_WORDS_FR | NUMBER_WORDS_EN
    if len(head) < 3 or head in common or stem(head) in knowledge.product_stems or stem(head) in knowledge.vocab:
        return ""
    # Keep a second word only when written with a capital ("Grand Lahou"), never a trailing common word.
    words = place.split()
    if len(words) > 1 and fold_phrase(words[1])[:1] and fold_phrase(words[1])[0] in common:
        words = words[:1]
    return " ".join(w[:1].upper() + w[1:] for w in words)
