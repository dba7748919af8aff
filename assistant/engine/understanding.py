"""Understanding a message: the rule cascade, then the learned model, then the decision.

The rules (intents.classify) stay where they are exact: entities, numbers, confirmations, the
dialogue's pending question. Their answer is one of the model's features, and the model decides the
intent of a message said outside an order. Vetoes keep the decision answerable: « faq » needs an FAQ
entry close enough to answer from; inside an order the rules' reading of a bare answer (« 4 », « le
deuxième », « Wave ») stands unless the model is sure the customer is reporting a problem or asking
for a person.
"""

from __future__ import annotations

from . import features
from .choice import RESTRICTING, split_counts
from .cues import (
    HOURS_ASK,
    ORDER_VERBS,
    PAST_TROUBLE,
    PAYMENT_ASK,
    PERSON_CUES,
    POLITE,
    REMOVE,
    REPLACE,
    TOTAL,
    WHERE_ASK,
    any_phrase,
    first_phrase,
)
from .entities import Entities
from .faq import ranked_first
from .intents import Understanding, classify, fill_details
from .knowledge import Knowledge, kind_named, measure_word
from .lexicon import FUNCTION_WORDS, ORDINAL_WORDS
from .model import IntentClassifier
from .people import headcount, per_person
from .photos import photo_request
from .ranges import areas
from .served import is_service
from .text import Normalised, fold_phrase, phrase_positions
from .unknown import purpose_only

# Inside an order, the model overrides the rules only for these, and only when this sure.
IN_ORDER_OVERRIDES = ("complaint", "human")
IN_ORDER_CONFIDENCE = 0.85
# Outside an order, below this probability with a runner-up at least RUNNER_UP likely, the message is
# ambiguous between the two: the policy asks which one the customer means.
UNSURE_BELOW = 0.45
TIE = 0.05  # two readings the model gives within this are a tie
# What the shop sold, delivered or did (« the driver left the glass at the gate and now it's cracked »): a trouble
# beside them is the shop's, however like the name of a remedy it sounds.
_SHOP_DID = ("livreur", "driver", "delivery", "delivered", "livraison", "livre", "livree", "paid", "paye", "payed")
_SHOP_DID += ("commande", "order", "achete", "bought", "votre", "vos", "your", "you gave", "you did", "vous m")
_SHOP_DID += ("ordered", "brought", "sent", "gave", "apporte", "envoye", "recu", "received", "got")
_ASKED = ("order", "price", "availability")
RUNNER_UP = 0.25
# Intents that never need a question: answering a greeting or a goodbye wrongly costs nothing.
NEVER_ASK = ("greeting", "thanks_bye", "off_topic")
# Taking a disappointment in one's stride inside an order (« tant pis », « never mind »): no trouble to hand over.
_RESIGNED = (
    "tant pis",
    "dommage",
    "too bad",
    "what a pity",
    "c est pas grave",
    "pas grave",
    "never mind",
    "nevermind",
    "no wahala",
    "y a pas drap",
)
# Checking one has the right shop (« c'est bien la pâtisserie d'Angré ? », « is this the poultry farm? »).
_IS_IT_THE_SHOP = ("c est bien", "c bien", "vous etes bien", "is this", "is it the", "are you the", "this is the")


def _answerable(intent: str, u: Understanding, words: list[str]) -> bool:
    if intent == "faq":
        return u.faq_best is not None
    if intent == "human":  # a word of a person of the shop, never the number of a service outside it
        return u.intent == "human" or (any_phrase(words, PERSON_CUES) and not u.outside_number)
    return True


def payment_asked(norm: Normalised, ent: Entities) -> bool:
    """« la batterie c'est combien et vous prenez Wave ? »: a method named after « vous prenez », « do you take »,
    and no product after the ask — a second question about paying, not « une recharge de 1000 Orange »."""
    asked = first_phrase(norm.words, PAYMENT_ASK)
    paid = min((i for i, kind in ent.kinds.items() if kind == "payment"), default=-1)
    return 0 <= asked < paid and not any(m.start > asked for m in ent.products)


