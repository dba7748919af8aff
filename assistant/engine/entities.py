"""Stage 3: entities, found against the shop's own vocabulary.

Products (name, alias, head noun, misspelling, plural), their quantities (digits or words through
text2num, "une douzaine"), zones by name or area, pickup, payment methods, and the leftover numbers.
"""

from __future__ import annotations

import re

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein
from text_to_num import text2num

from . import budget, family, measured, pairs, people, readings, schedule, served, siblings, troubles
from .cues import BENIGN_MODIFIERS, COLLECT_FROM_ME, PICKUP_CUES
from .knowledge import TRAIT_OF, Knowledge, any_car_dropped, measure_word, trait_scores, traits_of
from .lexicon import (
    CONTAINER_KIN,
    CONTAINERS,
    DOZEN_WORDS,
    EN_WORDS,
    EVERYDAY_WORDS,
    FR_WORDS,
    FUNCTION_WORDS,
    MONTHS,
    NUMBER_WORDS_EN,
    NUMBER_WORDS_FR,
    PIECES,
    SEPARATORS,
    SIZE_PREFIXES,
    SIZE_UNITS,
)
from .mentions import Entities, Mention
from .places import place_named
from .ranges import dimension_at, fitting, range_words
from .text import Normalised, fold, fold_phrase, has_phrase, negated, phone_length, stem

# Between two products named in one list (« 2 uniwax pièce et 1 demi-pièce », « full piece and half piece »).
_LIST_GLUE = {"et", "and", "ou", "or", "plus", "avec", "with", "un", "une", "le", "la", "les", "l", "the", "a", "an"}

# Words allowed between a product and a quantity said after it ("lait concentré, mets 1 seulement").
FORWARD_SKIP = {
    "x",
    "fois",
    "times",
    "seulement",
    "only",
    "just",
    "juste",
    "mets",
    "met",
    "mettez",
    "mettre",
    "prends",
    "prend",
    "put",
    "make",
    "it",
    "that",
    "ca",
    "en",
    "il",
    "me",
    "moi",
    "faut",
    "want",
    "need",
}
# « add laundry too, 2 bags », « pour les milkshakes je veux 2 seulement »
FORWARD_SKIP |= {"too", "also", "aussi", "please", "svp", "stp", "je", "veux", "voudrais", "finalement"}
FORWARD_SKIP |= {"am", "them", "give", "abeg"}  # pidgin: « simple key, make am 3 », « abeg give me 2 »


def _said_apart(tokens: list, a: Mention, b: Mention) -> bool:
    """« et », « and » between two mentions: two things said (« 2 pairs of kids rain boots and one pair of adult
    rain boots »), not one described twice (« le Dell Latitude, c'est combien ? le reconditionné »)."""
    lo, hi = min(a.end, b.end), max(a.start, b.start)
    return any(t.text in SEPARATORS for t in tokens[lo:hi])


def _thousands(words: list[str], i: int) -> int:
    """How many groups of three digits follow the number at i as its thousands (« 18 000 », « 2 500 F »): « 000 »
    always, any other group only before a currency (« 2 500 » alone may be two of 500)."""
    j = i + 1
    while len(words[i]) <= 3 and j < len(words) and len(words[j]) == 3 and words[j].isdigit():
        j += 1
    if j > i + 1 and (words[j - 1] == "000" or (j < len(words) and words[j] in _MONEY)):
        return j - i - 1
    return 0


def _number_at(words: list[str], i: int) -> tuple[int | None, int]:
    """(value, length) of a number starting at i: digits, number words, "une douzaine"."""
    w = words[i]
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", w):
        return int(re.sub(r"\D", "", w)), 1  # « 18.000 », « 18,000 »: thousands
    if w.isdigit() and (groups := _thousands(words, i)):
        return int(w + "".join(words[i + 1 : i + 1 + groups])), 1 + groups  # « 18 000 F », « 1 500 000 »
    if w.isdigit():
        if i + 1 < len(words) and words[i + 1] in ("douzaine", "douzaines", "dozen", "dozens"):
            return int(w) * 12, 2
        return int(w), 1
    if w in ("demi", "half") and i + 1 < len(words) and words[i + 1] in ("douzaine", "dozen"):
        return 6, 2
    if w in DOZEN_WORDS:
        return DOZEN_WORDS[w], 1
    if w in ("un", "une", "a", "an", "one") and i + 1 < len(words) and words[i + 1] in ("douzaine", "dozen"):
        return 12, 2
    vocab = NUMBER_WORDS_FR | NUMBER_WORDS_EN | {"et", "and"}
    if w not in NUMBER_WORDS_FR | NUMBER_WORDS_EN:
        return None, 0
    j = i
    while j < len(words) and words[j] in vocab:
        j += 1
    while j > i + 1 and words[j - 1] in ("et", "and"):
        j -= 1
    for end in range(j, i, -1):
        phrase = " ".join(words[i:end])
        for lang in ("fr", "en"):
            try:
                value = text2num(phrase, lang)
            except ValueError:
                continue
            if end < len(words) and words[end] in ("douzaine", "douzaines", "dozen"):
                return value * 12, end - i + 1
            return value, end - i
    return None, 0


# Articles that name one item ("le poulet", "mon costume", "the S23").
_REFUSALS = [["pas", a] for a in ("le", "la", "les", "l", "du", "des")] + [["not", "the"], ["pas", "ce"]]
_REFUSALS += [["t", "need"], ["pas", "besoin", "de"], ["pas", "besoin", "d"], ["pas", "besoin", "du"], ["no", "need"]]
# « une fenêtre de 1 m x 1,20 m, sans la pose », « without the fitting »
_REFUSALS += [["sans", a] for a in ("le", "la", "les", "l")] + [["without", "the"], ["without"]]
# « une seule », « just one », « one only »: the article is a count.
_ALONE = {"seul", "seule", "only", "just", "juste", "seulement"}
# « deux autres plaquettes », « 2 more trays », « one extra box »: more of the same, the count still counts.
_MORE = {"autre", "autres", "other", "more", "extra"}
# Words that may stand between a count and its thing (« une seule boîte », « deux autres plaquettes »).
COUNT_WORDS = _ALONE | _MORE
_ONE_ARTICLES = {"le", "la", "l", "the", "ce", "cet", "cette", "this", "that", "ton", "ta", "votre", "your"}
_ONE_ARTICLES |= {"mon", "ma", "my"}
_ANOTHER = {"2e", "2eme", "deuxieme", "second", "autre", "another", "3e", "3eme", "troisieme", "third"}


