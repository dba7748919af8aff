"""Stage 1: normalisation.

A WhatsApp message becomes a list of tokens that later stages compare with the shop's own
vocabulary: lower case, accents removed, letters repeated for emphasis squeezed, SMS spellings and
the Ivorian street slang (nouchi) rewritten in plain French, emojis turned into words or dropped.
Each token keeps the original word it came from, so a reply can quote what the customer wrote.
Nothing here knows about a particular shop.
"""

from __future__ import annotations

import re
import unicodedata
import zlib
from dataclasses import dataclass, field

# SMS spellings and chat shorthands (French and English), one token to one or more tokens.
SMS = {
    # French
    "bjr": "bonjour",
    "bnjr": "bonjour",
    "bjour": "bonjour",
    "bonjours": "bonjour",
    "bsr": "bonsoir",
    "bsoir": "bonsoir",
    "slt": "salut",
    "cc": "coucou",
    "cmb": "combien",
    "cbn": "combien",
    "combi1": "combien",
    "kombien": "combien",
    "stp": "s il te plait",
    "svp": "s il vous plait",
    "svpl": "s il vous plait",
    "pr": "pour",
    "pou": "pour",
    "ds": "dans",
    "dan": "dans",
    "qd": "quand",
    "kan": "quand",
    "kand": "quand",
    "jveu": "je veux",
    "jveux": "je veux",
    "jve": "je veux",
    "jvoudrais": "je voudrais",
    "jsuis": "je suis",
    "jpaie": "je paie",
    "jpaye": "je paye",
    "jvais": "je vais",
    "jvai": "je vais",
    "jpasse": "je passe",
    "jprends": "je prends",
    "jprend": "je prends",
    "jviens": "je viens",
    "jvien": "je viens",
    "jattends": "j attends",
    "jenvoie": "j envoie",
    "chui": "je suis",
    "jpeux": "je peux",
    "jpe": "je peux",
    "jpx": "je peux",
    "c": "c est",
    "cé": "c est",
    "kel": "quel",
    "kelle": "quelle",
    "kels": "quels",
    "koi": "quoi",
    "kwa": "quoi",
    "ki": "qui",
    "ke": "que",
    "vs": "vous",
    "vx": "veux",
    "tjr": "toujours",
    "tjrs": "toujours",
    "bcp": "beaucoup",
    "mrc": "merci",
    "mci": "merci",
    "mersi": "merci",
    "dispo": "disponible",
    "dispos": "disponible",
    "bb": "bebe",
    "ya": "y a",
    "yaa": "y a",
    "g": "j ai",
    "jai": "j ai",
    "sa": "ca",
    "dmain": "demain",
    "dm1": "demain",
    "2m1": "demain",
    "auj": "aujourd hui",
    "ajd": "aujourd hui",
    "tt": "tout",
    "tte": "toute",
    "bn": "bon",
    "msg": "message",
    "mm": "meme",
    "nn": "non",
    "ok": "ok",
    "okay": "ok",
    "oki": "ok",
    "dac": "d accord",
    "dak": "d accord",
    "dacc": "d accord",
    "daccord": "d accord",
    "liv": "livraison",
    "livr": "livraison",
    "qlq": "quelque",
    "qq": "quelque",
    "qqn": "quelqu un",
    "qlqn": "quelqu un",
    "kelkun": "quelqu un",
    "aprem": "apres midi",
    "exp": "exemple",
    "cmt": "comment",
    "komen": "comment",
    "cmnt": "comment",
    "otr": "autre",
    "ds1": "dans",
    "e": "est",
    # English
    "u": "you",
    "ur": "your",
    "r": "are",
    "pls": "please",
    "plz": "please",
    "plse": "please",
    "thx": "thanks",
    "thnx": "thanks",
    "thks": "thanks",
    "tnx": "thanks",
    "ty": "thank you",
    "hw": "how",
    "wat": "what",
    "wht": "what",
    "whats": "what is",
    "wats": "what is",
    "im": "i am",
    "ive": "i have",
    "id": "i would",
    "dont": "do not",
    "cant": "can not",
    "wanna": "want to",
    "gonna": "going to",
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "2day": "today",
    "2moro": "tomorrow",
    "bt": "but",
    "abt": "about",
    "hrs": "hours",
    "hr": "hour",
    "mins": "minutes",
    "min": "minutes",
    "asap": "quickly",
}

