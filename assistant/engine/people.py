"""The people a service is for: « la NFS pour moi et mes 2 enfants », « bilan prénuptial pour ma fiancée et moi »,
« a malaria test for my two kids », « on est trois en fait ». A service done on each person (a test, a haircut, a
lesson, a ticket: its unit or its name says so) and said without a count of its own is that many.

Only people are counted, never things (« une pizza pour moi et ma femme » is one pizza: a pizza is not sold by the
person), and only when every person is counted: « pour mes enfants » says no number, so the count is asked.
"""

from __future__ import annotations

from text_to_num import text2num

from .knowledge import Knowledge, Product
from .lexicon import NUMBER_WORDS_EN, NUMBER_WORDS_FR, PEOPLE
from .mentions import Entities
from .text import fold_phrase, stem

# Units and name words of a service done on one person (« examen », « (la séance) », « Frais d'inscription (par
# élève) », « Coupe enfant »). Folded words. (« tête » counts sheep as well, « place » the seats of a sofa.)
PER_PERSON = frozenset(
    {"personne", "person", "seance", "session", "examen", "exam", "test", "analyse", "consultation", "coupe"}
    | {"billet", "ticket", "eleve", "student", "enfant", "child", "lecon", "lesson", "entree"}
    | {"abonnement", "inscription", "participant", "patient", "candidat"}
)
_PER = ("par", "per", "pour", "for")
# The customer, and words for a person that PEOPLE leaves out (« ma go », « mes 2 petits », « my twins »).
_SELF = frozenset({"moi", "me", "myself", "mwa"})
_PERSONS = frozenset(stem(w) for w in PEOPLE) | frozenset(
    stem(w)
    for w in (
        *("fiance", "fiancee", "go", "gars", "petit", "petite", "jumeau", "jumelle", "twin", "bebe", "baby", "fils"),
        *("fille", "son", "daughter", "pikin", "tantie", "tonton", "oncle", "tante", "uncle", "aunt", "epoux", "wife"),
        *("husband", "mari", "partner", "cousin", "ami", "amie", "frere", "soeur", "gamin", "gosse", "nephew"),
        *("neveu", "niece", "mama", "papa", "maman", "homme", "femme", "gens", "people", "children", "kid"),
    )
) - frozenset({"boss", "patron", "patronne", "monsieur", "quelqu", "someone", "somebody"})
_ONE = frozenset({"mon", "ma", "my", "notre", "our", "son", "sa", "ton", "ta", "your", "his", "her", "le", "la", "l"})
_ONE |= {"un", "une", "a", "an", "the"}
_MANY = frozenset({"mes", "nos", "my", "our", "ses", "tes", "your", "his", "her", "les", "the"})
_LINKS = frozenset({"et", "and", "plus", "avec", "with", "ainsi", "puis"})
_ADJECTIVES = frozenset({"petit", "petite", "petits", "petites", "grand", "grande", "little", "small", "big", "jeune"})
_ADJECTIVES |= {"young", "old", "older", "younger", "elder"}
# Words for a person only after « ma », « mes 2 »: alone they say something else (« I go pay », « un petit sac »).
_AFTER_DETERMINER = frozenset({"go", "petit", "petite", "petits", "petites", "son", "gars", "grand"})
_INVARIANT = frozenset({"fils", "gens", "people", "children"})  # plural or not, their ending does not say
_EVERY = frozenset(stem(w) for w in ("jour", "semaine", "mois", "heure", "an", "fois", "day", "week", "month", "hour"))
_WE = (("on", "est"), ("on", "sera"), ("nous", "sommes"), ("nous", "serons"), ("we", "are"), ("we", "re"), ("we", "be"))
_WE += (("we", "go", "be"), ("we", "will", "be"), ("we", "ll", "be"))
_BOTH = (("tous", "les"), ("toutes", "les"))
_NUMBER_WORDS = NUMBER_WORDS_FR | NUMBER_WORDS_EN
# « une cinquantaine de personnes », « une centaine d'invités »: about that many
_ROUGHLY = {"dizaine": 10, "quinzaine": 15, "vingtaine": 20, "trentaine": 30, "quarantaine": 40, "cinquantaine": 50}
_ROUGHLY |= {"soixantaine": 60, "centaine": 100}
# « on sera environ 200 », « we're about 80 people »: words that hedge the number after them
_HEDGES = frozenset({"environ", "about", "around", "approximately", "approximativement", "presque", "nearly", "almost"})
_HEDGES |= {"roughly", "like", "genre", "pres", "de"}
# Words for the people of a gathering, by stem: « 250 invités », « for 80 guests », « 600 personnes ». A name's
# range in them (« Pack sono S (jusqu'à 100 personnes) », « Salle (50 à 120 places) ») holds a crowd.
CROWD = frozenset(
    stem(w) for w in ("personne", "person", "persons", "people", "gens", "invite", "guest", "convive", "participant")
)


