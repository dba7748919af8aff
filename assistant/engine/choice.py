"""Which product a customer means among candidates (the answer to « lequel ? », an alternative taken):
by rank (« le deuxième »), by price (« le moins cher »), by a mention naming one of them, by a word of
one name only (« en poudre »), or by what it is like (« for my son »); the words right after a shared word
(« brochettes de bœuf »), and a measure said for a product sold by it. Pure functions over the shop."""

from __future__ import annotations

import dataclasses

from .cues import (
    CHEAP,
    EXPENSIVE,
    MORE,
    ORDER_VERBS,
    ORDINALS,
    PRICE_LIST,
    REMOVE,
    REPLACE,
    SET_COUNT,
    TAKE_OFFER,
    any_phrase,
    takes_it,
)
from .entities import Entities, Mention, kin
from .knowledge import Knowledge, any_car_dropped, kinds_named, measure_word, number_value, trait_scores
from .lexicon import CONTAINER_KIN, CONTAINERS, EVERYDAY_WORDS, FUNCTION_WORDS, PIECES, SIZE_UNITS
from .measured import area_pick
from .people import we_are
from .ranges import dimension_at, in_range
from .readings import measures_in_name
from .text import NEGATORS, Normalised, fold_phrase, negated, own_doing, phrase_positions, stem


def resolve_choice(k: Knowledge, norm: Normalised, mentions: list, cands: list[str], ent=None, cart=()):
    """(the chosen sku, the mention that named it or None), or (None, None) when the message does not say.
    ``ent.refused``: products turned down (« pas le semi-permanent »), named at the positions ``ent.refused_at``;
    ``cart``: the skus of the cart (« same size as the shirt »)."""
    refused, refused_at = (ent.refused, ent.refused_at) if ent else ((), ())
    words = norm.words
    if not mentions and (by_area := area_pick(k, words, cands)):
        return by_area, None  # « it's about 70 square metres »: the one sold by the m²
    left = [s for s in cands if s not in refused]
    if refused and len(left) == 1 and not mentions:
        return left[0], None  # « pas le grand » between two: the other one
    for n, cues in enumerate(ORDINALS):
        if n < len(cands) and any_phrase(words, cues) and not mentions:
            return cands[n], None
    priced = sorted((s for s in cands if s in k.products), key=lambda s: k.products[s].price)
    if priced and not mentions and any_phrase(words, CHEAP + ("cheaper", "moins chere", "le plus petit")):
        return priced[0], None
    if priced and not mentions and any_phrase(words, EXPENSIVE):
        return priced[-1], None
    # « ah Prado y a pas ? bon mets Hilux alors »: of two candidates named, the one in stock
    for m in sorted(mentions, key=lambda m: not all(k.products[s].in_stock for s in m.skus if s in k.products)):
        inter = [s for s in m.skus if s in cands]
        if len(inter) == 1:
            return inter[0], m
    # « the 1 kg one », « celui au kilo » between the kilo and the 50 kg sack: the one sold by that measure.
    for a, b in zip(words, words[1:], strict=False) if not mentions else ():
        if a in ("1", "le", "les", "au", "par", "the", "per", "a", "by"):
            sold = [s for s in cands if measure_word(b) in k.products[s].per_units and s not in refused]
            if len(sold) == 1:
                return sold[0], None
    if not mentions and (ranged := in_range(k, norm.words, Mention(list(cands), 0, 0), {})):
        return ranged, None  # « les deux c'est pointure 31 » between 28-33 and 34-39
    # (« je prends le forfait collège » while « lequel cours à domicile ? » waits: « collège » is the forfait's; « donc
    # le minibus » names another product by a candidate's own word, and still answers)
    vocab = set().union(*(k.products[s].vocab for s in cands if s in k.products))
    others = {
        i
        for m in mentions
        if len(m.skus) == 1
        and m.skus[0] not in cands
        and any(t.stem not in vocab and t.text not in FUNCTION_WORDS for t in norm.tokens[m.start : m.end])
        for i in range(m.start, m.end)
    }
    winners = _closest(k, norm, cands, set(refused_at) | others)
    if len(winners) == 1:
        used = next((m for m in mentions if winners[0] in m.skus), None)
        return winners[0], used
    if not any(set(m.skus) & set(cands) for m in mentions) and (same := same_as_cart(k, words, cands, cart)):
        return same, None
    return None, None


def removal(words: list[str], ent: Entities, cart=()) -> bool:
    """« enlève le coca », « drop the fries »; « I'll drop the laptop at the shop » leaves it there: pickup. A word
    of the name of a product not in the cart (« je veux la Corolla sans chauffeur ») removes nothing."""

    def named_new(i: int) -> bool:
        return any(m.start < i < m.end and not set(m.skus) & set(cart) for m in ent.products)

    # (« j'avais oublié la cuisine »: what the customer forgot, nothing to take out)
    said = [c for c in REMOVE if any(not named_new(i) and not own_doing(words, i) for i in phrase_positions(words, c))]
    return bool(said) and not (said == ["drop"] and ent.pickup)


def removal_reaches(norm: Normalised, m: Mention) -> bool:
    """The removal said reaches this product: « enlève la zumba et la boxe », « la zumba, enlève-la »; not past a
    comma after it (« enlève la zumba, je vais faire que la boxe »: the boxing stays)."""
    cues = [i for c in REMOVE for i in phrase_positions(norm.words, c) if i < m.start]
    return not cues or not any(t.brk for t in norm.tokens[max(cues) + 1 : m.start + 1])


def said_in(k: Knowledge, m: Mention, sku: str) -> bool:
    """Every word of the mention is a word of the product's names (« chicken » of « large chicken pizza »)."""
    return all(kin(stem(w), k.products[sku].vocab) for w in fold_phrase(m.text))


def narrow_choice(k: Knowledge, norm: Normalised, cands: list[str], refused_at=()) -> list[str]:
    """The candidates an answer narrows the choice to when it tells some apart but not one (« plumés » among
    six chickens, three of them plucked; « the black ones »), in their order; [] when it narrows nothing."""
    winners = _closest(k, norm, cands, refused_at)
    return [s for s in cands if s in winners] if 1 < len(winners) < len(cands) else []


_WANT = (*ORDER_VERBS, "m en faut", "need", "want")


def asked_and_counted(k: Knowledge, norm: Normalised, ent: Entities) -> bool:
    """« y a lapins ? je veux 3 », « do you have rabbits? I need 3 »: whether it is there, and how many are wanted,
    of one product: an order, its count said (a count said apart, « il m'en faut 6 », is then the product's)."""
    if len(ent.products) != 1 or len(ent.products[0].skus) != 1 or not any_phrase(norm.words, _WANT):
        return False
    m, named = ent.products[0], k.products[ent.products[0].skus[0]].name_numbers
    if m.qty and not m.weak:
        return m.qty > 1 and m.qty not in named  # (« y a huile ? »: the « a » of « y a » counts nothing)
    if len(ent.numbers) != 1 or ent.numbers[0] in named:
        return False
    m.qty, m.weak, ent.numbers = ent.numbers[0], False, []
    return True


