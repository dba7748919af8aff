"""The offline summary: two or three sentences in French, every fact taken from the mail.

Extractive: the mail's sentences are ranked (the facts they carry — amounts, dates, references,
quantities —, a request, urgency, their position) and the best one or two are kept as written; a
French lead built from the category and the extracted facts goes first (« Commande d'Awa Koné :
12 pagnes wax hollandais… », « Facture FA-2026-118 de Uniwax : 1 250 000 F CFA, à régler avant le
30/11/2026. »). The lead's only numbers are facts found in the mail, and a fact the kept sentences
lose is added to it. An English mail gets the same lead and a French list of its facts instead of
its own sentences (dates and durations translated word for word, never a computed number).
"""

from __future__ import annotations

import re

from emails.mime import NO_SUBJECT

from .text import MONTH_EN_TO_FR, URGENT_RE, Facts, normalise

MAX_SENTENCE_CHARS = 220

GREETING = re.compile(
    r"^(bonjour|bonsoir|salut|slt|coucou|hello|hi|dear|good (morning|afternoon|evening)|madame|monsieur|cher|chère|"
    r"chers|docteur|merci( d'avance| beaucoup| pour votre (réponse|confiance))?|thank you|thanks)\b[^.!?]{0,40}[,.!]?$",
    re.I,
)
REQUEST = re.compile(
    r"voudrais|souhait|commander|besoin|il (nous|me) faut|merci de|veuillez|pouvez-vous|pouvez vous|je veux|exige|"
    r"demande|please|would like|we need|need|can you|could you|confirm|r[ée]gler|payer|pay\b|attendu|due",
    re.I,
)
COMPLAINT = re.compile(
    r"d[ée]çu|rembours|refund|[ée]change|cass|d[ée]chir|ab[îi]m|[ée]cras|froid|malade|plainte|erreur|wrong|"
    r"rien re[çc]u|toujours|still|not received|pas arriv|pas pass|probl[èe]me|inacceptable|unacceptable|exige|"
    r"contest|harc[èe]l|rouill|rusted|ne couvre pas",
    re.I,
)
REMINDER = re.compile(r"relance|rappel|reminder|overdue|impay|mise en demeure|reste due?|unpaid", re.I)
WEEKDAY_EN = {
    "monday": "lundi", "tuesday": "mardi", "wednesday": "mercredi", "thursday": "jeudi", "friday": "vendredi",
    "saturday": "samedi", "sunday": "dimanche",
}  # fmt: skip
DURATION_EN = {
    "days": "jours", "day": "jour", "weeks": "semaines", "week": "semaine", "months": "mois", "month": "mois",
    "years": "ans", "year": "an", "hours": "heures", "hour": "heure", "two": "deux", "three": "trois",
}  # fmt: skip


def _sentences(text: str) -> list[str]:
    out = []
    for line in text.split("\n"):
        line = line.strip(" -•*\t")
        if not line:
            continue
        for piece in re.split(r"(?<=[.!?])\s+(?=[A-ZÀ-Ýa-z0-9«])", line):
            piece = piece.strip()
            if piece:
                out.append(piece)
    return out


def _content(sentences: list[str], sender_name: str) -> list[str]:
    kept = []
    name = normalise(sender_name)
    for s in sentences:
        n = normalise(s).strip(" ,.!")
        if GREETING.match(s) or not n:
            continue
        if n == name or (name and n in name) or (len(s) < 25 and not re.search(r"\d", s)):
            continue  # a signature line, a name, a title
        kept.append(s)
    return kept


def _cut(sentence: str) -> str:
    sentence = sentence[:1].upper() + sentence[1:]
    if len(sentence) <= MAX_SENTENCE_CHARS:
        return sentence if sentence[-1] in ".!?" else sentence + "."
    cut = sentence[:MAX_SENTENCE_CHARS].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def _has(fact: str, text: str) -> bool:
    return normalise(fact).replace(" ", "") in normalise(text).replace(" ", "").replace("\u202f", "")


