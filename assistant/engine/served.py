"""What a service is done on: « installer une clim 1,5 cv », « l'entretien de 4 splits », « my 2 split units
cleaned ». A shop that sells one service for several kinds of goods (« Installation split 9000 / 12000 BTU »,
« Installation split 18000 / 24000 BTU », « Installation climatiseur fenêtre ») names the goods in the service's
name; the goods the customer says the service is for tell which one, and how many times it is done. The
customer's own goods (« ma clim », « my units ») are not bought.

Two readings of what the conversation already holds, made before the policy runs, live here too: an option the
description of the line just added offers (describes_line), and the product a question refused for its zone was
about, ordered when the customer says they will come (carried_over)."""

from __future__ import annotations

from .cues import MORE, ORDER_VERBS, any_phrase
from .family import refused_in_cart, turned_down_variant
from .knowledge import Knowledge, Product
from .lexicon import SERVICE_NOUNS, SIZE_UNITS
from .measured import measure_alone
from .mentions import Entities, Mention
from .readings import OWNED, done_as
from .text import Normalised, choice_word, fold_phrase, stem

# Between a service and the goods it is done on: « installer une clim », « entretien de mes 4 splits », « cleaning
# for my AC ».
_LINK = {"de", "du", "des", "d", "pour", "for", "of", "on", "un", "une", "le", "la", "les", "l", "a", "an", "the"}
_LINK |= {"moi", "me", "m", "nous", "us", "it", "am", "votre", "vos", "your"}
_UNITS = {"unit", "units", "appareil", "appareils", "machine", "machines"}
_AND = frozenset({"et", "and", "plus", "avec", "with"})
_OF = {"de", "du", "des", "d", "pour", "for", "of", "on"}
_WITH = {"avec", "with", "plus"}
_IT_IS = {"c", "est", "it", "s", "is", "na", "chez"}  # (« fumigation chez moi, c'est un studio »)
_ITS = {"son", "sa", "ses", "leur", "leurs", "its", "their", "the", "le", "la", "l", "les", "et", "and", "an", "a"}


def is_service(k: Knowledge, p: Product) -> bool:
    return p.per_item or p.head in SERVICE_NOUNS or p.head in k.verb_heads


def _gap(words: list[str], lo: int, hi: int, extra: frozenset | set = frozenset()) -> list[str] | None:
    """The words between two mentions when they only link a service to its object (at most four), else None."""
    between = words[lo:hi]
    if len(between) > 4 or any(not (w in _LINK or w in OWNED or w in extra or w.isdigit()) for w in between):
        return None
    return between


def _names(k: Knowledge, g: Mention) -> frozenset:
    """The words of the goods' names (« generators 5 kVA serviced »: « kVA » describes them)."""
    return frozenset().union(*(k.products[s].vocab for s in g.skus))


def _shared(k: Knowledge, skus: list[str]) -> frozenset:
    return frozenset.intersection(*(k.products[s].vocab for s in skus))


def _pairs(words: list[str]) -> list[tuple[str, str]]:
    return list(zip(words, words[1:], strict=False))


def narrowed(k: Knowledge, services: list[str], goods: list[str]) -> list[str]:
    """Of the services, the one whose name has the most of the words every one of the goods' names has (« 12000 »,
    « split »), when one has more than all the others; all of them otherwise."""
    # (« Poulet (2 kg) » is no more for « Découpe poisson (le kg) »; the 4 of the code « Ampoule H4 » not for « 4x4 »)
    coded = {b for s in goods for a, b in _pairs(fold_phrase(k.products[s].name)) if len(a) == 1 and a.isalpha()}
    said = _shared(k, goods) - SIZE_UNITS - coded
    scores = {s: len(k.products[s].vocab & said) for s in services}
    best = max(scores.values(), default=0)
    top = [s for s in services if scores[s] == best]
    return top if best and len(top) == 1 else services


def _chain(k: Knowledge, tokens: list, s: Mention, products: list[Mention]) -> list[Mention]:
    """The goods said right after the service, one after the other (« nettoyage pour 3 splits et 1 clim fenêtre »),
    in the same sentence and list item (« 1 split + installation + 2 mètres de tuyau » lists three things)."""
    words, chain, at = [t.text for t in tokens], [], s.end
    for g in sorted((g for g in products if g.start >= s.end), key=lambda g: g.start):
        # (« for my 5 kVA generator »: the words of the goods' names before the one that names them)
        between = _gap(words, at, g.start, (_AND if chain else frozenset()) | _names(k, g))
        if between is None or any(t.brk for t in tokens[at : g.end]):
            break
        chain.append(g)
        at = g.end
    return chain


