"""Reading a customer's answer to « notez votre livraison de 1 à 5 » (pure functions, no database).

Accepted: a leading score (« 5 », « 4/5 merci », « 2 le livreur était en retard », « 3 sur 5 »),
stars (« ⭐⭐⭐⭐ »), a score in words (« five stars », « cinq étoiles ») or a verdict alone
(« top », « parfait », « nul »). Anything that reads like a new order or a question (« 2 pizzas
svp », « 2 ? ») is not a rating: the assistant answers it as usual.
"""

import re
import unicodedata
from dataclasses import dataclass

STARS = "⭐★🌟"
NUMBER_WORDS = {
    "un": 1,
    "une": 1,
    "one": 1,
    "deux": 2,
    "two": 2,
    "trois": 3,
    "three": 3,
    "quatre": 4,
    "four": 4,
    "cinq": 5,
    "five": 5,
}
# A verdict without a number, as the whole answer or its start (longest phrases first).
VERDICTS = {
    "tres tres bien": 5,
    "tres bien": 5,
    "top": 5,
    "au top": 5,
    "parfait": 5,
    "parfaite": 5,
    "excellent": 5,
    "excellente": 5,
    "super": 5,
    "genial": 5,
    "nickel": 5,
    "impeccable": 5,
    "perfect": 5,
    "great": 5,
    "excellent service": 5,
    "very good": 5,
    "bien": 4,
    "bon": 4,
    "bonne": 4,
    "satisfait": 4,
    "satisfaite": 4,
    "good": 4,
    "moyen": 3,
    "moyenne": 3,
    "bof": 3,
    "passable": 3,
    "average": 3,
    "pas bien": 2,
    "pas bon": 2,
    "mauvais": 2,
    "mauvaise": 2,
    "decu": 2,
    "decue": 2,
    "bad": 2,
    "nul": 1,
    "nulle": 1,
    "horrible": 1,
    "terrible": 1,
    "catastrophe": 1,
    "catastrophique": 1,
    "awful": 1,
}
# Words after a number that make it an order or a question, not a score.
NOT_A_RATING = re.compile(
    r"\b(veux|voudrais|voulais|prends|prendre|commander|ajoute|ajouter|rajoute|envoie|envoyez|acheter|"
    r"combien|prix|want|order|buy|add)\b"
)
# A unit right after the number (« 2 bouteilles », « 3 x »): a quantity, not a score.
UNITS = frozenset(
    {"piece", "kg", "litre", "paquet", "bouteille", "carton", "sac", "boite", "x", "pc", "pcs", "plat", "portion"}
)
# A complaint in the customer's word, whatever the score.
COMPLAINT = re.compile(
    r"\b(retard|en retard|tard|lent|froid|froide|casse|cassee|abime|abimee|manque|manquant|manquante|"
    r"pas recu|jamais recu|pas arrive|incomplet|incomplete|sale|impoli|malpoli|desagreable|insolent|"
    r"arnaque|voleur|vol|rembourse|remboursement|rembourser|plainte|pas content|pas contente|pas satisfait|"
    r"pas satisfaite|mecontent|mecontente|decu|decue|erreur|mauvais|mauvaise|nul|horrible|probleme|"
    r"late|cold|broken|missing|rude|refund|complaint|wrong|damaged|never arrived)\b"
)
LEADING_SCORE = re.compile(r"^([1-5])(?:[.,]0)?\s*(?:(?:/|sur|out of|of)\s*5)?(?=$|[\s!.,;:)\-/]|[^\w\s])(.*)$")
LEADING_WORD_SCORE = re.compile(
    r"^(" + "|".join(NUMBER_WORDS) + r")\s*(?:etoiles?|stars?|sur\s*5|/\s*5|out of 5)(?=$|\W)(.*)$"
)


@dataclass(frozen=True)
class ParsedRating:
    score: int
    comment: str
    complaint: bool


def _plain(text: str) -> str:
    """Lower case, accents off, spaces collapsed (emoji kept)."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    without = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(without.replace("’", "'").split())


def _after_score(original: str) -> str:
    """The customer's own words after a leading score, as written."""
    words = re.sub(
        r"^\s*[1-5](?:[.,]0)?\s*(?:(?:/|sur|out of|of)\s*5)?\s*(?:[ée]toiles?|stars?)?",
        "",
        original,
        count=1,
        flags=re.IGNORECASE,
    )
    return words.strip(" .,;:!-/")


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith(("s", "x")) else word


def rating_parse(text: str, *, product_words: frozenset[str] = frozenset()) -> ParsedRating | None:
    """The score and word in ``text``, or None when it does not read as a rating.

    ``product_words`` are the shop's product names' words (lower case, no accents, singular): a
    number followed by one of them (« 2 pizzas ») is an order, not a score.
    """
    original = (text or "").strip()
    plain = _plain(original)
    if not plain or "?" in plain or len(plain) > 500:
        return None
    score, rest, comment = None, "", ""
    if plain[0] in STARS:
        stars = len(re.match("[" + STARS + r"\s]*", plain).group(0).replace(" ", ""))
        if not 1 <= stars <= 5:
            return None
        score = stars
        rest = plain.lstrip(STARS + " ")
        comment = original.lstrip(STARS + " ").strip(" .,;:!-/")
    elif leading := LEADING_SCORE.match(plain):
        score, rest = int(leading.group(1)), re.sub(r"^\s*(etoiles?|stars?)", "", leading.group(2))
        comment = _after_score(original)
    elif word_score := LEADING_WORD_SCORE.match(plain):
        score, rest = NUMBER_WORDS[word_score.group(1)], word_score.group(2)
        comment = original if rest.strip(" .,;:!-/") else ""
    else:
        for phrase in sorted(VERDICTS, key=len, reverse=True):
            if re.match(re.escape(phrase) + r"(?=$|[\s!.,;:])", plain):
                score, rest, comment = VERDICTS[phrase], plain[len(phrase) :], original
                break
    if score is None or NOT_A_RATING.search(rest):
        return None
    first = re.findall(r"[a-z]+", rest)[:1]
    if first and (_singular(first[0]) in product_words or _singular(first[0]) in UNITS):
        return None
    comment = comment.strip()[:500]
    complaint = bool(COMPLAINT.search(_plain(comment))) if comment else False
    return ParsedRating(score=score, comment=comment, complaint=complaint)


def product_words_of(names) -> frozenset[str]:
    """The words of the shop's product names, in the form ``rating_parse`` compares them."""
    words = set()
    for name in names:
        for word in re.findall(r"[a-z]{3,}", _plain(name)):
            words.add(_singular(word))
    return frozenset(words)