# Nouchi (Ivorian street French) and local words -> plain French, as a phrase table (folded forms).
# Written from general knowledge of the slang, not from any data set line.
NOUCHI = {
    "on dit quoi": "salut",
    "mogo": "personne",
    "mogos": "personnes",
    "koro": "grand frere",
    "boro": "sac",
    "boros": "sacs",
    "dja foule": "beaucoup",
    "tchoko": "argent",
    "pia": "argent",
    "gbaka": "minibus",
    "woro woro": "taxi",
    "wotro": "voiture",
    "wotros": "voitures",
    "djakarta": "moto",
    "djakartas": "motos",
    "gnamankoudji": "jus de gingembre",
    "gbangban": "probleme",
    "c est gate": "c est fini",
    "kpakpato": "bavard",
    "sciencer": "reflechir",
    "fraya": "partir",
    "sans blaguer": "serieusement",
    "nous on est la": "nous sommes la",
    "ca dit quoi": "salut",
    "on dit koi": "salut",
    "ca dit koi": "salut",
    "c est comment": "salut",
    "c est comment la": "salut",
    "y a pas drap": "d accord",
    "ya pas drap": "d accord",
    "pas drap": "d accord",
    "y a foye": "tout va bien",
    "ya foye": "tout va bien",
    "y a fohi": "tout va bien",
    "y a rien": "tout va bien",
    "on est ensemble": "merci au revoir",
    "on se capte": "au revoir",
    "on se voit": "au revoir",
    "chap chap": "vite",
    "chapchap": "vite",
    "djai": "argent",
    "dje": "argent",
    "wari": "argent",
    "lamon": "argent",
    "krika": "mille francs",
    "krikas": "mille francs",
    "gbonhi": "cinq cents francs",
    "c est voili": "c est cher",
    "voili": "cher",
    "tchass": "fauche",
    "tchas": "fauche",
    "gbo": "manger",
    "gbozer": "manger",
    "la craz": "faim",
    "craz": "faim",
    "se dire les gbes": "franchement",
    "on va se dire les gbes": "franchement",
    "c est pas gbe": "c est malhonnete",
    "pas gbe": "malhonnete",
    "affairer": "informer",
    "m affairer": "m informer",
    "me couper": "m arnaquer",
    "nous couper": "nous arnaquer",
    "me loger": "m arnaquer",
    "m a loge": "m a arnaque",
    "m ont loge": "m ont arnaque",
    "m avez loge": "m avez arnaque",
    "m avez loger": "m avez arnaque",
    "m avez couper": "m avez arnaque",
    "m avez coupe": "m avez arnaque",
    "m a couper": "m a arnaque",
    "m a coupe": "m a arnaque",
    "m ont couper": "m ont arnaque",
    "m a loger": "m a arnaque",
    "m ont loger": "m ont arnaque",
    "batariser": "arnaquer",
    "batarise": "arnaque",
    "batarisé": "arnaque",
    "gaou": "naif",
    "djo": "ami",
    "mon vieux": "monsieur",
    "my man": "oga",  # pidgin address (« my man, I wan send parcel go Man »): never the town of Man
    "mon vie": "monsieur",
    "vieux pere": "monsieur",
    "vieux pe": "monsieur",
    "le boss": "monsieur",
    "ma go": "madame",
    "ma cherie": "madame",
    "tantie": "madame",
    "tonton": "monsieur",
    "gbe": "verite",
    "yako": "desole",
    "enjailler": "amuser",
    "daba": "manger",
    "mougou": "tromper",
    "gnan": "ennuyer",
    "deh": "",
    "hein": "",
    "ho": "",
    "dra": "d accord",
    "avant avant": "tres vite",
    "gbra": "fatigue",
    "cadeau cadeau": "gratuit",
    "on va faire comment": "que faire",
    "c est dja": "c est fini",
    "dja": "deja",
    "zo": "bien",
    "c est zo": "c est bien",
    "c est doux": "c est bien",
    "faut pas me voili": "pas trop cher",
    "ou bien": "n est ce pas",
}

