"""What the customer asks for that the shop does not know: the object of « vous avez des … ? »,
« c'est combien le … ? » when no product, category or FAQ entry names it."""

from __future__ import annotations

import re

from rapidfuzz import fuzz, process

from .cues import (
    AFFIRM,
    ASK_OBJECT,
    AVAILABILITY,
    BENIGN_MODIFIERS,
    CONNECTORS,
    NEGATIVE,
    ORDER_VERBS,
    PRICE,
    PRICE_LIST,
    REPLACE,
    any_phrase,
)
from .entities import COUNT_WORDS, Entities, Mention
from .knowledge import PREMISES, TRAIT_OF, Knowledge, Product, measure_word
from .lexicon import (
    CONTAINERS,
    EN_WORDS,
    FR_WORDS,
    FUNCTION_WORDS,
    NUMBER_WORDS_EN,
    NUMBER_WORDS_FR,
    OCCASIONS,
    ORDINAL_WORDS,
    PEOPLE,
    SIZE_PREFIXES,
    SIZE_UNITS,
)
from .ranges import in_range
from .readings import INFINITIVE
from .text import Normalised, find_phrase, fold, stem

# Words after which no thing asked for begins (« pour », « svp », « minimum »); « une seule », « deux autres »,
# « 2 more »: how many, never what (« extra », as in « extra large », may name it).
_OBJECT_STOP = frozenset(
    {
        "suffit",  # « 2 suffisent »: enough, nothing asked
        "suffisent",
        "pour",
        "for",
        "pendant",  # « louer le fauteuil roulant pliant pendant deux semaines »: for how long, not what
        "during",
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
        "minimum",  # « il faut 40 000 minimum ? »: the shop's rule, said back
        "maximum",
        "sont",  # « les 4 sont lisses »: what they are like, nothing asked for
        "etaient",
        "is",
        "are",
        "was",
        "were",
    }
    | ((COUNT_WORDS | {"seuls", "seules"}) - {"extra"})
    | OCCASIONS  # « y a baptême chez mon grand frère »: what it is for, nothing asked
    | {"meme", "memes", "myself", "ourselves"}  # « je l'amène moi-même »: who does it
)
# Longest cue first; between cues as long, the text decides (a set's order changes from run to run).
_OBJECT_CUES = sorted(set(ASK_OBJECT) | set(AVAILABILITY) | set(ORDER_VERBS), key=lambda c: (-len(c.split()), c))


def unknown_object(norm: Normalised, ent: Entities, knowledge: Knowledge) -> str | None:
    """The thing asked for after "vous avez", "do you sell", or after a quantity, when no product matched."""
    words = norm.words
    if any_phrase(words, PRICE_LIST) or {"menu", "catalogue", "catalog"} & set(words):
        return None  # « send me your menu with prices »: the shop's own list, never a thing it does not sell
    origs = [t.orig for t in norm.tokens]
    starts = []
    for cue in _OBJECT_CUES:
        p = find_phrase(words, cue)
        if p >= 0:
            starts.append(p + len(cue.split()))
    # "2 casiers de bière": a quantity followed by something that is not a known product.
    # « 120 pages » of a product sold by the page counts it, it names nothing else.
    units = {u for m in ent.products for s in m.skus for u in knowledge.products[s].per_units}
    units |= {u for p in knowledge.products.values() for u in p.per_units} & _TIME_UNITS  # « 3 nuits » at a residence
    items = {p.per_word for p in knowledge.products.values()} - {""}
    starts += [
        i + 1
        for i, w in enumerate(words)
        if w.isdigit()
        and i not in ent.consumed
        and i + 1 < len(words)
        and measure_word(words[i + 1]) not in units
        and stem(words[i + 1]) not in _OCCASIONS  # « les 2 matins », « 3 times a week »: how often, not goods
        and stem(words[i + 1]) not in items  # « 4 fenêtres » at a shop measuring « (par fenêtre) »: how many items
    ]
    # « vous vendez jantes alu ? mets-moi 4 »: the first cue that is followed by a thing names it.
    for start in dict.fromkeys(starts):
        thing = _object_at(words, origs, start, _OBJECT_STOP, ent)
        if thing and not (" " not in thing and stem(fold(thing)) in knowledge.product_stems):
            return thing  # (« make it 3 tyres »: one word of the shop's names names its goods, nothing else)
    return None


_ROUGHLY = ("peu", "pres", "environ", "about", "around", "roughly", "approximately", "approximativement", "presque")