def _mine(words: list[str], g: Mention) -> bool:
    return bool(set(words[max(0, g.start - 3) : g.start]) & OWNED)


def _said_of(k: Knowledge, words: list[str], s: Mention, goods: list[Mention], by_verb: bool) -> list[Mention]:
    """The goods a service said without goods after it is for: the customer's own, just before its verb (« my 2
    split units cleaned »), or goods bought with it (« 1 split Samsung 12000 with installation »)."""
    before = [g for g in goods if g.end <= s.start]
    if by_verb:
        before = [g for g in before if _gap(words, g.end, s.start, _UNITS | _names(k, g)) is not None]
        return before[-1:] if before and _mine(words, before[-1]) else []
    before = [g for g in before if set(words[g.end : s.start]) & _WITH]
    return before[-1:] if before and set(words[before[-1].end : s.start]) <= _WITH | _ITS else []


def services_done_on(k: Knowledge, ent: Entities, tokens: list):
    """Each service said of goods right after it (« installer une clim 1,5 cv », « nettoyage pour 3 splits et 1 clim
    fenêtre ») or before it (_said_of) is, for each of those goods, the one for them (narrowed), counted by them
    when it has no count of its own (not by goods merely bought with it). The goods go when the customer says they
    are theirs (« ma clim », « my units ») or the service is a noun said of them (« l'entretien de 4 splits »)."""
    words = [t.text for t in tokens]
    kind_named_after(ent, tokens, words)
    goods = [g for g in ent.products if g.skus and not any(is_service(k, k.products[sku]) for sku in g.skus)]
    gone, added = set(), []
    for s in [m for m in ent.products if m.skus and all(is_service(k, k.products[sku]) for sku in m.skus)]:
        by_verb = s.end - s.start == 1 and stem(words[s.start]) in k.verb_nouns
        left = [g for g in goods if id(g) not in gone]
        chain = _chain(k, tokens, s, left)
        of = bool(chain) and bool(set(words[s.end : chain[0].start]) & _OF)
        chain = chain or _said_of(k, words, s, left, by_verb)
        services, done = s.skus, []
        for n, g in enumerate(chain):
            skus = narrowed(k, services, g.skus)
            if not n and len(skus) > 1 and done_as(k, g.skus, words[s.start]):
                gone.add(
                    id(s)
                )  # « le lavage de mon tapis de 2 m sur 3 m ? »: the rug's washing (readings.owned: before)
                break
            if n and (len(skus) > 1 or skus in done):
                break  # « une recharge pour la clim du salon et un split Nasco »: the split is bought, not recharged
            one = s if n == 0 else Mention(skus=skus, start=s.start, end=s.end, text=s.text)
            one.skus = skus
            done.append(skus)
            counts = g.qty and not g.weak and (g.start > s.start or by_verb)
            if counts and (one.qty is None or one.weak or len(chain) > 1):
                one.qty, one.weak = g.qty, False
            elif one.qty is None and _mine(words, g) and tokens[g.start].text == tokens[g.start].stem:
                one.qty, one.weak = 1, True  # « for my generator »: the one the customer has
            if n:
                added.append(one)
            if (not by_verb and of) or _mine(words, g):
                gone.add(id(g))
                for j in range(g.start, g.end):
                    ent.kinds.pop(j, None)
    ent.products = [m for m in ent.products if id(m) not in gone] + added
    for_goods(k, ent, [g.skus for g in goods], words)


def kind_named_after(ent: Entities, tokens: list, words: list[str]) -> None:
    """« la désinsectisation pour un 2 chambres salon », « fumigation d'un studio », « fumigation, c'est un studio »:
    a word several products share, then, in the same breath or as what it is, the name of one of them: that one,
    said once."""
    for a in sorted(ent.products, key=lambda m: m.start):
        if not any(a is m for m in ent.products):
            continue  # already said once, as the kind named after another word
        b = min((o for o in ent.products if o.start >= a.end), key=lambda o: o.start, default=None)
        if b is None or b.start - a.end > 4:
            continue
        gap = set(words[a.end : b.start])
        again = a.skus == b.skus and bool(gap & _IT_IS)  # (« fumigation, c'est un studio »: said again)
        if not (len(a.skus) > 1 and set(b.skus) < set(a.skus) or again):
            continue
        if not gap <= _LINK | _IT_IS or (any(t.brk for t in tokens[a.end : b.start + 1]) and not gap & _IT_IS):
            continue
        a.skus, a.end = b.skus, b.end
        if a.qty is None or a.weak:
            a.qty, a.weak = b.qty, b.weak
        ent.products = [m for m in ent.products if m is not b]