def left_after_choice(k: Knowledge, norm: Normalised, mentions: list, cands: list[str], sku: str) -> list:
    """The products still to order once a « lequel ? » is answered by a description (« le petit qui se visse sur la
    B6 »): only those counted (not the words that described it), and not one whose every word is a word of the
    one chosen (« c'est une villa » choosing « Dératisation villa » beside « Désinsectisation villa »)."""

    def described(m: Mention) -> bool:
        said = [t.stem for t in norm.tokens[m.start : m.end] if len(t.stem) > 1]
        return bool(said) and sku in k.products and all(w in k.products[sku].vocab for w in said)

    return [m for m in mentions if m.qty and not m.weak and not set(m.skus) & set(cands) and not described(m)]


def _closest(k: Knowledge, norm: Normalised, cands: list[str], refused_at=()) -> list[str]:
    """The candidates most of whose distinguishing words the message says (« les petits sacs de 5 kilos »,
    « en poudre », « condensed »), else those most like what it describes; [] when it says nothing of them."""
    toks = norm.tokens
    # « the 5 litre one, just 1 », « 25 parts, avec écrit 40 ans »: a number with its measure or a word of the names
    # tells the candidates apart, a count beside it does not.
    names = set().union(*(k.products[s].vocab for s in cands if s in k.products))
    measured = {  # (« 20 cm, 15 pieces »: pieces are counted, unless the names say them, « 2 pièces »)
        i
        for i, t in enumerate(toks[:-1])
        if t.text.isdigit() and (toks[i + 1].stem in names or measure_word(toks[i + 1].text) in SIZE_UNITS - PIECES)
    }
    counts = {i for i, t in enumerate(toks) if t.text.isdigit() and i not in measured} if measured else set()
    down = negated(toks, ("pas", "not", "sans", "without", "no"), reach=3)  # « les kilos, pas le sac »
    stems = {
        t.stem
        for i, t in enumerate(toks)
        if (len(t.stem) > 1 or t.stem.isdigit()) and i not in refused_at and i not in counts and i not in down
    }
    lettered = _lettered(k, toks, cands)
    if len(lettered) == 1:
        return lettered
    scores = word_scores(k, stems, cands)
    # « celui sans couvercle »: what the customer turns down, the one whose name is without it
    scores = {s: n + len({toks[i].stem for i in down} & k.products[s].lacks) for s, n in scores.items()}
    if scores and not any(scores.values()):
        # « for my son », « celle à laver »: what it is like, when no word of a name tells them apart.
        scores = trait_scores([k.products[s] for s in cands if s in k.products], stems)
    return _best(scores)


_SIZE_WORDS = {stem(w): "taille" for w in ("taille", "size", "pointure")}


def _lettered(k: Knowledge, toks: list, cands: list[str]) -> list[str]:
    """« Série A, mets 2 », « taille M », « le niveau 2 », « the level 2 one »: a lone letter or a number after the
    word that precedes it in a candidate's name (a letter alone is no word of the names otherwise: « a » is an
    article; a number alone may be a count), or after a word every candidate has (« level » for « niveau »)
    before a number that the names give after the same word (« niveau 1 », « niveau 2 »)."""
    said = {
        (_SIZE_WORDS.get(toks[i - 1].stem, toks[i - 1].stem), t.text)  # « size L » of « taille L »
        for i, t in enumerate(toks)
        if i and (len(t.text) == 1 and t.text.isalpha() or t.text.isdigit() and toks[i - 1].text.isalpha())
    }
    if not said:
        return []

    def pairs(sku: str) -> set:
        words = [_SIZE_WORDS.get(stem(w), stem(w)) for w in fold_phrase(k.products[sku].name)]
        return set(zip(words, words[1:], strict=False))

    named = {s: pairs(s) for s in cands if s in k.products}
    hits = [s for s in named if said & named[s]]
    if hits or len(named) < 2:
        return hits
    before = set.intersection(*({a for a, b in p if b.isdigit()} for p in named.values()))
    shared = set.intersection(*(set(k.products[s].vocab) for s in named))
    literal = {w for p in named.values() for pair in p for w in pair}  # (« 20 cm, 15 pieces »: « cm » is no level)
    told = {b for a, b in said if a in shared and a not in literal and b.isdigit()}
    return [s for s, p in named.items() if told & {b for a, b in p if a in before and b.isdigit()}]


def offer_told(k: Knowledge, norm: Normalised, ent: Entities, offered: list[str]) -> str | None:
    """The alternative just offered that an answer taking the offer tells apart without naming it. « give me the
    40 mm instead », « le 128 » after the 256 Go: the one whose name holds the most of the numbers said (on a tie,
    the closest, offered first), when no product is named. « donnez-moi 2 d'occasion alors, avec le montage »
    after the new tyre: the one alternative that the words outside the products named single out."""
    said = {int(w) for w in norm.words if w.isdigit()}
    scores = {s: len(said & k.products[s].name_numbers) for s in offered}
    fits = [s for s in offered if scores[s] and scores[s] == max(scores.values())]
    if fits:
        return None if ent.products else fits[0]
    named = {i for m in ent.products for i in range(m.start, m.end)}
    # never the words that take the offer (« à la place » is no « 2 places »), nor a container
    cues = {i + n for c in TAKE_OFFER for i in phrase_positions(norm.words, c) for n in range(len(c.split()))}
    boxes = {i for i, t in enumerate(norm.tokens) if t.stem in CONTAINERS}  # « 2 sachets de piment sec »: its box
    close = _closest(k, norm, offered, named | cues | boxes | set(ent.refused_at))
    return close[0] if len(close) == 1 else None


def _best(scores: dict[str, int]) -> list[str]:
    """The skus of the highest score, [] when none scored."""
    best = max(scores.values(), default=0)
    return [s for s, sc in scores.items() if sc == best] if best > 0 else []


def word_scores(k: Knowledge, stems, cands: list[str]) -> dict[str, int]:
    """sku -> how many of the stems said are words of its name that the other candidates' names lack."""
    vocabs = {s: set(k.products[s].vocab - k.products[s].lacks) for s in cands if s in k.products}
    shared = set.intersection(*vocabs.values()) if vocabs else set()
    stems = any_car_dropped([k.products[s] for s in vocabs], stems)
    # « the bottle » of « … bouteille »: a container the names say only in the other language
    names = set().union(*vocabs.values()) if vocabs else set()
    stems = set(stems) | {f for w in stems if w not in names for f in CONTAINER_KIN.get(w, ())}
    # « the adult ones » for « Sandales adulte »: a stem that begins a word of the name (or the other way) counts.
    return {s: sum(1 for w in stems if kin(w, v - shared)) for s, v in vocabs.items()}


