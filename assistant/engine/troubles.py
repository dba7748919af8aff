"""A need told by its trouble: « le vent a cassé la vitre du salon », « small pikin break my kitchen window », « le
pneu de la moto est crevé », « l'évier est bouché ». Where the shop sells the remedy by that trouble's name
(« Remplacement de vitre cassée », « Réparation pneu crevé », « Débouchage évier bouché »), the thing and its trouble
said apart name that product, and the trouble word is of its name: no complaint about the shop."""

from __future__ import annotations

from .knowledge import Knowledge
from .lexicon import FUNCTION_WORDS
from .mentions import Entities
from .text import stem

# A trouble in the words a customer and a shop's names use for it (folded; French, English, pidgin).
TROUBLES = {
    "broken": {"casse", "cassee", "casses", "cassees", "brise", "brisee", "break", "breaks", "broke", "broken"}
    | {"fendu", "fendue", "fissure", "fissuree", "crack", "cracked", "craque", "craquee", "shattered"},
    "flat": {"creve", "crevee", "creves", "crevaison", "flat", "puncture", "punctured"},
    "blocked": {"bouche", "bouchee", "bouches", "blocked", "clogged", "bloque", "bloquee", "coince", "coincee"}
    | {"stuck", "jammed"},
    "lost": {"perdu", "perdue", "perdus", "lost", "lose"},
    "leak": {"fuite", "fuites", "fuit", "leak", "leaks", "leaking"},
}
_STEMS = {group: frozenset(stem(w) for w in forms) for group, forms in TROUBLES.items()}


def named_by_trouble(k: Knowledge, ent: Entities, words: list[str], stems: list[str]) -> None:
    """A thing named with a trouble said apart from it: the products named by both, when the shop sells some."""
    inside = {i for m in ent.products for i in range(m.start, m.end)}
    said = {i: g for i, w in enumerate(words) if i not in inside for g, forms in TROUBLES.items() if w in forms}
    if not said:
        return
    groups = set(said.values())
    for m in ent.products:
        own = {stems[i] for i in range(m.start, m.end)} - FUNCTION_WORDS
        named = [
            s for s, p in k.products.items() if own and own <= p.vocab and any(_STEMS[g] & p.vocab for g in groups)
        ]
        if not named or set(named) == set(m.skus):
            continue
        m.skus = named
        at = {i for i, g in said.items() if any(_STEMS[g] & k.products[s].vocab for s in named)}
        ent.trouble_at |= at
        ent.consumed |= at