def _score(sentence: str, position: int, facts: Facts) -> float:
    score = 0.0
    for fact in facts.amounts + facts.references + facts.dates:
        score += 2.0 * _has(fact, sentence)
    for fact in facts.times + facts.durations + facts.percents + facts.quantities:
        score += 1.0 * _has(fact, sentence)
    score += 1.5 * bool(REQUEST.search(sentence))
    score += 1.0 * bool(URGENT_RE.search(sentence))
    score += 0.7 * bool(COMPLAINT.search(sentence))
    score += max(0.0, 1.0 - 0.35 * position)
    return score


def to_french(fact: str) -> str:
    """English month and duration words of a fact in French, its numbers untouched."""

    def month(m: re.Match) -> str:
        return MONTH_EN_TO_FR.get(m.group(0).lower(), m.group(0))

    fact = re.sub(r"\b(" + "|".join(MONTH_EN_TO_FR) + r")\b", month, fact, flags=re.I)
    fact = re.sub(r"\b(" + "|".join(WEEKDAY_EN) + r")\b", lambda m: WEEKDAY_EN[m.group(0).lower()], fact, flags=re.I)
    fact = re.sub(r"\b(" + "|".join(DURATION_EN) + r")\b", lambda m: DURATION_EN[m.group(0).lower()], fact, flags=re.I)
    return fact


def _of(sender_name: str) -> str:
    """« de Koffi », « d'Awa », « d'un expéditeur inconnu »: French elides « de » before a vowel."""
    name = sender_name.strip()
    if not name or name == "Expéditeur inconnu":
        return "d'un expéditeur inconnu"
    return ("d'" if normalise(name[0]) in "aeiouyh" and not name[:2].isupper() else "de ") + name


# « 50 kg » alone, « 20 L (blanc) », « 50 kg comme indiqué »: a measure, not an item (« 10 kg de pointes » is one).
UNIT_ONLY = re.compile(r"^[\d  ]+\s?(kg|g|l|ml|m²|m2|cm|mm|m|litres?|tonnes?|pages)\b(?!\s+(de|d'|of)\b)", re.I)
TRAILING_STOP = re.compile(r"(\s+(de|d'|du|des|en|à|a|au|of|the|le|la|les|pour|et|and|with|avec))+$", re.I)
# Where the words of a quantity stop: « 30 bags of flour this morning » → « 30 bags of flour ».
QUANTITY_STOP = re.compile(
    r"\s+(this|that|but|i|we|you|are|is|was|were|in|on|at|to|from|please|which|who|ce|cette|qui|que|mais|je|nous|"
    r"vous|il|elle|sont|est|ont|pour|hier|demain|aujourd'hui|yesterday|today|tomorrow)\b.*$",
    re.I,
)


def _quantities(facts: Facts) -> list[str]:
    """The quantities worth naming: « 120 sacs de ciment », not « 50 kg » alone or a trailing « de »."""
    out = []
    for q in facts.quantities:
        q = TRAILING_STOP.sub("", QUANTITY_STOP.sub("", q)).strip()
        if q and not UNIT_ONLY.match(q):
            out.append(q)
    return out


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " et " + items[-1]


DEADLINE_BEFORE = re.compile(
    r"(?:\b(?:avant|au plus tard|before|due|[ée]ch[ée]ance|limite|deadline|until|jusqu'au|d'ici)\b[^.!?\n]{0,20}"
    r"|\b(?:pour|for|by)\W{1,3}(?:le\s+|the\s+|on\s+)?)$",
    re.I,
)


def _deadline(facts: Facts, text: str) -> str:
    """The first date the mail gives as a limit (« avant le 30/11 », « due by 3 December », « Échéance : … »)."""
    for date in facts.dates:
        at = text.find(date)
        if at >= 0 and DEADLINE_BEFORE.search(text[max(0, at - 40) : at].rstrip(" :")):
            return date
    return ""


