"""A product named by words a family of products shares: « en journée complète » where « journée » alone is one
product's alias (« Journée de garde (dépannage) ») and the names of others hold both words (« Place … au mois,
journée complète », « Semaine de garde, journée complète »); « mon petit a 1 an, le mois à la demi-journée » where
« demi-journée » names the drop-in half day, but the age and the month said are those of another holding it (« Place
bébé au mois, demi-journée (3-18 mois) »)."""

from __future__ import annotations

from . import schedule
from .cues import REMOVE
from .knowledge import Knowledge
from .lexicon import EVERYDAY_WORDS, FUNCTION_WORDS
from .mentions import Entities, Mention
from .people import CROWD
from .ranges import fitting, name_range
from .text import Normalised, phrase_positions, stem

_HALF = {"demi", "demie", "half"}


def named_by_phrase(k: Knowledge, ent: Entities, stems: list[str], taken: list[bool]):
    """« le mi-temps au mois », « en journée entière »: two or three words said together that names hold together,
    though no alias is them, name the products whose names do (outside their parentheses: « (par roue) », « (la
    demi-journée de 4 heures) » say how a product is sold, never what a customer calls it)."""
    i = 0
    while i < len(stems) - 1:
        for length in (3, 2):
            span = tuple(stems[i : i + length])
            if len(span) < length or any(taken[i : i + length]) or any(j in ent.consumed for j in range(i, i + length)):
                continue
            if any(w in FUNCTION_WORDS or not w.isalpha() or w not in k.product_stems for w in span):
                continue
            if skus := k.name_phrases.get(span):
                ent.products.append(Mention(skus=skus, start=i, end=i + length, text=" ".join(span)))
                for j in range(i, i + length):
                    taken[j] = True
                    ent.consumed.add(j)
                    ent.kinds[j] = "product"
                i += length - 1
                break
        i += 1
    ent.products.sort(key=lambda m: m.start)


def one_for_the_crowd(k: Knowledge, ent: Entities):
    """« la sono pour 200 invités »: a product sized by the crowd, said without a count, is one."""
    for m in ent.products:
        ranges = [name_range(k.products[s].name) for s in m.skus]
        if m.qty is None and ranges and all(r and stem(r[2]) in CROWD for r in ranges):
            m.qty, m.weak = 1, True


def widened(k: Knowledge, ent: Entities, words: list[str], stems: list[str], taken: list[bool]):
    """Words said right after a mention, which its own names lack and others' hold with it, make it those others;
    a mention whose products the age, the crowd or the period said leaves out is the others holding its words
    that fit."""
    kept = []
    for m in ent.products:
        if stems[m.start : m.end] in ([h] for h in _HALF) and m.start >= 2 and words[m.start - 1] in ("et", "a"):
            continue  # « ma fille a 2 ans et demi », « 3 and a half years »: a half, no product
        kept.append(m)
        j = m.end
        while j < min(len(stems), m.end + 3) and j not in ent.consumed and not taken[j] and stems[j].isalpha():
            if stems[j] not in k.product_stems or stems[j] in FUNCTION_WORDS | EVERYDAY_WORDS or len(stems[j]) < 3:
                break
            j += 1
        family = k.holding({w for w in stems[m.start : j] if w not in FUNCTION_WORDS})
        # (an ambiguous word and the words after it are left to the narrowing: « voilages blancs, les tout faits »)
        if len(m.skus) == 1 and set(stems[m.end : j]) - k.products[m.skus[0]].vocab and family:
            m.skus, m.end = family, j
            for i in range(m.start, j):
                taken[i] = True
                ent.consumed.add(i)
                ent.kinds[i] = "product"
        if len(family) > len(m.skus) and set(m.skus) <= set(family):
            fits = fitting(k, words, Mention(family, 0, 0), {})
            period = schedule.sold_by(k, sorted(fits or family), schedule.period_said(words))
            if (told := period or sorted(fits)) and not set(told) & set(m.skus):
                m.skus = told
    ent.products = kept


WITHOUT = ("sans", "without", "no")


def turned_down_variant(ent: Entities, words: list[str], state: dict) -> None:
    """« celui sans animateur », « no MC » while « DJ seul ou DJ + animateur (MC) ? » is asked: a candidate named
    right after « sans », « without », « no » is turned down, not ordered (the other one is the answer)."""
    cands = set((state.get("choice") or {}).get("skus") or ())
    keep = []
    for m in ent.products:
        if cands and m.start and words[m.start - 1] in WITHOUT and set(m.skus) < cands:
            ent.refuse(m)
            continue
        keep.append(m)
    ent.products = keep


def turned_down_only(words: list[str], ent: Entities, carted: set[str]) -> bool:
    """« le pack sans drone », « the one without the MC »: every removal word said (« sans », « without ») turns down a
    product none of the cart's, a word or two before it; nothing is taken out of the cart."""
    said = [i for c in REMOVE for i in phrase_positions(words, c)]
    return (
        bool(ent.refused and said)
        and not set(ent.refused) & carted
        and all({i + 1, i + 2, i + 3} & ent.refused_at for i in said)
    )


# « j'en ai 2 », « I have 2 », « mets 3 »: the number after these is how many, whatever the names say.
_COUNTING = {"ai", "have", "got", "need", "want", "veux", "faut", "mets", "mettez", "prends", "take", "donne", "give"}


def counts_of_choice(
    k: Knowledge, norm: Normalised, numbers: list[int], skus: list[str]
) -> tuple[list[int], frozenset]:
    """The counts of an answer to « lequel ? »: « le 45 », « celui de 20 parts », « les petites de 150 » name a
    candidate by a number of its name or its price, no count; but « la 1 place, j'en ai 2 », « the single one, I have
    2 » beside « Couette 2 places »: a number of a name said after a word of having or wanting is how many. With
    the numbers the candidates' names and prices say."""
    cands = [k.products[s] for s in skus if s in k.products]
    named = frozenset().union(*(c.name_numbers for c in cands)) | {c.price for c in cands}
    words = norm.words
    counted = {int(w) for i, w in enumerate(words) if i and w.isdigit() and words[i - 1] in _COUNTING}
    return [n for n in numbers if n not in named or n in counted], named


def refused_in_cart(ent: Entities, words: list[str], state: dict) -> None:
    """« finalement sans l'album », « without the album then » when the album is in the cart: what is turned down is
    taken out, a mention for the removal to reach (Policy.order_flow), no longer a product merely not wanted."""
    carted = {line["sku"] for line in state.get("cart") or []}
    out = [s for s in ent.refused if s in carted]
    at = sorted(ent.refused_at)
    if not out or not at or at[-1] - at[0] + 1 != len(at) or not any(c in words for c in ("sans", "without")):
        return
    ent.products.append(Mention(skus=out[:1], start=at[0], end=at[-1] + 1, text=" ".join(words[at[0] : at[-1] + 1])))
    ent.products.sort(key=lambda m: m.start)
    ent.refused = [s for s in ent.refused if s not in out]
    ent.refused_at = set()
