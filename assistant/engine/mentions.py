"""What stage 3 (entities.py) finds in a message: the products it names (each a ``Mention``: candidate skus,
where it stands, how many), the zones, payment methods, pickup, the moment asked for and the numbers left over.
Data only, shared by the stages after it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Mention:
    skus: list[str]
    start: int
    end: int
    qty: int | None = None
    text: str = ""
    weak: bool = False  # a quantity of 1 read from an article ("le poulet", "the S23"), not a number

    def coded(self, words: list[str]) -> bool:
        """Named by a code of numbers alone (« 10x15 », « 205/55 R16 »): the noun said before it (« 20 pictures
        10x15 ») is the customer's word for the product, neither another thing nor a stop."""
        span = words[self.start : self.end]
        return any(w.isdigit() for w in span) and all(w.isdigit() or len(w) == 1 for w in span)


@dataclass
class Entities:
    products: list[Mention] = field(default_factory=list)
    zones: list[str] = field(default_factory=list)
    zone_text: str = ""
    pickup: bool = False
    payments: list[str] = field(default_factory=list)
    when: str = ""  # the moment the customer wants it, as they wrote it ("ce soir", "à midi", "tomorrow")
    numbers: list[int] = field(default_factory=list)  # quantities not attached to a product
    consumed: set = field(default_factory=set)  # token positions used by an entity
    kinds: dict = field(default_factory=dict)  # token position -> "product" | "zone" | "payment"
    place: str = ""  # a place to deliver to that the shop document does not name ("livrez à Dabou")
    # « pas le semi-permanent », « not the big one »: products turned down, and the words that named them.
    refused: list[str] = field(default_factory=list)
    refused_at: set = field(default_factory=set)
    # « le vent a cassé la vitre » where « Remplacement de vitre cassée » is sold: the trouble is of a name said
    trouble_at: set = field(default_factory=set)
    people: int = 0  # « pour moi et mes 2 enfants »: the people a service is done on, counted (people.py)
    by_period: bool = False  # « 2 heures par semaine pendant 4 semaines »: a count multiplied (schedule.py)
    price_said: int = 0  # « la Casio à 18 000 »: the price of one of the products named, which names it
    budget: tuple = ()  # « à moins de 20 000 F », « around 80k »: (lowest, highest) price in mind (budget.py)

    def refuse(self, m: Mention) -> None:
        """The products of ``m`` turned down, not ordered: kept with the words that named them."""
        self.refused += [s for s in m.skus if s not in self.refused]
        self.refused_at |= set(range(m.start, m.end))

    def unnamed(self, words: list[str]) -> list[str]:
        """The words with those of the products found masked (« PROD »): a cue is never a word of a product's name
        (« bracelet argent » asks no price, « carte SIM » pays nothing)."""
        return [w if self.kinds.get(i) != "product" else "PROD" for i, w in enumerate(words)]

    @property
    def product_skus(self) -> list[str]:
        out = []
        for m in self.products:
            for s in m.skus:
                if s not in out:
                    out.append(s)
        return out