# « livrez au Plateau », « je suis à Cocody », « deliver to Marcory »: a place comes next.
_WHERE_VERBS = {"livrez", "livrer", "livre", "livraison", "livrais", "deliver", "delivery", "suis", "habite", "reste"}
_WHERE_PREPOSITIONS = readings.WHERE_PREPOSITIONS


def _said_where(words: list[str], start: int) -> bool:
    before = words[max(0, start - 3) : start]
    return bool(before) and before[-1] in _WHERE_PREPOSITIONS and any(w in _WHERE_VERBS for w in before[:-1])


_AIRTIME = {"recharge", "credit", "airtime", "unites", "forfait", "topup"}
# « je paie par carte », « I'll pay by card »: a means of payment comes next.
_PAY_VERBS = {"pay", "paying", "payer", "paie", "paye", "payez", "paies", "paierai", "payment", "paiement", "regler"}


def kin(word: str, vocab, within: int | None = None) -> bool:
    """The word is one of the stems, or one begins the other (« adult » / « adulte »), from 4 letters; ``within``:
    at most that many letters longer or shorter, another form of the word (« champ » is no « champignon »)."""
    if word in vocab:
        return True
    return len(word) >= 4 and any(
        (v.startswith(word) or word.startswith(v)) and (within is None or abs(len(v) - len(word)) <= within)
        for v in vocab
        if len(v) >= 4
    )


def _said_pay(words: list[str], start: int) -> bool:
    return any(w in _PAY_VERBS for w in words[max(0, start - 3) : start])


# « pour l'anniv de mon petit »: a size word after « mon » is a child, no size (« ma voiture » still tells apart)
_SIZES = {"petit", "petite", "grand", "grande", "gros", "grosse", "little", "small", "big"}
# « une robe en pagne », « 1 enceinte avec pied », « 2 weeks of full day »: what the first is made of, comes with
# or is, when one of its own products' names says it too.
_MADE_WITH = {"en", "in", "avec", "with", "de", "d", "of"}
_OPTIONAL = FUNCTION_WORDS | {"est", "sont", "is", "are"}  # « mon WC est bouché » finds « WC bouché »
CLOCK_UNITS = {"h", "heure", "heures", "hr", "hrs", "pm", "am", "mn", "min", "minute", "minutes"}


# Units that count things one by one: before « de / of » and a product, the number is how many.
COUNTING_UNITS = PIECES | {"exemplaires", "copies"}


# « la Casio à 18 000 », « the one at 18000 », « celle de 16 000 F »: a price said, which names a product.
_AT_PRICE = {"a", "at", "de", "of"}
_MONEY = {"f", "fcfa", "cfa", "franc", "francs", "frs", "fr", "xof"}


def _is_size(words: list[str], i: int, length: int, tokens: list, size_range: frozenset = frozenset()) -> bool:
    nxt = words[i + length] if i + length < len(words) else ""
    # « Angré 7e tranche, 1 alloco »: a comma between them, the number is not the tranche's.
    prev = words[i - 1] if i > 0 and not tokens[i].brk else ""
    pronoun = i >= 2 and len(words[i - 2]) == 1  # « mets m'en 38 », « j'en veux 40 »: a count
    if prev == "en" and not pronoun and words[i].isdigit() and int(words[i]) in size_range:
        return True  # « les escarpins en 38 » where the names span « pointures 36 à 41 »: a size
    after = words[i + length + 1] if i + length + 1 < len(words) else ""
    if nxt in COUNTING_UNITS and after in ("de", "d", "of"):
        return False  # « 3 pièces de pagne », « 40 pieces of fancy wax »: how many, not a suit of 3 pieces
    return measure_word(nxt) in SIZE_UNITS or prev in SIZE_PREFIXES  # « 40 meters », « 3 litres »


_WEEKDAY = (
    r"(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
)
_WHEN = re.compile(
    r"\b(ce soir|ce matin|cet apres midi|cette nuit|a midi|ce midi|demain( matin| soir| midi)?|apres demain"
    r"|tout de suite|maintenant|aujourd hui|tonight|this evening|this morning|this afternoon|tomorrow"
    r"( morning| evening)?|at noon|right now|asap|(a|vers|avant|pour|at|by|before) \d{1,2} ?(h|heures?|pm|am)"
    r"( ?\d{2})?"
    # « pour samedi », « ce vendredi soir », « on Saturday »: a day named for the order, not the shop's days
    rf"|(pour|ce|this|on|for|by|next) {_WEEKDAY}( matin| soir| midi| morning| evening| night)?"
    rf"|{_WEEKDAY} prochain)\b"
)


def _when(norm: Normalised) -> str:
    """The delivery moment asked for, in the customer's own words (lower case, accents kept)."""
    folded = " ".join(t.text for t in norm.tokens)
    m = _WHEN.search(folded)
    if not m:
        return ""
    # Quote the original words behind the matched tokens.
    start = len(folded[: m.start()].split())
    count = len(m.group(0).split())
    origs = []
    for t in norm.tokens[start : start + count]:
        if not origs or origs[-1] != t.orig:
            origs.append(t.orig)
    if len(origs) > 1 and fold(origs[0]) in ("pour", "for"):
        origs = origs[1:]  # « Souhaité pour : samedi », not « pour samedi »
    return " ".join(origs)


# Words before a verb that asks the shop to do something (« vous hachez ? », « tu peux hacher ? »).
_ASKED_DOER = frozenset(stem(w) for w in ("vous", "tu", "pouvez", "peux", "peut", "pourriez", "pourrais", "pourrait"))


