"""What the learned intent model sees of a message: shop-independent features.

The shop's own words are replaced by their kind before anything is learned: « 2 sacs de riz pour
Cocody par Wave » reads « NUM PROD pour ZONE par PAY ». So what the model learns on a bakery (« c'est
combien PROD ») holds for a garage it has never seen. Around that sequence: word unigrams and bigrams,
character n-grams of the customer's own words (typos, SMS spellings, nouchi), the cue lists of the
rule lexicon (complaint words, order verbs, time words… each one feature), the entities found in the
shop document, the dialogue's state, the FAQ match and the rule cascade's own answer.

Pure Python; the same function serves training (assistant/learning.py) and inference (model.py).
"""

from __future__ import annotations

from . import cues
from .entities import Entities
from .intents import Understanding
from .text import Normalised, stem

# Cue lists of the rule lexicon, each one feature when any of its phrases is in the message.
CUES = {
    "complaint": cues.COMPLAINT,
    "complaint_weak": cues.COMPLAINT_WEAK,
    "human": cues.HUMAN,
    "roles": cues.ROLES,
    "role_request": cues.ROLE_REQUEST,
    "greeting": cues.GREETING,
    "thanks": cues.THANKS,
    "discount": cues.DISCOUNT,
    "price": cues.PRICE,
    "order_verb": cues.ORDER_VERBS,
    "availability": cues.AVAILABILITY,
    "delivery": cues.DELIVERY,
    "time": cues.TIME,
    "hours": cues.HOURS,
    "days": cues.DAYS,
    "location": cues.LOCATION,
    "strong_location": cues.STRONG_LOCATION,
    "location_question": cues.LOCATION_QUESTION,
    "payment": cues.PAYMENT,
    "off_topic": cues.OFF_TOPIC,
    "negative": cues.NEGATIVE,
    "affirm": cues.AFFIRM,
    "contact": cues.CONTACT,
    "catalogue": cues.CATALOGUE,
    "fee_question": cues.FEE_QUESTION,
    "hypothetical": cues.HYPOTHETICAL,
    "strong_time": cues.STRONG_TIME,
    "preventive": cues.PREVENTIVE,
    "if_clause": cues.IF_CLAUSE,
    "past_trouble": cues.PAST_TROUBLE,
    "know": cues.KNOW,
    "ask_object": cues.ASK_OBJECT,
}
REGEX_CUES = {
    "waiting": cues.WAITING,
    "not_arrived": cues.NOT_ARRIVED,
    "placed_order_action": cues.PLACED_ORDER_ACTION,
    "order_status": cues.ORDER_STATUS,
    "deferred": cues.DEFERRED,
    "clock": cues.CLOCK,
    "to_do": cues.TO_DO,
}
PLACEHOLDERS = {"product": "PROD", "zone": "ZONE", "payment": "PAY"}


def delexicalised(norm: Normalised, ent: Entities) -> list[str]:
    """The message's words with the shop's products, zones and payment methods replaced by their kind,
    and numbers by NUM (a quantity in front of a product stays visible as NUM PROD)."""
    words = norm.words
    out: list[str] = []
    i = 0
    while i < len(words):
        kind = ent.kinds.get(i)
        if kind:
            out.append(PLACEHOLDERS[kind])
            while i < len(words) and ent.kinds.get(i) == kind:
                i += 1
            continue
        w = words[i]
        out.append("NUM" if w.isdigit() else w)
        i += 1
    return out


def _char_grams(word: str, low: int = 2, high: int = 5) -> list[str]:
    padded = f"<{word}>"
    return [padded[i : i + n] for n in range(low, high + 1) for i in range(len(padded) - n + 1)]


def extract(norm: Normalised, ent: Entities, state: dict, u: Understanding) -> dict[str, float]:
    """Features of one message. ``u`` is the rule cascade's understanding (its intent and FAQ match)."""
    seq = delexicalised(norm, ent)
    feats: dict[str, float] = {}

    def add(name: str, value: float = 1.0):
        feats[name] = feats.get(name, 0.0) + value

    padded = ["BOS", *seq, "EOS"]
    for w in seq:
        add("w=" + w)
        if w not in PLACEHOLDERS.values() and w != "NUM":
            s = stem(w)
            if s != w:
                add("s=" + s)
            if len(w) > 2:
                for g in _char_grams(w):
                    add("c=" + g, 0.2)
    for a, b in zip(padded, padded[1:], strict=False):
        add(f"b={a}_{b}")
    if len(seq) <= 3:
        add("short=" + "_".join(seq))  # the whole of a very short message: « merci », « PROD ? »

    words = ent.unnamed(norm.words)
    joined = " ".join(words)
    for name, phrases in CUES.items():
        if cues.any_phrase(words, phrases):
            add("cue=" + name)
    for name, pattern in REGEX_CUES.items():
        if pattern.search(joined):
            add("cue=" + name)

    if ent.products:
        add("e=product")
        if len(ent.products) > 1:
            add("e=products")
        if any(m.qty and not m.weak for m in ent.products):
            add("e=quantity")
        if any(len(m.skus) > 1 for m in ent.products):
            add("e=ambiguous")
    if ent.zones:
        add("e=zone")
    if ent.place:
        add("e=place")
    if ent.pickup:
        add("e=pickup")
    if ent.payments:
        add("e=payment")
    if ent.budget:
        add("e=budget")  # « une montre à moins de 20 000 F ? »: what the shop has at that price
    if ent.numbers:
        add("e=number")
    add("dom_in=" + str(min(u.in_domain, 2)))  # words of the shop's trade (not its names) spoken of
    if u.act_in_faq:
        add("act_faq")  # « vous nettoyez les tapis ? »: the FAQ's « nettoyage », no product
    if u.by_verb:
        add("e=by_verb")  # « vous réparez les frigos ? »: « Réparation frigo » named by its verb
    if u.unknown_in_faq is not None:
        add("unk_faq=" + str(int(u.unknown_in_faq)))  # a thing not sold that the FAQ speaks of, or not
    if ent.when:
        add("e=when")
    if norm.question:
        add("q")
    n = len(words)
    add("len=" + ("1" if n <= 1 else "2-3" if n <= 3 else "4-7" if n <= 7 else "8-15" if n <= 15 else "16+"))

    if state.get("cart"):
        add("st=cart")
    if state.get("pending"):
        add("st=pending:" + str(state["pending"]))
    if state.get("choice"):
        add("st=choice")

    score = u.faq_score
    if u.faq_best is not None:
        add("faq>=1.5" if score >= 1.5 else "faq<1.5")
        if score >= 2:
            add("faq>=2")
        if score >= 3.5:
            add("faq>=3.5")
        if u.faq_hit:
            add("faq_hit")
    return feats
