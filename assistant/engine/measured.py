"""What is sold by the area: « Vitre claire 5 mm (le m²) », « Désinfection maison ou bureau (le m²) », « Traitement
anti-termites (le m²) ». The customer often gives the size of the place rather than a count: « notre bureau fait 80
m² », « pest control for our 120 m² office », « la désinsectisation pour un magasin de 70 m2 ». The area said is how
many of the product sold by the m², and it tells that product apart from those of the same name sold by the job
(« Désinsectisation studio », « Désinsectisation villa »)."""

from __future__ import annotations

from .knowledge import Knowledge, measure_word
from .mentions import Entities, Mention
from .text import fold_phrase

# Square and cubic metres (text.py writes « m² », « mètres carrés », « sqm » as « mcarre »), and the seats of a sofa
# (« un 3 places », « a 3-seater »): a size of the place or of the thing, said anywhere in the message.
AREAS = {"mcarre": "mcarre", "mcube": "mcube", "place": "place", "seater": "place", "seaters": "place"}


def _areas(words: list[str]) -> dict[str, set[int]]:
    """Each area unit the message says after a whole number, with the numbers said in it."""
    said: dict[str, set[int]] = {}
    for a, b in zip(words, words[1:], strict=False):
        if a.isdigit() and int(a) and (unit := AREAS.get(measure_word(b))):
            said.setdefault(unit, set()).add(int(a))
    return said


def _sold_by(k: Knowledge, sku: str, unit: str) -> bool:
    """Priced by that unit (« (le m²) », « (la place) »), not of that size (« Matelas 2 places », « 1 place »)."""
    p = k.products[sku]
    if unit not in p.per_units:
        return False
    words = fold_phrase(p.name)
    return not any(a[:1].isdigit() and measure_word(b) == unit for a, b in zip(words, words[1:], strict=False))


def sold_by_area_said(k: Knowledge, skus: list[str], words: list[str]) -> bool:
    """Whether one of the products is sold by an area the message says (« … un entrepôt de 150 m² »)."""
    return any(_sold_by(k, s, unit) for unit in _areas(words) for s in skus)


def _wider(k: Knowledge, m: Mention, stems: list[str], unit: str) -> list[str]:
    """The products sold by the area that the mention's words also name, or of the same head, though the shop's index
    gave it only those sold by the job (« pest control » beside « Désinsectisation bureaux, magasins… (le m²) »): the
    one the other words of the message name most (« office », « magasin »)."""
    own, heads = set(stems[m.start : m.end]), {k.products[s].head for s in m.skus} - {""}
    sold = [s for s, p in k.products.items() if _sold_by(k, s, unit) and (own <= set(p.vocab) or p.head in heads)]
    if len(sold) < 2:
        return sold
    rest = set(stems[: m.start] + stems[m.end :])
    scores = {s: len(rest & set(k.products[s].vocab)) for s in sold}
    best = max(scores.values())
    winners = [s for s in sold if scores[s] == best]
    return winners if best and len(winners) == 1 else []


def by_area(k: Knowledge, ent: Entities, words: list[str], stems: list[str]) -> None:
    """A mention without a count of its own (or only « un ») in a message that says one area: the product of the
    mention sold by that area, counted by it."""
    for unit, values in _areas(words).items():
        if len(values) != 1:
            continue  # « 2 m² de vitre claire et 3 m² de sablée »: each said with its own, read where it stands
        value = next(iter(values))
        open_ = [m for m in ent.products if m.qty in (None, 1) or m.weak]
        if any(_sold_by(k, s, unit) for m in ent.products if m not in open_ for s in m.skus):
            continue  # the area already counts a product (« 2 m² de vitre claire »)
        found = []
        for m in open_:
            sold = [s for s in m.skus if _sold_by(k, s, unit)]
            sized = any(unit in k.products[s].per_units for s in m.skus)  # (« matelas 2 places »: its size)
            if not sold and len(m.skus) > 1 and not sized:
                sold = _wider(k, m, stems, unit)
            if len(sold) == 1:
                found.append((m, sold[0]))
        if len(found) != 1:
            continue
        m, sku = found[0]
        m.skus, m.qty, m.weak = [sku], value, False
        if value in ent.numbers:
            ent.numbers.remove(value)


def area_pick(k: Knowledge, words: list[str], cands: list[str]) -> str | None:
    """« It's about 70 square metres » while « which pest control? » is asked between the services sold by the job
    (« Désinsectisation studio / … villa »): the candidate sold by the area said, else the one product of the same
    head sold by it (« Désinsectisation bureaux, magasins et restaurants (le m²) »)."""
    said = _areas(words)
    if len(said) != 1 or not cands:
        return None
    unit = next(iter(said))
    sold = [s for s in cands if s in k.products and _sold_by(k, s, unit)]
    if sold:
        return sold[0] if len(sold) == 1 else None
    if any(unit in k.products[s].per_units for s in cands if s in k.products):
        return None  # « les 2 places » between « Matelas 1 place » and « … 2 places »: a size of the names
    heads = {k.products[s].head for s in cands if s in k.products}
    wider = [s for s, p in k.products.items() if p.head in heads and _sold_by(k, s, unit)] if len(heads) == 1 else []
    return wider[0] if len(wider) == 1 else None


# What a thing weighs, holds or measures: a quantity of goods sold by it, never a time or a count of items.
_WEIGHED = {"kg", "g", "l", "m", "mcarre", "mcube", "tonne"}


def measure_alone(k: Knowledge, ent: Entities, words: list[str], state: dict, asked: bool) -> None:
    """« faut venir prendre mon linge, y a à peu près 7 kilos » as the first thing said, not asked: no product named
    or talked about, one amount in a unit some products are sold by (« Lavage + séchage (au kilo) », « … + pliage
    (au kilo) »). It is that much of them: of the one, or of which one (« lequel ? »), the amount kept."""
    if asked or ent.products or any(state.get(key) for key in ("cart", "choice", "pending", "last_sku")):
        return
    said = [
        i for i, (a, b) in enumerate(zip(words, words[1:], strict=False)) if a.isdigit() and measure_word(b) in _WEIGHED
    ]
    if len(said) != 1 or said[0] in ent.consumed or said[0] + 1 in ent.consumed:
        return
    i = said[0]
    if words[i - 1 : i] in (["de"], ["of"], ["d"]) or words[i + 2 : i + 3] in (["de"], ["of"], ["d"], ["du"], ["des"]):
        return  # « vos sacs de 50 kilos », « 2 kg of carp »: the size of a thing, or the amount of a thing named
    unit, value = measure_word(words[i + 1]), int(words[i])
    sold = [s for s, p in k.products.items() if p.in_stock and _sold_by(k, s, unit)]
    if not sold or not value:
        return
    # « plusieurs sortes de lavage »: the word most of their names begin with, for « lequel ? »
    leads = [k.products[s].name.split()[0].lower() for s in sold]
    text = max(leads, key=leads.count)
    ent.products.append(Mention(skus=sold, start=i + 1, end=i + 2, qty=value, text=text))
    ent.kinds[i + 1] = "product"
    if value in ent.numbers:
        ent.numbers.remove(value)