# Words that only nouchi (or very Ivorian) speech uses; their presence marks the language.
NOUCHI_MARKERS = {
    "djo",
    "vieux",
    "vie",
    "boss",
    "champion",
    "go",
    "drap",
    "foye",
    "fohi",
    "chap",
    "chapchap",
    "dje",
    "djai",
    "krika",
    "krikas",
    "voili",
    "tchass",
    "tchas",
    "gbo",
    "gbozer",
    "craz",
    "gbe",
    "gbes",
    "affairer",
    "batariser",
    "batarise",
    "gaou",
    "wari",
    "lamon",
    "yako",
    "enjailler",
    "mougou",
    "gnan",
    "gbonhi",
    "daba",
    "dja",
    "tantie",
    "tonton",
    "couper",
    "loger",
    "mogo",
    "koro",
    "boro",
    "tchoko",
    "gbangban",
    "kpakpato",
    "gnamankoudji",
}
NOUCHI_PHRASES = (
    "on dit quoi",
    "ca dit quoi",
    "c est comment",
    "on est ensemble",
    "ma go",
    "mon vieux",
    "y a pas drap",
)

EMOJI_WORDS = {
    "👋": " ",
    "👍": " ok ",
    "👌": " ok ",
    "🙏": " ",
    "😡": " furieux ",
    "🤬": " furieux ",
    "😠": " furieux ",
    "💔": " decu ",
}

_APOSTROPHES_HYPHENS = re.compile(r"[-\u2010\u2011\u2012\u2013\u2014\u2212'\u2019\u2018\u02bc`_/]")
_TOKEN = re.compile(r"[a-z]+|\d+(?:[.,]\d+)?|[?!]")
_REPEATS = re.compile(r"([a-z])\1{2,}")
_DIGIT_LETTER = re.compile(r"(?<=\d)(?=[a-z])|(?<=[a-z])(?=\d)")
# Ordinals and sizes stay glued to their number: "8e", "2eme", "1er", "4g".
_ORDINAL = re.compile(r"^\d+(e|eme|er|ere|th|st|nd|rd)$")

UNIT_SYNONYMS = {
    "kilo": "kg",
    "kilos": "kg",
    "kilogramme": "kg",
    "kilogrammes": "kg",
    "kgs": "kg",
    "litre": "l",
    "litres": "l",
    "liter": "l",
    "liters": "l",
    "lt": "l",
    "ltr": "l",
    "gramme": "g",
    "grammes": "g",
    "gr": "g",
    "grams": "g",
    "gram": "g",
    "giga": "go",
    "gb": "go",
    "tonnes": "tonne",
    "tons": "tonne",  # never « ton » alone: « ton numéro »
}


def fold(text: str) -> str:
    """Lower case without accents; œ/æ spelled out. Punctuation is kept for the tokenizer."""
    text = text.replace("œ", "oe").replace("Œ", "oe").replace("æ", "ae").replace("Æ", "ae")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return text


def strip_emojis(text: str) -> str:
    for emoji, word in EMOJI_WORDS.items():
        text = text.replace(emoji, word)
    # Everything else outside letters, digits and usual punctuation is decoration.
    return "".join(c if (c.isascii() or unicodedata.category(c)[0] in "LNZP") else " " for c in text)


def stem(token: str) -> str:
    """A light plural stripper shared by the message and the shop vocabulary (both sides alike)."""
    if token.isdigit() or len(token) <= 3:
        return token
    if token.endswith("ies") and len(token) > 4:
        return token[:-3] + "y"
    if token.endswith("oes"):
        return token[:-2]
    if token.endswith("aux") and len(token) > 4:
        return token[:-1]
    if token.endswith(("eaux", "eux")):
        return token[:-1]
    if token.endswith("s") and not token.endswith("ss"):
        return token[:-1]
    return token