def _number(words: list[str], i: int) -> tuple[int, int]:
    """The number said at ``i`` (digits or words) and how many words it takes; (0, 0) if none."""
    if i >= len(words):
        return 0, 0
    if words[i].isdigit():
        return int(words[i]), 1
    if words[i] in _ROUGHLY:
        return _ROUGHLY[words[i]], 1
    if words[i] in ("une", "a") and i + 1 < len(words) and words[i + 1] in _ROUGHLY:
        return _ROUGHLY[words[i + 1]], 2  # « nous serons une cinquantaine »
    j = i
    while j < len(words) and words[j] in _NUMBER_WORDS | {"et", "and"} and j - i < 4:
        j += 1
    for end in range(j, i, -1):
        for lang in ("fr", "en"):
            try:
                return int(text2num(" ".join(words[i:end]), lang)), end - i
            except ValueError:
                continue
    return 0, 0


def _person(words: list[str], i: int) -> tuple[int | None, int]:
    """One item of an enumeration of people at ``i``: (how many, words taken); (None, n) when the item names people
    without saying how many (« mes enfants »), (0, 0) when it names no one."""
    if words[i] in _SELF:
        return 1, 1
    j, count, plural = i, None, False
    if words[j] in _ONE | _MANY:
        plural = words[j] in _MANY - _ONE
        j += 1
    value, length = _number(words, j)
    if length and value > 0:
        count, j = value, j + length
    while j < len(words) and words[j] in _ADJECTIVES and j + 1 < len(words) and stem(words[j + 1]) in _PERSONS:
        j += 1  # « mon petit frère », « my little sister »
    if j >= len(words) or stem(words[j]) not in _PERSONS or (j == i and words[j] in _AFTER_DETERMINER):
        return 0, 0
    if count is None:
        own_plural = words[j] in _INVARIANT - {"fils"} or (words[j] not in _INVARIANT and words[j] != stem(words[j]))
        plural = plural or own_plural
        count = None if plural else 1
    return count, j + 1 - i


def _enumerated(words: list[str]) -> int:
    """« pour moi et mes 2 enfants » (3), « ma fiancée et moi » (2), « for my two kids » (2); 0 if none."""
    best = 0
    i = 0
    while i < len(words):
        total, items, j, known = 0, 0, i, True
        while j < len(words):
            count, length = _person(words, j)
            if not length:
                break
            items += 1
            known = known and count is not None
            total += count or 0
            j += length
            if j < len(words) and words[j] in _LINKS and j + 1 < len(words) and _person(words, j + 1)[1]:
                j += 1
                continue
            break
        opened = i > 0 and words[i - 1] in ("pour", "for", "c", "est")
        if known and total >= 2 and (items >= 2 or opened):
            best = max(best, total)
        i = max(j, i + 1)
    return best


def _hedged(words: list[str], i: int) -> int:
    """The position of the number after hedges at ``i`` (« environ 200 », « about 80 », « près de 50 »)."""
    while i < len(words) and words[i] in _HEDGES and i + 1 < len(words):
        i += 1
    return i