def _lead(category: str, who: str, facts: Facts, text: str, english: bool) -> str:
    deadline = _deadline(facts, text)
    if english:
        deadline = to_french(deadline)
    if category == "commande":
        quantities = _quantities(facts)[:4]
        lead = f"Commande {who}"
        if quantities:
            lead += " : " + _join([f"« {q} »" if english else q for q in quantities])
        if deadline:
            lead += f", pour le {deadline}"
        elif facts.dates:
            lead += f" ({to_french(facts.dates[0]) if english else facts.dates[0]})"
        return lead
    if category == "facture":
        kind = "Relance de paiement" if REMINDER.search(text) else "Facture"
        lead = f"{kind} {who}"
        if facts.references:
            lead += f" (référence {facts.references[0]})"
        if facts.amounts:
            lead += f" : {facts.amounts[0]}"
        if deadline:
            lead += f", échéance {deadline}"
        return lead
    if category == "livraison":
        return f"Livraison : message {who}"
    if category == "support":
        kind = "Réclamation" if COMPLAINT.search(text) else "Question"
        return f"{kind} {who}"
    if category == "partenariat":
        return f"Proposition de partenariat {who}"
    if category == "newsletter":
        return f"Lettre d'information ou publicité {who}, sans action attendue"
    if category == "spam":
        return f"Message suspect {who} (probable arnaque ou hameçonnage) : ne pas répondre ni cliquer sur ses liens"
    return f"Message {who}"


def _facts_sentence(missing: list[tuple[str, str]]) -> str:
    parts = [f"{label} {value}" for label, value in missing]
    return ("Points clés : " + "; ".join(parts)) if parts else ""


def summarise(*, subject: str, text: str, sender_name: str, category: str, facts: Facts, language: str) -> str:
    english = language == "en"
    who = _of(sender_name)
    body = text or subject
    lead = _lead(category, who, facts, body, english)
    labelled = (
        [("montant", a) for a in facts.amounts[:3]]
        + [("référence", r) for r in facts.references[:2]]
        + [("date", d) for d in facts.dates[:2]]
        + [("heure", t) for t in facts.times[:2]]
        + [("délai", d) for d in facts.durations[:2]]
        + [("taux", p) for p in facts.percents[:2]]
    )
    if category == "spam":
        return _end(lead) + " " + _end(f"Objet : « {subject} »")
    quantities = [q for q in _quantities(facts) if category != "commande"][:3]
    if english:
        labelled += [("quantité", f"« {q} »") for q in quantities]
        missing = [(label, to_french(v)) for label, v in labelled if not _has(to_french(v), lead) and not _has(v, lead)]
        second = _facts_sentence(missing)
        sentences = [_end(lead)]
        if second:
            sentences.append(_end(second))
        sentences.append("E-mail rédigé en anglais.")
        return " ".join(sentences[:3])
    ranked = _content(_sentences(body), sender_name)
    if not ranked:
        return _end(lead) + " " + (_end(f"Objet : « {subject} »") if subject != NO_SUBJECT else "E-mail sans texte.")
    scored = sorted(((_score(s, i, facts), -i, s) for i, s in enumerate(ranked)), reverse=True)
    best = scored[:1] + [x for x in scored[1:2] if normalise(x[2]) != normalise(scored[0][2])]
    chosen_idx = sorted(-neg for _, neg, _ in best)
    chosen = [_cut(ranked[i]) for i in chosen_idx]
    # The second sentence only when it carries something: a fact or a request.
    if len(chosen) == 2 and best[1][0] < 1.5:
        chosen = [_cut(ranked[-scored[0][1]])]
    kept_text = lead + " " + " ".join(chosen)
    labelled += [("quantité", q) for q in quantities[:2]]
    missing = [(label, v) for label, v in labelled if not _has(v, kept_text)]
    if missing:
        lead = lead + " (" + "; ".join(f"{label} {v}" for label, v in missing) + ")"
    return " ".join([_end(lead)] + chosen)


def _end(sentence: str) -> str:
    sentence = sentence.strip()
    return sentence if sentence.endswith((".", "!", "?", "…")) else sentence + "."