def container_before(k: Knowledge, norm: Normalised, m: Mention) -> str | None:
    """« 2 bouteilles de jus d'orange », « two cans of orange juice »: the container said right before a word
    several products share, in the same clause (« plantain tas 3, tomate kilo 2 » says no heap of tomatoes), when
    the names of only one of them say it (in either language)."""
    words = norm.words
    for j in range(m.start - 1, max(-1, m.start - 4), -1):
        if norm.tokens[j + 1].brk:
            break
        forms = CONTAINER_KIN.get(stem(words[j]), frozenset())
        fit = [s for s in m.skus if forms & k.products[s].vocab]
        if len(fit) == 1:
            return fit[0]
    return None


def told_apart(k: Knowledge, norm: Normalised, ent: Entities, m: Mention) -> tuple[str | None, set[int]]:
    """The one candidate of ``m`` that the words right after it name (« brochettes de bœuf »), if any, and the
    positions of those words."""
    toks = norm.tokens
    stems, said = [], set()
    for j in range(m.end, min(len(toks), m.end + 3)):
        if toks[j - 1].brk or (j in ent.consumed and ent.kinds.get(j) != "product"):
            break
        if toks[j].text in ("et", "and", "ou", "or", "plus") or toks[j].text.isdigit():
            break  # « des tomates et 1 kg d'oignons »: what follows is another product
        stems.append(toks[j].stem)
        said.add(j)
    winners = _best(word_scores(k, stems, m.skus))
    return (winners[0], said) if len(winners) == 1 else (None, set())


# A product named « … seul » / « … only » is the restricted version of another (« Chemise (repassage seul) »
# beside « Chemise (lavage + repassage) »): chosen only when the customer restricts too.
RESTRICTED = {"seul", "seule", "seuls", "seules", "seulement", "only", "uniquement"}
RESTRICTING = RESTRICTED | {"juste", "just", "simplement", "sans", "without", "pas"}


def plain_variant(k: Knowledge, norm: Normalised, m: Mention) -> str | None:
    """« 3 chemises » at a pressing that washes and irons shirts, or only irons them: the full service, the one
    candidate without « seul / only » in its name, when the message restricts nothing."""
    if any(w in RESTRICTING for w in norm.words):
        return None
    plain = [s for s in m.skus if not RESTRICTED & set(fold_phrase(k.products[s].name))]
    # « DJ seul » beside « DJ + animateur »: the thing said, alone, restricts no service of it: which one is asked
    alone = {f" {' '.join(fold_phrase(m.text))} {w} " for w in RESTRICTED}
    if any(a in f" {' '.join(fold_phrase(k.products[s].name))} " for s in set(m.skus) - set(plain) for a in alone):
        return None
    return plain[0] if len(plain) == 1 and len(m.skus) > 1 else None


def measure_before(k: Knowledge, words: list[str], m: Mention) -> tuple[int, str] | None:
    """« 2 kilos de mouton »: the measure said before a word several products share, kept for the one chosen
    when it is sold by that measure."""
    for j in range(max(0, m.start - 3), m.start - 1):
        unit = measure_word(words[j + 1])
        if words[j].isdigit() and any(unit in k.products[s].per_units for s in m.skus):
            return int(words[j]), unit
    return None


def measure_tells(k: Knowledge, words: list[str], m: Mention, others: list[Mention]) -> tuple[str, int | None] | None:
    """« du mouton, 2 kilos », « 2 kg de mouton », « tomate kilo 2 »: a measure said next to a word several
    products share, when only one of them is sold by that measure (« la viande au kilo », not the whole sheep),
    is that product and how much of it. A number of a candidate's name (« sac de 25 kg ») tells nothing here."""
    taken = {i for o in others if o is not m for i in range(o.start, o.end)}
    names = frozenset().union(*(k.products[s].name_numbers for s in m.skus))
    for j in range(max(0, m.start - 3), min(len(words) - 1, m.end + 6)):
        if j in taken or j + 1 in taken or m.start <= j < m.end:
            continue
        if j > m.end + 2 and any(i in taken for i in range(m.end, j)):
            break  # another product said between: the measure is that one's
        pair = (words[j], words[j + 1])
        said = [number_value(w) if w not in _EACH else 0 for w in pair]  # (« for three weeks »: words too)
        amount, unit = (str(said[0]), pair[1]) if said[0] else (str(said[1] or ""), pair[0])
        if pair[0] in _EACH and not pair[1].isdigit():
            amount, unit = "1", pair[1]  # « ça fait combien le mètre ? », « for one metre »: the price of one
        own = m.start <= j + 1 < m.end and pair[0] not in _EACH and measure_word(unit) not in SIZE_UNITS
        if not amount.isdigit() or not int(amount) or int(amount) in names or own:
            continue  # (own: « trois baguettes », « 2 poulets »: the thing itself counted, which of them not said)
        sold = [s for s in m.skus if measure_word(unit) in k.products[s].per_units]
        if len(sold) == 1:
            return sold[0], (int(amount) if pair[0] not in _EACH else None)
    return None


# Before a unit said without an amount, what makes it one of them: « le mètre », « au kilo », « per yard ».
_EACH = {"le", "au", "par", "the", "per", "a", "one", "un", "une", "each"}


def chosen_count(k: Knowledge, norm: Normalised, sku: str, used, numbers: list[int], named, choice: dict) -> int | None:
    """How many of the product just chosen in answer to « lequel ? »: the count said with the mention that named
    it (not a number of a name), else a number said alone, else a measure it is sold by (« 25 mètres » of the
    cable by the metre), else the measure said with the question (« 2 kilos de mouton », then « la viande au
    kilo »), else the count the question was asked with; one for an article (« le grand », « le grand là, 3 sur
    4 », « the big one »)."""
    counted = used is not None and used.qty and not used.weak
    qty = (used.qty if counted and used.qty not in named else None) or (numbers[0] if numbers else None)
    words, vocab = norm.words, k.products[sku].vocab  # « 20 cm, 15 pieces »: counted in pieces its name does not say
    pieces = [int(w) for w, u in zip(words, words[1:], strict=False) if w.isdigit() and u in PIECES]
    qty = qty or (pieces[0] if pieces and not PIECES & vocab else None)
    if not qty and (said := measure_said(norm, k.products[sku])):
        qty = said[0]
    measure = choice.get("measure")
    if not qty and measure and measure[1] in k.products[sku].per_units and not counted:
        qty = measure[0]
    singular = used is None and (norm.words[:1] in (["le"], ["la"], ["l"], ["celui"], ["celle"]) or "one" in norm.words)
    # « engine na 2.0 »: the measure that chose it describes the one thing the customer has
    singular = singular or (used is None and in_range(k, norm.words, Mention([sku], 0, 0), {}) == sku)
    return qty or choice.get("qty") or (1 if (used is not None and used.weak) or singular else None)


