"""The shop document compiled once per shop version: a phrase index over the shop's own vocabulary
(products, zones and their areas, payment methods), a fuzzy vocabulary for misspellings, FAQ
concepts, hours. Everything shop-specific the engine knows comes from here."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

from .lexicon import (
    ANY_CAR,
    CATEGORIES,
    CONTAINERS,
    EN_WORDS,
    EVERYDAY_WORDS,
    FAQ_CONCEPTS,
    FAQ_STOP,
    FR_WORDS,
    FUNCTION_WORDS,
    GENERIC_PLACE_WORDS,
    PAYMENT_ALIASES,
    PAYMENT_LABELS_EN,
    PAYMENT_LABELS_FR,
    PLACE_WORDS_EN,
    SERVICE_NOUNS,
    SIZE_UNITS,
    TRAITS,
    VEHICLE_CLASSES,
)
from .text import fold, fold_phrase, lemma, slang_words, stem

PICKUP = "pickup"
_DAY_FR = r"(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?"
_DAY_EN = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?"
# Days a delivery note restricts a zone to: « le samedi seulement », « le mardi et le vendredi seulement »,
# « du lundi au samedi », « on Tuesdays and Fridays only ».
DAYS_SAID = {
    "fr": re.compile(
        rf"\b(?:(?:le |les )?{_DAY_FR}(?:(?:, | et )(?:le |les )?{_DAY_FR})* (?:seulement|uniquement)"
        rf"|du {_DAY_FR} au {_DAY_FR})\b",
        re.I,
    ),
    "en": re.compile(rf"\b(?:(?:on )?{_DAY_EN}(?:(?:, | and ){_DAY_EN})* only|{_DAY_EN} to {_DAY_EN})\b", re.I),
}
# The words that ask « which ones » around a kind named (« quels légumes », « what fruits »).
ASKING = frozenset({"quel", "quels", "quelle", "quelles", "what", "which", "kind", "kinds", "sorte", "sortes", "type"})
SMALL_NUMBERS = {
    "un": "1",
    "une": "1",
    "deux": "2",
    "trois": "3",
    "quatre": "4",
    "cinq": "5",
    "six": "6",
    "sept": "7",
    "huit": "8",
    "neuf": "9",
    "dix": "10",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
}


def number_value(word: str) -> int:
    """« 3 », « trois », « three » as a number (the small ones SMALL_NUMBERS knows); 0 for any other word."""
    return int(word) if word.isdigit() else int(SMALL_NUMBERS.get(word, 0) or 0)


SMALL_DIGITS = {
    "2": "deux",
    "3": "trois",
    "4": "quatre",
    "5": "cinq",
    "6": "six",
    "7": "sept",
    "8": "huit",
    "9": "neuf",
    "10": "dix",
}


@dataclass(frozen=True)
class Product:
    sku: str
    name: str
    price: int
    unit: str
    in_stock: bool
    description: str
    vocab: frozenset  # stems of its name and aliases
    # Measures it is sold by, one at a time ("kg" for "Viande 1 kg" or unit "kg"): "2 kg de X" is then 2 of X.
    per_units: frozenset = frozenset()
    # The numbers of its name (« Ciment CPJ 45 », « Gravier 15/25 »): they name it, they never count it.
    name_numbers: frozenset = frozenset()
    pack: int = 0  # how many items one unit holds, from its name (« boîte de 100 », « paquet de 10 »)
    # What it is like (lexicon.TRAITS: « garçon », « couleur », « lavage »), from its name and aliases.
    traits: frozenset = frozenset()
    # The catalogue has a photo of it (the document's ``has_photo``): the channel can send it as an image.
    has_photo: bool = False
    head: str = ""  # the stem of the noun that heads its name (« Poulet de chair plumé » -> poulet): its kin
    # The stem of the item it is priced for (« Montage (par roue) » -> roue, see _per_item): « 4 roues » counts it.
    per_word: str = ""
    firsts: frozenset = frozenset()  # the stems that begin its name and its aliases (« bâtons d'encens » -> baton)
    lead: str = ""  # the first word of its name, folded (« Grand carton 60 × 50 » -> grand)
    lacks: frozenset = frozenset()  # the stems its name says it is without (« nu (sans couvercle ni éclairage) »)

    @property
    def per_item(self) -> bool:
        """Priced for each item it is done on (« Montage (par roue) », « Équilibrage (per wheel) »)."""
        return bool(self.per_word)


# A folded word's stem -> its trait: in a product's name, and said by a customer (lexicon.VEHICLE_CLASSES differ).
TRAIT_OF = {stem(word): trait for trait, words in TRAITS.items() for word in words}
NAMED_TRAIT_OF = TRAIT_OF | {stem(w): cls for cls, (named, _) in VEHICLE_CLASSES.items() for w in named}
SAID_TRAIT_OF = TRAIT_OF | {stem(w): cls for cls, (_, said) in VEHICLE_CLASSES.items() for w in said}


def kind_named(k: Knowledge, words: list[str], unknown: str | None = None) -> list[str]:
    """The skus of the kind of goods the words name (« vous avez quels fruits ? »: the shop's fruits), the
    longest name first (« fruits de mer » is seafood, not fruit); [] when none is named, the shop has none,
    or the thing asked about is more than the kind (« la teinture des vêtements » is a service)."""
    joined = f" {' '.join(words)} "
    named = [
        (len(name), name, kind) for kind, (names, _) in CATEGORIES.items() for name in names if f" {name} " in joined
    ]
    if not named:
        return []
    _, name, kind = max(named)
    if unknown and set(fold_phrase(unknown)) - FUNCTION_WORDS - set(name.split()) - ASKING:
        return []
    return list(k.kinds.get(kind, []))


def kinds_named(k: Knowledge, words: list[str]) -> list[str]:
    """The skus of every kind of goods the words name (« le poisson et les poulets »), in the shop's order."""
    joined = f" {' '.join(words)} "
    kinds = {kind for kind, (names, _) in CATEGORIES.items() if any(f" {name} " in joined for name in names)}
    return [s for kind in kinds for s in k.kinds.get(kind, [])]


def traits_of(stems, table: dict = SAID_TRAIT_OF) -> frozenset:
    """The traits the words say: a customer's by default, a product's name's with ``NAMED_TRAIT_OF``. « 4x4 » is
    written « 4 x 4 » once normalised."""
    stems = set(stems)
    four_by_four = {"4", "x"} <= stems
    return frozenset(table[s] for s in stems if s in table) | ({"vehicle_suv"} if four_by_four else set())


# A service named by a noun made from its verb (« lavage », « réparation », « crevaison », « fitting ») is asked
# for with the verb (« venez laver ma voiture », « 4 pneus montés et équilibrés », « mon pneu est crevé »,
# « fitted and balanced »): noun ending -> the verb's endings, after the stem (text.stem) took a plural « s ».
_DEVERBAL = (
    ("age", ("er", "e", "ez", "ee", "ent", "on")),
    ("ation", ("er", "e", "ez", "ee", "ent", "on", "", "ing", "ed")),  # « install am », « installing »
    ("aison", ("er", "e", "ee")),
    ("ing", ("ed", "e", "")),
    ("ion", ("er", "e", "ez", "ee", "ent", "", "ed", "ing")),  # « désinfection »: « désinfecter », « disinfect »
)


def _verb_nouns(index: dict) -> tuple[dict, dict]:
    """(forms, commands): the forms of the verbs of the shop's one-word service nouns -> the noun's stem, for the
    nouns that name products; an English root shorter than four letters (« fit » of « fitting ») only with its past
    participle. ``commands``: those short roots alone (« Fit all 3 », « cut it short »), which name the service only
    as a command, opening a sentence (Knowledge.commands)."""
    out, commands = {}, {}
    for phrase, entries in index.items():
        if len(phrase) != 1 or not any(kind == "product" for kind, _ in entries):
            continue
        noun = phrase[0]
        for ending, forms in _DEVERBAL:
            root = noun[: -len(ending)]
            if not noun.endswith(ending) or len(root) < 3 or (ending == "ion" and not noun.endswith("ction")):
                continue
            if ending == "ing" and root[-1] == root[-2]:
                out.setdefault(root + "ed", noun)  # « fitting »: « fitted »
                root = root[:-1]
            for form in forms:
                if ending != "ing" or len(root) >= 4 or form == "ed":
                    out.setdefault(root + form, noun)
                elif len(root) == 3 and form == "":
                    commands.setdefault(root, noun)
        if noun in SERVICE_NOUNS and noun.endswith("e"):  # « recharger », « vidangez », « posée »
            for form in ("r", "z", "e", "es", "nt"):
                out.setdefault(noun + form, noun)
    return out, commands


def any_car_dropped(products: list[Product], stems) -> set:
    """« ma voiture », « my car » tell nothing apart among products priced by the class of the vehicle when one
    is for 4x4s: a 4x4 is a car too (« Géométrie voiture » beside « Géométrie 4x4 »)."""
    stems = set(stems)
    if stems & ANY_CAR and any("vehicle_suv" in p.traits for p in products):
        return stems - ANY_CAR
    return stems


def trait_scores(products: list[Product], stems) -> dict[str, int]:
    """sku -> how many of the traits said (« for my son ») only that product has among ``products``."""
    shared = frozenset.intersection(*(p.traits for p in products))
    said = traits_of(stems)
    scores = {p.sku: len(said & (p.traits - shared)) for p in products}
    for p in products:
        if said & _WHO and not p.traits & _WHO:
            scores[p.sku] += len(said & _WHO & frozenset().union(*(q.traits for q in products)))
    return scores  # « la montre pour mon vieux » beside a man's, a woman's and one for anyone: the man's or that one


_WHO = frozenset(("boy", "girl", "man", "woman", "child", "adult"))  # who a thing is for: one for anyone fits too


@dataclass(frozen=True)
class Zone:
    name: str
    areas: tuple
    served: bool
    fee: int | None
    vehicle: str | None
    eta: tuple | None
    min_order: int


@dataclass
class FaqEntry:
    question: str
    answer: str
    answer_en: str
    concepts: set
    q_concepts: set
    q_stems: set
    a_stems: set
    en_stems: set = field(default_factory=set)  # words of the English answer, for English questions


def _stems(words) -> tuple:
    return tuple(stem(w) for w in words)


@lru_cache(maxsize=1)
def _concept_needles() -> tuple:
    """Each FAQ concept's cues as they are looked for, once: (concept, ((0, « cue »), (1, « its stems »), …))."""
    return tuple(
        (
            concept,
            tuple((t, n) for cue in cues for t, n in enumerate((f" {cue} ", f" {' '.join(map(stem, cue.split()))} "))),
        )
        for concept, cues in FAQ_CONCEPTS.items()
    )


def concepts_of(text_words: list[str]) -> set:
    """The FAQ concepts the words say. A cue said only inside a longer cue of another concept is that one's:
    « réserver à l'avance » is ahead of time (« a l avance »), not a deposit (« avance »)."""
    texts = (f" {' '.join(text_words)} ", f" {' '.join(stem(w) for w in text_words)} ")
    spans: dict[str, list[tuple[int, int, int]]] = {}
    for concept, needles in _concept_needles():
        for t, needle in needles:
            at = texts[t].find(needle)
            while at >= 0:
                spans.setdefault(concept, []).append((t, at, at + len(needle)))
                at = texts[t].find(needle, at + 1)

    def inside(concept: str, t: int, a: int, b: int) -> bool:
        return any(
            other != concept and u == t and c <= a and b <= d and d - c > b - a
            for other, theirs in spans.items()
            for u, c, d in theirs
        )

    return {concept for concept, mine in spans.items() if any(not inside(concept, *span) for span in mine)}


# Spellings of a measure, so "2 kilos" and "2 kg" are the same thing.
MEASURE_SYNONYMS = {
    "kilo": "kg",
    "kilos": "kg",
    "kilogramme": "kg",
    "kilogrammes": "kg",
    "kilogram": "kg",
    "kilograms": "kg",
    "kgs": "kg",
    "litre": "l",
    "litres": "l",
    "liter": "l",
    "liters": "l",
    "metre": "m",
    "metres": "m",
    "meter": "m",
    "meters": "m",
    "jours": "jour",
    "nuits": "nuit",
    "night": "nuit",
    "nights": "nuit",
    "nuitee": "nuit",
    "nuitees": "nuit",
    "day": "jour",
    "days": "jour",
    "journee": "jour",
    "journees": "jour",
    "heure": "h",
    "heures": "h",
    "hour": "h",
    "hours": "h",
    "hr": "h",
    "hrs": "h",
    "minute": "min",
    "minutes": "min",
    "mn": "min",
    "mins": "min",
    # « beginner English for 2 months » of « … (1 mois) »
    "month": "mois",
    "months": "mois",
    "week": "semaine",
    "weeks": "semaine",
    "semaines": "semaine",
}


PREMISES = {"station", "agence", "atelier", "garage", "showroom", "agency", "workshop", "guichet", "comptoir", "studio"}
PREMISES |= {"salon", "parc", "bergerie", "institut"}  # « Salon de coiffure … », « Parc à bétail … »
PREMISES |= {"centre", "center", "clinique", "clinic", "cabinet", "ecole", "school"}  # « Centre de langues … »
PREMISES |= {"laboratoire", "labo", "lab", "laboratory"}  # « Laboratoire d'analyses … »: « je viens au labo »
PREMISES |= {"creche", "garderie", "daycare", "nursery"}  # « Crèche-Garderie … »: « je le dépose à la crèche »
PREMISES |= {"laverie", "blanchisserie", "laundry", "laundromat"}  # « Laverie … »: « je dépose mon linge à la laverie »
# How a reply names the premises the shop's name says, where the customer comes: (French, English, feminine).
PREMISES_SAID = {
    "laboratoire": ("laboratoire", "laboratory", False),
    "labo": ("laboratoire", "laboratory", False),
    "garage": ("garage", "garage", False),
    "atelier": ("atelier", "workshop", False),
    "salon": ("salon", "salon", False),
    "institut": ("institut", "institute", False),
    "centre": ("centre", "centre", False),
    "center": ("centre", "centre", False),
    "clinique": ("clinique", "clinic", True),
    "creche": ("crèche", "daycare", True),
    "garderie": ("garderie", "daycare", True),
    "clinic": ("clinique", "clinic", True),
    "cabinet": ("cabinet", "practice", False),
    "ecole": ("école", "school", True),
    "school": ("école", "school", True),
    "studio": ("studio", "studio", False),
    "station": ("station", "station", True),
    "agence": ("agence", "agency", True),
    "laverie": ("laverie", "laundry", True),
    "blanchisserie": ("blanchisserie", "laundry", True),
    "laundry": ("laverie", "laundry", True),
    "laundromat": ("laverie", "laundry", True),
}
# A trade whose premises the shop does not name: a nail bar or a barber receives at its salon (« samedi au salon »).
TRADE_PREMISES = {"onglerie": "salon", "nails": "salon", "coiffure": "salon", "barbier": "salon", "barber": "salon"}
TRADE_PREMISES |= {"barbershop": "salon", "coiffeur": "salon"}


def measure_word(word: str) -> str:
    """The unit a word names, one spelling for all: « kilos » → kg, « jours » → jour, « meters » → m."""
    if word in MEASURE_SYNONYMS:
        return MEASURE_SYNONYMS[word]
    single = stem(word)
    return single if single in SIZE_UNITS else word


def _name_numbers(name: str) -> frozenset:
    """« Power bank 20 000 mAh » -> 20, 0 and 20000: each run of digits, and those written with thousands."""
    joined = re.findall(r"\d{1,3}(?:[ .,\u202f\u00a0]\d{3})+", name)
    return frozenset(int(d) for d in re.findall(r"\d+", name)) | {int(re.sub(r"\D", "", d)) for d in joined}


_WITHOUT = re.compile(r"\b(?:sans|without|ni|no)\s+([^()+,;/]+)", re.IGNORECASE)


def _lacks(name: str) -> frozenset:
    """« Aquarium 60 L nu (sans couvercle ni éclairage) » -> couvercle, eclairage: what the name says it has not,
    never a word that tells it apart as having it."""
    out = set()
    for said in _WITHOUT.findall(name):
        for w in fold_phrase(said)[:5]:
            if w in ("avec", "with", "et", "and"):
                break
            if w not in FUNCTION_WORDS and w not in ("ni", "sans"):
                out.add(stem(w))
    return frozenset(out)


def _per_units(name: str, unit_words: list[str]) -> frozenset:
    name_words = fold_phrase(name)
    units = {measure_word(w) for w in unit_words if measure_word(w) in SIZE_UNITS}
    # A unit that is no container nor size nor the thing itself (« Poulet braisé entier » by the « poulet »):
    # « Impression A4 (la page) » by the page, « 120 pages » is how many of it; « Studio – nuit de week-end » by
    # the night.
    own = set(fold_phrase(re.sub(r"\(.*?\)", " ", name))[:1])
    counted = [w for w in unit_words if w.isalpha() and len(w) > 3 and w not in CONTAINERS | SIZE_UNITS | own]
    if len(counted) == len(unit_words) == 1:
        units |= {counted[0], counted[0] + "s"}
    for i, w in enumerate(name_words[:-1]):
        if w == "1" and measure_word(name_words[i + 1]) in SIZE_UNITS:
            units.add(measure_word(name_words[i + 1]))
    return frozenset(units)


# « Montage (par roue) », « Équilibrage (per wheel) »: priced for each item it is done on; « (par jour) », « (par
# personne) », « (le kg) » count something else.
_PER_ITEM = re.compile(r"\b(?:par|per) ([a-z]+)")
_NOT_ITEMS = {"jour", "nuit", "nuitee", "heure", "semaine", "mois", "an", "personne", "invite", "tete", "day", "night"}
_NOT_ITEMS |= {"hour", "week", "month", "year", "person", "guest", "head", "page", "face"}


def _per_item(name: str) -> str:
    """The stem of the item a service is priced for (« Prise de mesures (par fenêtre) » -> fenetre), or ""."""
    found = _PER_ITEM.search(" ".join(fold_phrase(name)))
    return stem(found[1]) if found and found[1] not in _NOT_ITEMS and measure_word(found[1]) not in SIZE_UNITS else ""


# « boîte de 100 », « paquet de 10 » in a folded name (accents gone): how many items one unit holds.
_PACK = re.compile(r"\b(?:boite|lot|paquet|pack|sachet|carton|casier|plaquette|box) de (\d+)\b")


def _pack(name: str) -> int:
    found = _PACK.search(" ".join(fold_phrase(name)))
    return int(found.group(1)) if found and int(found.group(1)) > 1 else 0


_RANGE_WORDS = frozenset({"jusqu", "up", "plus", "moins", "more", "less", "over", "under", "than", "maximum", "max"})


def _head(words: list[str]) -> str | None:
    """The noun that heads a name: past a container (« Sac de riz 25 kg » -> riz), unless what follows says what the
    container is for (« Sac à linge filet », « Boîte à outils »: a bag, a box; « mon linge » is no bag)."""
    for i, w in enumerate(words):
        if w in CONTAINERS and words[i + 1 : i + 2] == ["a"]:
            return w
        if w not in FUNCTION_WORDS | CONTAINERS:
            return w
    return None


def _measure_free(words: list[str]) -> list[str]:
    """A product name without its size ("Riz parfumé 5 kg" -> "riz parfume")."""
    out = []
    skip_next = False
    cut = False
    for i, w in enumerate(words):
        if skip_next:
            skip_next = False
            continue
        if w.isdigit() or re.fullmatch(r"\d+[.,]\d+", w):
            if i + 1 < len(words) and words[i + 1] in SIZE_UNITS | {"x"}:
                skip_next = True
            cut = True
            continue
        out.append(w)
    # (« Remplacement de vitre cassée jusqu'à 1 m² » is « remplacement de vitre cassée », as « … de 1 à 2 m² » is)
    while out and (out[-1] in FUNCTION_WORDS or (cut and out[-1] in _RANGE_WORDS)):
        out.pop()
    return out


@dataclass
class Knowledge:
    document: dict
    name: str = ""
    products: dict = field(default_factory=dict)
    zones: dict = field(default_factory=dict)
    index: dict = field(default_factory=dict)  # stems tuple -> list[(kind, key)]
    content_index: dict = field(default_factory=dict)  # the same phrases without function words
    max_phrase: int = 1
    vocab: set = field(default_factory=set)  # stems of index phrases, for fuzzy correction
    fuzzy_vocab: list = field(default_factory=list)
    product_stems: set = field(default_factory=set)
    # The runs of two and three stems of each name outside its parentheses -> the skus whose names have them
    # (family.named_by_phrase: « mi-temps », « journée complète »)
    name_phrases: dict = field(default_factory=dict)
    unit_words: set = field(default_factory=set)
    # Sizes the names span (« pointures 36 à 41 » → 36…41): « en 38 » is one of them, not 38 pairs.
    size_range: frozenset = frozenset()
    accepted: dict = field(default_factory=dict)  # code -> payment method dict
    refused: dict = field(default_factory=dict)  # code or "other:<label>" -> label as written by the shop
    faq: list = field(default_factory=list)
    hours: dict = field(default_factory=dict)
    pickup_available: bool = False
    pickup_eta: tuple | None = None
    handoff_items: int = 0
    handoff_contact: str = ""
    owner_names: set = field(default_factory=set)
    # What the shop calls its own premises (« Station de lavage », « Agence de location »): « je viens à la
    # station », « at the agency » is collecting there.
    premises: frozenset = frozenset()
    zone_heads: dict = field(default_factory=dict)  # long distinctive zone words, for abbreviations ("yop")
    # A distinctive word of an area that the products' names use too (« aéroport ») -> its zone.
    place_words: dict = field(default_factory=dict)
    home_zones: set = field(default_factory=set)  # the zones the shop itself is in (its address names them)
    # lexicon.CATEGORIES kind -> the skus of that kind (« fruits », « juice »), in the shop's order.
    kinds: dict = field(default_factory=dict)
    # zone name -> {"fr": "le samedi seulement", "en": "on Saturdays only"}: the days the delivery notes
    # give for that zone, when they restrict them.
    zone_days: dict = field(default_factory=dict)
    # A verb's forms -> the service noun the shop names (« montés » -> « montage », « fitted » -> « fitting »).
    verb_nouns: dict = field(default_factory=dict)
    commands: dict = field(default_factory=dict)  # « fit » of « fitting »: the service, opening a sentence only
    verb_heads: frozenset = frozenset()  # the service nouns those verbs name (verb_nouns' values)
    # Every word stem of the document (names, descriptions, aliases, FAQ): what the shop speaks of.
    domain_stems: frozenset = frozenset()
    domain_lemmas: frozenset = frozenset()  # the same, their verb and plural endings off (text.lemma)
    product_lemmas: frozenset = frozenset()  # the lemmas of the products' names' words
    faq_act_lemmas: frozenset = frozenset()
    # Every word stem of the FAQ's questions and answers (FaqEntry.q_stems | a_stems), compiled once.
    faq_stems: frozenset = frozenset()
    # The slang words (text.slang_words) the shop's goods are called by: read as the goods (« une daba »).
    own_slang: frozenset = frozenset()

    @classmethod
    def from_document(cls, document: dict) -> Knowledge:
        k = cls(document=document)
        k.name = document.get("name") or ""
        about = fold_phrase(f"{k.name} {(document.get('description') or '').split('.')[0]}")
        k.premises = frozenset(PREMISES.intersection(about)) | {
            TRADE_PREMISES[w] for w in TRADE_PREMISES.keys() & set(about)
        }
        k._compile_products(document.get("products") or [])
        k._compile_zones(document.get("delivery_zones") or [])
        k._compile_payments(document)
        k._compile_faq(document.get("faq") or [])
        k._compile_zone_days(document.get("delivery_notes") or {})
        k._compile_domain(document)
        k.hours = document.get("hours") or {}
        address = document.get("address") or {}
        where = f" {' '.join(fold_phrase(address.get('text') or ''))} "
        commune = " ".join(fold_phrase(address.get("commune") or ""))
        for zone in k.zones:
            name = " ".join(fold_phrase(zone))
            if name and (name == commune or f" {name} " in where):
                k.home_zones.add(zone)
        pickup = document.get("pickup") or {}
        k.pickup_available = bool(pickup.get("available"))
        eta = pickup.get("eta_minutes")
        k.pickup_eta = tuple(eta) if eta else None
        handoff = document.get("handoff") or {}
        k.handoff_items = int(handoff.get("large_order_items") or 0)
        k.handoff_contact = handoff.get("contact") or ""
        # The owner's first name, so "je veux parler à Koffi" is understood for any shop.
        head = re.split(r"[(:,\-+0-9]", k.handoff_contact)[0]
        k.owner_names = {w for w in fold_phrase(head) if len(w) >= 3 and w not in FR_WORDS | EN_WORDS}
        k.max_phrase = max((len(p) for p in k.index), default=1)

        k.vocab = {w for p in k.index for w in p}
        k.fuzzy_vocab = sorted(w for w in k.vocab if len(w) >= 4 and not w.isdigit() and w not in EVERYDAY_WORDS)
        forms, commands = _verb_nouns(k.index)
        k.verb_nouns = {form: noun for form, noun in forms.items() if (form,) not in k.index}
        k.commands = {form: noun for form, noun in commands.items() if (form,) not in k.index}
        k.verb_heads = frozenset(k.verb_nouns.values())
        names = [t for p in document.get("products") or [] for t in (p.get("name"), *(p.get("aliases") or []))]
        names += [t for z in document.get("delivery_zones") or [] for t in (z.get("name"), *(z.get("areas") or []))]
        k.own_slang = frozenset(w for t in names for w in fold_phrase(str(t or "")) if len(w) >= 3) & slang_words()
        return k

    # ------------------------------------------------------------------ compile
    def _add(self, words, kind: str, key: str, variants: bool = True):
        words = [w for w in words if w]
        if not words:
            return
        if variants and any(w in SMALL_NUMBERS or w in SMALL_DIGITS for w in words):
            # "Deux-Plateaux" is also written "2 Plateaux", "2 yards" also "two yards".
            self._add([SMALL_NUMBERS.get(w, w) for w in words], kind, key, variants=False)
            self._add([SMALL_DIGITS.get(w, w) for w in words], kind, key, variants=False)
        if len(words) == 1 and (words[0] in FUNCTION_WORDS or words[0].isdigit() or len(words[0]) < 2):
            return
        entry = (kind, key)
        bucket = self.index.setdefault(_stems(words), [])
        if entry not in bucket:
            bucket.append(entry)
        content = tuple(s for s in _stems(words) if s not in FUNCTION_WORDS)
        if len(content) >= 2:
            bucket = self.content_index.setdefault(content, [])
            if entry not in bucket:
                bucket.append(entry)

    def _compile_products(self, products: list):
        explicit_single = set()
        for p in products:
            for alias in [p.get("name", ""), *(p.get("aliases") or [])]:
                words = fold_phrase(alias)
                if len(words) == 1:
                    explicit_single.add(stem(words[0]))
        heads: dict[str, set] = {}
        for p in products:
            sku = str(p["sku"])
            phrases = [fold_phrase(p.get("name", ""))]
            phrases += [fold_phrase(a) for a in p.get("aliases") or []]
            firsts = frozenset(stem(ph[0]) for ph in phrases if ph)
            name_no_paren = re.sub(r"\(.*?\)", " ", p.get("name", ""))
            phrases.append(fold_phrase(name_no_paren))
            phrases.append(_measure_free(fold_phrase(name_no_paren)))
            phrases.append(_measure_free(fold_phrase(p.get("name", ""))))
            vocab = set()
            for ph in phrases:
                self._add(ph, "product", sku)
                vocab |= {stem(w) for w in ph}
            self.product_stems |= {w for w in vocab if w not in FUNCTION_WORDS and not w.isdigit()}
            named = tuple(stem(w) for w in fold_phrase(name_no_paren))
            for run in {named[j : j + n] for n in (2, 3) for j in range(len(named) - n + 1)}:
                self.name_phrases.setdefault(run, []).append(sku)
            unit = fold_phrase(p.get("unit") or "")
            self.unit_words |= {stem(w) for w in unit}
            head = _head(_measure_free(fold_phrase(name_no_paren)))
            if head and len(head) >= 3:
                heads.setdefault(stem(head), set()).add(sku)
            self.products[sku] = Product(
                sku=sku,
                name=p.get("name") or sku,
                price=int(p.get("price") or 0),
                unit=p.get("unit") or "",
                in_stock=bool(p.get("in_stock", True)),
                description=p.get("description") or "",
                vocab=frozenset(vocab - FUNCTION_WORDS),
                per_units=_per_units(p.get("name") or "", unit),
                name_numbers=_name_numbers(p.get("name") or sku),
                pack=_pack(p.get("name") or ""),
                traits=traits_of(vocab, NAMED_TRAIT_OF),
                has_photo=bool(p.get("has_photo")),
                head=stem(head) if head and len(head) >= 3 else "",
                per_word=_per_item(p.get("name") or ""),
                firsts=firsts,
                lead=next(iter(fold_phrase(p.get("name") or sku)), ""),
                lacks=_lacks(p.get("name") or ""),
            )
        self._compile_kinds(products)
        self.size_range = frozenset(
            n
            for p in products
            for lo, hi in re.findall(r"(\d+) ?(?:à|a|-|to) ?(\d+)", p.get("name") or "")
            if 16 <= int(lo) < int(hi) <= int(lo) + 30
            for n in range(int(lo), int(hi) + 1)
        )
        # A name's head noun ("Poulet braisé" -> "poulet") also finds the product, unless the shop
        # already uses that word as an alias (its own choice wins).
        for head, skus in heads.items():
            if head not in explicit_single:
                for sku in sorted(skus):
                    self._add([head], "product", sku)

    def _compile_kinds(self, products: list):
        """Which kind of goods (lexicon.CATEGORIES) each product is: by the word that heads its name (« Jus de
        bissap », « Casier de Bock », « Ananas ») — « Gâteau ananas » is not a fruit — or, for a kind that is
        a state (« congelé »), by any word of its name."""
        members = {kind: {stem(w) for p in words for w in p.split()} for kind, (_, words) in CATEGORIES.items()}
        skip = FUNCTION_WORDS | CONTAINERS
        for p in products:
            content = [stem(w) for w in fold_phrase(re.sub(r"\(.*?\)", " ", p.get("name", ""))) if w not in skip]
            heads, every = set(content[:1]), set(content)
            for kind, stems in members.items():
                if stems & (every if kind == "frozen" else heads):
                    self.kinds.setdefault(kind, []).append(str(p["sku"]))

    def _compile_domain(self, doc: dict):
        texts = [doc.get("name") or "", doc.get("description") or ""]
        for p in doc.get("products") or []:
            texts += [p.get("name") or "", p.get("description") or "", *(p.get("aliases") or [])]
        for f in doc.get("faq") or []:
            texts += [f.get("question") or "", f.get("answer") or "", f.get("answer_en") or ""]
        self.domain_stems = frozenset(stem(w) for text in texts for w in fold_phrase(str(text)))
        self.domain_lemmas = frozenset(lemma(w) for w in self.domain_stems)  # « nettoyez » of « nettoyage »
        self.product_lemmas = frozenset(lemma(w) for w in self.product_stems)
        # The acts the FAQ's questions name that no product does (« nettoyage » of « Faites-vous le nettoyage … ? »)
        self.faq_act_lemmas = (
            frozenset(lemma(w) for f in self.faq for w in f.q_stems if len(w) >= 5) - self.product_lemmas
        )

    def _compile_zone_days(self, notes):
        """The delivery notes' days for each zone they name (« Cocody (…) et Yopougon (…) sont livrés en voiture le
        samedi seulement »): the days said in the sentence that names the zone, in French and English."""
        if isinstance(notes, str):
            notes = {"fr": notes}
        for lang, pattern in DAYS_SAID.items():
            for sentence in re.split(r"(?<=[.;!?])\s+", str(notes.get(lang) or "")):
                said = pattern.search(sentence)
                if not said:
                    continue
                folded = f" {' '.join(fold_phrase(sentence[: said.start()]))} "
                for name in self.zones:
                    if f" {' '.join(fold_phrase(name))} " in folded:
                        self.zone_days.setdefault(name, {}).setdefault(lang, said.group(0).strip())

    def _compile_zones(self, zones: list):
        token_owner: dict[str, set] = {}
        short_area_words: dict[str, set] = {}
        self.zone_heads = {}
        name_words = {stem(w) for z in zones for w in fold_phrase(z.get("name") or "")}
        for z in zones:
            name = z.get("name") or ""
            eta = z.get("eta_minutes")
            self.zones[name] = Zone(
                name=name,
                areas=tuple(z.get("areas") or ()),
                served=bool(z.get("served")),
                fee=z.get("fee"),
                vehicle=z.get("vehicle"),
                eta=tuple(eta) if eta else None,
                min_order=int(z.get("min_order") or 0),
            )
            for n, phrase in enumerate([name, *(z.get("areas") or [])]):
                words = fold_phrase(phrase)
                self._add(words, "zone", name)
                # « Cité Feh Kessé » is said « Feh Kessé »: an area without its leading generic words, when two
                # words or more remain.
                bare = list(words)
                while bare and bare[0] in GENERIC_PLACE_WORDS:
                    bare.pop(0)
                if n and 2 <= len(bare) < len(words):
                    self._add(bare, "zone", name)
                for w in words:
                    # A word of a zone's name stands for it alone; a word taken out of a longer area name
                    # only when it is long enough not to be an everyday word ("Toit Rouge" -> not "rouge").
                    if n == 0 or len(w) >= 6:
                        token_owner.setdefault(stem(w), set()).add(name)
                    else:
                        short_area_words.setdefault(stem(w), set()).add(name)
                    for en in PLACE_WORDS_EN.get(w, ()):
                        token_owner.setdefault(en, set()).add(name)  # « the airport » for « Aéroport »
        # Distinctive single words of zone and area names ("Vridi", "Port-Bouët" -> "bouet").
        for w, owners in list(token_owner.items()):
            owners = owners | short_area_words.get(w, set())
            if (
                len(owners) == 1
                and len(w) >= 4
                and not w.isdigit()
                and w not in GENERIC_PLACE_WORDS
                and w not in FR_WORDS | EN_WORDS
            ):
                if w in self.product_stems:
                    # « Aéroport FHB » beside « Transfert aéroport »: the place only where it is said to be one
                    self.place_words[w] = next(iter(owners))
                    continue
                self._add([w], "zone", next(iter(owners)))
                # Abbreviations ("yop", "koum") are of commune names, not of areas ("sel" is salt, not Selmer).
                if len(w) >= 6 and w in name_words:
                    self.zone_heads[w] = next(iter(owners))

    def _compile_payments(self, document: dict):
        for m in document.get("payment_methods") or []:
            self.accepted[m["code"]] = m
        refused_labels = list(document.get("payment_not_accepted") or [])
        code_phrases: dict[str, set] = {code: set(aliases) for code, aliases in PAYMENT_ALIASES.items()}
        for m in document.get("payment_methods") or []:
            code_phrases.setdefault(m["code"], set()).update([m.get("name") or "", *(m.get("aliases") or [])])
        # Accepted methods' own words first, so a shop alias is never shadowed by a general name.
        for code, phrases in code_phrases.items():
            for ph in phrases:
                self._add(fold_phrase(ph), "payment", code)
        for label in refused_labels:
            words = fold_phrase(label)
            code = None
            for c, phrases in PAYMENT_ALIASES.items():
                if any(fold_phrase(ph) == words for ph in phrases):
                    code = c
                    break
            if code is None:
                code = next(
                    (c for c, phrases in PAYMENT_ALIASES.items() for ph in phrases if fold_phrase(ph)[:1] == words[:1]),
                    None,
                )
            # (« paiement … par le destinataire » is no refusal of the cash the shop takes)
            key = code if code and code not in self.accepted else f"other:{label}"
            self.refused[key] = label
            self._add(words, "payment", key)

    def _compile_faq(self, faq: list):
        for f in faq:
            q = fold_phrase(f.get("question") or "")
            a = fold_phrase(f.get("answer") or "")
            ae = fold_phrase(f.get("answer_en") or "")
            common = FAQ_STOP
            self.faq.append(
                FaqEntry(
                    question=f.get("question") or "",
                    answer=f.get("answer") or "",
                    answer_en=f.get("answer_en") or f.get("answer") or "",
                    concepts=concepts_of(q) | concepts_of(a) | concepts_of(ae),
                    q_concepts=concepts_of(q),
                    q_stems={stem(w) for w in q if w not in common and len(w) > 2},
                    a_stems={stem(w) for w in a + ae if w not in common and len(w) > 2},
                    en_stems={stem(w) for w in ae if w not in common and len(w) > 2},
                )
            )
        self.faq_stems = frozenset().union(*(f.q_stems | f.a_stems for f in self.faq))

    # ------------------------------------------------------------------ helpers
    def is_open(self, now: datetime) -> bool | None:
        """Open at ``now`` by the document's hours (None when its time zone is unknown: say nothing, never guess)."""
        tz = self.hours.get("timezone") or "Africa/Abidjan"
        try:
            local = now.astimezone(ZoneInfo(tz))
        except Exception:
            return None
        span = self.hours.get(("mon", "tue", "wed", "thu", "fri", "sat", "sun")[local.weekday()])
        if not span:
            return False
        return span[0] <= local.strftime("%H:%M") < span[1]

    def holding(self, stems: set) -> list[str]:
        """The skus of the products whose names (name and aliases) hold every one of these word stems."""
        return [p.sku for p in self.products.values() if stems <= p.vocab]

    def payment_label(self, code: str, lang: str) -> str:
        if code in self.accepted:
            if lang == "en" and code in PAYMENT_LABELS_EN:
                return PAYMENT_LABELS_EN[code]
            return self.accepted[code].get("name") or code
        if code.startswith("other:"):
            return code[6:]
        if lang == "en":
            return PAYMENT_LABELS_EN.get(code, code)
        return self.refused.get(code) or PAYMENT_LABELS_FR.get(code, code)

    def served_zones(self) -> list[Zone]:
        return [z for z in self.zones.values() if z.served]

    def unserved_zones(self) -> list[Zone]:
        return [z for z in self.zones.values() if not z.served]

    def zone_fee(self, zone: str) -> int:
        if zone == PICKUP:
            return 0
        return int(self.zones[zone].fee or 0)

    def zone_eta(self, zone: str):
        if zone == PICKUP:
            return self.pickup_eta
        return self.zones[zone].eta

    def fold_name(self, text: str) -> str:
        return fold(text)