# The first words of a request (« mets », « envoyez », « send »): another request begins there.
_CUE_HEADS = {
    head
    for head in (c.split()[0] for c in (*ASK_OBJECT, *AVAILABILITY, *ORDER_VERBS))
    if len(head) >= 4 and head not in FUNCTION_WORDS and head not in ("have", "available", "disponible", "dispo")
}


def _object_at(words: list[str], origs: list[str], start: int, stop: frozenset[str], ent: Entities) -> str | None:
    out = []
    for i in range(start, min(len(words), start + 8)):
        if not out and words[i] in ("prix", "tarif", "tarifs", "price", "prices", "liste", "list", "catalogue"):
            return None  # « envoyez-moi les prix de tout »: the price list, not a thing
        if not out and (words[i] in _DOING or _infinitive_before_object(words, i)):
            continue  # « je veux faire mes tresses », « je veux louer 2 vélos »: the verb; its object follows
        if words[i] in SIZE_PREFIXES and i + 1 < len(words) and words[i + 1].isdigit():
            break  # « mets-moi 1, taille 52 », « size 60 »: the size of what is named, no thing of its own
        if i and words[i - 1].isdigit() and words[i] in _ORDINAL_ENDS:
            continue  # « il est en 2nde »: the ending of an ordinal
        if not out and words[i] in ("quel", "quelle", "quels", "quelles", "which", "what"):
            continue  # « vous avez quelles pizzas ? »: the thing is what follows the question word
        if not out and (
            _measure(words[i])
            or words[i] in ("de", "d", "of", "du", "des", "le", "la", "les", "l", "the", "moi", "me", "m", "nous", "us")
            or words[i] in ("una", "dem")  # pidgin: « make una come clean my house »
            or words[i] in _ROUGHLY  # « y a à peu près 7 kilos », « about 6 kilo »: how much, not what
        ):
            continue  # « 3 kg de viande », « un bidon d'huile »: the thing, not its measure
        if words[i] in ("et", "and") and out:
            if i + 1 < len(words) and (words[i + 1].isdigit() or words[i + 1] in NUMBER_WORDS):
                break  # « 5 kg de riz et un bidon d'huile »: the first thing is enough to name
            out.append(origs[i] or words[i])
            continue
        if out and (words[i].isdigit() or words[i] in _CUE_HEADS):
            break  # the next request begins (« … ? mets-moi 4 »)
        if stem(words[i]) in _PEOPLE:
            if out:
                break  # « un abonnement pour moi et ma femme »: who it is for
            continue  # « women-only hours »: people are never what is asked for
        if words[i] in _POSSESSIVES:
            if out:
                break  # « du Coartem, mon fils a le palu »: what follows is about the customer
            return None  # « imprimer mon CV », « print my project report »: the customer's own thing, not for sale
        if words[i] in stop or i in ent.consumed:
            if out and any(m.start == i and m.coded(words) for m in ent.products):
                return None  # « I wan print 20 pictures 10x15 »: the customer's noun for the product named next
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
    while out and fold(out[-1]) in ("et", "and", "de", "d", "of"):
        out.pop()
    # Keep each original word once (a rewritten word keeps its source word for every token).
    phrase = []
    for w in out:
        if not phrase or phrase[-1] != w:
            phrase.append(w)
    text = " ".join(phrase).strip()
    if not text or all(fold(w) in _SENTENCE_WORDS for w in re.findall(r"\w+", text)):
        return None  # « non », « mettez moi les »: words of the sentence, no thing named
    return text


def _infinitive_before_object(words: list[str], i: int) -> bool:
    """« je veux déplacer mon lavabo », « faut changer la chasse »: a French infinitive before its object's article."""
    return (
        words[i].endswith(("er", "ir")) and len(words[i]) > 4 and i + 1 < len(words) and words[i + 1] in _OBJECT_OPENERS
    )


