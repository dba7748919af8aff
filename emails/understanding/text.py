"""Words, facts and features of a mail: the pieces the classifier, the summary and the order reader share.

Everything here is pure Python and fast (a few hundred microseconds a mail): regular expressions over
the mail's own text, no model and no file.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, field

# Character n-grams (3 to 5, inside words) would let « livrés », « livraison », « livreur » share weight;
# measured by leaving one business kind out they drown the lexicon's few strong cues (category 86.1 %
# with them, 96.7 % without; docs/email-understanding.md), so they are off.
CHAR_NGRAMS = False

# How much of the mail the classifier reads: the new words, a business mail says what it wants early.
FEATURE_CHARS = 3000

MONTHS_FR = "janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre"
MONTHS_EN = "january|february|march|april|may|june|july|august|september|october|november|december"
MONTH_EN_TO_FR = {
    "january": "janvier", "february": "février", "march": "mars", "april": "avril", "may": "mai", "june": "juin",
    "july": "juillet", "august": "août", "september": "septembre", "october": "octobre", "november": "novembre",
    "december": "décembre",
}  # fmt: skip
WEEKDAYS = (
    "lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|monday|tuesday|wednesday|thursday|friday|saturday|sunday"
)

# A number as people write it here: "1 250 000", "1.250.000", "45000", "2,5".
NUMBER = r"\d{1,3}(?:[  .]\d{3})+|\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:,\d+)?"
AMOUNT_RE = re.compile(
    rf"(?:(?:\$|€|USD|EUR)\s?(?:{NUMBER})(?:\s?(?:million|millions|k))?)|(?:(?:{NUMBER})(?:\s?(?:millions?|million|k))?\s?"
    r"(?:f\s?cfa|fcfa|francs?\s?cfa|francs|xof|cfa|euros?|€|dollars?|\$|usd))",
    re.I,
)
DATE_RE = re.compile(
    rf"\b(?:(?:{WEEKDAYS})\s+)?(?:\d{{1,2}}(?:er)?\s+(?:{MONTHS_FR}|{MONTHS_EN})(?:\s+\d{{4}})?"
    rf"|(?:{MONTHS_EN})\s+\d{{1,2}}(?:,?\s+\d{{4}})?"
    r"|\d{1,2}/\d{1,2}(?:/\d{2,4})?)\b",
    re.I,
)
TIME_RE = re.compile(r"\b\d{1,2}\s?(?:h\s?\d{2}|h\b|heures?\b|[ap]\.?m\.?\b)|\b\d{1,2}:\d{2}\b", re.I)
DURATION_RE = re.compile(
    r"\b(?:\d+|un|une|deux|trois|two|three)\s+(?:jours?|semaines?|mois|ans|heures|minutes|days?|weeks?|months?|"
    r"years?|hours?|h\s?\d{2})\b",
    re.I,
)
PERCENT_RE = re.compile(r"-?\d+(?:,\d+)?\s?%")
REFERENCE_RE = re.compile(
    r"\b(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9]{1,8}(?:-[A-Z0-9]{1,10}){1,4}\b"
    r"|(?:n°|no\.?|num[ée]ro|#)\s?\d[\w-]*"
    r"|\b(?:facture|invoice|commande|order|colis|parcel|envoi|shipment|tracking|bon)\s+\d{3,}\b",
    re.I,
)
# Not a quantity when the number is followed by a unit of money, time or a month.
NOT_A_COUNT = (
    r"f\s?cfa|fcfa|francs|%|h\b|heures|ans|jours|mois|semaines|minutes|days|weeks|hours|years|months|pm\b|am\b|"
    + MONTHS_FR
    + "|"
    + MONTHS_EN
)
QUANTITY_RE = re.compile(
    r"(?<!\d[  ])\b(\d{1,3}(?:[  ]\d{3})+|\d{1,5})\s+"
    r"(?!(?:and|et|for|pour|the|of|de|to|à|a|ou|or)\b)"
    rf"(?!(?:{NOT_A_COUNT}))"
    r"([a-zà-ÿ²'°][a-zà-ÿ'°²-]*(?:\s+(?!et\b|and\b|pour\b|for\b)[a-zà-ÿ'°²-]+){0,4})",
    re.I,
)

URGENT_RE = re.compile(
    r"\burgent|urgence|au plus vite|rapidement|immédiatement|immediatement|asap|quickly|today|aujourd'hui|ce soir|"
    r"demain|tomorrow|avant\b|before\b|au plus tard|d[ée]lai|deadline|[ée]ch[ée]ance|due\b|overdue|dernier rappel|"
    r"relance|reminder|mise en demeure|p[ée]nalit|suspen|coupure|bloqu|plainte|proc[ée]dure",
    re.I,
)
SOON_RE = re.compile(
    r"\burgent|urgence|au plus vite|rapidement|imm[ée]diatement|asap|quickly|today|aujourd'hui|ce soir|demain|"
    r"tomorrow|tonight|ce matin|cette semaine|this week|sous \d+ (?:jours|h)|within \d+|d'ici",
    re.I,
)
DUE_RE = re.compile(
    r"au plus tard|[ée]ch[ée]ance|due\b|overdue|dernier rappel|relance|reminder|mise en demeure|p[ée]nalit|suspen|"
    r"coupure|bloqu|plainte|proc[ée]dure|impay|date limite|faute de quoi|sans (?:paiement|r[èe]glement|versement)|"
    r"inspection|contr[ôo]le",
    re.I,
)
COMPLAINT_RE = re.compile(
    r"\bd[ée]çu|inadmissible|inacceptable|unacceptable|pas s[ée]rieux|rembours|refund|[ée]change|cass[ée]|d[ée]chir|"
    r"ab[îi]m[ée]|[ée]cras[ée]|froid|malade|erreur|wrong|toujours rien|toujours pas|still have not|not received|"
    r"n'est pas arriv|rien re[çc]u|pas pass[ée]|probl[èe]me|complain|plainte|exige",
    re.I,
)


def strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def normalise(text: str) -> str:
    return strip_accents(text.lower()).replace("’", "'")


WORD_RE = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
STOP = set(
    "le la les l de d des du un une et a au aux en pour par sur dans avec ce cet cette ces je tu il elle nous vous "
    "ils on se sa son ses mon ma mes ton votre vos notre nos que qui ne pas est sont the a an and of to in for on is "
    "it this that with we you i our your be are at as".split()
)


def words(text: str) -> list[str]:
    return WORD_RE.findall(normalise(text))


@dataclass
class Facts:
    amounts: list[str] = field(default_factory=list)
    dates: list[str] = field(default_factory=list)
    times: list[str] = field(default_factory=list)
    durations: list[str] = field(default_factory=list)
    percents: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    quantities: list[str] = field(default_factory=list)

    def all(self) -> list[str]:
        return self.amounts + self.references + self.dates + self.times + self.durations + self.percents


def _unique(items) -> list[str]:
    seen, out = set(), []
    for item in items:
        item = re.sub(r"\s+", " ", item).strip(" ,.;:")
        key = item.lower()
        if item and key not in seen:
            seen.add(key)
            out.append(item)
    return out


def extract_facts(text: str) -> Facts:
    taken: list[tuple[int, int]] = []

    def grab(pattern: re.Pattern, *, group: int = 0) -> list[str]:
        found = []
        for m in pattern.finditer(text):
            start, end = m.span()
            if any(start < e and s < end for s, e in taken):
                continue
            taken.append((start, end))
            found.append(m.group(group) if group == 0 else m)
        return found

    amounts = _unique(grab(AMOUNT_RE))
    dates = _unique(grab(DATE_RE))
    times = _unique(grab(TIME_RE))
    durations = _unique(grab(DURATION_RE))
    percents = _unique(grab(PERCENT_RE))
    references = _unique(grab(REFERENCE_RE))
    quantities = _unique(f"{m.group(1)} {m.group(2)}" for m in grab(QUANTITY_RE, group=1))
    return Facts(amounts, dates, times, durations, percents, references, quantities)


# Words each kind of mail uses, written from what these businesses receive (docs/email-understanding.md);
# a hit is a feature the model weighs, not a decision.
LEXICON = {
    "commande": r"\bcommander\b|\bcommandons\b|valid\w* la commande|voici (?:notre|ma) commande|bon de commande|"
    r"je voudrais|je veux|il (?:nous|me) faut|souhait\w* (?:commander|r[ée]server)|"
    r"r[ée]serv|\border(?:s|ing)?\b|we (?:would like|need)|i would like|please (?:prepare|send me)|proforma valid|"
    r"je prends|nous prenons|pour (?:ce soir|demain)|me faire un prix|how much",
    "facture": r"factur|invoice|montant|[àa] r[ée]gler|r[ée]glement|paiement|payment|pay(?:able|ée?)|relance|"
    r"impay|[ée]ch[ée]ance|due\b|overdue|relev[ée]|statement|pr[ée]l[èe]vement|avoir\b|virement|re[çc]u de paiement|"
    r"cr[ée]dit[ée]|frais de scolarit",
    "livraison": r"livr|colis|parcel|shipment|shipped|exp[ée]di|transport|camion|conteneur|container|tracking|"
    r"suivi|en route|retard|delayed|coursier|livreur|port\b|douan|tourn[ée]e|arriv|re[çc]u seulement|car scolaire|"
    r"ma commande|mon colis|notre commande|pas pass[ée]|manquant|camion|rien re[çc]u|pas re[çc]u|not received|"
    r"never received|toujours rien",
    "support": r"question|probl[èe]me|r[ée]clamation|rembours|refund|[ée]chang|d[ée]çu|cass[ée]|d[ée]chir|"
    r"garantie|conseil|comment faire|horaires|ouverts?\b|identifiants|erreur|wrong|complain|plainte|"
    r"explication|malade|expir|contest|que dois-je|est-ce normal|do you have|can i|quels? documents|combien de|"
    r"avez-vous|acceptez-vous|[êe]tes-vous|comment\b",
    "partenariat": r"partenari|partner|sponsor|collaboration|distribut|revend|d[ée]p[ôo]t-vente|stand\b|"
    r"commission|r[ée]f[ée]renc|conventionn|rendez-vous|pouvons-nous (?:vous rencontrer|en parler|fixer)|"
    r"int[ée]ress|proposons|propose\b|offrons|club",
    "newsletter": r"d[ée]sabonn|d[ée]sinscri|unsubscribe|newsletter|infolettre|bulletin|au sommaire|dans ce num[ée]ro|"
    r"this week|cette semaine seulement|promo|-\s?\d+\s?%|bonne lecture|catalogue|manage your subscription|"
    r"read more|d[ée]couvrez|profitez|cliquez ici pour en profiter",
    "spam": r"cliquez sur (?:ce|le) lien|clicking the link|mot de passe|password|code (?:pin|secret)|pin\b|"
    r"gagn|winner|won\b|lottery|loterie|h[ée]ritage|h[ée]ritier|inheritance|western union|bank details|"
    r"coordonn[ée]es bancaires|informations bancaires|carte bancaire|frais de (?:dossier|livraison)|processing fee|"
    r"sans ordonnance|garanti|suspendu|bloqu[ée]|unusual activity|confirm your identity|enable macros|"
    r"\$\s?\d|million|confidentialit|robot de trading|places limit|sans justificatif|quota|buy now|achetez|"
    r"discr[èe]t|open the attached|ouvrez la pi[èe]ce",
    "autre": r"candidature|\bcv\b|stage\b|emploi|poste de|inspection|contr[ôo]le|mairie|imp[ôo]ts|dgi\b|"
    r"d[ée]claration|assembl[ée]e g[ée]n[ée]rale|syndica|minist|direction de|salaires|gr[èe]ve|arr[êe]t de travail|"
    r"patente|registre",
}
LEXICON_RE = {name: re.compile(pattern, re.I) for name, pattern in LEXICON.items()}
RECEIPT_RE = re.compile(
    r"confirm(?:ons|ation)? (?:la r[ée]ception|de paiement)|paiement re[çc]u|vous avez re[çc]u un paiement|"
    r"a [ée]t[ée] cr[ée]dit|r[ée]gl[ée]e par|avoir de|was delivered|received the|has shipped|a [ée]t[ée] exp[ée]di|"
    r"aucune action|in good condition",
    re.I,
)


def lexicon_hits(text: str) -> dict[str, int]:
    return {name: len(pattern.findall(text)) for name, pattern in LEXICON_RE.items()}


SUSPICIOUS_TLDS = {"xyz", "top", "ru", "biz", "click", "loan", "work"}


def features(subject: str, text: str, sender_email: str, *, is_bulk: bool, attachments: int, language: str) -> dict:
    """Counts of words (subject and body apart), word pairs, character n-grams and a few signals."""
    body = text[:FEATURE_CHARS]
    out: dict[str, float] = {}

    def add(name: str, value: float = 1.0) -> None:
        out[name] = out.get(name, 0.0) + value

    subject_words = words(subject)
    body_words = words(body)
    for w in subject_words:
        add("s:" + w)
    for seq in (subject_words, body_words):
        for w in seq:
            if w not in STOP:
                add("w:" + w)
        content = [w for w in seq if w not in STOP]
        for a, b in zip(content, content[1:], strict=False):
            add(f"b:{a}_{b}")
    for w in set(subject_words + body_words[:400]) if CHAR_NGRAMS else ():
        if len(w) < 3 or w.isdigit():
            continue
        padded = f" {w} "
        for n in (3, 4, 5):
            for i in range(len(padded) - n + 1):
                add("c:" + padded[i : i + n])
    domain = sender_email.rsplit("@", 1)[-1] if "@" in sender_email else ""
    local = sender_email.split("@", 1)[0]
    if domain:
        labels = domain.split(".")
        add("d:tld:" + labels[-1])
        if labels[-1] in SUSPICIOUS_TLDS:
            add("f:suspicious_tld")
        if domain in {"gmail.com", "yahoo.fr", "yahoo.com", "outlook.com", "outlook.fr", "hotmail.com", "hotmail.fr"}:
            add("f:webmail")
        for label in labels[:-1]:
            for part in re.split(r"[-_]", label):
                if part and part not in {"example", "www", "mail"}:
                    add("d:" + part)
    for part in re.split(r"[._+-]", local.lower()):
        if part and not part.isdigit():
            add("l:" + part)
    facts = extract_facts(subject + "\n" + body)
    whole = subject + "\n" + body
    for name, hits in lexicon_hits(whole).items():
        if hits:
            add("k:" + name, float(min(hits, 3)))
    for name, hits in lexicon_hits(subject).items():
        if hits:
            add("ks:" + name)
    if RECEIPT_RE.search(whole):
        add("f:receipt")
    if is_bulk:
        add("f:bulk")
    if attachments:
        add("f:attachment")
    if language == "en":
        add("f:lang_en")
    if facts.amounts:
        add("f:amount")
    if facts.dates:
        add("f:date")
    if facts.quantities:
        add("f:quantity")
    if facts.references:
        add("f:reference")
    if URGENT_RE.search(subject + " " + body):
        add("f:urgent")
    if SOON_RE.search(subject + " " + body):
        add("f:soon")
    if DUE_RE.search(subject + " " + body):
        add("f:due")
    if COMPLAINT_RE.search(subject + " " + body):
        add("f:complaint")
    if "?" in body:
        add("f:question", float(min(body.count("?"), 3)))
    if re.match(r"^\s*(re|tr|fw|fwd)\s*:", subject, re.I):
        add("f:reply")
    return out


def weigh(counts: dict[str, float], idf: dict[str, float]) -> dict[str, float]:
    """Sublinear TF-IDF, L2-normalised: what scikit-learn's TfidfTransformer(sublinear_tf=True) computes,
    for the features the model knows."""
    out = {}
    for name, count in counts.items():
        weight = idf.get(name)
        if weight is None or count <= 0:
            continue
        out[name] = (1.0 + math.log(count)) * weight
    norm = math.sqrt(sum(v * v for v in out.values()))
    if norm:
        out = {k: v / norm for k, v in out.items()}
    return out