def we_are(words: list[str]) -> int:
    """« on est trois », « we are 4 », « on sera environ 200 »: how many people in all the customer says they are; 0
    if not said."""
    for i in range(len(words)):
        for said in _WE:
            if (
                tuple(words[i : i + len(said)]) == said
                and (value := _number(words, _hedged(words, i + len(said)))[0]) >= 2
            ):
                return value
    return 0


def after_we(words: list[str], i: int) -> bool:
    """The number at ``i`` says how many the customer's party is (« on est 8 », « on sera environ 150 », « we're
    about 80 »): never a quantity."""
    while i > 0 and words[i - 1] in _HEDGES:
        i -= 1
    return any(tuple(words[max(0, i - len(said)) : i]) == said for said in _WE)


def crowd_at(words: list[str], i: int) -> int:
    """How many words the number at ``i`` and the people it counts take (« 250 invités », « une cinquantaine de
    personnes », « 80 people »); 0 if it counts no crowd."""
    value, length = _number(words, i)
    j = i + length
    j += j < len(words) and words[j] in ("de", "d", "of")
    return j + 1 - i if value >= 2 and j < len(words) and stem(words[j]) in CROWD else 0


def headcount(words: list[str]) -> int:
    """How many people the message counts: « on est trois », « we are 4 », « nous deux », « the two of us », « 3
    personnes », « tous les deux », « pour moi et mes 2 enfants »; 0 if it counts none."""
    for i in range(len(words)):
        for said in _WE + _BOTH:
            if tuple(words[i : i + len(said)]) == said:
                at = _hedged(words, i + len(said)) if said in _WE else i + len(said)
                value, length = _number(words, at)
                after = words[at + length] if at + length < len(words) else ""
                if value >= 2 and (said not in _BOTH or (length == 1 and stem(after) not in _EVERY)):
                    return value  # (« tous les 2 jours » counts days)
        if words[i] == "nous" or (words[i] == "the" and words[i + 2 : i + 4] == ["of", "us"]):
            value, _ = _number(words, i + 1)
            if value >= 2:
                return value
        if crowd_at(words, i):
            return _number(words, i)[0]
    joined = " ".join(words)
    if "both of us" in joined or "us both" in joined:
        return 2
    return _enumerated(words)


def per_person(p: Product) -> bool:
    """A service done on one person: its unit says so (« examen », « séance », « élève »), or its name (« (par
    personne) », « Coupe enfant »)."""
    unit = set(fold_phrase(p.unit))
    if unit & PER_PERSON:
        return True
    name = fold_phrase(p.name)
    return any(w in _PER and i + 1 < len(name) and name[i + 1] in PER_PERSON for i, w in enumerate(name))


def for_each_person(k: Knowledge, ent: Entities, words: list[str]) -> None:
    """Each service done on one person, said without a count of its own, is one for each person counted."""
    served = [m for m in ent.products if all(per_person(k.products[s]) for s in m.skus)]
    people = headcount(words) if served else 0
    if people < 2:
        return
    for m in served:
        # (« a blood group test for 2 people », « une NFS pour moi et mon fils »: the article is no count of people)
        article = m.qty == 1 and m.start and words[m.start - 1] in ("un", "une", "a", "an")
        if m.qty is None or m.weak or article:
            m.qty, m.weak = people, False
            ent.people = people


_EACH_OF = (("chacun", "de"), ("chacune", "de"), ("chacun", "d"), ("chacune", "d"), ("each", "of"))


def for_each_of(ent: Entities, words: list[str]) -> None:
    """« 3 journées de garde pour chacun de mes deux enfants », « two notebooks for each of my 3 kids »: what is
    said before « chacun de » is for each of the people counted after it, that many times."""
    for i in range(len(words) - 2):
        if tuple(words[i : i + 2]) not in _EACH_OF or (people := _enumerated(["pour", *words[i + 2 :]])) < 2:
            continue
        for m in ent.products:
            if m.end <= i and not ent.people:
                m.qty, m.weak = (m.qty if m.qty and not m.weak else 1) * people, False
        ent.people = people
        return