NUMBER_WORDS = NUMBER_WORDS_FR | NUMBER_WORDS_EN
# Verbs a request puts before the thing asked for (« je veux louer … », « I want to get … »), never a thing.
_DOING = {"faire", "louer", "acheter", "prendre", "avoir", "voir", "commander", "reserver", "essayer", "recuperer"}
_DOING |= {"envoyer", "mettre", "changer", "poser", "installer", "payer", "trouver", "get", "buy", "rent", "see"}
_DOING |= {"order", "book", "try", "make", "do", "have", "to", "come"}
_DOING |= {
    "inscrire",
    "apprendre",
    "passer",
    "offrir",
    "renouveler",
    "refaire",
    "reparer",
    "register",
    "enrol",
    "learn",
}
_DOING |= {"bring", "send", "carry", "fix", "change", "wash", "check"}  # pidgin « make una bring 2 bags come »
_TIME_UNITS = {"nuit", "jour", "heure", "semaine", "mois", "an"}
_PEOPLE = frozenset(stem(w) for w in PEOPLE)
_POSSESSIVES = {"mon", "ma", "mes", "notre", "nos", "my", "our"}
# Words that carry a request, a correction or a yes / no, never the thing asked for.
_SENTENCE_WORDS = FUNCTION_WORDS | {w for c in (*ORDER_VERBS, *REPLACE, *NEGATIVE, *AFFIRM) for w in c.split()}
_SENTENCE_WORDS |= {"too", "also", "aussi", "again", "encore"}  # « add laundry too »: no thing of its own
# Words that link a sentence to what was said before (« donne-moi l'excursion alors »), no thing either.
_SENTENCE_WORDS |= {"alors", "donc", "finalement", "plutot", "maintenant", "then", "instead", "now", "anyway"}
# Counted occasions, never goods: « pour nous deux les 2 matins », « 3 times a week ».
_OCCASIONS = frozenset(("matin", "soir", "soiree", "midi", "journee", "fois", "morning", "evening", "time", "day"))


def _measure(word: str) -> bool:
    return word.isdigit() or word in NUMBER_WORDS or stem(word) in CONTAINERS or measure_word(word) in SIZE_UNITS


# Verbs after "vous" / "do you" / « pouvez-vous » that are about the shop's terms (buying, delivering, paying,
# opening, talking), opinions or small talk, not a service it performs.
NOT_SERVICES = {
    *"avez as ai a have has get got dey etes es est are is be vendez vends sell sells livrez livres livre".split(),
    *"deliver delivers acceptez acceptes accepte accept accepts prenez prends take takes ouvrez ouvres open".split(),
    *"opens fermez fermes close closes voulez veux want need needs know connaissez connais mettez mets met".split(),
    *"put envoyez envoies envoie send ship bring apportez donnez donne give payer pay faites fais do does".split(),
    *"make offer recommandez recommande conseillez conseille recommend suggest travaillez work habitez live".split(),
    *"parlez speak appelez appelle call repondez reponds reply answer tell dire dites dis show montrez montre".split(),
    *"help aidez aide trouvez trouve find see voyez vois comprenez understand commander order reservez reserve".split(),
    *"gardez garde keep ajoutez ajoute add confirmez confirm annulez cancel attendez wait say think pensez".split(),
    *"allez vas going coming come venez viens passer passez go mean pouvez savez croyez aimez regardez".split(),
    *"mangez jouez supportez believe love like play watch remember support avoir garder mettre envoyer".split(),
    *"livrer donner vendre reserver ajouter apporter prendre faire accepter ouvrir fermer appeler aider".split(),
    *"attendre venir montrer trouver confirmer annuler".split(),
}


def service_object(norm: Normalised) -> str | None:
    """What a "vous lavez les rideaux ?" / "do you wash carpets?" question asks about, if anything."""
    if not norm.question:
        return None
    words, origs = norm.words, [t.orig for t in norm.tokens]
    for i in range(len(words) - 2):
        fr = words[i] == "vous" and words[i + 1].endswith("ez")
        en = words[i] == "you" and i > 0 and words[i - 1] in ("do", "can", "could")
        if not (fr or en) or words[i + 1] in NOT_SERVICES:
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
_PRICE_COMMON = FR_WORDS | EN_WORDS | FUNCTION_WORDS | _PRICE_FILLER | {"per", "mcarre", "mcube"}  # « per m² »


def price_object(norm: Normalised) -> str | None:
    """The thing whose price is asked when it is not a product of the shop ("prix des lunettes ?")."""
    words, origs = norm.words, [t.orig for t in norm.tokens]
    common = _PRICE_COMMON
    spans = [(find_phrase(words, c), len(c.split())) for c in PRICE]
    spans = [(p, n) for p, n in spans if p >= 0]
    if not spans:
        return None
    start, length = min(spans)
    out = []
    for i in range(start + length, min(len(words), start + length + 5)):
        w = words[i]
        if norm.tokens[i].brk:
            break  # « une heure de plombier c'est combien ? Je veux déplacer … »: the next sentence is another matter
        if stem(w) in _PEOPLE or (i > 0 and words[i - 1] in _POSSESSIVES):
            break  # « combien pour ma femme et moi ? », « how much for my car? »: who or what it is for
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


# Words that point at the product rather than qualify it (« la poussette canne, celle qui est légère »).
_POINTING = {"celle", "celui", "celles", "ceux", "cela", "ceci", "ici", "encore", "aussi", "seul", "seule", "seulement"}

