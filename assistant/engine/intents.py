"""Stage 4: intent — one of the 14 codes, by cue scoring over the normalised words and the entities.

Cues are general French / English / nouchi expressions (after the normaliser rewrote SMS spellings
and slang); the shop's vocabulary arrives through the entities. A few rules order the cues: a
complaint beats a request for a person, which beats everything else; an explicit order beats a
price question only when the customer also says where or how they pay.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .cues import (
    AFFIRM,
    ASK_OBJECT,
    AVAILABILITY,
    CANCEL_PLACED,
    CATALOGUE,
    CLOCK,
    COMPLAINT,
    COMPLAINT_WEAK,
    CONTACT,
    DAYS,
    DEFERRED,
    DELIVERY,
    DISCOUNT,
    FEE_QUESTION,
    GENERAL_TASKS,
    GREETING,
    HOMEWORK,
    HOURS,
    HUMAN,
    HYPOTHETICAL,
    IF_CLAUSE,
    KNOW,
    LOCATION,
    LOCATION_QUESTION,
    NEGATIVE,
    NOT_ARRIVED,
    OFF_TOPIC,
    ORDER_STATUS,
    ORDER_VERBS,
    PAST_TROUBLE,
    PAYMENT,
    PAYMENT_PROBLEM,
    PLACED_ORDER_ACTION,
    POLITE,
    PREVENTIVE,
    PRICE,
    PRICE_LIST,
    RECOMMEND,
    REMOVE,
    REPLACE,
    ROLE_REQUEST,
    ROLES,
    STRONG_LOCATION,
    STRONG_TIME,
    THANKS,
    TIME,
    WAITING,
    WANT_TO_ORDER,
    WHICH,
    any_phrase,
    first_phrase,
)
from .entities import Entities
from .faq import best_entry, faq_features
from .knowledge import Knowledge, kind_named
from .lexicon import EVERYDAY_WORDS, FUNCTION_WORDS
from .text import Normalised, find_phrase, fold_phrase, lemma, own_doing, phrase_positions, stem
from .unknown import price_object, service_object, unknown_object

INTENTS = (
    "greeting",
    "price",
    "order",
    "availability",
    "delivery_zone_fee",
    "delivery_time",
    "payment",
    "hours",
    "location",
    "faq",
    "complaint",
    "human",
    "thanks_bye",
    "off_topic",
)


@dataclass
class Understanding:
    intent: str
    discount: bool = False  # "tu peux diminuer ?": the assistant cannot change a price
    faq_index: int | None = None
    unknown: str | None = None  # what the customer asked for that the shop does not sell
    affirm: bool = False
    negative: bool = False
    greeting: bool = False
    thanks: bool = False
    catalogue: bool = False  # "c'est quoi votre menu ?": the list of what the shop sells
    order_status: bool = False  # "où en est ma commande ?": the customer's own order, not the shop's ETAs
    deferred: bool = False  # "vous faites crédit ?", "je peux payer demain ?": paying later, not a method
    # The closest FAQ entry whatever the intent, its score and whether a word of its question is in the
    # message: signals for the learned model (assistant/engine/model.py), which may choose "faq" itself.
    faq_best: int | None = None
    faq_score: float = 0.0
    faq_hit: bool = False
    # What the message shares with every FAQ entry (faq.faq_features), computed once for the rules and the ranker.
    faq_entries: list = field(default_factory=list)
    rules_intent: str = ""  # the rule cascade's own answer, kept when the model decides otherwise
    confidence: float = 1.0  # the model's probability of ``intent`` (1.0 for the rules alone)
    # The two intents the model hesitated between, when neither is likely enough to answer on: the
    # policy asks one short question instead of answering the wrong thing.
    unsure: tuple[str, str] | None = None
    # The rule that decided is exact (a sentence pattern, not a word list): « ça fait 1 h j'attends », « où en
    # est ma commande ? », « vous faites crédit ? », « votre menu ? ». Such a decision is a veto the model
    # does not override.
    decisive: bool = False
    # « montre-moi les pagnes », « send pictures »: the customer asks to see products (engine/photos.py).
    photos: bool = False
    plain_order: bool = False  # an order verb before the products named, and no word of any trouble
    untroubled: bool = False  # no word of a problem, a wait, a refusal or a past delivery
    # The message's own content words (not the shop's names) that the shop document uses: « quel médicament pour
    # la toux ? » at a pharmacy speaks of its trade.
    in_domain: int = 0
    unknown_in_faq: bool | None = None  # whether the FAQ speaks of the thing asked for the rules found unsold
    outside_number: bool = False  # the number of a service outside the shop is asked for (« de la SODECI »)
    # « vous nettoyez les tapis ? » where the FAQ offers « le nettoyage des tapis »: a verb of an act the FAQ names
    # (not a product); « vous réparez les frigos ? » where « Réparation frigo » is sold: a product named by its verb.
    act_in_faq: bool = False
    by_verb: bool = False

    @property
    def upset_said(self) -> bool:
        """A complaint or a request for a person that the rules read too, not the model's guess alone (« ah
        dommage, le mécanique alors » after an out-of-stock reply takes the alternative)."""
        upset = ("complaint", "human")
        return self.intent in upset and (self.decisive or self.rules_intent in upset)


_HAD_THINGS = {"le", "la", "les", "l", "un", "une", "des", "mon", "ma", "mes", "the", "a", "my", "one", "du", "some"}


def _trouble_said(words: list[str], joined: str, named=frozenset()) -> bool:
    """A word of a problem, a wait, a mistake or a past delivery: what a complaint told plainly says. « j'ai »,
    « I got » before an article or a product ``named`` there say what the customer has (« j'ai déjà la gourde »,
    « j'ai déjà sable à la maison »), no past delivery."""
    words = list(words)
    for i in range(len(words) - 2):
        j = i + 2 + (words[i + 2] in ("deja", "already", "encore"))
        if (
            words[i : i + 2] in (["j", "ai"], ["i", "got"])
            and j < len(words)
            and (words[j] in _HAD_THINGS or words[j].isdigit() or j in named)
        ):
            words[i + 1] = "_"
    for i, w in enumerate(words):
        if w == "oublie" and own_doing(words, i):
            words[i] = "_"  # « j'avais oublié la cuisine »: the customer forgot, nothing went wrong
        if w in ("non", "no") and (
            any(x.isdigit() for x in words[i + 1 : i + 3]) or words[i + 1 : i + 2] in (["finalement"], ["actually"])
        ):
            words[i] = "_"  # « 4 fenêtres… non pardon 5 », « ah non finalement seulement 2 jours »: a change of mind
    cue_lists = (COMPLAINT, COMPLAINT_WEAK, PAST_TROUBLE, NEGATIVE)
    return any(any_phrase(words, c) for c in cue_lists) or any(r.search(joined) for r in (WAITING, NOT_ARRIVED))


def _to_repair(words: list[str], in_order: bool, explicit_order: bool, first_product: int) -> bool:
    """« Ajoutez aussi la poignée, elle est cassée » during an order: the state of the thing added, the reason it is
    brought to be repaired, not a problem with the shop (no past trouble said, the trouble after the product)."""
    if not (in_order and explicit_order) or any_phrase(words, PAST_TROUBLE):
        return False
    said = [i for c in COMPLAINT if (i := find_phrase(words, c)) >= 0]
    return bool(said) and min(said) > first_product


def _complaint_words(words: list[str]) -> set:
    joined = f" {' '.join(words)} "
    return {stem(w) for c in COMPLAINT if f" {c} " in joined for w in c.split()}


def _only_preventive(words: list[str], markers, window: int = 3) -> bool:
    joined = f" {' '.join(words)} "
    starts = []
    for c in COMPLAINT:
        at = joined.find(f" {c} ")
        while at >= 0:
            starts.append(joined.count(" ", 0, at + 1) - 1)  # word index of the cue
            at = joined.find(f" {c} ", at + 1)
    if not starts:
        return False
    return all(any_phrase(words[max(0, i - window) : i], markers) for i in starts)


def _own_goods_recommended(words: list[str], ent: Entities) -> bool:
    """« vous connaissez un bon saucisson ? », « can you recommend a good phone? »: a recommendation asked for, the
    thing right after it one of the shop's products, said nowhere else (« … vers Koumassi »)."""
    ends = [i + len(c.split()) for c in RECOMMEND for i in phrase_positions(words, c)]
    named = [m for m in ent.products if any(0 <= m.start - e <= 1 for e in ends)]
    return bool(named) and not any(w in ("vers", "near", "around", "pres", "chez") for w in words[named[0].end :])


def _general_task(words: list[str], joined: str, knowledge: Knowledge) -> bool:
    """A general-purpose task asked (engine/cues.py GENERAL_TASKS) that is not the shop's own business."""
    domain = knowledge.domain_stems
    for asked, markers in GENERAL_TASKS.values():
        if any_phrase(words, asked):
            own = {stem(w) for phrase in asked + markers for w in phrase.split()}
            if not own & domain:
                return True
    return bool(HOMEWORK.search(joined)) and not ({stem("devoir"), stem("exercice")} & domain)


# « ma voisine m'a donné votre numéro », « a friend gave me your number »: how the customer found the shop.
_NUMBER_GIVEN = {"donne", "donnee", "passe", "gave", "given", "got", "sent", "envoye"}


# Places and services of the town whose hours a customer may ask the shop's assistant about by mistake.
_THIRD_PARTIES = {
    "mairie",
    "banque",
    "poste",
    "hopital",
    "clinique",
    "ecole",
    "eglise",
    "mosquee",
    "commissariat",
    "prefecture",
    "ambassade",
    "bateau",
    "gbaka",
    "sotra",
    "train",
    "cinema",
    "stade",
    "bank",
    "hospital",
    "church",
    "mosque",
    "embassy",
    "ferry",
    "stadium",
}
# The town's services whose number a customer may ask for too (« le numéro de la SODECI », « du service client »).
_OUTSIDE = frozenset(_THIRD_PARTIES | {"service", "police", "pompier", "pompiers", "samu", "ambulance", "gendarmerie"})
_SHOP_ASKED = ("vous", "votre", "tu", "ton", "you", "your", "boutique", "magasin", "shop", "store")


def _third_party(words: list[str], knowledge: Knowledge) -> bool:
    """The hours asked are another place's (« la mairie ouvre à quelle heure ? »), not the shop's."""
    named = [w for w in words if w in _THIRD_PARTIES and w not in knowledge.product_stems]
    return bool(named) and not any(w in _SHOP_ASKED for w in words)


def _outside_number(norm: Normalised, knowledge: Knowledge) -> bool:
    """« c'est quoi le numéro de la SODECI ? », « the number of the police »: the number of a service outside the
    shop (a word of such services, or an acronym the shop's document never uses), not of a person of the shop."""
    words = norm.words
    for i, w in enumerate(words[:-1]):
        if w not in ("numero", "number", "contact"):
            continue
        j = next((j for j in range(i + 1, min(i + 4, len(words))) if words[j] not in FUNCTION_WORDS), None)
        if j is None:
            continue
        said = re.search(rf"\b{re.escape(norm.tokens[j].orig)}\b", norm.raw, re.IGNORECASE)  # as typed, in capitals
        acronym = bool(said) and said.group().isupper() and len(said.group()) >= 3
        acronym = acronym and words[j] not in knowledge.vocab | knowledge.owner_names
        if words[j] in _OUTSIDE or acronym:
            return True
    return False


def _number_asked(words: list[str]) -> bool:
    """« votre numéro ? », « give me her number »: a number asked for, not one the customer was given."""
    for i, w in enumerate(words):
        before = words[max(0, i - 4) : i]
        # « on m'a donné ce numéro » was given one; « donne-moi le numéro de … » asks for it.
        if w in ("numero", "number") and not (_NUMBER_GIVEN & set(before) and "moi" not in before):
            return True
    return False


def _recount(words: list[str]) -> bool:
    return any_phrase(words, REPLACE) or any_phrase(words, ORDER_VERBS)


def classify(
    norm: Normalised, ent: Entities, knowledge: Knowledge, state: dict, language: str | None = None
) -> Understanding:
    words = norm.words
    joined = " ".join(words)  # for the sentence patterns below
    deferred = bool(DEFERRED.search(joined))  # paying later: "vous faites crédit ?"
    has_products = bool(ent.products)
    zone = bool(ent.zones) or ent.pickup
    u = Understanding(intent="off_topic")
    u.faq_entries = faq_features(norm, knowledge, language)
    content = [
        t.stem
        for i, t in enumerate(norm.tokens)
        if i not in ent.consumed and len(t.stem) >= 4 and t.stem.isalpha() and t.stem not in EVERYDAY_WORDS
    ]
    lemma_of = {w: lemma(w) for w in content}
    u.in_domain = sum(1 for w in content if w in knowledge.domain_stems or lemma_of[w] in knowledge.domain_lemmas)
    u.act_in_faq = any(lemma_of[w] in knowledge.faq_act_lemmas for w in content if w not in knowledge.faq_stems)
    u.by_verb = any(norm.tokens[m.start].stem in knowledge.verb_nouns for m in ent.products)
    u.faq_best, u.faq_score, u.faq_hit = best_entry(u.faq_entries)
    u.discount = any_phrase(words, DISCOUNT)
    u.affirm = any_phrase(words, AFFIRM)
    u.negative = any_phrase(words, NEGATIVE)
    u.greeting = any_phrase(words, GREETING)
    u.thanks = any_phrase(words, THANKS)
    faq_i, faq_score, faq_hit = u.faq_best, u.faq_score, u.faq_hit
    in_order = bool(state.get("cart")) or bool(state.get("pending"))
    order_pos = first_phrase(words, ORDER_VERBS)
    first_product = min((m.start for m in ent.products), default=-1)
    explicit_order = has_products and order_pos >= 0 and order_pos <= first_product
    with_qty = any(m.qty and not m.weak for m in ent.products)
    # « I want the car decoration and the bridal bouquet », « I'll drop the laptop at the shop »: products asked
    # for, or where and how an order goes, without a word of trouble.
    # (« le vent a cassé la vitre » where « Remplacement de vitre cassée » is sold: the trouble is of the name said)
    told = [w if i not in ent.trouble_at else "_" for i, w in enumerate(words)]
    goods = {i for i, t in enumerate(norm.tokens) if t.stem in knowledge.product_stems}  # (even those had, unnamed)
    u.untroubled = not _trouble_said(told, joined, goods)
    u.plain_order = explicit_order and u.untroubled
    price_cue = any_phrase(ent.unnamed(words), PRICE)  # « ajoute un bracelet argent »: the silver, not the money
    # « c'est voili ça ! bon mets 2 pneus seulement »: a line of the order counted anew, however dear it is said
    price_cue = price_cue and not (in_order and explicit_order and with_qty and not norm.question)
    u.outside_number = _outside_number(norm, knowledge)
    owner_called = any(w in knowledge.owner_names for w in words) and (
        any_phrase(words, ("parler", "appeler", "c est toi", "talk", "speak", "call", "voir")) or _number_asked(words)
    )

    preventive = ((has_products or price_cue) and _only_preventive(words, PREVENTIVE)) or (
        # "si vous abîmez mon vêtement, vous remboursez ?": a question about a rule of the shop.
        norm.question and faq_i is not None and faq_score >= 2 and _only_preventive(words, IF_CLAUSE, window=6)
    )
    if (
        not preventive
        and norm.question
        and faq_i is not None
        and faq_score >= 3.5
        and not any_phrase(words, PAST_TROUBLE)
        and _complaint_words(words) <= knowledge.faq[faq_i].q_stems
    ):
        preventive = True  # "vous enlevez les taches ?": the shop's own FAQ topic, asked as a question
    hypothetical = any_phrase(words, HYPOTHETICAL)
    repair = _to_repair(words, in_order, explicit_order, first_product)
    loc_pos = first_phrase(words, LOCATION_QUESTION)
    location_first = loc_pos >= 0 and (order_pos < 0 or loc_pos < order_pos) and not ent.zones
    weak_only = any_phrase(words, COMPLAINT_WEAK) and not any_phrase(
        words, tuple(c for c in COMPLAINT if c not in COMPLAINT_WEAK)
    )
    if _general_task(words, joined, knowledge) or (
        # « vous connaissez un bon plombier ? », « can you recommend a good hotel? »: someone else's trade asked for
        any_phrase(words, RECOMMEND) and not has_products and not kind_named(knowledge, words)
    ):
        u.intent = "off_topic"  # « traduis-moi … », « a recipe for banana bread », « quel médicament … ? »
        u.decisive = True
    elif _own_goods_recommended(words, ent):
        u.intent, u.decisive = "availability", True  # « vous connaissez un bon saucisson ? » at a delicatessen
    elif state.get("choice") and set(ent.refused) & set(state["choice"]["skus"]) and u.untroubled and not zone:
        u.intent = "order"  # « celui sans animateur » while « lequel ? » is asked: the other candidate
    elif weak_only and faq_i is not None and faq_score >= 2:
        u.intent = "faq"
        u.faq_index = faq_i
    elif (
        not preventive
        and not repair
        and (
            any_phrase(told, COMPLAINT)
            or WAITING.search(joined)
            or NOT_ARRIVED.search(joined)
            or any(
                find_phrase(words, a) >= 0 and find_phrase(words, b) > find_phrase(words, a) for a, b in PAYMENT_PROBLEM
            )
        )
    ):
        u.intent = "complaint"
        u.decisive = bool(WAITING.search(joined) or NOT_ARRIVED.search(joined))
    elif not u.outside_number and (
        owner_called
        or any_phrase(ent.unnamed(words), HUMAN)  # « huile machine », « machine needles »: no bot spoken of
        or (any_phrase(words, ROLES) and any_phrase(words, ROLE_REQUEST) and not has_products)
        # "responsable", "le gérant svp": the role alone (what the credit answer tells them to write)
        or (any_phrase(words, ROLES) and len(set(words) - FUNCTION_WORDS - POLITE) == 1)
    ):
        u.intent = "human"
        # The owner by name, or a role alone (« responsable ») — not a word list that also says « numéro du … ».
        u.decisive = owner_called or (any_phrase(words, ROLES) and len(set(words) - FUNCTION_WORDS - POLITE) == 1)
    elif PLACED_ORDER_ACTION.search(joined) and not in_order and not has_products:
        u.intent = "human"  # "je veux annuler ma commande", "le livreur m'a appelé, je ne l'ai pas eu"
        u.decisive = bool(CANCEL_PLACED.search(joined))
    elif ORDER_STATUS.search(joined) and not has_products:
        u.intent = "delivery_time"
        u.order_status = True
        u.decisive = True
    elif deferred and not has_products and not (faq_i is not None and faq_score >= 2):  # the FAQ's word wins
        u.intent = "payment"  # "tu peux me faire crédit jusqu'à vendredi ?" is not about the opening days
        u.deferred = True
        u.decisive = True
    elif any_phrase(words, PRICE_LIST) and not any_phrase(
        words, ("livraison", "livraisons", "livrer", "delivery", "deliver", "frais")
    ):
        # « vos prix ? chemises, pantalons, tout », « price list please, cakes and pastries »: the kinds named
        # are those of the list asked for (Policy.product_info).
        u.intent = "price"  # the whole price list, never the delivery fees
        u.catalogue = True
        u.decisive = True
    elif (
        any_phrase(words, WANT_TO_ORDER)
        and not has_products
        and not zone
        and not ent.payments
        and not any_phrase(words, HOURS + TIME + ("jusqu", "until", "quelle heure", "what time"))
    ):
        u.intent = "order"  # « jveux passer commande », « I want to place an order »: what would they like?
        u.decisive = True
    elif any_phrase(words, OFF_TOPIC) and not has_products and not zone:
        u.intent = "off_topic"
    elif zone and any_phrase(words, FEE_QUESTION) and not explicit_order:
        u.intent = "delivery_zone_fee"  # "combien coûte la livraison d'un frigo à Cocody ?"
    elif hypothetical and any_phrase(words, STRONG_TIME) and not ent.payments:
        u.intent = "delivery_time"  # "si je commande un frigo pour Adjamé, ça arrive en combien de temps ?"
    elif location_first:
        u.intent = "location"  # "where is your shop? I want to come and see the fridges"
    elif explicit_order and (zone or ent.payments or not price_cue):
        u.intent = "order"
    elif faq_i is not None and faq_score >= 3.5:
        u.intent = "faq"
        u.faq_index = faq_i
    elif has_products and price_cue and not any_phrase(words, HOURS + TIME):
        u.intent = "price"
    elif any_phrase(words, ("y a quelqu un", "il y a quelqu un", "quelqu un la")) and not has_products:
        u.intent = "greeting"
    elif (
        faq_i is not None
        and faq_score >= 2
        and not (any_phrase(words, ASK_OBJECT) and not has_products and faq_score < 4)
        and not (has_products and any_phrase(words, AVAILABILITY) and faq_score < 3.5 and not faq_hit)
    ):
        u.intent = "faq"
        u.faq_index = faq_i
    elif any_phrase(words, HOURS) and _third_party(words, knowledge):
        u.intent = "off_topic"  # « la mairie ouvre à quelle heure ? », « le bateau bus part à quelle heure ? »
        u.decisive = True
    elif (
        any_phrase(words, HOURS)
        # (inside an order, « vendredi et samedi », « dimanche matin aussi » say when, not a question of hours)
        or (any_phrase(words, DAYS) and not has_products and not ent.zones and not in_order)
        or (CLOCK.search(joined) and any_phrase(words, ("come", "venir", "passer", "viens", "passe")))
    ):
        u.intent = "hours"
    elif (
        any_phrase(words, TIME)
        and (zone or any_phrase(words, DELIVERY + ("commande", "commander", "order")))
        and not (has_products and price_cue)
    ):
        u.intent = "delivery_time"
    elif any_phrase(words, CONTACT) and not ent.payments:
        u.intent = "location"
        u.decisive = norm.question and not u.greeting  # « votre numéro ? », not « bonjour, on m'a donné votre numéro »
    elif any_phrase(words, STRONG_LOCATION) or (
        (any_phrase(words, LOCATION) or ("ou" in norm.raw_tokens[-1:] and norm.question) or "où" in norm.raw.lower())
        and not has_products
        and not any_phrase(words, DELIVERY)
    ):
        u.intent = "location"
    elif has_products and price_cue:
        u.intent = "price"
    elif has_products and (explicit_order or (with_qty and not any_phrase(words, AVAILABILITY))):
        u.intent = "order"
    elif has_products and in_order and not any_phrase(words, AVAILABILITY):
        u.intent = "order"
    elif zone and (any_phrase(words, DELIVERY) or price_cue) and not any_phrase(words, KNOW):
        u.intent = "delivery_zone_fee"
    elif has_products and any_phrase(words, AVAILABILITY):
        u.intent = "availability"
    elif deferred or ent.payments or any_phrase(words, PAYMENT):
        u.intent = "payment"
        u.deferred = deferred
    elif faq_i is not None and faq_score >= 1.5 and (faq_hit or faq_score >= 2) and not any_phrase(words, ASK_OBJECT):
        u.intent = "faq"
        u.faq_index = faq_i
    elif has_products:
        u.intent = "availability" if not in_order else "order"
    elif in_order and (ent.numbers and _recount(words) or state.get("cart") and any_phrase(words, REMOVE)) and not zone:
        # « c'est trop voili, mets 1 seulement », « enlève-en un, c'est voili »: a smaller cart, however dear it is said
        u.intent = "order"
    elif price_cue and state.get("last_sku") and not any_phrase(words, DELIVERY):
        u.intent = "price"
    elif u.discount and not zone and not state.get("choice"):
        u.intent = "price"
    elif order_pos >= 0 and ent.numbers and not zone:
        u.intent = "order"
    elif zone and not any_phrase(words, KNOW):
        u.intent = "delivery_zone_fee"
    elif any_phrase(words, DELIVERY):
        u.intent = "delivery_zone_fee"
    elif order_pos >= 0 and (ent.numbers or any_phrase(words, AVAILABILITY)):
        u.intent = "order"
    elif any_phrase(words, CATALOGUE):
        u.intent = "availability"
        u.catalogue = True
        u.decisive = True
    elif order_pos >= 0 and any_phrase(words, ("commander", "order", "manger", "eat", "food", "acheter", "buy")):
        u.intent = "order"
    elif any_phrase(words, AVAILABILITY) and unknown_object(norm, ent, knowledge):
        u.intent = "availability"
    elif not has_products and not zone and service_object(norm):
        u.intent = "availability"  # "vous lavez les rideaux ?": a service the shop may or may not offer
    elif price_cue and not zone and not has_products and price_object(norm):
        u.intent = "price"  # "c'est combien les préservatifs ?" for a shop that does not sell them
    elif u.greeting and not u.thanks:
        u.intent = "greeting"
    elif u.thanks or (u.affirm and len(words) <= 4):
        u.intent = "thanks_bye"
    elif u.greeting:
        u.intent = "greeting"
    elif in_order and (u.affirm or u.negative or ent.numbers or len(words) <= 6):
        u.intent = "order"
    else:
        u.intent = "off_topic"
    if u.intent == "faq" and _home_zone_asked(norm, ent, knowledge, u.faq_index):
        u.intent, u.decisive, u.faq_index, u.faq_best = "delivery_zone_fee", True, None, None
    u.decisive = u.decisive or (repair and u.intent == "order")  # the thing added, however troubled it sounds
    u.rules_intent = u.intent
    fill_details(u, norm, ent, knowledge)
    u.unknown_in_faq = _said_in_faq(u.unknown, knowledge)
    return u


_AT_HOME = ("domicile", "a la maison", "chez moi", "chez nous", "at home", "home", "venir", "come", "passer")
_AT_HOME += ("deplacer", "deplacez", "travel")


def _home_zone_asked(norm: Normalised, ent: Entities, knowledge: Knowledge, faq_i: int | None) -> bool:
    """« vous faites les prélèvements à domicile à Abobo Gare ? », « do you do home visits in Abobo? »: whether the
    shop comes to a zone it does not serve, though an FAQ entry speaks of its home service (« Les frais de
    prélèvement à domicile sont-ils par personne ? ») without naming any zone."""
    if not (ent.zones and norm.question and not ent.products and faq_i is not None):
        return False
    if all(knowledge.zones[z].served for z in ent.zones if z in knowledge.zones):
        return False  # (« vous coiffez à domicile ? je suis à la Palmeraie »: the FAQ's terms for a zone it serves)
    if any_phrase(norm.words, TIME + HOURS) or not any_phrase(norm.words, _AT_HOME):
        return False  # (« vous livrez en combien de temps à Cocody ? » asks how long, which the model reads well)
    return not {stem(w) for z in ent.zones for w in fold_phrase(z)} & knowledge.faq[faq_i].q_stems


def _said_in_faq(thing: str | None, knowledge: Knowledge) -> bool | None:
    """Whether the shop's FAQ speaks of a thing asked for that is no product (« un groupe électrogène ? » where
    the FAQ says the rooms have one, not where only an electrician is offered). None: nothing of the kind."""
    said = [stem(w) for w in fold_phrase(thing or "") if w.isalpha() and len(w) > 2 and w not in EVERYDAY_WORDS]
    said = set(said[:2])  # the thing's own words (« groupe électrogène »), not the clause after it
    if not said:
        return None
    return said <= knowledge.faq_stems


def fill_details(u: Understanding, norm: Normalised, ent: Entities, knowledge: Knowledge) -> Understanding:
    """What the chosen intent needs beyond its code: the FAQ entry it answers from, and the thing asked
    for that the shop does not sell. Run again when the learned model chooses another intent."""
    if u.intent == "faq" and u.faq_index is None:
        u.faq_index = u.faq_best
    u.unknown = None
    if u.intent in ("availability", "order", "price") and not ent.products:
        if u.intent == "price" and any_phrase(norm.words, PRICE):
            u.unknown = price_object(norm) or unknown_object(norm, ent, knowledge)
        else:
            u.unknown = unknown_object(norm, ent, knowledge) or service_object(norm)
    elif u.intent == "order" and ent.numbers:
        # « mets-moi 2 garba et 1 coca » where garba is not sold: a count left over names something else.
        u.unknown = unknown_object(norm, ent, knowledge)
    if u.intent == "availability" and not ent.products and any_phrase(norm.words, WHICH):
        # « vous avez quelles voitures en location ? » at a car rental: which of its goods, words of its own trade
        # (never « quelles pizzas ? » there, which it does not sell): all of them.
        said = {stem(w) for w in fold_phrase(u.unknown or "") if w not in EVERYDAY_WORDS}
        if said <= knowledge.domain_stems:
            u.unknown, u.catalogue = None, True
    return u
