"""Stage 3, second pass: what the sentence says of the products it names, once they are found
(entities.py): a pack said by its size (« un lot de 50 »), a count of the items inside packs (« 150
poussins »), a count said apart with the unit a product is sold by (« 120 pages »), an ellipsis (« et deux
paires adulte »), and products named without being ordered: as a landmark (« en face du dépôt de gaz »), as
what another is for (« a case for my iPhone »), as the customer's own thing or trade (« in my own fabric »,
« a small broiler farm »). Pure functions over the shop and the mentions found."""

from __future__ import annotations

import dataclasses
import re

from .cues import ORDER_VERBS, any_phrase
from .knowledge import Knowledge, measure_word, number_value, traits_of
from .lexicon import (
    CONTAINER_KIN,
    CONTAINERS,
    EN_WORDS,
    EVERYDAY_WORDS,
    FUNCTION_WORDS,
    MONTHS,
    MONTHS_EN,
    NUMBER_WORDS_EN,
    NUMBER_WORDS_FR,
    PEOPLE,
    SEPARATORS,
    SIZE_UNITS,
)
from .measured import sold_by_area_said
from .mentions import Entities, Mention
from .text import find_phrase, fold_phrase, stem

# Between « pour » / « for » and the thing something is for: « pour la télé », « for my iPhone ».
_FOR_WHOM = {"le", "la", "les", "l", "mon", "ma", "mes", "ton", "ta", "tes", "son", "sa", "ses", "notre", "votre"}
_FOR_WHOM |= {"the", "my", "your", "his", "her", "our"}
_FOR_A = _FOR_WHOM | {"un", "une", "a", "an"}  # « des mèches pour un tissage »
MY = {"mon", "ma", "mes", "ton", "ta", "tes", "notre", "nos", "my", "our", "your", "his", "her"}
INFINITIVE = ("er", "ir", "re", "oir")
# The customer's own thing: « dans mon propre tissu », « I will bring the fabric », « j'amène mes pagnes ».
OWNED = {"mon", "ma", "mes", "my", "our", "notre", "nos"}
_BRING = {"bring", "bringing", "provide", "amene", "amener", "amenerai", "apporte", "apporter", "apporterai", "fournis"}
_BRING |= {"drop", "deposer", "depose", "deposerai"}
# The customer's trade, named after what it deals in: « a small broiler farm », « mon élevage de poulets ».
_TRADES = {"farm", "farms", "shop", "store", "business", "restaurant", "kiosk", "stall", "ferme", "elevage", "maquis"}

# Place words before a landmark (« en face du dépôt de gaz », « next to the Samsung shop »).
LANDMARK = ("en face", "a cote", "derriere", "devant", "carrefour", "pres de", "pres du", "au niveau", "behind")
LANDMARK += ("next to", "near", "opposite", "in front of", "beside", "close to", "vers la", "vers le")
# « je suis à », « I'm at »: the customer is saying where they are.
HERE = ("je suis", "jsuis", "suis a", "i m at", "im at", "i am at", "i dey", "je reste", "j habite", "i live")


def _unname(ent: Entities, m: Mention):
    """The words of a mention dropped from the products are no product's any more (the model sees them)."""
    for j in range(m.start, m.end):
        ent.kinds.pop(j, None)


def _name(ent: Entities, m: Mention, taken: list[bool]):
    """A product found by this pass: its words are taken, consumed and a product's."""
    ent.products.append(m)
    for j in range(m.start, m.end):
        taken[j] = True
        ent.consumed.add(j)
        ent.kinds[j] = "product"