# The words of a question about a product (« la poussette canne là, ça coûte combien ? », « parce que … »): never
# a kind of it.
_QUESTION_WORDS = {w for c in (*PRICE, *AVAILABILITY, *ORDER_VERBS) for w in c.split()}
_QUESTION_WORDS |= {"parce", "puisque", "quand", "buy", "get", "order", "need", "want", "take", "acheter", "achete"}

# Words that open a French noun phrase: « les montres connectées », « un tire-lait », « des cartouches de gaz ».
_DETERMINERS = {"le", "la", "les", "l", "un", "une", "des", "du", "de", "d", "mes", "ton", "vos", "votre", "ce", "ces"}
# What opens the object of a French infinitive (« déplacer mon lavabo », « changer la chasse »).
_OBJECT_OPENERS = (_DETERMINERS - {"de", "d"}) | (_POSSESSIVES - {"my", "our"}) | {"ta", "tes", "cette"}


# Words that are never a kind of a product; « lavage moto à la station »: the shop's premises are where.
_COMMON = FR_WORDS | EN_WORDS | FUNCTION_WORDS | BENIGN_MODIFIERS | _POINTING | _QUESTION_WORDS | PREMISES
_COMMON |= {"ensemble", "together", "total"}  # « le coude et le tuyau de 40 ensemble ? »: the sum asked
# « désinsectisation de notre restaurant », « 2 porteurs pour toute la journée », « jusqu'à Korhogo »: whose, how
# much of it or how far, never a kind.
_COMMON |= _POSSESSIVES | {"leur", "leurs", "son", "sa", "ses", "their", "his", "her", "its"}
_COMMON |= {"tout", "toute", "toutes", "tous", "jusqu", "jusque", "until", "till"}
_COMMON |= {"pendant", "durant", "depuis"}  # « le fauteuil roulant pendant deux semaines »: how long, never a kind
_COMMON |= {"mcarre", "mcube", "am"}  # « per m² », « spray am » (pidgin: it)
_COMMON |= ORDINAL_WORDS  # « mon deuxième fauteuil »
_ORDINAL_ENDS = {"nde", "eme", "ere", "ieme", "ème", "ère"}  # « ma fille est en 2nde », « le 6ème »
_COMMON |= _ORDINAL_ENDS
_COMMON |= {"guy", "guys", "bro", "djo", "oga", "chief", "padi", "paddy"}  # « my guy », « oga »: the person addressed
# « vous avez fait ma vidange hier »: when, never a kind
_COMMON |= {"hier", "yesterday", "tonight", "week", "weeks", "derniere", "avant", "avant hier", "ago"}
# « my kitchen window », « the bedroom window »: where in the home, never a kind
# (not « cuisine », « douche »: « huile de cuisine », « gel douche » are kinds)
_COMMON |= {"kitchen", "bedroom", "parlour", "parlor", "sitting", "living", "bathroom", "toilet", "balcony", "veranda"}