def measure_of_last(k: Knowledge, norm: Normalised, ent: Entities, state: dict, clock: bool = True) -> list[Mention]:
    """« 5 kilos », « 3 mètres » said alone of the product just talked about, sold by that measure; else of the
    one line of the cart sold by it (« actually make it 30 meters » after the switches were chosen). « non
    finalement 2 nuits » changes the stay: every line counted by the night (or the day). ``clock`` False: « 18 h »
    is an hour of the day, never hours of a product (the customer asked about the hours)."""
    if state["choice"]:
        return []

    def said_of(p) -> tuple[int, int] | None:
        said = measure_said(norm, p) if p and p.in_stock and p.per_units else None
        return said if said and (clock or measure_word(norm.words[said[1] + 1]) != "h") else None

    def mention(p, said) -> Mention:
        return Mention([p.sku], said[1], said[1] + 2, qty=said[0], text=p.name)

    lines = [k.products[ln["sku"]] for ln in state["cart"] if ln["sku"] in k.products]
    stay = [(p, said) for p in lines if (said := said_of(p)) and measure_word(norm.words[said[1] + 1]) in _STAY]
    if ent.products:
        # « bon alors 3 nuits, et un dîner le premier soir »: the stay changes beside a product named, when that
        # product is not the one counted by the night.
        units = frozenset().union(*(k.products[s].per_units for m in ent.products for s in m.skus))
        return [mention(p, said) for p, said in stay if measure_word(norm.words[said[1] + 1]) not in units]
    if len(stay) > 1:
        return [mention(p, said) for p, said in stay]
    last = k.products.get(state["last_sku"] or "")
    found = [(last, said)] if (said := said_of(last)) else []
    if not found:
        found = [(p, said) for p in lines if (said := said_of(p))]
    if not found and last and not norm.question and any_phrase(norm.words, ORDER_VERBS):
        return sibling_by_measure(k, norm, ent, last)
    return [mention(*found[0])] if len(found) == 1 else []


def sibling_by_measure(k: Knowledge, norm: Normalised, ent: Entities, last) -> list[Mention]:
    """« add one 1 litre bottle too » after the 5 L can of engine oil: a size said alone, with an order verb, names
    the product of the same head (« huile ») whose name holds that size, one of it unless another count is said."""
    words = norm.words
    said = [(int(w), measure_word(u)) for w, u in zip(words, words[1:], strict=False) if w.isdigit()]
    said = [(n, unit) for n, unit in said if unit in SIZE_UNITS]
    if len(said) != 1 or not last.head:
        return []
    fits = [p for p in k.products.values() if p.head == last.head and p is not last and said[0] in name_measures(p)]
    if len(fits) != 1 or said[0] in name_measures(last):
        return []
    count = next((n for n in ent.numbers if n != said[0][0]), 1)
    return [Mention([fits[0].sku], 0, 0, qty=count, text=fits[0].name)]


_STAY = {"jour", "nuit"}


def priced_one(k: Knowledge, norm: Normalised, m: Mention, mentions: list[Mention]) -> Mention | None:
    """The mention of a word several products share narrowed to the one a question about it means: by a measure
    beside it (measure_tells, with that much of it), a container before it (« 2 small bottles of bleach »), a size
    of one name (« the 500g one ») or in its range; None when it says nothing of them."""
    if measured := measure_tells(k, norm.words, m, mentions):
        return dataclasses.replace(m, skus=[measured[0]], qty=measured[1], weak=False)
    told = container_before(k, norm, m) or size_beside(k, norm.words, m, mentions)
    told = told or in_range(k, norm.words, m, {})  # « bureau de 40 m2 » of « (jusqu'à 50 m²) »
    return dataclasses.replace(m, skus=[told]) if told else None


def size_beside(k: Knowledge, words: list[str], m: Mention, mentions: list[Mention]) -> str | None:
    """« a pot of groundnut paste, the 500g one », « the 500 g groundnut paste »: a measure that one candidate's
    name says (« Pâte d'arachide (pot de 500 g) »), said beside the shared word and no other product."""
    taken = {i for o in mentions if o is not m for i in range(o.start, o.end)}
    said = {
        (int(words[j]), measure_word(words[j + 1]))
        for j in range(max(0, m.start - 4), min(len(words) - 1, m.end + 4))
        if words[j].isdigit() and not {j, j + 1} & taken and not m.start <= j < m.end
    }
    fits = [s for s in m.skus if said & name_measures(k.products[s])] if said else []
    return fits[0] if len(fits) == 1 else None


def name_measures(p) -> set[tuple[int, str]]:
    """Each number of a product's name with the unit after it (« Huile moteur (bidon 5 L) » -> (5, "l"))."""
    return {(int(a), unit) for a, unit in measures_in_name(p.name) if a.isdigit()}


def measure_said(norm: Normalised, p) -> tuple[int, int] | None:
    """(how much, where) of a measure the product is sold by, said anywhere in the message (« les rideaux c'est
    combien ? j'en ai environ 6 kg »): a number of its name is no such measure."""
    words = norm.words
    # « 2 nuits » of « Appartement 2 pièces »: a number of its name counts when said with another unit
    of_name = name_measures(p)
    for i, (w, unit) in enumerate(zip(words, words[1:], strict=False)):
        n = 1 if w in ("un", "une", "one") else int(w) if w.isdigit() else 0  # « just one day »
        if n and measure_word(unit) in p.per_units and (n, measure_word(unit)) not in of_name:
            return n, i
    return None


def count_of_presented(k: Knowledge, norm: Normalised, ent: Entities, sku: str | None) -> Mention | None:
    """« 2 », « ok donne-moi deux », « I'll take 3 » right after the price or the stock of one product was
    given: that many of it. A number of its name (« le 500 g ») or anything else named is no such answer."""
    p = k.products.get(sku or "")
    if not p or not p.in_stock or ent.products or ent.zones or ent.payments or ent.refused or norm.question:
        return None
    if len(ent.numbers) != 1 or not 0 < ent.numbers[0] or ent.numbers[0] in p.name_numbers:
        return None
    return Mention([p.sku], 0, 0, qty=ent.numbers[0], text=p.name)


def taken_presented(k: Knowledge, norm: Normalised, ent: Entities, sku: str | None, negative: bool) -> Mention | None:
    """« ok mets-moi ça », « je le prends, avec un verre trempé », « I'll take it » right after the price or the
    stock of one product was given: one of it, beside whatever else is named; « I'll take 5 sachets and 4 kilos
    of rice » after the dry attiéké sold by the sachet: that many of it. Its name said again is not this (the
    mention says how many), nor a question or a refusal."""
    p = k.products.get(sku or "")
    if not p or not p.in_stock or negative or norm.question or any(p.sku in m.skus for m in ent.products):
        return None
    words = norm.words
    own = {stem(w) for w in fold_phrase(p.unit)} & CONTAINERS
    for i, (w, unit) in enumerate(zip(words, words[1:], strict=False)):
        if w.isdigit() and int(w) and stem(unit) in own and i + 1 not in ent.consumed:
            return Mention([p.sku], i, i + 2, qty=int(w), text=p.name)
    return Mention([p.sku], 0, 0, qty=1, text=p.name) if takes_it(words) else None