def _second_question(norm: Normalised, ent: Entities) -> str | None:
    """The question a message asks beside its product one that Policy.also_answer answers too: how to pay
    (payment_asked), the hours or the address."""
    if payment_asked(norm, ent):
        return "payment"
    if any_phrase(norm.words, HOURS_ASK):
        return "hours"
    return "location" if any_phrase(norm.words, WHERE_ASK) else None


_GOODS_READINGS = {"order", "availability", "price"}
# « 2 jupes, même taille que la dernière fois », « 3 more, same as last time »: bought again, counted, which says
# no grievance by itself
_AS_BEFORE = ("que la derniere fois", "comme la derniere fois", "as last time", "like last time", "comme d habitude")


def _asked_for(norm: Normalised, ent: Entities) -> bool:
    return _counted(ent) or bool(ent.products and any_phrase(norm.words, ("please", "s il vous plait")))


def _counted(ent: Entities) -> bool:
    return any(m.qty and not m.weak for m in ent.products)


# « bonjour, c'est pour la désinfection de nos bureaux », « hello, I'm here for the oil change »: what is wanted
_HERE_FOR = ("c est pour", "je viens pour", "j appelle pour", "it s for", "i m here for", "i m calling for")


def _came_for(norm: Normalised, ent: Entities) -> bool:
    # (the cue right before the product, or before its article)
    ends = {at + len(cue.split()) for cue in _HERE_FOR for at in phrase_positions(norm.words, cue)}
    return any(m.start in ends or m.start - 1 in ends for m in ent.products)


_FROM = {"de", "d", "du", "depuis", "from"}
_TO = {"a", "au", "vers", "jusqu", "to", "go", "till"}


def _destination_first(norm: Normalised, ent: Entities) -> None:
    """« de Yop Toit Rouge à Abobo Gare », « from Yopougon go Adjamé »: of two zones said as a way from one to the
    other, the order goes where it ends."""
    at = sorted(i for i, kind in ent.kinds.items() if kind == "zone")
    groups = [i for i in at if i - 1 not in at]  # where each zone's words begin
    if len(ent.zones) != 2 or len(groups) != 2:
        return
    first_end = max(i for i in at if i < groups[1]) + 1
    words = norm.words
    if groups[0] and words[groups[0] - 1] in _FROM and set(words[first_end : groups[1]]) & _TO:
        ent.zones.reverse()


def _one_more(norm: Normalised, ent: Entities) -> None:
    """« ajoutez mon deuxième fauteuil », « add a second chair »: one of it (more of the line, with « ajoutez »)."""
    for m in ent.products:
        if (m.qty is None or m.weak) and m.start and norm.words[m.start - 1] in ORDINAL_WORDS:
            m.qty, m.weak = 1, False


# Units of a service done once for each person that people.per_person does not count (« (la prestation) », « pose »).
_ONCE_EACH = {"prestation", "pose"}


def _people_served(norm: Normalised, ent: Entities, knowledge: Knowledge, state: dict) -> None:
    """« on est 2, moi et mon voisin » with one service in the cart, or one sold by the person or the session
    (« Dégradé », « (la séance) »): done for each, that many."""
    cart = state.get("cart") or []
    if ent.products or ent.numbers or len(cart) != 1 or cart[0]["sku"] not in knowledge.products:
        return
    p = knowledge.products[cart[0]["sku"]]
    if is_service(knowledge, p) or set(fold_phrase(p.unit)) & _ONCE_EACH or per_person(p):
        if said := headcount(norm.words):
            ent.numbers = [said]