def unknown_modifier(
    norm: Normalised, ent: Entities, knowledge: Knowledge, m: Mention, english: bool
) -> tuple[str, bool] | None:
    """A kind of the product the shop does not list, or another thing the product's word only qualifies:
    « des croissants aux amandes », « plaquettes pour Renault », « du fer de 6 » (no 6 among the irons),
    « les ordinateurs portables », « un tire-lait », « wedding dresses ». (what was asked, whether it is a
    kind of the product — the product's other kinds are then worth offering)."""
    toks = norm.tokens
    n = len(toks)
    traits = frozenset().union(*(knowledge.products[s].traits for s in m.skus))

    def unknown(j: int) -> bool:
        t = toks[j]
        return (
            len(t.text) >= 3
            and t.text.isalpha()
            and t.text not in _COMMON
            and t.text not in NUMBER_WORDS
            and t.stem not in knowledge.vocab
            and TRAIT_OF.get(t.stem) not in traits  # « a half piece » of « demi-pièce »: what one of them is like
            and j not in ent.consumed
            and not named_colour(j)
        )

    def named_colour(j: int) -> bool:
        """« that camel colour handbag », « couleur camel »: the word colour beside a colour the names say."""
        near = {toks[i].stem for i in (j - 1, j + 1) if 0 <= i < n}
        return toks[j].stem in ("colour", "color", "couleur") and bool(near & knowledge.vocab)

    def phrase(a: int, b: int) -> str:
        words: list[str] = []
        for tok in toks[a:b]:
            if not words or words[-1] != tok.orig:
                words.append(tok.orig)
        return " ".join(words)

    after = m.end
    if english:
        # An adjective comes before the noun: « wedding dresses ».
        if m.start > 0 and unknown(m.start - 1):
            return phrase(m.start - 1, m.end), True
        return None
    # French: the kind comes after the noun, maybe behind « aux », « à la », « de », « pour », « sans ».
    j = after
    while j < n and j < after + 2 and toks[j].text in CONNECTORS | {"pour"}:
        j += 1
    # « le chariot pour rouler la bouteille »: a verb after « pour » says what it is for, not a kind.
    purpose = j > after and toks[j - 1].text == "pour" and j < n and toks[j].text.endswith(INFINITIVE)
    if j < n and not purpose and not any(t.brk for t in toks[after : j + 1]):  # never past a comma or a « ? »
        if unknown(j):
            return phrase(m.start, j + 1), True
        names = frozenset().union(*(knowledge.products[s].vocab for s in m.skus))
        # « plaquettes pour Renault Clio »: a make the shop knows (not for these), then a model it does not
        other = toks[j].stem not in names and toks[j].stem in knowledge.vocab and toks[j].text not in _COMMON
        other = other and toks[j].text.isalpha() and ent.kinds.get(j) != "product"
        if other and j + 1 < n and unknown(j + 1) and not toks[j + 1].brk:
            return phrase(m.start, j + 2), True
        if toks[j].text.isdigit() and j > after and toks[after].text in ("de", "d") and len(m.skus) > 1:
            # « du fer de 6 »: a size none of the candidates has.
            sizes = frozenset().union(*(knowledge.products[s].name_numbers for s in m.skus))
            if sizes and int(toks[j].text) not in sizes and not in_range(knowledge, norm.words, m, {}):  # « de 25 m2 »
                return phrase(m.start, j + 1), True
    # The product's word only qualifies the noun before it: « un tire-lait », « les montres connectées »,
    # « des cartouches de camping gaz ».
    i = m.start - 1
    if i >= 1 and toks[i].text in ("de", "d") and unknown(i - 1) and not _measure(toks[i - 1].text):
        # « des ailes de poulet », « un bouquet de tournesols » when the bouquet is sold: the thing is the noun
        # before « de », the product only what it is made of.
        if toks[i - 2].text in _DETERMINERS if i >= 2 else True:
            return phrase(i - 1, m.end), False
    if i >= 1 and unknown(i):
        glued = rf"{re.escape(toks[i].orig)}\s*[-\u2010\u2011]\s*{re.escape(toks[m.start].orig)}"
        joined = re.search(glued, norm.raw.lower())
        if joined or toks[i - 1].text in _DETERMINERS:
            return phrase(i, m.end), False
    return None


# --- What the shop has instead ------------------------------------------------------------------------


def alternatives(k: Knowledge, p: Product, limit: int = 3) -> list[Product]:
    """In-stock products closest to an unavailable one: same unit or shared words first, then price."""
    others = [o for o in k.products.values() if o.in_stock and o.sku != p.sku]

    def score(o: Product):
        shared = len((set(p.vocab) & set(o.vocab)) - FUNCTION_WORDS)
        return (-shared, o.unit != p.unit, abs(o.price - p.price))

    return sorted(others, key=score)[:limit]


def closest(k: Knowledge, thing: str, limit: int = 3) -> list[Product]:
    items = [p for p in k.products.values() if p.in_stock]
    if not items:
        return []
    names = {p.sku: f"{p.name} {p.description}" for p in items}
    hits = process.extract(thing, names, scorer=fuzz.WRatio, limit=limit)
    by_sku = {p.sku: p for p in items}
    return [by_sku[h[2]] for h in hits]


_NOUN_OPENERS = {"des", "de", "du", "d", "les", "un", "une", "the", "a", "an", "any", "some"}


def purpose_only(knowledge: Knowledge, norm: Normalised, ent: Entities) -> None:
    """« vous vendez des rideaux ? c'est pour mon salon », « des lampes pour le salon ? »: the one product named only
    as what a thing the shop does not know is for (« Recouvrement canapé » by its alias « salon ») is not asked for;
    the thing is."""
    if len(ent.products) != 1:
        return
    m, words = ent.products[0], norm.words
    j = m.start - 1
    while j >= 0 and (words[j] in _POSSESSIVES or words[j] in ("le", "la", "les", "l", "the")):
        j -= 1
    if j < 1 or words[j] not in ("pour", "for") or (m.qty and not m.weak):
        return
    if any(
        words[i - 1] in _NOUN_OPENERS
        and w.isalpha()
        and len(w) > 3
        and w not in _COMMON
        and stem(w) not in knowledge.vocab
        for i, w in enumerate(words[1:j], 1)
    ):
        ent.products = []
        for i in range(m.start, m.end):
            ent.kinds.pop(i, None)