class Extractor:
    def __init__(self, knowledge: Knowledge):
        self.k = knowledge

    def correct(self, stems: list[str], words: list[str] = ()) -> list[str]:
        """Misspelled words brought back to the shop's vocabulary ("spagetti" -> "spaghetti"); ``words``: the words
        the stems are of (« très » is no « Treich » abbreviated)."""
        k = self.k
        if not k.fuzzy_vocab:
            return stems
        out = []
        for i, s in enumerate(stems):
            if s in k.verb_nouns:
                out.append(s)  # a verb of a service the shop sells (« montés »): read as its noun, alone
                continue
            common = s in EVERYDAY_WORDS | MONTHS or (i < len(words) and words[i] in FR_WORDS | EN_WORDS)
            if 3 <= len(s) <= 4 and s not in k.vocab and not common and s.isalpha():
                # An abbreviated place name ("yop" for Yopougon, "koum" for Koumassi), when only one fits.
                heads = [w for w in k.zone_heads if w.startswith(s)]
                if len(heads) == 1:
                    out.append(heads[0])
                    continue
            if len(s) < 5 or s.isdigit() or s in k.vocab or s in EVERYDAY_WORDS:
                out.append(s)
                continue
            if len(s) < 6:
                out.append(s)
                continue
            limit = 1 if len(s) <= 8 else 2
            # Same first letter: a typo rarely hits the first one, a different word often does ("traine"/"graine").
            choices = [w for w in k.fuzzy_vocab if w[0] == s[0]]
            hits = process.extract(s, choices, scorer=Levenshtein.distance, score_cutoff=limit, limit=None)
            # Between words as close, the one the typo dropped a letter from (« bouqets » is « bouquets », not
            # « bouet » of Port-Bouët): typing on a phone loses letters more often than it adds them.
            near = [h for h in hits if h[1] == min((h[1] for h in hits), default=0)]
            hit = max(near, key=lambda h: len(h[0]) > len(s), default=None)
            if hit and hit[1] == 2 and hit[0][:2] != s[:2]:
                hit = None  # two edits and another start: another word (« ramassage » is not « repassage »)
            if hit and i and stems[i - 1] in _ASKED_DOER and s.endswith(("ez", "er")) and hit[0].startswith(s[:-2]):
                hit = None  # « vous hachez ? », « tu peux hacher » ask for a service, not the « haché » sold
            out.append(hit[0] if hit else s)
        return out

    def extract(self, norm: Normalised) -> Entities:
        k = self.k
        words = norm.words
        stems = self.correct([t.stem for t in norm.tokens], words)
        n = len(stems)
        taken = [False] * n
        matches = []  # (start, end, entries)
        for length in range(min(k.max_phrase, n), 0, -1):
            for i in self._by_specificity(stems, length, n):
                if any(taken[i : i + length]):
                    continue
                # A verb of a service the shop sells names it alone (« montés » the « montage »; « tyres fitted »
                # is no « tyre fitting »).
                verb = (
                    k.verb_nouns.get(t.stem) or (k.commands.get(t.stem) if not i or t.brk else None)
                    if length == 1 and (t := norm.tokens[i])
                    else None
                )
                span = [verb] if verb else stems[i : i + length]
                entries = k.index.get(tuple(span))
                if (
                    not entries
                    and length >= 3
                    and span[0] not in _OPTIONAL
                    and span[-1] not in _OPTIONAL
                    # « du lait et du sucre », « tyres with fitting » are two things: no phrase spans « et », « with »
                    and not set(span[1:-1]) & {"et", "and", "ou", "or", "avec", "with"}
                ):
                    # "chemises en pagne" finds the alias "chemise pagne" (function words are optional); a few of
                    # them only (« 1 an, le mois à la demi-journée » is no « une demi-journée »)
                    content = tuple(s for s in span if s not in _OPTIONAL)
                    entries = k.content_index.get(content) if len(span) - len(content) <= 2 else None
                if not entries:
                    continue
                if self._outnamed(stems, i, length, entries):
                    continue
                # "2 plateaux" is a quantity of a unit, not the zone named Plateau.
                kinds = {kind for kind, _ in entries}
                counted = i > 0 and (words[i - 1].isdigit() or words[i - 1] in NUMBER_WORDS_FR | NUMBER_WORDS_EN)
                if kinds == {"zone"} and length == 1 and stems[i] in k.unit_words and counted:
                    continue
                if kinds == {"product"} and length == 1 and measure_word(stems[i]) in SIZE_UNITS and counted:
                    continue  # « 40 meters of cable » where the sub-meter is also called « meter »: a measure
                for j in range(i, i + length):
                    taken[j] = True
                matches.append((i, i + length, entries))
        matches.sort()
        ent = Entities()
        ent.pickup = any(has_phrase(words, cue) for cue in PICKUP_CUES) or any(
            has_phrase(words, f"{at} {place}")
            for place in k.premises
            for at in ("a la", "a l", "au", "at the", "at your")
        )
        ent.when = _when(norm)
        product_spans = []
        for start, end, entries in matches:
            kinds = {kind for kind, _ in entries}
            # A phrase that is both a product and a zone (rare) is read as the product, unless the words before it
            # say where (« vous livrez au Plateau ? » beside the dish « Plateau grillades »).
            if kinds >= {"product", "zone"} and _said_where(words, start):
                kinds = {"zone"}
                entries = [e for e in entries if e[0] == "zone"]
            if kinds >= {"product", "payment"} and _said_pay(words, start):
                kinds = {"payment"}  # « I'll pay by card » at a shop that sells greeting cards
            if kinds == {"product"} and readings.imperative(words, start, end) and stems[start] not in k.verb_nouns:
                continue  # « Montre-moi les bagues » at a shop that sells watches: a verb, no watch
            if kinds == {"product"} and readings.where_one_is(words, start):
                # « je suis déjà au studio 3 », « I'm at the gym »: where the customer is (at the shop's), nothing asked
                ent.pickup = True
                for j in range(start, end + (end < len(words) and words[end].isdigit())):
                    ent.consumed.add(j)
                    ent.kinds[j] = "zone"  # a place (the features read it so)
                continue
            if "product" in kinds:
                skus = [key for kind, key in entries if kind == "product"]
                mention = Mention(
                    skus=skus, start=start, end=end, text=" ".join(t.orig for t in norm.tokens[start:end])
                )
                ent.products.append(mention)
                product_spans.append((start, end))
            elif "zone" in kinds:
                zone = next(key for kind, key in entries if kind == "zone")
                if zone not in ent.zones:
                    ent.zones.append(zone)
                    ent.zone_text = ent.zone_text or " ".join(t.orig for t in norm.tokens[start:end])
            elif "payment" in kinds:
                if readings.other_card(words, start, end):
                    taken[start:end] = [False] * (end - start)  # (« 2 cartes de boutons » count the buttons)
                    continue  # « carte SIM », « memory card », « carte grise »: a card that pays nothing
                juice = words[start] == "orange" and (
                    words[max(0, start - 2) : start] in (["jus", "d"], ["jus", "de"])
                    or words[end : end + 1] == ["juice"]
                )
                if juice or readings.product_described(k, words, stems, start, end, taken):
                    continue  # « add the orange one too », « 4 orange cans »: a product described, no means of payment
                amount_on = start >= 2 and words[start - 1] in ("on", "sur") and words[start - 2].isdigit()
                if (amount_on or set(words[max(0, start - 6) : start]) & _AIRTIME) and not _said_pay(words, start):
                    continue  # « une recharge de 1000 MTN », « 2000 on MTN »: airtime, not the operator's money
                for kind, key in entries:
                    if kind == "payment" and key not in ent.payments:
                        ent.payments.append(key)
            kind = "product" if "product" in kinds else "zone" if "zone" in kinds else "payment"
            for j in range(start, end):
                ent.consumed.add(j)
                ent.kinds[j] = kind
        for i, w in enumerate(words):
            # « j'arrive à l'aéroport », « at the airport »: the place, when a product's name also says the word.
            here = i >= 1 and (words[i - 1] in _WHERE_PREPOSITIONS or words[i - 2 : i] in (["a", "l"], ["at", "the"]))
            if w in k.place_words and i not in ent.consumed and here and k.place_words[w] not in ent.zones:
                ent.zones.append(k.place_words[w])
                ent.zone_text = ent.zone_text or norm.tokens[i].orig
                ent.consumed.add(i)
                ent.kinds[i] = "zone"
        if ent.zones and ent.pickup and any(has_phrase(words, cue) for cue in COLLECT_FROM_ME):
            ent.pickup = False  # « please pick up 5 shirts in Deux-Plateaux »: the shop collects there, a delivery
        if not ent.zones:
            ent.place = place_named(norm, k)
        readings.verbs_named(k, ent, norm.tokens)
        readings.pack_named(k, ent, words, taken)
        readings.sibling_named(k, ent, stems, taken)
        readings.counted_named(k, ent, words, stems, taken)
        readings.described_one(k, ent, words, stems, taken)
        self._measures(ent, stems, words, taken)
        self._compounds(ent, norm.tokens)
        family.named_by_phrase(k, ent, stems, taken)
        family.widened(k, ent, words, stems, taken)
        troubles.named_by_trouble(k, ent, words, stems)
        self._narrow(ent, stems, norm.tokens)
        self._modified(ent, stems)
        readings.kinds_asked(k, ent, words, stems)
        self._refused(ent, words)
        self._quantities(ent, words, taken, norm.tokens)
        for m in ent.products if ent.price_said else ():  # « la Casio à 18 000 »: the one at that price
            m.skus = [s for s in m.skus if k.products[s].price == ent.price_said] or m.skus
        budget.apply(ent, k)
        readings.counted_apart(k, ent, words)
        schedule.counted_by_period(k, ent, words)
        pairs.counted_in_pairs(k, ent, words)
        readings.served_each(k, ent, words)
        served.services_done_on(k, ent, norm.tokens)
        measured.by_area(k, ent, words, stems)
        readings.each_of_us(ent, words)
        readings.per_head(k, ent, words)
        people.for_each_person(k, ent, words)
        family.one_for_the_crowd(k, ent)
        people.for_each_of(ent, words)
        readings.nights_by_days(k, ent, words)
        readings.landmarks(ent, norm.tokens)
        readings.purposes(ent, words)
        readings.owned(k, ent, words)
        readings.pack_contents(self.k, ent, words)
        readings.chosen_contents(self.k, ent, words)
        readings.list_named(ent, words)
        self._merge(ent)
        readings.packs(k, ent, words)
        readings.own_words(k, ent, stems)
        return ent

    def _by_specificity(self, stems: list[str], length: int, n: int) -> list[int]:
        """Where phrases of ``length`` words start, those naming fewer products first: of two that overlap
        (« 2 paquets de brochettes de poulet »), the one naming one product (« brochettes de poulet ») wins over
        the one several share (« paquets de brochettes »)."""
        index = self.k.index

        def named(i: int) -> int:
            entries = index.get(tuple(stems[i : i + length]))
            return len(entries) if entries else 1

        # (« 1 heure de conduite moto »: « heure de conduite moto » before the phrase opened by the count)
        return sorted(range(0, n - length + 1), key=lambda i: (named(i), stems[i].isdigit(), i))

    def _outnamed(self, stems: list[str], i: int, length: int, entries) -> bool:
        """« 2 sacs de ciment colle »: a phrase naming several products (« sac de ciment ») overlaps the name of
        one other product that runs past its end (« ciment colle »): the customer named that one."""
        products = {key for kind, key in entries if kind == "product"}
        if len(products) < 2:
            return False
        for j in range(i + 1, i + length):
            for end in range(i + length + 1, min(j + self.k.max_phrase, len(stems)) + 1):
                other = {key for kind, key in self.k.index.get(tuple(stems[j:end]), ()) if kind == "product"}
                if len(other) == 1 and not other <= products:
                    return True
        return False

    def _measures(self, ent: Entities, stems: list[str], words: list[str], taken: list[bool]):
        """« 1 tas de piment », « 2 paquets de couches »: a container word that some product's name also uses
        (« Tas de tomates ») measures the product named after « de », it is not that product."""
        starts = {m.start for m in ent.products}
        products = self.k.products.values()
        keep = []
        for m in ent.products:
            span = stems[m.start : m.end]
            j = m.end
            of = j < len(words) and words[j] in ("de", "d", "of")
            # « le manuel de physique-chimie »: one word that the names of the product named next all hold is its kind
            de = j < len(words) and words[j] in ("de", "d", "of", "des", "du")  # « le nettoyage des vitres »
            nxt = next((o.skus for o in ent.products if o.start == j + 1), ()) if de and len(span) == 1 else ()
            kind = bool(nxt) and all(span[0] in self.k.products[s].vocab for s in nxt)
            measures = kind or all(w in CONTAINERS or w in self.k.unit_words for w in span)
            # « un sac de 8 kilos » where « Sac à linge filet » is sold: the size of the customer's bag, no bag sold
            # (« 2 petits sacs de 5 kg » where « Riz parfumé 5 kg » is also « petit sac de riz »: that one)
            sized = of and j + 2 < len(words) and words[j + 1].isdigit() and measure_word(words[j + 2]) in SIZE_UNITS
            sized = sized and all(w in CONTAINERS for w in span)
            sized = sized and not any(int(words[j + 1]) in p.name_numbers and set(span) & p.vocab for p in products)
            # « sports drinks, 6 bottles » where a water bottle is sold too: how many of the drinks, in bottles.
            # (« 2 poupées + 2 emballages » of « Emballage cadeau », the doll sold by the piece: a product of its own)
            forms = set(span) | {f for w in span for f in CONTAINER_KIN.get(w, ())}
            prev = [self.k.products[s] for s in keep[-1].skus] if keep else []  # (« 10 cartons moyens, 5 grands… »)
            sold_so = any(forms & set(fold_phrase(q.unit)) - {q.lead} for q in prev)
            own = not sold_so and all({(q := self.k.products[s]).head, q.lead} & set(span) for s in m.skus)
            counted_after = m.start >= 2 and words[m.start - 1].isdigit() and not of and bool(keep) and not own
            # « I want lace for my sister's wedding, the French one, 2 pieces »: the pieces are of the lace
            pieces = counted_after and set(span) <= COUNTING_UNITS and keep[-1].qty is None
            if pieces:
                keep[-1].qty = int(words[m.start - 1])
            if (
                pieces
                or sized
                or (
                    measures and (((of or kind) and j + 1 in starts) or (counted_after and m.start - 1 == keep[-1].end))
                )
            ):
                for k in range(m.start, m.end):
                    ent.kinds.pop(k, None)
                    ent.consumed.discard(k)
                    taken[k] = False
                continue
            keep.append(m)
        ent.products = keep

    def _compounds(self, ent: Entities, tokens: list):
        """Two products named side by side are one thing ("2 coques iphone", "iPhone case"): keep one."""
        out: list[Mention] = []
        for m in ent.products:
            prev = out[-1] if out else None
            if (
                prev is not None
                and prev.end == m.start
                and set(prev.skus) != set(m.skus)
                and not tokens[m.start].brk
                and tokens[m.start].stem not in self.k.verb_nouns  # « 4 pneus montés »: a service asked for them
            ):
                if len(prev.skus) == 1 and len(m.skus) > 1:
                    continue  # the ambiguous word only qualifies the first one
                if len(m.skus) == 1 and len(prev.skus) > 1:
                    # The kept mention spans both, so « 2 bidons huile rimula » and « 2 packs of Pampers size 1 »
                    # find their quantity before the first word.
                    out[-1] = Mention(skus=m.skus, start=prev.start, end=m.end, text=f"{prev.text} {m.text}")
                    continue
                continue  # both precise: the first word names the thing (French order)
            if prev is not None and prev.end + 1 == m.start and tokens[prev.end].text in _MADE_WITH:
                # « un plateau de table en verre », « une robe en pagne », « 1 enceinte 15 pouces avec pied »: what
                # the first is made of or comes with, when its names say it (« Plateau de table rond (verre trempé
                # 8 mm) », « Enceinte active 15 pouces (avec pied) »), is no product of its own.
                made = {t.stem for t in tokens[m.start : m.end]} - FUNCTION_WORDS
                held = [s for s in prev.skus if made <= self.k.products[s].vocab]
                if made and held:
                    prev.skus = held
                    continue
            out.append(m)
        ent.products = out

    def _modified(self, ent: Entities, stems: list[str]):
        """« a half piece of Vlisco » where « piece of Vlisco » names the full piece: the word said before a
        mention makes it the one product every word said names (« Vlisco – demi-pièce », alias « half piece »)."""
        for m in ent.products:
            j = m.start - 1
            if len(m.skus) != 1 or j < 0 or j in ent.consumed or stems[j] in EVERYDAY_WORDS or not stems[j].isalpha():
                continue
            said = {stems[j]} | {w for w in stems[m.start : m.end] if w not in FUNCTION_WORDS}
            fits = self.k.holding(said)
            if not fits and stems[j] not in readings.NUMBER_STEMS:
                # « the student monthly membership »: a word only one product's names hold, said before a mention
                # of a sibling (a name word in common), is that product, though it never says « monthly ».
                fits = self.k.holding({stems[j]})
                fits = fits if len(fits) == 1 and (said - {stems[j]}) & self.k.products[fits[0]].vocab else []
            if len(fits) == 1 and fits != m.skus:
                m.skus, m.start = fits, j
                ent.consumed.add(j)
                ent.kinds[j] = "product"

    def _narrow(self, ent: Entities, stems: list[str], tokens: list):
        """An ambiguous word with a distinguishing word nearby ("riz ... 25 kg") picks its product."""
        # A lone letter ("c" of "c'est") is not a distinguishing word, even if a name has one ("vitamine C").
        mentions = sorted(ent.products, key=lambda x: x.start)
        # « 5 mètres, pas la pièce »: the words a negation turns down tell nothing in favour of a candidate.
        turned_down = negated(tokens, ("pas", "not", "sans", "without", "no"), reach=3)
        texts = [t.text for t in tokens]
        for m in mentions:
            if len(m.skus) < 2:
                continue
            if len(ranged := fitting(self.k, texts, m, {})) == 1:
                m.skus = list(ranged)  # « la vidange d'un moteur 2.0 » between « jusqu'à 1,4 L » and « gros moteur »
                continue
            m.skus = [s for s in m.skus if s in ranged] or m.skus  # (« mon fils de 4 ans » of the places by age)
            # « journée complète pour le mois » of the places by the month and by the week: the month's
            m.skus = schedule.sold_by(self.k, m.skus, schedule.period_said(texts)) or m.skus
            if len(m.skus) == 1:
                continue
            # Only the words of its own part of the message: in « 2 kg de carpe et des crevettes », « kg » is the
            # carp's, not a clue for the prawns.
            # (a neighbour naming some of the same products, « le seau de 20 L de peinture », is no boundary)
            # (the same word said again, « 4 barres de fer de 12 et 6 barres de fer de 8 », is one: each its own)
            # (nor is one said apart, « 2 pairs of kids rain boots and one pair of adult rain boots »: its own line)
            other = [
                o
                for o in mentions
                if o is not m and (not set(o.skus) & set(m.skus) or o.skus == m.skus or _said_apart(tokens, o, m))
            ]
            lo = max((o.end for o in other if o.end <= m.start), default=0)
            hi = min((o.start for o in other if o.start >= m.end), default=len(stems))
            if hi < len(stems):
                # « kids rain boots and one pair of adult rain boots »: past « and », the words are the next one's.
                hi = next((j for j in range(m.end, hi) if tokens[j].text in SEPARATORS), hi)
            # Words of another mention are that mention's (« vos accompagnements ? alloco, riz » names examples),
            # unless it names one of these products (« le seau de 20 L de peinture », « books of 200 pages »).
            named = {
                j
                for o in mentions
                if o is not m and not (len(o.skus) == 1 and o.skus[0] in m.skus)
                for j in range(o.start, o.end)
            }
            # A count said before a product (« 2 poulets », « et 2 plaquettes ») counts it: it never tells sizes
            # apart (« Poulet plumé, gros (environ 2 kg) »).
            counts = {o.start - 1 for o in mentions if o.start > 0 and stems[o.start - 1].isdigit()}
            counts -= {j for j in counts if readings.measured_before(texts, j)}  # « 3 metres of 100 pipe »
            # A place's words are the place's (« vous passez à Riviera 3 ? » says no « 3 pièces »).
            place = {j for j, kind in ent.kinds.items() if kind != "product"}
            place |= {j + 1 for j in place if j + 1 < len(stems) and stems[j + 1].isdigit()}
            place |= {j for j in range(1, len(texts)) if texts[j - 1] in readings.MY and stems[j] in _SIZES}
            free = {
                s
                for j, s in enumerate(stems[lo:hi], lo)
                if (len(s) > 1 or s.isdigit()) and j not in counts and j not in place and j not in turned_down
            }
            own = set(stems[m.start : m.end])
            products = [self.k.products[s] for s in m.skus]
            # « mettez 4 pneus, les 4 sont lisses » beside « Pneu 4x4 »: a count is not the « 4 » of « 4 x 4 ».
            free -= {
                d
                for j, d in enumerate(stems)
                if d in free
                and d.isdigit()
                and "x" not in stems[max(0, j - 1) : j + 2]
                and readings.only_by_by(products, d)
            }
            free -= {d for j, d in enumerate(stems) if d in free and readings.for_whom(products, stems, j)}
            if (kept := any_car_dropped(products, free)) != free:
                # « la géométrie de ma voiture » beside « … voiture » and « … 4x4 »: any car, not the saloon; but
                # not the motorbike either.
                free = kept
                cars = [p.sku for p in products if "vehicle_moto" not in p.traits]
                if cars and "vehicle_moto" not in traits_of(free):
                    m.skus = cars
            vocabs = {s: self.k.products[s].vocab - range_words(self.k.products[s].name) for s in m.skus}
            shared = set.intersection(*(set(v) for v in vocabs.values()))
            scores = {}
            for s, v in vocabs.items():
                distinct = set(v) - shared
                # « adult » for « adulte »: another form of a word of the name, if it is no everyday word
                said = [w for w in free - own if w in distinct or (w not in EVERYDAY_WORDS and kin(w, distinct, 2))]
                scores[s] = len(said)
            best = max(scores.values())
            if best == 0:
                # No word of a name tells them apart: what the customer says it is like might (« for my son »).
                scores = trait_scores([self.k.products[s] for s in m.skus], free - own)
                best = max(scores.values())
            chain, start = [], m.start  # the products named before it in the same list
            for o in reversed([o for o in mentions if o.end <= m.start]):
                if not all(w in _LIST_GLUE or w.isdigit() for w in stems[o.end : start]):
                    break
                chain, start = [*chain, o], o.start
            if best == 0 and chain:
                # « Uniwax full piece and half piece »: the word that told those before apart goes on (its brand).
                said = {w for o in chain for w in stems[o.start : o.end]} - own
                scores = {s: len(said & (set(v) - shared)) for s, v in vocabs.items()}
                best = max(scores.values())
            winners = [s for s, sc in scores.items() if sc == best]
            if best > 0 and len(winners) > 1:  # « the big bucket of degue »: the bucket said, then what it is like
                traits = trait_scores([self.k.products[s] for s in winners], readings.clause_of(stems, tokens, m) - own)
                winners = [s for s in winners if traits[s] == max(traits.values()) > 0] or winners
            if best > 0 and len(winners) == 1:
                m.skus = winners
            elif best > 0:
                # Fewer to choose from when the words are said with it, in one breath: « imprimer 40 pages
                # couleur » asks between the colour ones; « le linge de maison ? draps, nappes » names examples.
                a, b = m.start, m.end
                while a > lo and not tokens[a].brk:
                    a -= 1
                while b < hi and not tokens[b].brk:
                    b += 1
                clause = {s for j, s in enumerate(stems[a:b], a) if (len(s) > 1 or s.isdigit()) and j not in named}
                near = {s: len((clause - own) & (set(v) - shared)) for s, v in vocabs.items()}
                kept = [s for s, sc in near.items() if sc == best]
                if max(near.values()) == best and len(kept) > 1:
                    m.skus = kept

    def _refused(self, ent: Entities, words: list[str]):
        """« le flacon, pas le semi permanent »: a product named after « pas le » is turned down, not ordered
        (« pas de sucre » stays a removal)."""
        keep = []
        for m in ent.products:
            # « juste le DJ, sans animateur », « DJ, no MC »: a variant of the product just named, turned down
            variant = [o for o in ent.products if o.start < m.start and set(m.skus) < set(o.skus)]
            if variant and m.start and words[m.start - 1] in family.WITHOUT:
                for o in variant:
                    o.skus = [s for s in o.skus if s not in m.skus]
            elif not any(words[max(0, m.start - len(r)) : m.start] == r for r in _REFUSALS):
                keep.append(m)
                continue
            ent.refuse(m)
        ent.products = keep

    def _quantities(self, ent: Entities, words: list[str], taken: list[bool], tokens: list):
        n = len(words)

        def per_units_of(m: Mention) -> set:
            return set.intersection(*(set(self.k.products[s].per_units) for s in m.skus))

        named = {n for m in ent.products for s in m.skus for n in self.k.products[s].name_numbers}
        prices = {self.k.products[s].price for m in ent.products for s in m.skus} - {0}
        ent.budget, spent = budget.said(words, _number_at) or ((), set())  # « à moins de 20 000 F »: no count
        ent.consumed |= spent
        numbers = {}  # position -> (value, length)
        sizes = {}  # position -> (value, length, measure): "2 kg" is a quantity of a product sold by the kg
        i = 0
        while i < n:
            if (taken[i] and not words[i].isdigit()) or i in spent:
                i += 1
                continue
            crowd = people.crowd_at(words, i) if not (words[i].isdigit() and int(words[i]) in named) else 0
            if crowd or people.after_we(words, i):
                # « on est 8 avec les bagages », « la sono pour 250 invités »: how many people, never a quantity (a
                # service done on each of them counts them: people.for_each_person)
                i += crowd or 1
                continue
            phone = phone_length(words, i)
            if phone:
                i += phone  # « appelle-moi au 05 44 33 22 11 »: a telephone number, never a quantity
                continue
            if words[i].isdigit() and int(words[i]) not in named and (size := dimension_at(words, i)[1]):
                # « elle fait 150 sur 100 », « 60 by 80 »: a size, never a quantity (« the 40x40 cloths »: a name's)
                i += size
                continue
            value, length = _number_at(words, i)
            if value and length > 1 and value % 12 == 0 and readings.by_the_dozen(self.k, ent, words, i + length):
                value //= 12  # « 4 douzaines » of what is sold by the dozen: four of it
            if value is not None and value <= 31 and readings.dated(words, i, length):
                i += length  # « le 14 février », « on March 3rd »: a date, never a quantity
                continue
            money = _MONEY & set(words[i + length : i + length + 1])
            if value in prices and ((i and words[i - 1] in _AT_PRICE) or money):
                ent.price_said = value  # « la Casio à 18 000 », « the one at 18000 F »: which one, never how many
                i += length
                continue
            clock = i + length < n and words[i + length] in CLOCK_UNITS
            if value is not None and clock and all(m.start != i + length for m in ent.products):
                i += length + 1  # « vers 17h », « at 6 pm »: a time, never a quantity (« 1 heure de karaoké » counts)
                continue
            if value is not None and not taken[i]:
                # « 150 day-old chicks »: the unit word opens a product's own name, so the number counts it.
                opens = next((m for m in ent.products if m.start == i + length), None)
                opens = opens and measure_word(words[i + length]) not in per_units_of(opens)
                if opens or not _is_size(words, i, length, tokens, self.k.size_range):
                    numbers[i] = (value, length)
                elif i + length < n:
                    sizes[i] = (value, length, measure_word(words[i + length]))
                i += length
            else:
                i += 1
        used = set()
        product_starts = {m.start for m in ent.products}

        def backward(m: Mention) -> bool:
            """ "2 sacs de riz", "une boîte de sardines"."""
            j = m.start - 1
            steps = 0
            per_units = per_units_of(m)
            name_numbers = frozenset().union(*(self.k.products[s].name_numbers for s in m.skus))
            size = sizes.get(j)
            if size and size[2] == measure_word(words[m.start]) and size[2] in per_units and j not in used:
                m.qty = size[0]  # « 2 kg de tomates » whose name says « (le kg) »: the measure opens the mention
                used.add(j)
                return True
            while j >= 0 and steps < 4:
                if tokens[j + 1].brk:
                    return False  # « gâteau 10 parts 1, sandwich 2 »: the « 1 » is not the sandwich's
                size = sizes.get(j - 1) if j > 0 else None
                if size and size[2] == measure_word(words[j]) and size[2] in per_units and j - 1 not in used:
                    m.qty = size[0]  # "2 kg de boeuf" where beef is sold by the kilo
                    used.add(j - 1)
                    return True
                if size and size[0] in name_numbers and j - 1 not in used:
                    j -= 2  # « 4 bars of 110 mm PVC pipe »: a size of its own name stands between
                    steps += 1
                    continue
                hit = next(((p, v) for p, v in numbers.items() if p <= j < p + v[1]), None)
                if hit and hit[1][0] in name_numbers and (back := readings.name_measure_back(self.k, m, words, j)):
                    # « 3 metres of 100 pipe »; « the 100-page exercise books », whose « 100 page » is of the name:
                    # no step taken for it, nor left as a number
                    j, steps = j - back, steps + (1 if back == 2 else -1)
                    used.update([hit[0]] if back == 1 else [])
                    continue
                if hit and hit[0] not in used and hit[1][0] in name_numbers:
                    # « 2 of the 205/55 R16 tyres »: a run of its own name's numbers stands between (one number
                    # alone, « 12 ventilateurs de table 12 pouces », may well be the count).
                    run, k = 0, j
                    while k >= 0:
                        if len(tokens[k].orig) == 1 and tokens[k].orig.isalpha() and run:
                            k -= 1  # the « R » of « R16 »
                            continue
                        if words[k].isdigit() and int(words[k]) in name_numbers:
                            run, k = run + 1, k - 1
                            continue
                        break
                    if run >= 2:
                        j = k
                        continue
                    packs = {self.k.products[s].pack for s in m.skus}
                    if j >= 2 and words[j - 1] == "de" and stem(words[j - 2]) in CONTAINERS and hit[1][0] in packs:
                        used.add(hit[0])
                        j -= 3  # « le lot de 3 brochettes »: the pack its name says, not three of it
                        steps += 1
                        continue
                if hit and hit[0] not in used:
                    m.qty = hit[1][0]
                    used.add(hit[0])
                    return True
                w = words[j]
                if (
                    w in ("a", "an")
                    and tokens[j].orig != "à"
                    and j + 1 < len(words)
                    and (j + 1 == m.start or stem(words[j + 1]) in CONTAINERS)
                ):
                    m.qty = 1  # "a tray of eggs"
                    return True
                if taken[j] or w in SEPARATORS or w in ("pour", "for"):
                    return False  # « de 5000 pour mon décodeur »: a number before « pour » counts no thing after it
                ws = stem(w)
                if (
                    ws not in CONTAINERS
                    and w not in FUNCTION_WORDS
                    and ws not in self.k.unit_words
                    and w not in COUNT_WORDS
                    and w not in BENIGN_MODIFIERS  # « 4 new tyres », « 2 bons poulets »
                    and ws not in TRAIT_OF  # « 2 pairs of kids rain boots », « 3 chemises blanches »
                    # « 2 pairs of kids flip flops », « 30 pairs of adult flip flops »: a word of its own names
                    # (or its French spelling), said before the one found
                    and not any(kin(ws, self.k.products[s].vocab) for s in m.skus)
                    and not (j == m.start - 1 and m.coded(words))  # « 20 pictures 10x15 »
                ):
                    return False
                j -= 1
                steps += 1
            return False

        def forward(m: Mention, postfix: bool, commit: bool = True) -> bool:
            """ "lait concentré, 3 boîtes", "riz x 2", and lists written name first: "filtre hyundai 2, huile 1"."""
            j = m.end
            steps = 0
            # « gravier 15/25 », « ciment 35 »: a number of the product's own name is part of the name.
            name_numbers = frozenset().union(*(self.k.products[s].name_numbers for s in m.skus))
            # « ventilo sur pied binatone 3 »: more words of the product's own name are skipped.
            own = frozenset.intersection(*(self.k.products[s].vocab for s in m.skus))
            verb = m.end - m.start == 1 and (words[m.start] in self.k.verb_nouns or words[m.start] in self.k.commands)
            if words[m.end : m.end + 1] == ["one"] and words[m.start - 1 : m.start] in (["the"], ["this"], ["that"]):
                return False  # « the guipure one »: which one, not how many
            while j < n and steps < 3:
                if words[j : j + 4] == ["s", "il", "vous", "plait"]:
                    j += 4  # « du miel svp, 2 pots »: « svp » as normalised, one word
                    continue
                if j in product_starts or (verb and j in numbers and any(0 < s - j <= 3 for s in product_starts)):
                    return False  # (« fit 2 used tyres »: the count of the goods named after it)
                counted = tokens[j].brk or (j + 1 < n and stem(words[j + 1]) in CONTAINERS)
                if j in numbers and j not in used and numbers[j][0] in name_numbers and not counted:
                    if commit:
                        used.add(j)
                    j += numbers[j][1]
                    continue
                if j in numbers and j not in used and j == m.end + 1 and words[m.end] in ("de", "d"):
                    # « le riz de 50 », « du fer de 6 »: « de » and a number after the name say which one, never
                    # how many (a quantity would be « riz, 50 sacs »).
                    if not (j + 1 < n and stem(words[j + 1]) in CONTAINERS):
                        return False
                if j in numbers and j not in used:
                    value, length = numbers[j]
                    if j == m.end and len(words[j]) == 4 and 1980 <= value <= 2035:
                        return False  # « une Corolla 2015 », « Yaris 2012 »: the model's year, never how many
                    after = j + length
                    if postfix or not any(after <= s <= after + 2 for s in product_starts):
                        if commit:
                            m.qty = value
                            used.add(j)
                        return True
                    return False
                w = words[j]
                # A size written after the name ("huile 1 L, 3 bouteilles", "télé 32 pouces 2") is skipped, unless
                # the product is sold by that measure (« rideaux 8 kilos », « carrelage 12 m2 »): the quantity.
                if j in sizes and j not in used:
                    if sizes[j][2] in per_units_of(m) and sizes[j][0] not in name_numbers:
                        if commit:
                            m.qty = sizes[j][0]
                            used.add(j)
                        return True
                    j += sizes[j][1] + 1
                    continue
                if w in SIZE_PREFIXES and j + 1 < n and words[j + 1].isdigit():
                    j += 2
                    continue
                if w not in FUNCTION_WORDS and w not in FORWARD_SKIP and stem(w) not in own:
                    return False
                if postfix and w in SEPARATORS:
                    return False  # « riz 2 et 1 huile »: what follows « et » is the next line's
                j += 1
                steps += 1
            return False

        # A list written name first (« gâteau 10 parts 1, sandwich 2 », « karité trois, huile de coco une »):
        # the first product has no number before it and one after it; each number then follows its product.
        first = ent.products[0] if ent.products else None
        # (« une commande : pain surgras 3, … »: an article before it is no count)
        before = [p for p in (*numbers, *sizes) if first and p < first.start and words[p] not in ("un", "une", "a")]
        postfix = bool(first) and not before and forward(first, postfix=True, commit=False)
        last = ent.products[-1] if len(ent.products) > 1 else None
        if postfix and last and not tokens[last.start].brk and any(p + v[1] == last.start for p, v in numbers.items()):
            # « une box love + 2 ballons cœur »: the last product has its count before it, so the list is not
            # written name first (« gâteau 10 parts 1, sandwich 2 »), unless it has one after it too.
            postfix = forward(last, postfix=True, commit=False)
        readings.that_one_of(self.k, ent, words, numbers, used, taken)
        readings.measure_only(self.k, ent, words, used, taken)
        for m in ent.products:
            if postfix:
                forward(m, postfix=True) or backward(m)
            else:
                backward(m) or forward(m, postfix=False)
        siblings.elliptic(self.k, ent, words, numbers, used, taken, sizes)
        siblings.sibling_asked(self.k, ent, words, numbers, used, taken)
        readings.counted_apart_of_one(ent, words, numbers, used)
        # "Je veux l'iPhone 13", "the grilled fish": one, unless a number said otherwise.
        for m in ent.products:
            if m.qty is None and m.start > 0:
                j = m.start - 1
                while j > 0 and stem(words[j]) in CONTAINERS | {"de", "d", "of"}:
                    j -= 1
                # The head word's number counts (« le plateau grillades 4 personnes » is one tray).
                singular = tokens[m.start].text == tokens[m.start].stem
                if words[j] in _ONE_ARTICLES and singular:
                    m.qty, m.weak = 1, True
                elif words[j] in _ANOTHER and (words[j] == "another" or words[j - 1] in ("un", "une", "a")):
                    m.qty = 1  # « ajoutez un 2e billet », « another ticket »: one more
        # A leftover "un"/"one" is an article ("faire un effort"), unless it is the whole answer ("une seule").
        ent.numbers = [
            v[0]
            for p, v in sorted(numbers.items())
            if p not in used
            and (words[p] not in ("un", "une", "one") or p == 0 or _ALONE & set(words[max(0, p - 1) : p + 2]))
        ]

    def _merge(self, ent: Entities):
        merged: list[Mention] = []
        for m in ent.products:
            same = next((x for x in merged if x.skus == m.skus), None)
            if same and len(m.skus) > 1 and m.qty and same.qty and not (m.weak or same.weak):
                same = None  # « 3 bobines de fil noir et 2 bobines de fil rouge »: two lines, told apart after
            if same:
                if m.weak and same.qty:
                    continue  # « le plateau 4 personnes pour le Plateau »: named twice, one tray
                if m.qty == same.qty and m.start - same.end <= 2:
                    continue  # « couture de 2 robes simples »: one thing said in two words, counted once
                if same.weak and m.qty:
                    same.qty, same.weak = m.qty, m.weak
                    continue
                same.qty = same.qty if m.qty is None else (m.qty if same.qty is None else same.qty + m.qty)
            else:
                merged.append(m)
        ent.products = merged


# Build text2num's parsers now rather than on a customer's first message.
for _lang, _word in (("fr", "deux"), ("en", "two")):
    text2num(_word, _lang)


def extractor_for(k: Knowledge) -> Extractor:
    """The shop's extractor, built once per compiled shop."""
    ex = getattr(k, "_extractor", None)
    if ex is None:
        ex = Extractor(k)
        k._extractor = ex
    return ex