def _fewest_packs(count: int, packs: dict[str, int]) -> list[tuple[str, int]]:
    """``count`` items made of the biggest packs first, [(sku, how many)] when they make it exactly."""
    out = []
    for sku, size in sorted(packs.items(), key=lambda kv: -kv[1]):
        if count >= size:
            out.append((sku, count // size))
            count %= size
    return out if not count else []


def packs(k: Knowledge, ent: Entities, words: list[str]):
    """« 100 business cards » sold « (boîte de 100) », « 20 brochettes » by the « paquet de 10 »: a count of
    the items inside, a whole number of packs, is that many packs (never 100 boxes and a large order)."""
    for m in list(ent.products):
        before = words[max(0, m.start - 3) : m.start]
        if not m.qty or m.weak or m.qty < 2 or str(m.qty) not in before:
            continue
        if any(stem(w) in CONTAINERS for w in before[before.index(str(m.qty)) + 1 :]):
            continue  # « 2 boîtes de cartes » counts boxes
        packs = {s: k.products[s].pack for s in m.skus}
        # « 500 cartes » between the box of 100 and the lot of 500: the lot; « 200 cartes »: two boxes of 100.
        fits = [s for s, n in packs.items() if n == m.qty] or [
            s for s, n in packs.items() if n and m.qty > n and m.qty % n == 0
        ]
        split = _fewest_packs(m.qty, packs) if len(m.skus) > 1 and all(packs.values()) else []
        if split:
            # « 150 poussins » sold by lots of 100 and of 50: one lot of each, not three of 50.
            at = ent.products.index(m)
            ent.products[at : at + 1] = [dataclasses.replace(m, skus=[s], qty=q) for s, q in split]
        elif len(fits) == 1 and len(m.skus) == 1:
            m.skus, m.qty = fits, m.qty // packs[fits[0]]


def landmarks(ent: Entities, tokens: list):
    """« je suis en face du dépôt de gaz », « behind the rice warehouse »: a product named to say where one
    is, not ordered. Only a product without a quantity, a few words after a place word in the same sentence
    (« …near the Cité administrative? The rear brake pads need changing » orders them), in a message that
    says where the customer is (a zone or « je suis »)."""
    words = [t.text for t in tokens]
    where = bool(ent.zones) or bool(ent.place) or any(find_phrase(words, c) >= 0 for c in HERE)
    if not where:
        return
    keep = []
    for m in ent.products:
        start = max([max(0, m.start - 5)] + [i for i in range(m.start - 4, m.start + 1) if i > 0 and tokens[i].brk])
        before = words[start : m.start]
        if (m.qty is None or m.weak) and any(find_phrase(before, c) >= 0 for c in LANDMARK):
            _unname(ent, m)
            continue
        keep.append(m)
    ent.products = keep


def purposes(ent: Entities, words: list[str]):
    """« un stabilisateur 1000 VA pour la télé », « a case for my iPhone »: a product named as what another one
    is for is not ordered too (without a number of its own, beside another product)."""
    if len(ent.products) < 2:
        return
    keep = []
    for n, m in enumerate(ent.products):
        j = m.start - 1
        while j >= 0 and (words[j] in _FOR_A or (j >= 1 and words[j - 1] in MY and j not in ent.consumed)):
            j -= 1  # (« a cleaning for my old chain »: a word between the possessive and the thing)
        if j >= 1 and words[j - 1] == "pour" and j not in ent.consumed and words[j].endswith(INFINITIVE):
            j -= 1  # « le chariot pour rouler la grosse bouteille »: what it is for, said with a verb
        others = {s for o in ent.products if o is not m for s in o.skus}
        # « bring my laptop for a screen replacement »: the customer's own thing is what the service is for
        mine = n > 0 and bool(set(words[max(0, ent.products[n - 1].start - 2) : ent.products[n - 1].start]) & MY)
        if n > 0 and _destination(ent.products[n - 1], m, words) and not others & set(m.skus):
            _unname(ent, m)  # « un colis de 5 kg à Bouaké » where a ticket to Bouaké is sold: where it goes
            continue
        if (
            n > 0  # « how much for the pregnancy test and… » asks about it
            and j >= 0
            and j < m.start - 1
            and words[j] in ("pour", "for")
            and not (j and words[j - 1] in _AND)  # « … c'est combien ? et pour un kaba ? » asks about it
            and (
                m.qty is None or m.weak or (m.qty == 1 and words[m.start - 1] in ("un", "une", "a", "an") and not mine)
            )
            and not others & set(m.skus)
        ):
            _unname(ent, m)
            continue
        keep.append(m)
    if keep:
        ent.products = keep


def _destination(before: Mention, m: Mention, words: list[str]) -> bool:
    """« colis de 5 kg à Bouaké », « a parcel to Man »: right after « à » / « to » / « pour » that follows
    another product within a few words (no « et » between), a product without a count is where that one goes."""
    at = m.start - 1
    return (
        at > 0
        and words[at] in ("a", "to", "pour", "for", "vers", "go")  # (pidgin « send parcel go Man »)
        and 0 <= at - before.end <= 3
        and not set(words[before.end : at]) & (_AND - {"aussi"})  # (« une enveloppe aussi pour Daloa »)
        and (m.qty is None or m.weak or (m.qty == 1 and words[at] == "a"))
        and not (words[at] == "a" and words[at - 1] in EN_WORDS)  # « my laptop for a screen »: the article
    )


def pack_named(k: Knowledge, ent: Entities, words: list[str], taken: list[bool]):
    """« one lot of 100 and one lot of 50 », « la boîte de 50 »: a pack said by how many it holds names the
    products sold in packs of that many (the number is no quantity)."""
    for i in range(len(words) - 2):
        if taken[i] or taken[i + 2] or not words[i + 2].isdigit() or words[i + 1] not in ("de", "d", "of"):
            continue
        if stem(words[i]) not in ("lot", "boite", "box", "boxe", "pack", "paquet", "carton"):
            continue
        if i + 3 < len(words) and measure_word(words[i + 3]) in SIZE_UNITS:
            continue  # « un carton de 50 kg »: a weight
        skus = [s for s, p in k.products.items() if p.pack == int(words[i + 2])]
        named = {s for m in ent.products for s in m.skus}
        if skus and not named & set(skus):  # « Fanta pack de 24 »: the size of the product named
            _name(ent, Mention(skus=skus, start=i, end=i + 3, text=" ".join(words[i : i + 3])), taken)
    ent.products.sort(key=lambda m: m.start)


# Number words as stem() leaves them (« deux » -> « deu »): a count, never a word that names a product apart.
NUMBER_STEMS = frozenset(stem(w) for w in NUMBER_WORDS_FR | NUMBER_WORDS_EN)
# « c'est combien ? et le pack ? », « the quarterly plan and the annual one »: a second thing added to the first.
_AND = {"et", "and", "ou", "or", "plus", "puis", "aussi", "avec", "with"}


def sibling_named(k: Knowledge, ent: Entities, stems: list[str], taken: list[bool]):
    """« la séance de coaching c'est combien ? et le pack ? », « the quarterly plan and the annual one »: after
    « et » / « and », a word that only one product's names hold names it, when that product shares a word of
    its names with a product already named (a sibling: the pack of the same coaching, the plan of another
    length). Alone, « annual » or « pack » names nothing; beside its sibling it tells which."""
    named = list(ent.products)  # (« l'huile d'arachide en bidon … et la bouteille ? »: one of its candidates)
    shared = {id(m): frozenset.intersection(*(k.products[x].vocab for x in m.skus)) - FUNCTION_WORDS for m in named}
    for j, s in enumerate(stems):
        if taken[j] or len(s) < 4 or not s.isalpha() or s in EVERYDAY_WORDS - CONTAINERS or s in NUMBER_STEMS:
            continue  # (« et la bouteille ? »: a container heads a sibling's name)
        i = j - 1
        while i >= 0 and j - i <= 3 and stems[i] in FUNCTION_WORDS and stems[i] not in _AND:
            i -= 1
        if i < 0 or stems[i] not in _AND or not any(m.end <= i for m in named):
            continue
        fits = k.holding({s})
        if len(fits) > 1:  # « un chauffe-eau avec la pose » beside « Installation WC (pose) »: the water heater's
            fits = [f for f in fits if any(k.products[f].vocab & shared[id(m)] - {s} for m in named)]
        if len(fits) != 1 or any(m.skus == fits for m in ent.products):
            continue
        own = k.products[fits[0]].vocab - FUNCTION_WORDS
        if any(own & shared[id(m)] for m in named if m.end <= i):
            _name(ent, Mention(skus=fits, start=j, end=j + 1, text=stems[j]), taken)
    ent.products.sort(key=lambda m: m.start)


def counted_named(k: Knowledge, ent: Entities, words: list[str], stems: list[str], taken: list[bool]):
    """« trois paquets de batons » of « Bâtonnets d'encens », alias « bâtons d'encens »: a word that only one
    product's names hold, counted (a number before it, maybe with its container and « de »), names that product.
    A unit it is sold by (« 3 jours » of « Location (par jour) ») or a trait (« 2 blancs ») is no such word."""
    units = k.unit_words | {u for p in k.products.values() for u in p.per_units}
    for j, s in enumerate(stems):
        if taken[j] or len(s) < 4 or not s.isalpha() or s in EVERYDAY_WORDS | NUMBER_STEMS | CONTAINERS:
            continue
        if s in units or measure_word(s) in SIZE_UNITS or traits_of({s}) or j in ent.consumed:
            continue
        i = j - 1
        while i >= 0 and j - i <= 3 and (stems[i] in ("de", "d", "of") or stem(stems[i]) in CONTAINERS):
            i -= 1
        if i < 0 or not (words[i].isdigit() or words[i] in NUMBER_WORDS_FR | NUMBER_WORDS_EN):
            continue
        fits, end = k.holding({s}), j + 1
        t = stems[j + 1] if j + 1 < len(stems) and not taken[j + 1] and j + 1 not in ent.consumed else ""
        t = t if len(t) > 2 and t.isalpha() and (t not in EVERYDAY_WORDS or t in CONTAINER_KIN) else ""
        # « 4 canettes de mangue », « 3 strawberry pots » of « Yaourt fraise pot 250 ml » (alias « strawberry
        # yoghurt »), « 4 orange cans »: the container said before it or the word after it, which only one of the
        # products the word names holds (a container in either language).
        before = {f for x in stems[i + 1 : j] for f in CONTAINER_KIN.get(x, ())}
        told = False
        for extra, upto in ((before, j + 1), ((CONTAINER_KIN.get(t) or {t}) if t else set(), j + 2)):
            narrowed = [sku for sku in fits if extra & k.products[sku].vocab] if len(fits) > 1 else []
            if len(narrowed) == 1:
                fits, end, told = narrowed, upto, True
                break
        if len(fits) != 1 or any(fits[0] in m.skus for m in ent.products):
            continue
        if not told and not _heads_a_name(k, fits[0], s):
            continue  # (a word said in passing, « 20 sheets » of « roofing sheet »; with its container it names it)
        if words[i].isdigit() and int(words[i]) in k.products[fits[0]].name_numbers:
            continue  # « the 15 seater minibus »: a number of its name, no count
        _name(ent, Mention(skus=fits, start=j, end=end, text=" ".join(words[j:end])), taken)
    ent.products.sort(key=lambda m: m.start)


def _heads_a_name(k: Knowledge, sku: str, word: str) -> bool:
    """The word begins one of the product's names (« bâtons d'encens »), or is a form of the head of its own
    (« batons » of « Bâtonnets »): never a word said of it in passing (« 20 sheets » of « roofing sheet »)."""
    p = k.products[sku]
    return word in p.firsts or bool(p.head and len(word) >= 4 and p.head.startswith(word))


def described_one(k: Knowledge, ent: Entities, words: list[str], stems: list[str], taken: list[bool]):
    """« add the orange one too », « the vanilla one »: « the … one » around a word only one product's names hold
    names that product."""
    for j in range(1, len(words) - 1):
        if j in ent.consumed or words[j - 1] != "the" or words[j + 1] != "one" or not stems[j].isalpha():
            continue
        fits = k.holding({stems[j]}) if stems[j] not in EVERYDAY_WORDS else []
        if len(fits) == 1 and not any(fits[0] in m.skus for m in ent.products):
            _name(ent, Mention(skus=fits, start=j, end=j + 1, text=words[j], weak=True), taken)
    ent.products.sort(key=lambda m: m.start)


# « vous avez quoi comme tissu au mètre ? », « what kinds of rice do you have? »: the kinds of a thing asked for.
_KINDS_OF = ("quoi comme", "quel genre de", "quels genres de", "quel type de", "quels types de", "quelle sorte de")
_KINDS_OF += ("quelles sortes de", "what kind of", "what kinds of", "what type of", "what types of", "what sort of")


def kinds_asked(k: Knowledge, ent: Entities, words: list[str], stems: list[str]):
    """« vous avez quoi comme tissu au mètre ? »: asked right after « quoi comme », « what kinds of », a name one
    product holds whole stands for every product whose names hold each of its words (the bazin by the metre too,
    whose names say « tissu » and « au mètre »), so that all of them are listed."""
    for cue in _KINDS_OF:
        at = find_phrase(words, cue)
        m = next((m for m in ent.products if at >= 0 and m.start == at + len(cue.split())), None)
        if m is None or len(m.skus) != 1:
            continue
        said = {w for w in stems[m.start : m.end] if w not in FUNCTION_WORDS}
        fits = k.holding(said)
        if len(fits) > 1:
            m.skus = fits


_HAVING = {("j", "ai"), ("i", "have"), ("i", "get"), ("i", "got"), ("i", "ve"), ("nous", "avons"), ("we", "have")}
# Having said with « déjà » / « already » only (« on a déjà la pelle », « y a déjà un bac chez moi », pidgin « mi don
# get brush »): without it, « on a du pain ? », « y a du sable ? » ask whether the shop has some.
_HAVING_ALREADY = {("on", "a"), ("y", "a"), ("je", "possede"), ("nous", "possedons"), ("don", "get"), ("we", "got")}
_HAD_SKIP = {"le", "la", "les", "l", "un", "une", "a", "an", "the", "my", "mon", "ma", "mes", "deja", "already"}
_HAD_SKIP |= {"du", "des", "de", "d", "some", "our", "nos", "notre"}  # « j'ai déjà du sable »


_ALREADY = {"deja", "already"}
# « une pose gel que j'avais faite chez vous », « the braids you did last month »: done before, not ordered now.
_DONE_AFTER = [("que", "j", t, f) for t in ("avais", "ai") for f in ("fait", "faite", "faites")]
_DONE_AFTER += [("que", "vous", "m", "avez"), ("that", "i", "had"), ("you", "did"), ("i", "had", "done")]
_AGAIN = {"refaire", "encore", "again", "redo", "meme", "same"}
_HERE = {"est", "la", "ici", "is", "here", "sont", "are"}
_PAID = {"paye", "payee", "payes", "payees", "regle", "reglee", "regles", "reglees", "paid", "settled"}
_HAD_AFTER = (("je", "l", "ai"), ("je", "les", "ai"), ("on", "l", "a"), ("i", "have"), ("i", "get"), ("i", "got"))
_HAD_AFTER += (("j", "ai", "deja", "ca"), ("on", "a", "deja", "ca"))  # « le sécateur j'ai déjà ça »


_NOT_DONE = {"une", "des", "du", "de", "quelque", "encore", "toujours", "deja", "cette", "ce", "ces", "combien"}


def _done_before(words: list[str], start: int) -> bool:
    """« vous avez fait ma vidange hier », « vous m'avez réparé l'écran », « you fixed my phone »: the shop did it
    (« vous avez la vitre fumée ? » asks whether it has it)."""
    before = words[max(0, start - 5) : start]
    for i, w in enumerate(before[:-1]):
        done = before[i + 1]
        if w == "avez" and i and before[i - 1] in ("vous", "m") and done not in _FOR_WHOM | _NOT_DONE:
            if done in ("fait", "faite", "faits", "mis", "pris") or done.endswith(("e", "es", "ee", "ees")):
                return True
        if w in ("you", "una") and done in ("did", "fixed", "fix", "repaired", "changed", "installed", "serviced"):
            return True
    return False


def _had(words: list[str], start: int) -> bool:
    """« I get licence » (pidgin: I have one), « j'ai déjà le permis », « I already have a helmet »: a having verb
    right before, its subject a person; « can I get a helmet ? » asks for one."""
    j = start - 1
    while j >= 0 and words[j] in _HAD_SKIP and not (words[j] == "a" and j and words[j - 1] in ("on", "y")):
        j -= 1
    i = j - 1
    while i >= 0 and words[i] in ("deja", "already"):
        i -= 1
    if j < 1 or i < 0:
        return False
    already = bool(set(words[i:start]) & _ALREADY) or words[i] == "don"
    if not ((words[i], words[j]) in _HAVING or already and (words[i], words[j]) in _HAVING_ALREADY):
        return False
    return not (words[j] == "get" and i and words[i - 1] in ("can", "could", "will", "to", "wan", "make", "let", "may"))


def product_described(k: Knowledge, words: list[str], stems: list[str], start: int, end: int, taken) -> bool:
    """« add the orange one too », « 4 orange cans » at a shop that sells orange juice: the word of a means of
    payment describes a product (« the … one », or a container right after it that a product's names hold); its
    words are free again for the readings of products (counted_named)."""
    if end >= len(words):
        return False
    forms = CONTAINER_KIN.get(stems[end], frozenset())
    if not any(stems[start] in p.vocab and forms & p.vocab for p in k.products.values()):
        return bool(start and words[start - 1] == "the" and words[end] == "one")
    taken[start:end] = [False] * (end - start)
    return True


def pack_contents(k: Knowledge, ent: Entities, words: list[str]):
    """« 1 pack fête de 50 dèguè » of « Pack fête (50 gobelets de dèguè) »: a number of the pack's own name and
    words of its name right after it say what the pack holds, no second product counted by that number."""
    keep = []
    for m in ent.products:
        pack = keep[-1] if keep and len(keep[-1].skus) == 1 else None
        p = k.products[pack.skus[0]] if pack else None
        between = words[pack.end : m.start] if pack else []
        if (
            p
            and len(between) in (1, 2)
            and set(between[:-1]) <= {"de", "d", "of", "with", "avec", "a"}
            and between[-1].isdigit()
            and int(between[-1]) in p.name_numbers
            and m.qty == int(between[-1])
            and all(stem(w) in p.vocab for w in fold_phrase(m.text))
        ):
            _unname(ent, m)
            continue
        keep.append(m)
    ent.products = keep


# A product whose name leaves the content to the customer: « Décant 10 ml (parfum au choix) », « Pack (mixed) ».
_OF_CHOICE = ("au choix", "a choisir", "as you like", "of your choice", "your choice", "assorti", "assortis", "mixed")


def chosen_contents(k: Knowledge, ent: Entities, words: list[str]):
    """« 2 samples of Khamrah », « 2 Khamrah samples » where the sample is « Décant 10 ml (parfum au choix) »: the
    product named beside one whose content is of the customer's choice, without a count of its own, is that
    content, not a line of its own."""
    chosen = {
        s: any(c in " ".join(fold_phrase(k.products[s].name)) for c in _OF_CHOICE) for m in ent.products for s in m.skus
    }
    keep: list[Mention] = []
    for m in ent.products:
        prev = keep[-1] if keep else None
        of_choice = [o for o in (prev, m) if o and all(chosen[s] for s in o.skus)]
        between = set(words[prev.end : m.start]) if prev else {"?"}
        if of_choice and len(of_choice) == 1 and between <= {"de", "d", "of", "en", "with", "avec", "au", "a", "la"}:
            holder = of_choice[0]
            content = m if holder is prev else prev
            if content.qty is None or content.weak or holder is m and not between and not m.qty:
                holder.qty = holder.qty or (None if content.weak else content.qty)
                _unname(ent, content)
                if content is prev:
                    keep[-1] = m
                continue
        keep.append(m)
    ent.products = keep


def owned(k: Knowledge, ent: Entities, words: list[str]):
    """« sew a dress in my own fabric », « 2 robes, j'amène le tissu »: a product named as the customer's own
    thing (« my own », « mon propre », or behind a verb of bringing), without a number, beside another product,
    is not ordered; nor one that names the customer's trade (« a small broiler farm », « mon élevage de
    poulets »). A possessive alone says nothing: « mon boubou » is what a pressing washes."""
    keep, gone = [], set()
    for m in ent.products:
        said = words[max(0, m.start - 3) : m.start]
        own = [w for w in said if w not in ("own", "propre", "propres")]
        own = own[-2:] if own and own[-1] in ("le", "la", "les", "l", "the") else own[-1:]
        mine = set(own) & OWNED and set(said) & {"own", "propre", "propres"}
        # « to bring my laptop for … », « I'll drop the laptop at the shop »
        brought = (len(ent.products) > 1 or ent.pickup) and (mine or set(said) & _BRING)
        trade = (m.end < len(words) and words[m.end] in _TRADES) or (
            m.start >= 2 and words[m.start - 1] in ("de", "d") and words[m.start - 2] in _TRADES
        )
        # « I get licence », « j'ai déjà le permis »; « le tissu je l'ai déjà », « the fabric, I have it already »
        after = words[m.end : m.end + 7]
        after = after[next((i for i, w in enumerate(after) if w not in _HERE), len(after)) :]  # « mon tissu est là, … »
        had = _had(words, m.start) and (len(ent.products) > 1 or bool(set(words[m.start - 4 : m.start]) & _ALREADY))
        had = had or (bool(set(after) & _ALREADY) and any(after[: len(h)] == list(h) for h in _HAD_AFTER))
        again = bool(set(words) & _AGAIN) or any_phrase(words, ORDER_VERBS)  # « je veux refaire la pose que j'avais… »
        had = had or (not again and any(words[m.end : m.end + len(h)] == list(h) for h in _DONE_AFTER))
        had = had or (_done_before(words, m.start) and not set(words) & _AGAIN)  # « vous avez fait ma vidange »
        # « (inscription déjà payée en juin) », « I've already paid the registration »: paid before, not ordered
        near = {*after[:3], *words[max(0, m.start - 4) : m.start]}
        had = had or bool(near & _ALREADY and near & _PAID)
        # « j'ai un tapis de 2 m sur 3 m, le lavage fait combien ? » where « Tapis (2 à 6 m²) » is the rug's washing:
        # the goods had are what the service said is done on, that product; the service's word names nothing more
        serviced = [o for o in ent.products if o is not m and len(o.skus) > 1 and done_as(k, m.skus, words[o.start])]
        gone |= {id(o) for o in serviced}
        if not serviced and (m.qty is None or m.weak or ((trade or had) and m.qty == 1)) and (brought or trade or had):
            _unname(ent, m)
            continue
        keep.append(m)
    ent.products = [m for m in keep if id(m) not in gone]


def done_as(k: Knowledge, skus: list[str], said: str) -> bool:
    """The goods' products are that service done on them: each description begins with it (« Tapis (2 à 6 m²) »:
    « Lavage d'un tapis de plus de 2 m² … »)."""
    said = stem(said)
    if any(said in k.products[s].vocab for s in skus):
        return False  # « une coupe pour moi et la coupe enfant »: a sibling named, no service done on it
    firsts = [next(iter(fold_phrase(k.products[s].description)), "") for s in skus]
    return all(f and stem(f) in (said, k.verb_nouns.get(said)) for f in firsts)


# « j'en veux 2 », « il m'en faut 3 », « 3 of them », « two of those »: a count said of the product named before.
_OF_THEM = {"them", "those", "these"}
_EN_VERBS = {"veux", "voudrais", "faut", "faudrait", "prends", "prend", "prendre", "mets", "mettez", "donne", "donnez"}
_PEOPLE_STEMS = frozenset(stem(w) for w in PEOPLE)


def counted_apart_of_one(ent: Entities, words: list[str], numbers: dict, used: set):
    """« les chemises kaki pour mes jumeaux, j'en veux 2 », « on veut inscrire 18 chauffeurs au permis B »: a count
    left over, said with a pronoun (« en », « of them ») or of people, counts the one product named in the message
    that has no count of its own (« un gâteau pour 20 personnes » is for_whom's: one cake)."""
    for p, (value, length) in sorted(numbers.items()):
        after = words[p + length : p + length + 2]
        of_them = len(after) == 2 and after[0] == "of" and after[1] in _OF_THEM
        people = bool(after) and stem(after[0]) in _PEOPLE_STEMS and (not p or words[p - 1] not in ("pour", "for"))
        if p in used or not (of_them or people or (p >= 2 and words[p - 2] == "en" and words[p - 1] in _EN_VERBS)):
            continue
        named = [m for m in ent.products if m.end <= p] if not people else ent.products
        if len(named) == 1 and (named[0].qty is None or (named[0].weak and not people)):
            named[0].qty, named[0].weak = value, False
            used.add(p)


_THAT_OF = {"celui", "celle", "ceux", "celles"}


def that_one_of(k: Knowledge, ent: Entities, words: list[str], numbers: dict, used: set, taken: list[bool]):
    """« le pack de 12 c'est combien ? et celui de 6 ? », « and the 6 one? », « et 2 paquets de 27 »: a number said
    of « celui de », « the … one » or a container names the product whose name has it — of the same kind (the same
    head word) as the one named before, if any; it counts nothing."""
    for p, (value, length) in sorted(numbers.items()):
        before = [m for m in ent.products if m.end <= p]
        that = p >= 2 and words[p - 1] in ("de", "a", "d") and words[p - 2] in _THAT_OF
        one = p >= 1 and words[p - 1] == "the" and p + length < len(words) and words[p + length] == "one"
        packed = p >= 2 and words[p - 1] in ("de", "d", "of") and stem(words[p - 2]) in CONTAINERS
        if p in used or p in ent.consumed or not (that or one or packed) or not (before or packed):
            continue
        heads = {k.products[s].head for s in before[-1].skus} - {""} if before else set()
        # (a name headed by its container, « Pack de 6 × 33 cl »: a word of its names in common)
        said = set() if heads or not before else {w for s in before[-1].skus for w in k.products[s].vocab}
        said = {w for w in said if w.isalpha() and measure_word(w) not in SIZE_UNITS}
        numbered = [s for s, q in k.products.items() if value in q.name_numbers]
        fits = [s for s in numbered if k.products[s].head in heads or said & k.products[s].vocab]
        if packed and not fits:
            fits = numbered  # « mes tresses …, 6 paquets de 30 »: the one product whose name has it
        if len(fits) == 1 and not (before and fits[0] in before[-1].skus):
            used.add(p)
            _name(ent, Mention(fits, p, p + length, text=" ".join(words[p : p + length])), taken)
        elif that or one:
            used.add(p)
    ent.products.sort(key=lambda m: m.start)


def measure_only(k: Knowledge, ent: Entities, words: list[str], used: set, taken: list[bool]):
    """« c'est combien vos 50 cl ? », « 2 bouteilles de 1,5 L »: a measure said with no product names the products
    whose names have it (« Bissap 50 cl », « Passion 50 cl »…), to ask which or list their prices."""
    if ent.products:
        return
    measures = None
    for p, (a, b) in enumerate(zip(words, words[1:], strict=False)):
        if p in used or p in ent.consumed or not _DECIMAL.fullmatch(a) or measure_word(b) not in SIZE_UNITS:
            continue
        measures = measures or {q.sku: measures_in_name(q.name) for q in k.products.values()}
        said = (a.replace(",", "."), measure_word(b))
        if any(said[1] in q.per_units and said not in measures[q.sku] for q in k.products.values()):
            continue  # « 5 kg » where meat is sold by the kilo: how much of it
        fits = [q.sku for q in k.products.values() if said in measures[q.sku]]
        if fits:
            _name(ent, Mention(fits, p, p + 2, text=f"{a} {b}"), taken)
            used.add(p)
            return


_DECIMAL = re.compile(r"\d+(?:[.,]\d+)?")


def measures_in_name(name: str) -> set[tuple[str, str]]:
    """Each number of a name with the unit after it (« Bissap 1,5 L » -> ("1.5", "l")), decimals kept."""
    folded = fold_phrase(name)
    return {
        (a.replace(",", "."), measure_word(b))
        for a, b in zip(folded, folded[1:], strict=False)
        if _DECIMAL.fullmatch(a)
    }


_TIME_UNITS = {"jour", "nuit", "h"}


def clause_of(stems: list[str], tokens: list, m: Mention) -> set[str]:
    """The words of the clause a mention is said in: from the last break before it to the next break or linking
    word after it (« le pack d'eau de 1,5 L c'est combien ? et le pack des petites ? »: not « petites »)."""
    a, b = m.start, m.end
    while a > 0 and not tokens[a].brk:
        a -= 1
    while b < len(stems) and not tokens[b].brk and tokens[b].text not in SEPARATORS:
        b += 1
    return set(stems[a:b])


def dated(words: list[str], i: int, length: int) -> bool:
    """The number at ``i`` is a day of a month named after it (« 14 février », « 3rd of March ») or before it."""
    after = [w for w in words[i + length : i + length + 3] if w not in ("er", "th", "st", "nd", "rd", "of")][:1]
    return bool(set(after) & MONTHS) or (i > 0 and words[i - 1] in MONTHS_EN)  # (« March 3rd »; « mai, 2 … » counts)


def only_by_by(products, digit: str) -> bool:
    """The digit is in the products' names only as a side of « 4 x 4 »."""
    seen = False
    for p in products:
        name = fold_phrase(p.name)
        for i, w in enumerate(name):
            if w == digit:
                if "x" not in name[max(0, i - 1) : i + 2]:
                    return False
                seen = True
    return seen


# Cards that are not a means of payment (« la carte SIM », « a memory card », « la carte grise »).
OTHER_CARDS = {"sim", "puce", "memoire", "memory", "sd", "micro", "grise", "fidelite", "loyalty", "identite", "id"}
OTHER_CARDS |= {"mere", "graphique", "reseau", "cadeau", "gift", "visite", "recharge", "credit", "telephonique"}
# « ma carte d'étudiant », « my student card », « la carte de membre »: a card that says who one is.
OTHER_CARDS |= {"etudiant", "etudiante", "student", "membre", "member", "membership", "scolaire", "school"}
OTHER_CARDS |= {"abonne", "abonnement", "assurance", "insurance", "electeur", "consulaire", "professionnelle"}
# « la carte CMU », « my health card »: the health cover a patient shows (the Couverture maladie universelle)
OTHER_CARDS |= {"cmu", "mutuelle", "sante", "health", "vitale", "medical"}


def other_card(words: list[str], start: int, end: int) -> bool:
    """« la carte SIM », « 2 cartes de boutons »: the card named at start:end is not a means of payment."""
    if not any(w in ("carte", "cartes", "card", "cards") for w in words[start:end]):
        return False
    near = set(words[max(0, start - 2) : start]) | set(words[end : end + 2])
    # « 2 cartes de boutons », « a card of fancy buttons »: a card holding goods, counted or « de » a thing
    held = words[end : end + 1] in (["de"], ["d"], ["of"]) and words[end + 1 : end + 2] not in (["credit"], ["debit"])
    return bool(near & OTHER_CARDS) or held or (start > 0 and words[start - 1].isdigit())


def measured_before(words: list[str], j: int) -> bool:
    """« 3 metres of 100 pipe », « 2 mètres de 32 »: the number at ``j`` follows a count and its measure, and « of » /
    « de »: a number of the product's name, the count said before it."""
    return j > 2 and words[j - 1] in ("of", "de", "d") and words[j - 3].isdigit() and words[j].isdigit()


_BOXES = CONTAINERS - {"part", "slice"}  # containers, not the parts a name counts


def name_measure_back(k: Knowledge, m: Mention, words: list[str], j: int) -> int:
    """How far back a count of the mention is looked for past the number at ``j``, a number of its name: 2 past
    « of » after a count and its measure (measured_before); 1 when the word after it is the unit its name gives
    that number (« 4 packs of the 100-page exercise books » of « Cahiers 100 pages »); 0 when it may count."""
    if measured_before(words, j):
        return 2
    unit = stem(measure_word(words[j + 1])) if j + 1 < len(words) else ""
    named = {(n, stem(u)) for s in m.skus for n, u in measures_in_name(k.products[s].name)}
    units = {unit} | set(CONTAINER_KIN.get(unit, ()))  # « a 6-slice cake » of « Gâteau glacé 6 parts »
    # (« 35 sacs de ciment 35 » of « Ciment CPJ 35, sac de 50 kg »: a container after it counts)
    return 1 if any((words[j], u) in named for u in units) and unit not in _BOXES else 0


def by_the_dozen(k: Knowledge, ent: Entities, words: list[str], end: int) -> bool:
    """The dozens just counted (« 4 douzaines », ending before ``end``) are of a product sold by the dozen (its name
    or unit says so, or it is a pack of 12): the one named next, or, with none named, any of the shop's."""
    if words[end - 1] not in ("douzaine", "douzaines", "dozen", "dozens"):
        return False

    def by_dozen(sku: str) -> bool:
        p = k.products[sku]
        return p.pack == 12 or bool({"douzaine", "dozen"} & set(fold_phrase(f"{p.name} {p.unit}")))

    named = next((m for m in ent.products if end <= m.start <= end + 2), None)
    skus = named.skus if named else [s for s in k.products if by_dozen(s)]
    return bool(skus) and all(by_dozen(s) for s in skus)


def counted_apart(k: Knowledge, ent: Entities, words: list[str]):
    """« print my report, 120 pages black and white »: a product named without a count, and a number said
    elsewhere with a unit it is sold by, not of its name: that many — the product named last before it, or the
    only one sold by that unit. Sold by the day or the hour, a count said before it is multiplied: « 2 Corolla
    pour 3 jours » is six days; « le Tucson pour 2 jours » two."""
    products = k.products

    def units_of(m):
        return frozenset.intersection(*(products[s].per_units for s in m.skus))

    for i, (w, unit) in enumerate(zip(words, words[1:], strict=False)):
        n = number_value(w)  # (« trois heures de cours à domicile »: in words too)
        if not n or i in ent.consumed:
            continue
        sold = [m for m in ent.products if measure_word(unit) in units_of(m)]
        before = [m for m in sold if m.end <= i]
        # « 3 nuits dans l'appart + lit d'appoint les 3 nuits »: else the one named right after the count
        after = [m for m in sold if i + 2 <= m.start <= i + 5]
        m = before[-1] if before else (sold[0] if len(sold) == 1 else after[0] if after else None)
        if m is None or n in frozenset().union(*(products[s].name_numbers for s in m.skus)):
            continue
        # « le bidon d'huile rouge de 5 litres … et la bouteille d'1 litre ? »: the measure of the other one's name
        if any(o.end <= i <= o.end + 2 and n in products[s].name_numbers for o in ent.products for s in o.skus):
            continue
        if i < m.start <= i + 3 and m.qty == n and not set(words[i + 2 : m.start]) - FUNCTION_WORDS:
            continue  # « 3 nuits studio », « 3 nuits dans l'appart »: the count before it, read as its count already
        said = words[max(0, m.start - 3) : m.start]
        one = m.qty == 1 and bool(set(said) & {"un", "une", "a", "an", "one"})  # « une Picanto pour 4 jours »
        counted = bool(m.qty) and not m.weak and (str(m.qty) in said or one)
        if m.qty is not None and not m.weak and not counted:
            continue  # the number was read as its count already (« le Tucson pour 2 jours »)
        if counted and measure_word(unit) not in _TIME_UNITS:
            continue
        m.qty, m.weak = n * (m.qty if counted else 1), False


_LIST_WORDS = {"menu", "menus", "carte", "catalogue", "catalog"}
_YOUR = {"your", "votre", "vos", "ton", "tes", "la", "the", "le"}


def list_named(ent: Entities, words: list[str]):
    """« send me your menu with the prices », « la carte avec les prix » at a shop selling a « Menu Burger »: the
    shop's list, asked with its prices, is no product."""
    if not {"prix", "price", "prices", "tarif", "tarifs"} & set(words):
        return
    keep = []
    for m in ent.products:
        if set(words[m.start : m.end]) <= _LIST_WORDS and m.start > 0 and words[m.start - 1] in _YOUR:
            _unname(ent, m)
            continue
        keep.append(m)
    ent.products = keep


_WITH = ("avec", "with", "plus", "et", "and")


def _by_verb(k: Knowledge, m: Mention, words: list[str]) -> bool:
    """The mention is one word, a verb of a service the shop sells (Knowledge.verb_nouns: « montés », « fitted »)."""
    return m.end - m.start == 1 and stem(words[m.start]) in k.verb_nouns


def _laid_with(k: Knowledge, words: list[str], m: Mention, goods: Mention) -> bool:
    """« 12 m² de gazon + la pose »: ``m``, without a count of its own and said with « la » / « the », is a service
    done to the goods counted just before (its name holds their head, « Pose de gazon »; not « + la Mercedes »
    after Corollas, nor « the grilled fish » said again of the dinner), sold by the same measure as they are."""
    if not (m.start and words[m.start - 1] in ("le", "la", "l", "the")) or set(m.skus) & set(goods.skus):
        return False
    if not goods.qty or goods.weak or goods.qty < 2 or (m.qty is not None and not m.weak):
        return False
    if not all(k.products[g].head in k.products[s].vocab for g in goods.skus for s in m.skus):
        return False
    units = frozenset.intersection(*(k.products[s].per_units for s in m.skus))
    return bool(units & frozenset.intersection(*(k.products[s].per_units for s in goods.skus)))


_PEOPLE_SAID = (["on", "est"], ["on", "sera"], ["nous", "sommes"], ["we", "are"], ["we", "re"], ["we", "will", "be"])
_EACH_ONE = {"chacun", "chacune", "each", "apiece", "tous", "toutes", "all"}  # « on veut tous le forfait »


def each_of_us(ent: Entities, words: list[str]):
    """« on est 3, faut nous faire photos d'identité lot de 4 chacun », « we are 4, one session each »: a product said
    without a count of its own, for each of the people counted, is that many."""
    people = next(
        (
            int(words[i + len(p)])
            for i in range(len(words))
            for p in _PEOPLE_SAID
            if words[i : i + len(p)] == p and i + len(p) < len(words) and words[i + len(p)].isdigit()
        ),
        None,
    )
    if not people or not _EACH_ONE & set(words):
        return
    for m in ent.products:
        one = m.qty == 1 and words[m.start - 1 : m.start] in (["un"], ["une"], ["one"], ["a"], ["an"])
        near = {*words[m.end : m.end + 4], *words[max(0, m.start - 3) : m.start]}  # (« on veut tous le forfait »)
        if (m.qty is None or m.weak or one) and _EACH_ONE & near:
            m.qty, m.weak = people, False


_PER_HEAD = re.compile(r"\b(?:par|per) (?:personne|person|tete|head|invite|guest)\b")
_TIMES = {"matin", "soir", "soiree", "midi", "jour", "journee", "fois", "morning", "evening", "day", "time", "lunch"}


def _people(words: list[str], stems: list[str]) -> int:
    """How many people the message counts: « pour nous deux », « the two of us », « 3 personnes »; 0 if none."""
    for i in range(len(words) - 1):
        n = number_value(words[i + 1])
        if n and (words[i] == "nous" or (words[i] == "the" and words[i + 2 : i + 4] == ["of", "us"])):
            return n
        if number_value(words[i]) and stems[i + 1] in ("personne", "person", "people", "pers"):
            return number_value(words[i])
    if len(words) > 1 and words[-2] in ("pour", "for") and words[-1].isdigit():
        return int(words[-1])  # « bon donne moi excursion alors, pour 2 »
    return 0


def per_head(k: Knowledge, ent: Entities, words: list[str]):
    """« le petit déjeuner pour nous deux les 2 matins », « breakfast for the two of us, 3 mornings »: a product
    priced per person, said for a number of people (and of times), is that many people (times that many)."""
    stems = [stem(w) for w in words]
    people = _people(words, stems)
    times = next(
        (number_value(w) for i, w in enumerate(words[:-1]) if number_value(w) > 1 and stems[i + 1] in _TIMES), 0
    )
    if not people:
        return
    for m in ent.products:
        named = [" ".join(fold_phrase(k.products[s].name)) for s in m.skus]
        if all(_PER_HEAD.search(n) for n in named) and (m.qty is None or m.weak or m.qty == people):
            m.qty, m.weak = people * (times or 1), False
            ent.numbers = [n for n in ent.numbers if n not in (people, times)]


def served_each(k: Knowledge, ent: Entities, words: list[str]):
    """« 4 pneus neufs montés et équilibrés », « 2 tyres fitted and balanced », « 4 pneus avec le montage »: a
    service priced per item (« Montage (par roue) »), asked by its verb or « avec » right after goods counted,
    without a count of its own, is done on each of them: that many. Any product said after « chacun » / « each »
    is one for each of the goods named before it."""
    for i, m in enumerate(ent.products):
        # « 1 coffret et 1 pâte à modeler, chacun dans un emballage cadeau »: one for each of the goods before it
        each = i and any(w in ("chacun", "chacune", "each") for w in words[max(0, m.start - 5) : m.start])
        single = m.qty is None or m.weak or (m.qty == 1 and words[m.start - 1] in ("un", "une", "a", "an", "one"))
        if each and single and all(g.qty for g in ent.products[:i]):
            m.qty, m.weak = sum(g.qty for g in ent.products[:i]), False
        if i and _laid_with(k, words, m, ent.products[i - 1]):
            m.qty, m.weak = ent.products[i - 1].qty, False  # « 12 m² de gazon + la pose »: that much of it
        if (m.qty and not m.weak) or not all(k.products[s].per_item for s in m.skus):
            continue
        by_verb = stem(words[m.start]) in k.verb_nouns  # « montés », « monter les pneus »
        with_it = any(w in _WITH for w in words[max(0, m.start - 3) : m.start])
        # the goods counted before it; or, asked by its verb first (« fit 2 used tyres »), the goods just after it
        after = (
            ent.products[i + 1 : i + 2] if by_verb or (m.end - m.start == 1 and words[m.start] in k.commands) else []
        )
        counted = (g for g in (*reversed(ent.products[:i]), *after) if g.qty and not g.weak)
        goods = next((g for g in counted if not any(k.products[s].per_item for s in g.skus)), None)
        by_verb = by_verb or bool(after)
        if goods and (by_verb or with_it):
            m.qty, m.weak = goods.qty, False


_ALONE = {"seul", "seule", "seulement", "only", "alone", "simple"}


# Between a verb and its object: « laver ma voiture », « fix the tyres ».
_DETERMINERS = _FOR_WHOM | {"un", "une", "des", "du", "de", "d", "nos", "vos", "a", "an"}

_PRONOUNS = {"moi", "me", "m", "nous", "us", "them", "it", "am"}
_BEFORE_OBJECT = _DETERMINERS | _PRONOUNS
_TOWARDS = {"au", "aux", "chez", "dans", "jusqu", "vers", "en", "up", "into", "at"}
_NOT_OBJECTS = _TOWARDS | {"devant", "derriere", "depuis", "ici", "demain", "sur", "here", "there", "now", "near", "in"}
_NOT_OBJECTS |= {"on", "since", "today", "tomorrow", "aujourd", "maintenant", "encore", "aussi", "too", "also"}


def verbs_named(k: Knowledge, ent: Entities, tokens: list):
    """A verb of a service the shop sells (« laver », « montés », « fitted »: Knowledge.verb_nouns) names that
    service, unless the sentence says otherwise: the service named again precisely (« venez laver mes voitures :
    lavage complet 4x4 »), a word of another product it describes (« business cards, the laminated ones »), what
    another product is for (« le support pour fixer le panneau »), or a thing done to that the shop does not
    know (« vous lavez les tapis ? »)."""
    words = [t.text for t in tokens]
    keep = []
    for m in ent.products:
        others = [o for o in ent.products if o is not m]
        if _by_verb(k, m, words):
            word = tokens[m.start].stem
            # (« clean 2 mattresses », « montez-moi 4 pneus »: past the count and the one it is done for too)
            at = next((j for j in range(m.end, len(tokens)) if tokens[j].text not in _BEFORE_OBJECT), -1)
            at = at + 1 if at >= 0 and tokens[at].text.isdigit() and at + 1 < len(tokens) else at
            after = tokens[at] if at >= 0 else None
            purpose = m.start >= 2 and tokens[m.start - 1].text in ("pour", "to", "for")
            nxt = [t.text for t in tokens[m.end : m.end + 2]]
            # « monter au 3e étage », « je monte à Abobo », « fixed up »: the verb's other sense, a way to go
            going = nxt[:1] and (nxt[0] in _TOWARDS or (nxt[0] == "a" and nxt[1:] and nxt[1] in _DETERMINERS))
            going = going and not (nxt[0] == "at" and words[m.start].endswith("ed"))  # « cleaned at home »
            done_on = next((o for o in others if o.start == at), None)
            if (
                any(set(o.skus) <= set(m.skus) and not _by_verb(k, o, words) for o in others)
                or any(o.skus == m.skus and o.start < m.start for o in keep)  # « crevé… venir le réparer »: once
                # « faire laver une robe » at a pressing selling « Robe simple » beside « Lavage et repassage
                # chemise »: the thing named is what is ordered, unless the service names it (« monter les pneus »)
                or (
                    done_on is not None
                    and not any(t.stem in k.products[s].vocab for t in tokens[at : done_on.end] for s in m.skus)
                )
                or any(word in k.products[s].vocab for o in others for s in o.skus)
                or (purpose and any(o.end == m.start - 1 for o in others))
                or going
                or (
                    after is not None
                    and after.text not in _NOT_OBJECTS  # « mon pneu est crevé devant chez moi »: no object said
                    and after.text.isalpha()
                    and len(after.text) >= 3
                    and after.text not in FUNCTION_WORDS | NUMBER_WORDS_FR | NUMBER_WORDS_EN
                    and after.stem not in k.domain_stems
                    and done_on is None
                    and not sold_by_area_said(k, m.skus, words)  # « désinfecter un entrepôt de 150 m² »: a place
                )
            ):
                _unname(ent, m)
                ent.consumed.discard(m.start)  # a plain verb again (« pour fixer le panneau »)
                continue
        keep.append(m)
    ent.products = keep
    if any(_by_verb(k, m, words) for m in keep):
        # « le pneu de ma voiture est crevé », « mon pneu est crevé »: the customer's own thing the service is for.
        for m in list(keep):
            mine = set(words[max(0, m.start - 2) : m.start]) & OWNED or any(
                words[j : j + 2] in (["de", w] for w in OWNED) or words[j : j + 1] == ["my"]
                for j in range(m.end, min(len(words), m.end + 2))
            )
            done = _by_verb(k, m, words)  # « come clean my house »: the service, done to the customer's own thing
            # « my 2 split units cleaned »: served.py counts them (« à PK 18, pneu de ma voiture » is no count)
            counted = m.start and words[m.start - 1].isdigit() and not tokens[m.start].brk
            if (
                mine
                and not done
                and not counted
                and (m.qty is None or m.weak)
                and not any(k.products[s].per_item for s in m.skus)
            ):
                _unname(ent, m)
                ent.products.remove(m)
                if tokens[m.start].text == tokens[m.start].stem:  # « vidanger mon groupe »: done once, on the one
                    for v in (v for v in ent.products if _by_verb(k, v, words) and v.qty is None):
                        v.qty, v.weak = 1, True


_DAYS = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
_DAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY_OF = {w: n for names in (_DAYS, _DAYS_EN) for n, w in enumerate(names)}


def nights_said(words: list[str]) -> int:
    """How many nights the days named make (« vendredi et samedi » two, « du lundi au jeudi » three); 0 when fewer
    than two days are named or the nights are counted (« 3 nuits »)."""
    said = [(i, _DAY_OF[w]) for i, w in enumerate(words) if w in _DAY_OF]
    counted = any(w.isdigit() and measure_word(n) == "nuit" for w, n in zip(words, words[1:], strict=False))
    if len(said) < 2 or counted:
        return 0
    first, last = said[0], said[-1]
    ranged = first[0] >= 1 and words[first[0] - 1] in ("du", "from", "de") and last[0] > first[0]
    return (last[1] - first[1]) % 7 if ranged else len({d for _, d in said})


def nights_by_days(k: Knowledge, ent: Entities, words: list[str]):
    """« l'appartement pour vendredi et samedi soir », « the studio Friday and Saturday »: a stay sold by the night,
    its nights named by their days, without a count: one night for each day named; « du lundi au jeudi », « from
    Monday to Thursday »: the nights between."""
    nights = nights_said(words)
    if not nights:
        return
    for m in ent.products:
        if (m.qty is None or m.weak) and all("nuit" in k.products[s].per_units for s in m.skus):
            m.qty, m.weak = nights, False


def own_words(k: Knowledge, ent: Entities, stems: list[str]):
    """« une paire de puces argent » of « Boucles d'oreilles argent 925 (puces) »: words right after a mention that
    its products' own names hold are its words too (the silver, no money spoken of)."""
    for m in ent.products:
        own = frozenset.intersection(*(k.products[s].vocab for s in m.skus))
        j = m.end
        while j < len(stems) and j not in ent.consumed and stems[j] in own and not stems[j].isdigit():
            if stems[j] not in FUNCTION_WORDS:
                ent.consumed.add(j)
                ent.kinds[j] = "product"
            j += 1


_HEADCOUNTS = {"personne", "person", "people", "pers", "part", "place", "couvert", "guest", "pax", "invite"}


def for_whom(products, stems: list[str], j: int) -> bool:
    """« l'excursion pour 2 », « a tour for 4 »: a number after « pour » / « for » with no unit says how many it is
    for; it picks no product by the « 2 h » of its name (only a name's « 10 parts », « 4 personnes » is that)."""
    if not (stems[j].isdigit() and j and stems[j - 1] in ("pour", "for")):
        return False
    if j + 1 < len(stems) and measure_word(stems[j + 1]) in SIZE_UNITS:
        return False
    for p in products:
        name = [stem(w) for w in fold_phrase(p.name)]
        if any(a == stems[j] and b in _HEADCOUNTS for a, b in zip(name, name[1:], strict=False)):
            return False
    return True


def imperative(words: list[str], start: int, end: int) -> bool:
    """« montre-moi », « garde-nous »: one word followed by the pronoun of an imperative, no article nor count."""
    before = words[start - 1] if start else ""
    return (
        end == start + 1
        and end < len(words)
        and words[end] in ("moi", "nous")
        and not (before in _DETERMINERS or before.isdigit())
    )


# « livrez au Plateau », « je suis à Cocody », « deliver to Marcory »: a place comes next.
WHERE_PREPOSITIONS = {"a", "au", "aux", "en", "to", "at", "in", "sur", "vers"}
_BEING = {"suis", "sommes", "am", "m"}
_BEING |= {"passe", "viens", "arrive", "come", "coming"}  # « je passe au bureau prendre … »: where one goes
_STILL = {"deja", "already", "encore", "still", "actuellement", "now", "maintenant", "devant", "dans", "chez"}


def where_one_is(words: list[str], start: int) -> bool:
    """« je suis déjà au studio 3 », « I'm at the gym », « je passe au bureau »: a being (or coming) verb, then a
    place's preposition and the name."""
    j = start - 1
    while j >= 0 and words[j] in ("la", "le", "l", "the", "your", "votre", "ton", "ta", "vos"):
        j -= 1
    if j < 1 or words[j] not in WHERE_PREPOSITIONS | {"devant", "dans", "chez", "inside"}:
        return False
    j -= 1
    while j >= 0 and words[j] in _STILL:
        j -= 1
    return j >= 0 and words[j] in _BEING and (words[j] != "m" or j and words[j - 1] == "i")