def one_of(
    k: Knowledge, norm: Normalised, ent: Entities, m: Mention, mentions: list[Mention], cart: dict, last=None
) -> tuple[str | None, set[int]]:
    """Which candidate of a word several products share the order means, when the message says it without
    being asked: the words right after it (« 2 paquets de brochettes de bœuf », with the positions of those
    words), a measure beside it (« du mouton, 2 kilos »: the product sold by the kilo, that much of it, set on
    ``m``), the product already in the cart said again (« la viande au kilo ») or the one ``last`` talked about
    (its name holding the word), or the full service when its
    restricted version is not asked (« 3 chemises »). (None, set()) when the message does not say."""
    told, said = told_apart(k, norm, ent, m)
    if told:
        return told, said
    if boxed := container_before(k, norm, m):
        return boxed, set()
    if ranged := in_range(k, norm.words, m, cart):
        return ranged, set()
    measured = measure_tells(k, norm.words, m, mentions)
    if measured:
        m.qty, m.weak = measured[1], False
        return measured[0], set()
    if sized := size_beside(k, norm.words, m, mentions):
        return sized, set()
    size_said = any(t.stem in _SIZE_WORDS for t in norm.tokens)  # (not the « l » of « l'examen »)
    if size_said and len(lettered := _lettered(k, norm.tokens, m.skus)) == 1:
        return lettered[0], set()  # « adult diapers size L » of « Couches adultes taille L »
    words = {stem(w) for w in fold_phrase(m.text)}
    if m.weak:
        again = [s for s in cart if words <= k.products[s].vocab]
        if len(again) == 1:
            return again[0], set()
    if not any(s in cart for s in m.skus):
        if last in k.products and all(kin(w, k.products[last].vocab) for w in words):
            return last, set()  # « la couture d'une robe ? » … « ok, 2 robes »: the one just talked about
        told = plain_variant(k, norm, m) or same_vehicle(k, m.skus, cart)
        told = told or same_as_cart(k, norm.words, m.skus, cart)
        if not told and stem(norm.words[m.start]) in k.verb_nouns:  # « installez-le aussi »: a service by its verb
            told = done_to_cart(k, m.skus, cart)
        return told, set()
    return None, set()


def done_to_cart(k: Knowledge, skus: list[str], cart) -> str | None:
    """« installez-le aussi » with a water heater in the cart, between « Installation WC (pose) » and « Installation
    chauffe-eau (pose) »: the one candidate whose own words (not every candidate's) name a line of the cart."""
    vocabs = {s: k.products[s].vocab for s in skus if s in k.products}
    shared = frozenset.intersection(*vocabs.values()) if vocabs else frozenset()
    lines = [{w for w in k.products[s].vocab if w.isalpha() and len(w) > 3} for s in cart if s not in vocabs]
    fit = [s for s, v in vocabs.items() if any((v - shared) & line for line in lines)]
    return fit[0] if len(fit) == 1 else None


def same_vehicle(k: Knowledge, skus: list[str], cart) -> str | None:
    """« 2 chambres à air » with a motorbike tyre in the cart: the one candidate for the vehicle the cart's products
    are all for (lexicon.VEHICLE_CLASSES)."""
    classes = {t for s in cart if s in k.products for t in k.products[s].traits if t.startswith("vehicle_")}
    fit = [s for s in skus if classes <= k.products[s].traits] if len(classes) == 1 else []
    return fit[0] if len(fit) == 1 else None


# « same size », « de la même pointure », « même couleur que la robe »: an aspect of a line already in the cart.
_SAME = {"meme", "same", "identique", "identical"}
_ASPECTS = {
    "taille", "pointure", "size", "age", "format", "couleur", "color", "colour", "dimension", "longueur", "length",
    "modele", "model", "marque", "brand", "capacite", "capacity", "volume", "poids", "weight", "parfum", "flavour",
}  # fmt: skip


def same_as_cart(k: Knowledge, words: list[str], cands: list[str], cart) -> str | None:
    """« 2 khaki shorts, same size » with « Chemise kaki 8-10 ans » in the cart: the one candidate whose own words
    (those its name does not share with every other candidate) are all words of the name of a line of the cart."""
    if not any(w in _SAME and _ASPECTS & set(words[i + 1 : i + 3]) for i, w in enumerate(words)):
        return None
    names = {s: set(fold_phrase(k.products[s].name)) for s in cands if s in k.products}
    if len(names) < 2:
        return None
    shared = set.intersection(*names.values())
    lines = [set(fold_phrase(k.products[s].name)) for s in cart if s in k.products and s not in names]
    fit = [s for s, name in names.items() if name - shared and any(name - shared <= line for line in lines)]
    return fit[0] if len(fit) == 1 else None


def common_word(cands) -> str:
    """The words every candidate's name shares (« Pagne wax »), for « lequel ? » when the customer's own word is
    not known."""
    if not cands:
        return ""
    first = [set(c.name.lower().split()) for c in cands]
    common = set.intersection(*first) if first else set()
    words = [w for w in cands[0].name.split() if w.lower() in common]
    return " ".join(words) or cands[0].name


# Changing a line for another kind of the same product: « non pas couleur, en noir et blanc finalement »,
# « fais les plumés », « make them the big ones instead ».
SWAP = (
    "finalement",
    "plutot",
    "a la place",
    "en fait",
    "instead",
    "rather",
    "actually",
    "change",
    "changer",
    "changez",
    "remplace",
    "remplacez",
    "fais",
    "faites",
    "make",
    "mets",
    "mettez",
    "non",
    "alors",
    "seulement",  # « c'est 2 pièces seulement » with the villa in the cart: the smaller one instead
    "only",
)


def variant_of(k: Knowledge, norm: Normalised, base: str, cands: list[str] | None = None) -> str | None:
    """The other kind of ``base`` the message asks for instead (« en noir et blanc » for colour copies, « les
    plumés » for live chickens, « les blancs » among the alternatives to a coloured T-shirt): the candidate (by
    default the products in stock whose name has the same head noun) with the most words said that ``base``
    lacks, on a tie the one closest to ``base`` (« plumés » for medium live chickens: the medium plucked ones).
    None when the message names nothing new, names ``base`` itself again, or does not tell one apart."""
    b = k.products.get(base)
    if b is None:
        return None
    if cands is None:
        cands = [s for s, p in k.products.items() if s != base and p.in_stock and b.head and p.head == b.head]
    down = negated(norm.tokens)
    said = {t.stem for i, t in enumerate(norm.tokens) if i not in down and len(t.stem) > 1 and not t.stem.isdigit()}
    hits = {s: len(said & (k.products[s].vocab - b.vocab)) for s in cands if s in k.products and s != base}
    best = max(hits.values(), default=0)
    top = [s for s, n in hits.items() if n == best] if best else []
    if len(top) > 1:
        near = {s: len(k.products[s].vocab & b.vocab) for s in top}
        top = [s for s in top if near[s] == max(near.values())]
    if len(top) != 1 or said & (b.vocab - k.products[top[0]].vocab):
        return None
    return top[0]


