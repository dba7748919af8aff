"""Products of the same kind said one after the other: « trois paires de tapettes enfant et deux paires adulte »,
« l'ampoule 15 W c'est combien ? et la 9 W ? », « le bidon de 5 L … et le litre seul ? », « mettez 1 bidon de 5 L et
ajoutez 2 bouteilles de 1 L ». The product said first tells the kind; a count, a size or a measure after it names
another of that kind."""

from __future__ import annotations

from .knowledge import Knowledge, measure_word
from .lexicon import CONTAINERS, FUNCTION_WORDS, PIECES
from .mentions import Entities, Mention
from .readings import _ALONE, _FOR_WHOM, _name
from .text import stem


def elliptic(k: Knowledge, ent: Entities, words: list[str], numbers: dict, used: set, taken: list[bool], sizes: dict):
    """« trois paires de tapettes enfant et deux paires adulte », « 2 poulets entiers et 1 demi »: a count left
    over, then a word that names, with the product said before it, one other product of the same kind (the
    same head word): that many of that one. « l'ampoule 15 W c'est combien ? et la 9 W ? »: a size left over
    that only one other product of the kind has in its name: that one."""
    products = k.products
    for p, (value, length, unit) in sorted(sizes.items()):
        before = [m for m in ent.products if m.end <= p]
        if p in used or not before or (p > 0 and words[p - 1].isdigit()) or unit in PIECES:
            continue  # (« 20 cm, 15 pieces »: how many of it, no other size)
        heads = {products[s].head for s in before[-1].skus} - {""}
        others = [s for s, q in products.items() if q.head in heads and value in q.name_numbers]
        if len(others) == 1 and others[0] not in before[-1].skus:
            m = Mention(others, p, p + length + 1, text=" ".join(words[p : p + length + 1]))
            if counted := _count_before(words, numbers, used, p):
                m.qty, m.weak = counted  # « et ajoutez 2 bouteilles de 1 L »: two of the litre
            _name(ent, m, taken)
            used.add(p)
    for p, (value, length) in sorted(numbers.items()):
        before = [m for m in ent.products if m.end <= p]
        if p in used or not before:
            continue
        heads = {products[s].head for s in before[-1].skus} - {""}
        j = p + length
        while j < len(words) and (stem(words[j]) in CONTAINERS or words[j] in ("de", "d", "of")):
            j += 1
        if j >= len(words) or taken[j]:
            continue
        word, prev = stem(words[j]), before[-1]
        if not word.isalpha() or word in FUNCTION_WORDS:
            continue
        named = [s for s in prev.skus if word in products[s].vocab]
        if len(prev.skus) == 2 and len(named) == 1 and prev.qty and not prev.weak:
            # « 2 black HP 305 cartridges and 1 colour » between the black and the colour one: one of each kind.
            prev.skus = [s for s in prev.skus if s not in named]
            others = named
        elif named:
            continue  # « le camion de sable, le 6 roues »: a word the product said before has tells nothing new
        else:
            others = [s for s, q in products.items() if q.head in heads and word in q.vocab]
        if len(others) == 1:
            _name(ent, Mention(others, j, j + 1, qty=value, text=words[j]), taken)
            used.add(p)
    ent.products.sort(key=lambda m: m.start)


def _count_before(words: list[str], numbers: dict, used: set, p: int) -> tuple[int, bool] | None:
    """(the count, False) said before a size with its container (« 2 bouteilles de 1 L », « 3 sacs de 25 kg »)."""
    i = p - 1
    while i >= 0 and p - i <= 3 and (words[i] in ("de", "d", "of") or stem(words[i]) in CONTAINERS):
        i -= 1
    if i < p - 1 and i in numbers and i not in used and stem(words[i + 1]) in CONTAINERS:
        used.add(i)
        return numbers[i][0], False
    return None


def sibling_asked(k: Knowledge, ent: Entities, words: list[str], numbers: dict, used: set, taken: list[bool]):
    """« le sac d'oignons de 25 kg c'est combien ? et le kilo ? », « le bidon de 5 L … et le litre seul ? »,
    « fermeture 20 cm c'est à combien ? et la 50 ? »: after « et le » / « and the », a measure alone names the
    product of the same kind sold by it, a number alone the one whose name has it, when one product does."""
    for i in range(2, len(words)):
        before = [m for m in ent.products if m.end <= i - 1]
        if words[i - 2] not in ("et", "and") or words[i - 1] not in _FOR_WHOM | {"the"} or taken[i] or not before:
            continue
        prev = before[-1]
        kin = {k.products[s].head for s in prev.skus} | frozenset().union(*(k.products[s].vocab for s in prev.skus))
        size = numbers.get(i, (0, 1))
        rest = words[i + size[1] :]
        if rest and rest[0] not in _ALONE:
            continue
        if size[0] and i not in used:
            named = [s for s, q in k.products.items() if q.head in kin and size[0] in q.name_numbers]
        elif (unit := measure_word(words[i])) and not size[0]:
            named = [s for s, q in k.products.items() if q.head in kin and unit in q.per_units]
        else:
            continue
        named = [s for s in named if s not in prev.skus]
        if len(named) == 1:
            _name(ent, Mention(named, i, i + size[1], text=" ".join(words[i : i + size[1]])), taken)
            used.add(i)
    ent.products.sort(key=lambda m: m.start)