@dataclass
class Token:
    text: str  # normalised (folded, SMS/nouchi rewritten)
    orig: str  # the word as the customer wrote it (lower case, accents kept)
    stem: str = ""
    brk: bool = False  # a comma, a full stop or a new line comes just before it

    def __post_init__(self):
        if not self.stem:
            self.stem = stem(self.text)


@dataclass
class Normalised:
    raw: str
    folded: str  # folded text before rewriting (for language detection and quoting)
    raw_tokens: list[str] = field(default_factory=list)  # folded tokens before any rewriting
    tokens: list[Token] = field(default_factory=list)  # after SMS and nouchi rewriting
    question: bool = False
    kept: frozenset = frozenset()  # slang words left as they are: the shop's own words (a hoe called « daba »)

    @property
    def words(self) -> list[str]:
        return [t.text for t in self.tokens]

    @property
    def text(self) -> str:
        return " ".join(self.words)


def _split_raw(text: str) -> tuple[list[str], list[str]]:
    """(folded tokens, original tokens) for a message, aligned one to one."""
    folded, orig, _breaks = _split_with_breaks(text)
    return folded, orig


_TOKENS = re.compile(r"\d+(?:eme|ème|ere|ère|er|e|th|st|nd|rd)\b|[^\W\d_]+|\d+(?:[.,]\d+)?|[?!]")
_BREAK = re.compile(r"[,;.:\n+]")  # « riz + huile »: a plus lists, like a comma


# « 15 m² », « 25 m2 », « 2 m3 de sable »: square and cubic metres are one unit word, never « m » and a number.
_SQUARE = re.compile(r"(?<![^\W\d_])m\s?[²2](?![\w])", re.IGNORECASE)
_CUBE = re.compile(r"(?<![^\W\d_])m\s?[³3](?![\w])", re.IGNORECASE)
# The same units in words: « 6 mètres carrés », « 3 square meters », « 40 sqm », « 2 metres cubes ».
_METRE_WORD = r"(?:m|m[eéè]tres?|meters?)"
_SQUARE_WORDS = re.compile(rf"\b(?:{_METRE_WORD}\s+carr[eé]e?s?|square\s+{_METRE_WORD}|sq\.?\s?m|sqm)\b", re.IGNORECASE)
_CUBE_WORDS = re.compile(rf"\b(?:{_METRE_WORD}\s+cubes?|cubic\s+{_METRE_WORD})\b", re.IGNORECASE)
# « 2m50 », « 3m60 »: metres and centimetres, one length (« 2,50 m »), never 2 of something and 50 of another.
_METRES_CM = re.compile(r"\b(\d)m(\d\d)\b", re.IGNORECASE)


def _split_with_breaks(text: str) -> tuple[list[str], list[str], list[bool]]:
    """Folded tokens, original tokens and, for each, whether punctuation or a new line comes before it."""
    text = _SQUARE.sub(" mcarre ", _SQUARE_WORDS.sub(" mcarre ", strip_emojis(text)))
    text = _METRES_CM.sub(r"\1,\2 m", _CUBE.sub(" mcube ", _CUBE_WORDS.sub(" mcube ", text)))
    pieces = []
    # Tokenise the lower-cased original with the same separators, then fold each piece.
    lowered = _APOSTROPHES_HYPHENS.sub(" ", text.lower())
    end = 0
    for match in _TOKENS.finditer(lowered):
        pieces.append((match.group(0), bool(_BREAK.search(lowered, end, match.start())) and end > 0))
        end = match.end()
    folded, orig, breaks = [], [], []
    for piece, brk in pieces:
        f = fold(piece)
        f = _REPEATS.sub(r"\1", f)
        parts = [f] if _ORDINAL.match(f) else _TOKEN.findall(f)
        for k, part in enumerate(parts):
            folded.append(part)
            orig.append(piece)
            breaks.append(brk and k == 0)
    # Split glued numbers and units ("5kg", "25kilos", "1l"), keeping ordinals ("8e") whole.
    out_f, out_o, out_b = [], [], []
    for f, o, b in zip(folded, orig, breaks, strict=True):
        if _ORDINAL.match(f):
            out_f.append(f)
            out_o.append(o)
            out_b.append(b)
            continue
        for k, part in enumerate(p for p in _DIGIT_LETTER.split(f) if p):
            out_f.append(part)
            out_o.append(o)
            out_b.append(b and k == 0)
    return out_f, out_o, out_b