def read_in_context(norm: Normalised, ent: Entities, knowledge: Knowledge, state: dict) -> None:
    """The entities read again with the whole sentence and the cart, before any intent is decided (the corpus's
    examples are read the same way, learning.examples): what an unknown thing is for, where a way ends, « mon
    deuxième », the people counted for the service in the cart."""
    purpose_only(knowledge, norm, ent)  # « vous vendez des rideaux ? c'est pour mon salon »: not the sofa
    _destination_first(norm, ent)
    _one_more(norm, ent)
    _people_served(norm, ent, knowledge, state)


def understand(
    norm: Normalised,
    ent: Entities,
    knowledge: Knowledge,
    state: dict,
    language: str | None,
    model: IntentClassifier | None,
) -> Understanding:
    read_in_context(norm, ent, knowledge, state)
    u = _decide(norm, ent, knowledge, state, language, model)
    opens = _counted(ent) or u.plain_order or _came_for(norm, ent)
    if u.intent == "greeting" and opens and not norm.question and not u.decisive:
        # « bsr svp une robe pagne », « hello, one wax shirt », « how far, I wan buy Bible »: the greeting opens an
        # order (a greeting that only names the trade, « c'est bien le dépôt de gaz ? », stays a greeting).
        u.intent = "order"
        fill_details(u, norm, ent, knowledge)
    if (
        u.intent in NEVER_ASK
        and not ent.products
        and norm.question
        and not any_phrase(norm.words, _IS_IT_THE_SHOP)  # « c'est bien la pâtisserie d'Angré ? » greets
        and kind_named(knowledge, norm.words, u.unknown)
    ):
        u.intent = "availability"  # « any seafood? », « una get juice? »: a kind of goods the shop sells, asked
    if u.intent == "availability" and ent.zones and not ent.products and not u.unknown and not u.catalogue:
        # « vous allez à Songon ? y a baptême chez mon frère »: nothing of the shop's asked for, a place: whether it
        # is served (the occasion is no goods)
        u.intent = "delivery_zone_fee"
        fill_details(u, norm, ent, knowledge)
    return u


def _named_only(norm: Normalised, ent: Entities) -> bool:
    """« Lavage séchage seulement », « the big duvet please »: the message names products and nothing else (no
    greeting, no trouble, no question word), whatever the model makes of words it has rarely seen alone."""
    inside = {i for m in ent.products for i in range(m.start, m.end)}
    rest = {t.text for i, t in enumerate(norm.tokens) if i not in inside} - FUNCTION_WORDS - POLITE - RESTRICTING
    return bool(ent.products) and not rest


def _no_complaint(norm: Normalised, ent: Entities, u: Understanding) -> str:
    """What a message the model alone reads as a complaint, with no trouble said, asks instead; "" if it is one."""
    if any_phrase(norm.words, (*PAST_TROUBLE, *_SHOP_DID)):
        return ""  # what the shop sold, delivered or did is spoken of
    counted = ent.people or ent.by_period or areas(norm.words)
    summed = len(ent.products) > 1 and any_phrase(norm.words, TOTAL)
    denied = any(w in ("pas", "not", "no", "non", "rien", "nothing", "never", "jamais") for w in norm.words)
    if summed and not denied:
        return "price"  # « what will the screen and the disco ball come to »: what several products cost together
    if counted and not denied and ent.products:
        # « a haircut for me and my 2 boys », « piano lesson 2 hours a week for 4 weeks », « a bay window 1m by 1m50
        # without the fitting »: products counted by the people, the period or the size, no denial said (the
        # rules' « hours » there is the unit the lesson is sold by)
        return u.intent if u.intent in _ASKED else "price" if norm.question else "order"
    if ent.trouble_at:
        # « le vent a cassé la vitre du salon » where « Remplacement de vitre cassée » is sold: a need told by its
        # trouble, which the shop remedies: what it has for it, unless the rules read more.
        return u.intent if u.intent in _ASKED else "availability"
    return ""


