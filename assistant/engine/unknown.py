"""What the customer asks for that the shop does not know: the object of « vous avez des … ? »,
« c'est combien le … ? » when no product, category or FAQ entry names it."""

from __future__ import annotations

from .cues import ASK_OBJECT, AVAILABILITY, ORDER_VERBS, PRICE
from .entities import Entities
from .knowledge import Knowledge
from .lexicon import EN_WORDS, FR_WORDS, FUNCTION_WORDS
from .text import Normalised, find_phrase, fold


def unknown_object(norm: Normalised, ent: Entities, knowledge: Knowledge) -> str | None:
    """The thing asked for after "vous avez", "do you sell", or after a quantity, when no product matched."""
    words = norm.words
    origs = [t.orig for t in norm.tokens]
    stop = {
        "pour",
        "for",
        "chez",
        "dans",
        "ici",
        "aujourd",
        "today",
        "a",
        "au",
        "to",
        "s",
        "il",
        "svp",
        "please",
        "vous",
        "plait",
        "stp",
        "en",
        "in",
        "at",
        "la",
        "ou",
        "bien",
        "n",
        "est",
        "ce",
        "pas",
        "monsieur",
        "madame",
        "ami",
        "j",
        "je",
        "i",
        "faim",
        "manger",
        "quoi",
        "salut",
        "merci",
        "vite",
        "ca",
        "c",
        "commander",
        "commande",
        "passer",
        "order",
        "acheter",
        "buy",
        "eat",
        "prendre",
        "take",
        "quelque",
        "something",
        "chose",
        "thing",
    }
    start = -1
    for cue in sorted(set(ASK_OBJECT) | set(AVAILABILITY) | set(ORDER_VERBS), key=lambda c: -len(c.split())):
        p = find_phrase(words, cue)
        if p >= 0:
            start = p + len(cue.split())
            break
    if start < 0:
        # "2 casiers de bière": a quantity followed by something that is not a known product.
        for i, w in enumerate(words):
            if w.isdigit() and i not in ent.consumed and i + 1 < len(words):
                start = i + 1
                break
    if start < 0:
        return None
    out = []
    for i in range(start, min(len(words), start + 6)):
        if words[i] in stop or i in ent.consumed:
            if out:
                break
            if words[i] in (
                "des",
                "du",
                "de",
                "la",
                "le",
                "les",
                "l",
                "d",
                "some",
                "any",
                "encore",
                "still",
                "moi",
                "me",
                "un",
                "une",
                "a",
                "an",
                "the",
            ):
                continue
            if words[i] in stop:
                break
            continue
        out.append(origs[i] if origs[i] else words[i])
    # Keep each original word once (a rewritten word keeps its source word for every token).
    phrase = []
    for w in out:
        if not phrase or phrase[-1] != w:
            phrase.append(w)
    text = " ".join(phrase).strip()
    if not text or all(w in FUNCTION_WORDS for w in text.split()):
        return None
    return text


# Verbs after "vous" / "do you" that are about the shop's terms, not a service it performs.
_NOT_SERVICE = {"livrez", "acceptez", "ouvrez", "fermez", "etes", "avez", "pouvez", "voulez", "savez", "connaissez"}
_NOT_SERVICE |= {"prenez", "faites", "vendez", "envoyez", "passez", "allez", "dites", "parlez", "appelez"}
_NOT_SERVICE |= {"deliver", "accept", "open", "close", "have", "sell", "take", "know", "speak", "send", "ship", "do"}
_NOT_SERVICE |= {"make", "offer", "go", "come", "call", "want", "need", "think", "like"}
# Opinions and small talk ("vous pensez quoi de…", "do you like…") are not services either.
_NOT_SERVICE |= {"pensez", "croyez", "trouvez", "aimez", "comprenez", "voyez", "regardez", "mangez", "habitez"}
_NOT_SERVICE |= {"travaillez", "jouez", "supportez", "believe", "love", "live", "work", "play", "watch", "see"}
_NOT_SERVICE |= {"understand", "remember", "support"}


def service_object(norm: Normalised) -> str | None:
    """What a "vous lavez les rideaux ?" / "do you wash carpets?" question asks about, if anything."""
    if not norm.question:
        return None
    words, origs = norm.words, [t.orig for t in norm.tokens]
    for i in range(len(words) - 2):
        fr = words[i] == "vous" and words[i + 1].endswith("ez")
        en = words[i] == "you" and i > 0 and words[i - 1] in ("do", "can", "could")
        if not (fr or en) or words[i + 1] in _NOT_SERVICE:
            continue
        out = []
        for j in range(i + 2, min(len(words), i + 6)):
            w = words[j]
            if w in FUNCTION_WORDS or w in FR_WORDS or w in EN_WORDS or len(w) < 3:
                if out:
                    break
                continue
            out.append(origs[j] or w)
        return " ".join(dict.fromkeys(out)) or None
    return None


# Filler around a price question ("c'est combien les …", "how much are the …").
_PRICE_FILLER = {"est", "sont", "are", "is", "r", "c", "ca", "cest", "s", "of", "for", "pour", "en", "svp", "please"}


def price_object(norm: Normalised) -> str | None:
    """The thing whose price is asked when it is not a product of the shop ("prix des lunettes ?")."""
    words, origs = norm.words, [t.orig for t in norm.tokens]
    common = FR_WORDS | EN_WORDS | FUNCTION_WORDS | _PRICE_FILLER
    spans = [(find_phrase(words, c), len(c.split())) for c in PRICE]
    spans = [(p, n) for p, n in spans if p >= 0]
    if not spans:
        return None
    start, length = min(spans)
    out = []
    for i in range(start + length, min(len(words), start + length + 5)):
        w = words[i]
        if w in common or w.isdigit() or len(w) < 3:
            if out:
                break
            continue
        out.append(origs[i] or w)
    if not out:
        # "les lunettes de soleil c'est combien": the words just before the cue, past "c'est" / "là".
        i = start - 1
        while i >= 0 and words[i] in _PRICE_FILLER | {"la", "le", "les", "l"}:
            i -= 1
        while i >= 0 and (words[i] in ("de", "d", "of") and out or words[i] not in common and len(words[i]) >= 3):
            if not words[i].isdigit():
                out.insert(0, origs[i] or words[i])
            i -= 1
        while out and fold(out[0]) in ("de", "d", "of"):
            out.pop(0)
    return " ".join(dict.fromkeys(out)) or None


# "Vous connaissez un bon tailleur à Koumassi ?": a place named in a question about something else.