def _apply_phrases(tokens: list[Token], table: dict[str, str], max_len: int, keep: frozenset = frozenset()):
    out: list[Token] = []
    i = 0
    words = [t.text for t in tokens]
    while i < len(tokens):
        done = False
        for n in range(min(max_len, len(tokens) - i), 0, -1):
            key = " ".join(words[i : i + n])
            if key in table and key not in keep:
                repl = table[key]
                orig = " ".join(t.orig for t in tokens[i : i + n])
                for m, w in enumerate(repl.split()):
                    out.append(Token(w, orig, brk=tokens[i].brk and m == 0))
                i += n
                done = True
                break
        if not done:
            out.append(tokens[i])
            i += 1
    return out


_SMS_MAX = 1
_UNITS_NOT_SMS = {"g", "mm", "m", "l", "cm"}
# Words after which "cb" is the SMS "combien" ("c'est à cb"), not the bank card.
_BEFORE_COMBIEN = ("c", "est", "a", "ca", "fait", "font", "coute", "le", "la")
_NOUCHI_MAX = max(len(k.split()) for k in NOUCHI)


def slang_words() -> frozenset:
    """Every word the normalisation may rewrite or read as nouchi: a shop whose goods are called so keeps it."""
    return frozenset(SMS) | frozenset(k for k in NOUCHI if " " not in k) | frozenset(NOUCHI_MARKERS)


def normalise(text: str, keep: frozenset = frozenset()) -> Normalised:
    """``keep``: the shop's own words among ``slang_words()`` (« daba » the hoe, not nouchi « manger »)."""
    folded_tokens, orig_tokens, breaks = _split_with_breaks(text or "")
    question = "?" in (text or "")
    base = []
    pending_break = False
    for f, o, b in zip(folded_tokens, orig_tokens, breaks, strict=True):
        if f in "?!":
            pending_break = bool(base)  # « c'est combien ? 2 sacs »: the question mark ends a sentence
            continue
        base.append(Token(UNIT_SYNONYMS.get(f, f), o, brk=b or pending_break))
        pending_break = False
    tokens: list[Token] = []
    lowered = (text or "").lower()
    for k, t in enumerate(base):
        repl = SMS.get(t.text)
        if t.text == "4" and k + 1 < len(base) and base[k + 1].text in ("the", "u", "you", "me", "my", "a", "an"):
            repl = "for"  # "hw much 4 the rice"
        if t.text == "c" and k + 1 < len(base) and base[k + 1].text in ("est", "etait", "a"):
            repl = None
        number_before = k > 0 and base[k - 1].text.replace(".", "").replace(",", "").isdigit()  # « 1.5mm »
        if number_before and (t.text in UNIT_SYNONYMS.values() or t.text in _UNITS_NOT_SMS):
            repl = None  # « 500g », « 60 mm »: a unit after a number, never the SMS « g » (j'ai) or « mm » (même)
        if t.text == "cb" and k > 0 and base[k - 1].text in _BEFORE_COMBIEN:
            repl = "combien"  # "la télé c'est à cb" is "combien", not the bank card "CB"
        if repl and k > 0 and re.search(rf"{re.escape(base[k - 1].orig)}[-\u2010\u2011]{re.escape(t.orig)}\b", lowered):
            repl = None  # « usb-c », « t-shirt »: part of a hyphenated word, never an SMS abbreviation
        if t.text in keep:
            repl = None
        glued = k + 1 < len(base) and base[k + 1].text.isdigit()
        if repl and len(t.text) == 1 and glued and re.search(rf"\b{t.text}{re.escape(base[k + 1].orig)}", lowered):
            repl = None  # « R410 », « E27 »: a code of a letter and a number, never the SMS « r » (are)
        if repl is None:
            tokens.append(t)
        else:
            tokens.extend(Token(w, t.orig, brk=t.brk and n == 0) for n, w in enumerate(repl.split()))
    tokens = _apply_phrases(tokens, NOUCHI, _NOUCHI_MAX, keep)
    return Normalised(
        raw=text or "",
        folded=" ".join(f for f in folded_tokens if f not in "?!"),
        raw_tokens=[f for f in folded_tokens if f not in "?!"],
        tokens=tokens,
        question=question,
        kept=keep,
    )