def sibling_of(k: Knowledge, norm: Normalised, base: str, cands: list[str]) -> str | None:
    """« mettez le standard alors » after « the Korhogo VIP is out »: of the candidates the word names, the one that
    shares with ``base`` a word of its names no other candidate has (Korhogo); a size in common tells nothing."""
    pick = variant_of(k, norm, base, cands)
    if pick is None:
        return None
    own = {
        w for w in k.products[pick].vocab & k.products[base].vocab if w.isalpha() and measure_word(w) not in SIZE_UNITS
    }
    others = set().union(*(k.products[s].vocab for s in cands if s != pick and s in k.products))
    return pick if own - others else None


def swap_in_cart(k: Knowledge, norm: Normalised, ent: Entities, state: dict) -> tuple[str, str] | None:
    """(a cart line's sku, the other kind of it the message asks for instead), when it changes one: named by
    the words of the other kind only (« non pas couleur, en noir et blanc finalement »), the line just talked
    about first, else the one line it fits; or named outright (« make it a full wash for the sedan instead »),
    the line of the same kind of product (the same head word)."""
    words = norm.words
    named = ent.products[0].skus if len(ent.products) == 1 else []
    if (ent.products and len(named) != 1) or state["choice"] or norm.question or not any_phrase(words, SWAP):
        return None
    if any_phrase(words, MORE) or any_phrase(words, REMOVE):
        return None  # « mets aussi 2 plumés », « enlève les plumés »: not a change of kind
    cart = [line["sku"] for line in state["cart"]]
    if named:
        head = k.products[named[0]].head
        same = [s for s in cart if head and k.products[s].head == head and s != named[0]]
        last = [s for s in same if s == state["last_sku"]]
        return ((last or same)[0], named[0]) if len(last or same) == 1 and named[0] not in cart else None
    said = {t.stem for t in norm.tokens}
    found = [(sku, new) for sku in cart if (new := variant_of(k, norm, sku)) and new not in cart]
    # « 2 bouteilles de sucré et 4 pots nature … finalement 3 bouteilles »: the words that would make the pots
    # bottles name the bottle line already there; that line is counted again, no line changes kind.
    found = [
        (sku, new)
        for sku, new in found
        if not any(
            said & (k.products[new].vocab - k.products[sku].vocab) <= k.products[o].vocab for o in cart if o != sku
        )
    ]
    last = [f for f in found if f[0] == state["last_sku"]]
    return (last or found)[0] if len(last or found) == 1 else None


def corrected_count(norm: Normalised, ent: Entities, m: Mention, k: Knowledge) -> int | None:
    """« 2 bouquets de 6 roses... non plutôt 3 », « 5 loaves, no make it 4 »: the count the same message says
    instead, after the product and a correction word; None when it corrects nothing."""
    words = norm.words
    cues = sorted(
        (i, len(c.split())) for c in (*REPLACE, "non", "no") for i in phrase_positions(words, c) if i >= m.end
    )
    names = frozenset().union(*(k.products[s].name_numbers for s in m.skus))
    for i, n in cues:
        for j in range(i + n, min(len(words), i + n + 2)):
            if words[j].isdigit() and j not in ent.consumed and int(words[j]) not in names:
                return int(words[j]) or None
    return None


def container_count(norm: Normalised, ent: Entities, state: dict) -> int | None:
    """« make am 4 packs », « non mets-en 3 sacs » with a cart: a new count said with the container it is counted
    in, not the product whose name the container word heads (« Pack famille »); None otherwise."""
    m = ent.products[0] if len(ent.products) == 1 else None
    if not m or not m.qty or not state["cart"] or not all(stem(w) in CONTAINERS for w in fold_phrase(m.text)):
        return None
    return m.qty if any_phrase(norm.words, (*REPLACE, "make am", "fais en", "mets en")) else None


# « un homme et un femme », « 1 classique et 1 pour ordinateur »: several kinds said with their counts.
_SPLITS = {"et", "and", "plus", "puis"}
_NOT = {*NEGATORS, "ni", "nor"}
_ONES = {"un", "une", "one"}


def split_counts(k: Knowledge, norm: Normalised, cands: list[str]) -> list[tuple[str, int]]:
    """« Un homme et un femme » between a man's and a woman's wallet, « 2 of the small and one big »: each part of
    the message (cut at « et » / « and » / a comma) says a count and words that only one candidate's name has (or
    what it is like, « pour ma fille »): that many of that one, for two candidates or more. « un de chaque »,
    « one of each »: that many of every candidate. [] when the message does not split so."""
    if split := _split_parts(k, norm, cands):
        return split
    # « les deux, avant et arrière », « both »: one of every candidate (« les deux c'est pointure 31 » is two of one)
    if not _all_of(k, norm, cands) or in_range(k, norm.words, Mention(list(cands), 0, 0), {}):
        return []
    return [(s, 1) for s in cands] if len(_closest(k, norm, cands)) != 1 else []


def _split_parts(k: Knowledge, norm: Normalised, cands: list[str]) -> list[tuple[str, int]]:
    toks, words = norm.tokens, norm.words
    for i, w in enumerate(words):
        if w in ("chaque", "each", "chacun", "chacune") and i:
            n = words[i - 2] if i >= 2 and words[i - 1] in ("de", "of") else words[i - 1]
            count = 1 if n in _ONES else int(n) if n.isdigit() else 0
            if count:
                return [(s, count) for s in cands] if 1 < len(cands) <= 3 else []
    parts, part, ranged = [], [], None
    for t in toks:
        if (t.text in _SPLITS or t.brk) and part:
            parts.append(part)
            part = []
        if t.text not in _SPLITS:
            part.append(t)
    parts.append(part)
    products = [k.products[s] for s in cands if s in k.products]
    out: dict[str, int] = {}
    for part in parts:
        counts = [
            1 if t.text in _ONES else int(t.text)
            for i, t in enumerate(part)
            if t.text in _ONES
            or t.text.isdigit()
            and not (i + 1 < len(part) and measure_word(part[i + 1].text) in SIZE_UNITS)
            and not any(int(t.text) in p.name_numbers for p in products)
        ]
        texts = [t.text for t in part]
        sized = {j for i in range(len(part)) for j in range(i, i + dimension_at(texts, i)[1])}  # « 50 sur 70 »
        stems = [
            t.stem
            for i, t in enumerate(part)
            if len(t.stem) > 1 and not t.text.isdigit() and t.text not in _ONES and i not in sized
        ]
        scores = word_scores(k, stems, cands)
        if not any(scores.values()):
            scores = trait_scores(products, stems)
        picked = _best(scores)
        # « le premier fait 4 kg, l'autre 15 kg » between weight bands: one of the band each measure falls in
        units = [measure_word(b.text) for a, b in zip(part, part[1:], strict=False) if a.text.isdigit()]
        measured = any(u in SIZE_UNITS for u in units)  # (« pointure 31 » alone is left to the question)
        ranged = in_range(k, [t.text for t in part], Mention(cands, 0, 0), {}) if measured else None
        # « avant et arrière »: each part names one, one of each (« the outfit, not the bodysuits » names one only)
        named_only = len(picked) == 1 and not {t.text for t in part} & _NOT
        counts, picked = (counts or [1], [ranged]) if ranged else (counts or [1] * named_only, picked)
        if not counts and not picked:
            continue  # « non finalement » before the parts
        if len(counts) != 1 or len(picked) != 1 or not counts[0] or (picked[0] in out and not ranged):
            return []
        out[picked[0]] = out.get(picked[0], 0) + counts[0]  # (a band said twice counts twice: « 3 kg et 4 kg »)
    return list(out.items()) if len(out) > 1 or (ranged and sum(out.values()) > 1) else []