def _decide(
    norm: Normalised,
    ent: Entities,
    knowledge: Knowledge,
    state: dict,
    language: str | None,
    model: IntentClassifier | None,
) -> Understanding:
    u = classify(norm, ent, knowledge, state, language)
    ranker = model.meta.get("faq_ranker") if model is not None and getattr(model, "meta", None) else None
    if ranker and u.faq_best is not None and len(knowledge.faq) > 1:
        # The rules said an FAQ entry is close enough; the weights learned on the corpus say which one answers.
        pick = ranked_first([feats for feats, _hit in u.faq_entries], ranker)
        if u.faq_index == u.faq_best:
            u.faq_index = pick
        u.faq_best = pick
    if not (u.decisive and u.intent in ("complaint", "human")) and photo_request(norm.words, ent.consumed):
        # A request to see a product is read from the sentence's shape: it asks about products.
        u.photos, u.intent, u.unsure = True, "availability", None
        return u
    if model is None or u.decisive:
        return u
    probs = model.probabilities(features.extract(norm, ent, state, u))
    ranked = sorted(probs.items(), key=lambda kv: -kv[1])
    intent, p = next(((i, q) for i, q in ranked if _answerable(i, u, norm.words)), (u.intent, 1.0))
    in_order = bool(state.get("cart")) or bool(state.get("pending")) or bool(state.get("choice"))
    logistics = in_order and (ent.pickup or ent.zones or ent.payments)
    # « enlevez le lit d'appoint, il dormira dans le canapé »: a line of the cart taken out, no trouble said.
    carted = {ln["sku"] for ln in state.get("cart") or []}
    logistics = logistics or (any_phrase(norm.words, REMOVE) and any(set(m.skus) & carted for m in ent.products))
    # « actually make it 3 tyres », « finalement mets 4 »: a new count for the cart, said without trouble.
    counted = bool(ent.numbers) or any(w.isdigit() and 0 < int(w) < 100 for w in norm.words)  # (« 2 jours »: a period)
    logistics = logistics or (bool(carted) and counted and any_phrase(norm.words, REPLACE))
    # « attendez, la roue de secours aussi est à plat, il faut réparer les deux »: more of a line, counted
    logistics = logistics or any(set(m.skus) & carted and m.qty and not m.weak for m in ent.products)
    # « arriving Sunday, leaving the following Sunday, so 7 nights »: how much of a line, in the unit it is sold by
    units = {u for s in carted if s in knowledge.products for u in knowledge.products[s].per_units}
    items = {knowledge.products[s].per_word for s in carted if s in knowledge.products} - {""}
    logistics = (
        logistics
        or any(  # (« j'ai 4 fenêtres » with « Prise de mesures (par fenêtre) »: as many items)
            a.isdigit() and (measure_word(b.text) in units or b.stem in items)
            for a, b in zip(norm.words, norm.tokens[1:], strict=False)
        )
    )
    # « bon je vais la déposer moi-même au comptoir alors »: how the goods travel, said without trouble, which the
    # model reads as a problem only by a guess.
    logistics = logistics or (intent == "complaint" and p < UNSURE_BELOW and (ent.pickup or bool(ent.zones)))
    if intent in ("complaint", "off_topic") and u.untroubled and ((u.plain_order and not in_order) or logistics):
        # « ok, I want the car decoration and the bridal bouquet, we will bring the car on Saturday », « I'll drop
        # the laptop at the shop and collect it there », « bon donne moi excursion alors »: an order, or where it
        # goes, said without a word of trouble, however like a complaint (or off the topic) the rest sounds.
        intent, p = u.intent, probs.get(u.intent, 0.0)
    if intent in ("complaint", "greeting", "off_topic") and u.untroubled and _named_only(norm, ent):
        intent, p = u.intent, max(probs.get(u.intent, 0.0), UNSURE_BELOW)  # « lavage séchage seulement »
    if intent == "complaint" and u.untroubled and (asked := _no_complaint(norm, ent, u)):
        intent, p = asked, max(probs.get(asked, 0.0), UNSURE_BELOW)  # (never « a product, or a problem? »)
    gone = knowledge.products.get(state.get("last_sku") or "")
    if (
        intent in ("complaint", "off_topic")
        and u.untroubled
        and gone
        and not gone.in_stock
        and (ent.products or ent.numbers or any_phrase(norm.words, ORDER_VERBS))  # « mettez les L alors, 3 paquets »
    ):
        # « Oh that's a pity. Then the gold ring, size 60 » after « out of stock »: another product taken instead.
        intent, p = "order", probs.get("order", 0.0)
    # « not the girl's one, the other » while « which one? » is asked turns a candidate down: an answer, no problem.
    answers_choice = bool(state.get("choice")) and bool(ent.refused)
    # « le premier fait 4 kg, l'autre 15 kg »: the answer splits among the candidates
    answers_choice = answers_choice or bool(
        state.get("choice") and split_counts(knowledge, norm, state["choice"]["skus"])
    )
    # « the one wey get filling inside. 3 of them » while « which one? » is asked: an answer with a count, no problem.
    # (« e be like 60 by 80 »: a size said)
    answers_choice = answers_choice or bool(
        state.get("choice") and u.untroubled and (ent.numbers or _counted(ent) or ent.products or areas(norm.words))
    )
    # « ah dommage, tant pis, sans le siège alors » after an out-of-stock reply: the order goes on without it.
    answers_choice = answers_choice or any_phrase(norm.words, _RESIGNED)
    if in_order and (answers_choice or not (intent in IN_ORDER_OVERRIDES and p >= IN_ORDER_CONFIDENCE)):
        u.confidence = probs.get(u.intent, 0.0)
        return u
    u.confidence = p
    runner_up = next(((i, q) for i, q in ranked if i != intent and _answerable(i, u, norm.words)), None)
    tie = runner_up and (p - runner_up[1] < TIE or _counted(ent) and any_phrase(norm.words, _AS_BEFORE))
    if intent == "complaint" and runner_up and runner_up[0] == u.intent and tie and u.untroubled:
        # « 2 jupes plissées, même taille que la dernière fois »: a complaint and what the rules read, as likely as
        # each other, and no trouble said: the rules decide.
        intent, p = u.intent, runner_up[1]
    if p < UNSURE_BELOW and runner_up and runner_up[1] >= RUNNER_UP:
        pair = {intent, runner_up[0]}
        if u.intent in pair or u.intent == "complaint":  # an upset customer read by the rules is never quizzed
            # The model hesitates between two readings and the rules name one of them: the rules decide
            # (« vous m'avez livré une chemise abîmée, vous remboursez ? » is the complaint they read; « ah
            # bon, donnez-moi le fer sec alors » the order).
            intent = u.intent
        elif pair <= _GOODS_READINGS and "order" in pair and not norm.question and _asked_for(norm, ent):
            # « un pagne 6 yards », « a dozen chargers please », « sandals please, size 33 »: a product with how many,
            # or with « please », not asked, is an order.
            intent = "order"
        elif ent.products and (pair - {"price", "availability"}) and (second := _second_question(norm, ent)) in pair:
            # « how much is the frame, and do you take MTN? »: two questions, both answered (Policy.also_answer),
            # the product's first; never « which one do you mean? ».
            intent = next(i for i in (intent, runner_up[0]) if i != second)
        elif (
            intent not in NEVER_ASK
            and intent not in ("complaint", "human")  # an upset customer is handed to a person, never quizzed
            and runner_up[0] not in NEVER_ASK
        ):
            u.unsure = (intent, runner_up[0])
    if intent != u.intent:
        u.intent = intent
        if intent != "faq":
            u.faq_index = None
        fill_details(u, norm, ent, knowledge)
    return u