def fold_phrase(text: str) -> list[str]:
    """Folded tokens of a piece of shop vocabulary (product alias, zone, area), units unified."""
    f, _ = _split_raw(text)
    return [UNIT_SYNONYMS.get(w, w) for w in f if w not in "?!"]


def has_phrase(words: list[str], phrase: str) -> bool:
    """True when the folded phrase occurs as whole words in the token list."""
    p = phrase.split()
    n = len(p)
    return any(words[i : i + n] == p for i in range(len(words) - n + 1))


def phrase_positions(words: list[str], phrase: str):
    """Where the folded phrase starts as whole words in the token list, first to last."""
    p = phrase.split()
    n = len(p)
    return (i for i in range(len(words) - n + 1) if words[i : i + n] == p)


def find_phrase(words: list[str], phrase: str) -> int:
    return next(phrase_positions(words, phrase), -1)


def own_doing(words: list[str], i: int) -> bool:
    """« j'avais oublié la cuisine », « j'ai oublié »: what the word at ``i`` says the customer did, not the shop."""
    return words[max(0, i - 2) : i] in (["j", "avais"], ["j", "ai"])


def fingerprint(text: str) -> int:
    """A short checksum of a reply, kept in the state to never send the same message twice in a row."""
    return zlib.crc32(text.encode("utf-8"))


def choice_word(text: str) -> str:
    """The customer's word for the products a « lequel ? » is about (« produits » when none is left)."""
    return text.strip() or "produits"


NEGATORS = ("pas", "not", "no", "non", "sans", "without")


def negated(toks: list[Token], negators=NEGATORS, reach: int = 4) -> set[int]:
    """Positions of the words a negation turns down (« pas couleur », « not the red »): up to ``reach`` words after
    it, stopping at the next break."""
    out = set()
    for i, t in enumerate(toks):
        if t.text in negators:
            for j in range(i + 1, min(len(toks), i + 1 + reach)):
                if toks[j].brk:
                    break
                out.add(j)
    return out


def phone_length(words: list[str], i: int) -> int:
    """Words taken by a telephone number starting at i: « 0707080910 », « 05 44 33 22 11 », « +225 07 … »."""
    w = words[i]
    if w.isdigit() and len(w) >= 8:
        return 1
    if w == "225" or (w.isdigit() and len(w) == 2 and w.startswith("0")):
        j = i + 1
        while j < len(words) and words[j].isdigit() and len(words[j]) == 2:
            j += 1
        if j - i >= 4:
            return j - i
    return 0


ENDINGS = ("ations", "ation", "ements", "ement", "ages", "age", "ons", "ent", "ez", "er", "es", "ed", "ing", "e", "s")


def lemma(word: str) -> str:
    """A rough French/English verb and plural ending stripper for FAQ matching ("posez", "pose" -> "pos")."""
    # « installation », « hachage » are the acts of « installez », « hachez »: the same stem.
    for end in ENDINGS:
        if word.endswith(end) and len(word) - len(end) >= 3:
            base = word[: -len(end)]
            if end in ("ed", "ing") and len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "aeiouls":
                base = base[:-1]  # "cutting", "shipped" -> "cut", "ship"
            return base
    return word