# « les deux », « both », « les trois »: every one of that many candidates
_ALL_OF = {2: ("les deux", "both", "all of them"), 3: ("les trois", "all three", "all of them")}


def _all_of(k: Knowledge, norm: Normalised, cands: list[str]) -> bool:
    """« les deux, avant et arrière », « both please », « les deux plaquettes »: every candidate; not « les deux
    kilos », « the two front wheels »: the phrase ends the sentence or is said of the candidates' own word."""
    words, names = norm.words, set().union(*(k.products[s].vocab for s in cands if s in k.products))
    for phrase in _ALL_OF.get(len(cands), ()):
        for at in phrase_positions(words, phrase):
            nxt = at + len(phrase.split())
            if nxt >= len(words) or norm.tokens[nxt].brk or words[nxt] in _THEN or norm.tokens[nxt].stem in names:
                return True
    return False


_THEN = {"svp", "s", "stp", "please", "pls", "alors", "then", "merci", "thanks", "aussi", "too", "also"}


def split_line(k: Knowledge, norm: Normalised, ent: Entities, state: dict) -> tuple[str, list] | None:
    """(a cart line's sku, [(sku, count), …]) when a change splits it among its kinds: « 2 classic backpacks » then
    « non finalement 1 classique et 1 pour ordinateur »; None otherwise."""
    if ent.products or state["choice"] or not any_phrase(norm.words, SWAP + REPLACE):
        return None
    for line in state["cart"]:
        base = k.products.get(line["sku"])
        kinds = [s for s, p in k.products.items() if base and base.head and p.head == base.head and p.in_stock]
        split = split_counts(k, norm, kinds) if len(kinds) > 1 else []
        if split and line["sku"] in dict(split):
            return line["sku"], split
    return None


_INSTEAD_OF = ("a la place", "au lieu", "instead of", "in place of")


def replaced_line(norm: Normalised, mentions: list[Mention], cart: list[dict], kinds=None) -> tuple[list, list] | None:
    """« à la place du diagnostic, faites la réparation de fuite », « instead of the 30 litre one, the 50 »: the cart
    line named right after « à la place de » / « instead of » goes, the other products named take its place.
    « remplacez le tirage A3 par un tirage 20x30, et le cadre A3 par un cadre 20x30 noir »: each product named
    before « par » / « with » goes (from the cart, if there), the one after it comes.
    (the other mentions, the cart without those lines), or None. ``kinds``: Entities.kinds."""
    words = norm.words

    def past_articles(j: int) -> int:
        while j < len(words) and words[j] in _ARTICLES:
            j += 1
        return j

    for cue in _INSTEAD_OF:
        for at in phrase_positions(words, cue):
            old = next((m for m in mentions if m.start == past_articles(at + len(cue.split()))), None)
            lines = [ln for ln in cart if old and ln["sku"] in old.skus]
            others = [m for m in mentions if m is not old]
            if len(lines) == 1 and others:
                return others, [ln for ln in cart if ln is not lines[0]]
    if not any(w in _REPLACE_VERBS for w in words):
        return None

    # The product after « par » may be named by a mention already spent (an offer taken: Policy.take_offer).
    olds = [
        m
        for m in mentions
        if m.end < len(words) and words[m.end] in _SWAP_BY and (kinds or {}).get(past_articles(m.end + 1)) == "product"
    ]
    if not olds:
        return None
    gone = [ln for m in olds for ln in cart if ln["sku"] in m.skus and len(m.skus) == 1]
    return [m for m in mentions if m not in olds], [ln for ln in cart if ln not in gone]


_ARTICLES = ("de", "du", "des", "d", "la", "le", "les", "l", "un", "une", "the", "my", "a", "an")
_REPLACE_VERBS = {"remplace", "remplacez", "remplacer", "replace", "swap", "changez", "change"}
_SWAP_BY = ("par", "with", "by", "for")


def line_named(k: Knowledge, norm: Normalised, cart: list[str]) -> str | None:
    """« enlevez une boîte standard » with standard and laminated cards in the cart: the one line whose name has a
    word of the message that the other lines' names lack."""
    if len(cart) < 2:
        return None
    said = {t.stem for t in norm.tokens if len(t.text) > 2 and not t.text.isdigit()}
    vocabs = {s: set(k.products[s].vocab) for s in cart if s in k.products}

    def done_on(service: str, goods: str) -> bool:
        head = k.products[goods].head
        return (
            k.products[service].per_item and not k.products[goods].per_item and bool(head) and head in vocabs[service]
        )

    def rivals(s: str) -> set:
        # A service done on each of the goods (« Montage pneu (par roue) », « tyre fitting ») holds their noun: it
        # never takes it from them.
        return set().union(*(vocabs[t] for t in vocabs if t != s and not done_on(t, s)))

    hits = [s for s, v in vocabs.items() if said & (v - rivals(s))]
    return hits[0] if len(hits) == 1 else None


def recount_before(k: Knowledge, norm: Normalised, ent: Entities, state: dict) -> tuple[str, int] | None:
    """(a cart line's sku, its new count) for « ah non finalement mets 1 seau seulement, et ajoute 5 yaourts »: a
    correction word, a count and words naming one line of the cart (line_meant) or « en » / « it » the last one, all
    before the first product the message names (« mettez-en 2, et ajoutez une horloge »); None otherwise."""
    if not ent.products or not state["cart"] or state["choice"]:
        return None
    words, first = norm.words, min(m.start for m in ent.products)
    cues = [i for c in (*REPLACE, "non", "no") for i in phrase_positions(words, c) if i < first]
    # (the product named next is not what the count is of: two words away, or in the next sentence)
    apart = [i for i in range(min(cues, default=first), first) if i + 2 < first or norm.tokens[first].brk]
    counts = [i for i in apart if words[i].isdigit()]
    if len(counts) != 1 or not int(words[counts[0]]):
        return None
    before = dataclasses.replace(norm, tokens=norm.tokens[:first])
    sku = line_meant(k, before, [ln["sku"] for ln in state["cart"]])
    sku = sku or (state["cart"][-1]["sku"] if {"en", "it", "am"} & set(words[: counts[0]]) else None)
    return (sku, int(words[counts[0]])) if sku and not any(sku in m.skus for m in ent.products) else None