def for_goods(k: Knowledge, ent: Entities, goods: list[list[str]], words: list[str], carted=frozenset()) -> None:
    """« 3 coqs + abattage des 3 », « l'abattage » with a sheep in the cart: a service said apart from the goods,
    of several named after goods (« Abattage mouton ou chèvre », « Abattage et plumage volaille »), is the one for
    the goods the message or the cart holds, when they all point to the same one. Not a service said of a thing of
    its own (« une pose de cils »), nor one the cart already holds (« I'll pay after the installation »)."""
    for m in ent.products:
        if len(m.skus) < 2 or not all(is_service(k, k.products[s]) for s in m.skus) or set(m.skus) & carted:
            continue
        if m.end + 1 < len(words) and words[m.end] in _OF and words[m.end + 1].isalpha():
            continue
        picks = {tuple(one) for g in goods if len(one := narrowed(k, m.skus, g)) == 1}
        if len(picks) == 1:
            m.skus = list(picks.pop())


def choice_word_of(k: Knowledge, text: str) -> str:
    """The customer's word for the products a « lequel ? » is about; "" for a service named by its verb
    (« installer », « cleaned »): the candidates' common word says it better (« installation »)."""
    said = fold_phrase(text)
    return "" if len(said) == 1 and stem(said[0]) in k.verb_nouns else choice_word(text)


def in_context(k: Knowledge, norm: Normalised, ent: Entities, state: dict) -> None:
    """What the cart tells of the message's words: a service for the goods in it (for_goods), an option the
    description of the line just added offers (describes_line), a candidate of the pending choice turned down
    (family.turned_down_variant), a line of the cart turned down (family.refused_in_cart), an amount said alone as
    the first thing (measured.measure_alone)."""
    carted = [line["sku"] for line in state.get("cart") or [] if line["sku"] in k.products]
    goods = [[s] for s in carted if not is_service(k, k.products[s])]
    for_goods(k, ent, goods, norm.words, frozenset(carted))
    describes_line(k, norm, ent, state)
    turned_down_variant(ent, norm.words, state)
    refused_in_cart(ent, norm.words, state)
    measure_alone(k, ent, norm.words, state, norm.question)


# « Pose en sus (AL24) », « installation not included »: a service the description of goods says is extra.
_EXTRA = ("en sus", "en plus", "en supplement", "non compris", "non incluse", "not included", "extra")


def describes_line(k: Knowledge, norm: Normalised, ent: Entities, state: dict) -> None:
    """« Vanille-chocolat, avec écrit Joyeux anniversaire Awa » after a cake: words the description of the line just
    added offers as its options (« vanille-chocolat ou coco-mangue ») say which, they order no other product (« Pot
    vanille »); unless the message asks, adds or counts."""
    last = state.get("last_sku")
    if not last or last not in k.products or state.get("choice") or norm.question:
        return
    if not any(line["sku"] == last for line in state.get("cart") or []):
        return
    if any_phrase(norm.words, MORE) or any_phrase(norm.words, ORDER_VERBS):
        return
    offered = f" {' '.join(fold_phrase(k.products[last].description))} "
    keep = []
    for m in ent.products:
        said = " ".join(norm.words[m.start : m.end])
        extra = any(f" {said} {e} " in offered for e in _EXTRA) and all(is_service(k, k.products[s]) for s in m.skus)
        if (m.qty is None or m.weak) and last not in m.skus and f" {said} " in offered and not extra:
            for j in range(m.start, m.end):
                ent.kinds.pop(j, None)
            continue
        keep.append(m)
    ent.products = keep


def carried_over(k: Knowledge, ent: Entities, state: dict) -> None:
    """« Je vais venir à la station alors » after « vous venez à Yopougon pour un polish ? » was told the zone is not
    served: what that question was about is ordered, to be collected (a « lequel ? » when it names several)."""
    asked, state["asked"] = state.get("asked"), None
    asked = [s for s in asked or [] if s in k.products]
    if not asked or state["cart"] or state["choice"] or ent.products or not ent.pickup:
        return
    if len(asked) == 1:
        state["cart"].append({"sku": asked[0], "qty": 1})
        state["last_sku"] = asked[0]
    else:
        state["choice"] = {"skus": asked, "qty": 1}
    state["pending"] = "zone"  # the message answers where the order goes