def line_meant(k: Knowledge, norm: Normalised, cart: list[str]) -> str | None:
    """The one cart line a change names by a word (line_named), else the one whose product is counted in the
    container the message names (« 10 sacs »)."""
    if named := line_named(k, norm, cart):
        return named
    said = {stem(w) for w in norm.words} & CONTAINERS
    said |= {f for w in said for f in CONTAINER_KIN.get(w, ())}  # « make it 3 boxes » of « (boîte de 10 bobines) »
    lines = [s for s in cart if said & k.products[s].vocab] if said else []
    if not lines:  # « j'ai 4 fenêtres » with « Prise de mesures (par fenêtre) »: the item the line is priced for
        stems = {t.stem for t in norm.tokens}
        lines = [s for s in cart if k.products[s].per_word in stems]
    if not lines:  # « make it 10 metres » of « Voilage au mètre »: the measure the line is sold by
        units = {measure_word(w) for w in norm.words} - {None, ""}
        lines = [s for s in cart if k.products[s].per_units & units]
    return lines[0] if len(lines) == 1 else None


def said_count(words: list[str], numbers: list[int]) -> int:
    """The count a message says: the one after a correction of an earlier one (« j'ai 4 fenêtres… non pardon 5 »),
    else the first (« non mets 2 seulement, c'est pour une seule fenêtre »)."""
    digits = [i for i, w in enumerate(words) if w.isdigit()]
    cues = [i for c in (*REPLACE, "non", "no", "pardon", "sorry") for i in phrase_positions(words, c)]
    if len(numbers) > 1 and digits and (later := [j for j in digits if any(digits[0] < c < j for c in cues)]):
        return int(words[later[0]]) or numbers[0]
    return numbers[0]


def served_count(k: Knowledge, sku: str, cart: list) -> int | None:
    """« ton gars va monter les deux aussi », « have them fitted there »: a service priced per item (« Montage (par
    roue) »), or named after the goods (« Installation chauffe-eau »), asked without a count while the cart holds
    goods is done on each of them: their count, when the goods lines agree on one."""
    p = k.products[sku]
    lines = [ln for ln in cart if ln["sku"] != sku and ln["qty"] and not k.products[ln["sku"]].per_item]
    # « Découpe poisson (le kg) » for « 2 kg de carpe »: a service sold by the measure the goods it names are
    same = [
        ln for ln in lines if p.per_units & (q := k.products[ln["sku"]]).per_units and q.vocab & p.vocab - SIZE_UNITS
    ]
    if p.head in k.verb_heads and len({ln["qty"] for ln in same}) == 1:
        return same[0]["qty"]
    if not p.per_item:
        # « make una install am too » with a water heater in the cart: a service whose name holds the goods' head
        # (« Installation chauffe-eau ») is done on them; goods made for others (« Colle pour perruque ») are not
        if p.head not in k.verb_heads:
            return None
        lines = [ln for ln in lines if (head := k.products[ln["sku"]].head) and head in p.vocab and head != p.head]
        if not lines:
            return None
    counts = {ln["qty"] for ln in lines}
    return counts.pop() if len(counts) == 1 else None


def count_set(words: list[str]) -> bool:
    """« mon cousin vient aussi, mettez 6 », « on est trois en fait, mets aussi pour mon frère »: a count set outright,
    not more of it."""
    return any(a in SET_COUNT and b.isdigit() for a, b in zip(words, words[1:], strict=False)) or bool(we_are(words))


def count_left(words: list[str], numbers: list[int], qty: int) -> bool:
    """A removal whose last count is what is left, not how many go: « enlève-en un, c'est 3 seulement », « enlève-en
    un, mets 3 », « remove one, na 2 I need » (one taken off, said as a word, and fewer than the line holds)."""
    if not numbers:
        return False
    if any_phrase(words, (*REPLACE, *(f"{verb} {numbers[-1]}" for verb in SET_COUNT))):
        return True
    # « enlevez 1 scotch, 2 suffisent », « remove one, 2 are enough »
    return numbers[-1] < qty and any_phrase(words, ("un", "une", "one", *_ENOUGH))


_ENOUGH = ("suffit", "suffisent", "suffira", "suffiront", "is enough", "are enough", "will do")


def answer_words(k: Knowledge, norm: Normalised, ent: Entities, state: dict) -> None:
    """« Le liquide » while « détergent liquide ou en poudre ? » is asked: words read as a payment (« liquide » is
    cash) that a candidate's name holds answer the choice; they pay nothing."""
    choice = state.get("choice")
    at = [i for i, kind in ent.kinds.items() if kind == "payment"]
    if not choice or not at or not ent.payments:
        return
    names = set().union(*(k.products[s].vocab for s in choice["skus"] if s in k.products))
    if all(norm.tokens[i].stem in names for i in at):
        ent.payments = []
        for i in at:
            ent.kinds.pop(i)
            ent.consumed.discard(i)


def answered_count(norm: Normalised, ent: Entities) -> int | None:
    """« mets 2, avec 2 chambres à air » while « combien ? » is asked: a number said first, alone before a break
    or a linking word, answers it; the products named after it have their own counts."""
    first = min((m.start for m in ent.products), default=len(norm.tokens))
    for i, t in enumerate(norm.tokens[:first]):
        if t.text.isdigit() and i not in ent.consumed and 0 < int(t.text) < 1000:
            after = norm.tokens[i + 1] if i + 1 < len(norm.tokens) else None
            return int(t.text) if after is None or after.brk or after.text in _LINKS else None
    return None


_LINKS = {"avec", "et", "plus", "with", "and", "aussi", "also", "svp", "please", "stp"}
_EVERYDAY = EVERYDAY_WORDS | {stem(w) for c in PRICE_LIST for w in c.split()}


def with_kind(k: Knowledge, m: Mention) -> list[str]:
    """The candidates of a word that names a kind of goods (« bières », « gâteaux »): the products it names and
    every other one of that kind (« Heineken » is a beer too), in the shop's order."""
    said = [w for w in fold_phrase(m.text) if w not in FUNCTION_WORDS]
    kind = kinds_named(k, said) if len(said) == 1 else []  # « bières », not « bière Flag »
    return list(dict.fromkeys([*m.skus, *kind])) if kind else m.skus


def listed(k: Knowledge, norm: Normalised, named: set[str]) -> set[str]:
    """The products a price list asks for: those named, and the others of the same kind (head noun) that a word
    of the message names and no named one does (« vos prix pour les pneus, neufs et occasion »: the used tyres
    too)."""
    heads = {k.products[s].head for s in named} - {""}
    said = {t.stem for t in norm.tokens if len(t.stem) > 2} - set().union(*(k.products[s].vocab for s in named))
    out = named | {s for s, p in k.products.items() if p.head in heads and said & p.vocab}
    if named:
        # « je veux voir pour le poisson et les poulets », « les tresses et les ongles »: every kind of goods the
        # message names, and the products a word of it names that is no everyday word.
        out |= set(kinds_named(k, norm.words))
        own = {w for w in said - _EVERYDAY if len(w) > 3}
        out |= {s for s, p in k.products.items() if own & p.vocab}
    return out
