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
from .entities import Entities
from .intents import Understanding, classify, fill_details
from .knowledge import Knowledge
from .model import IntentClassifier
from .text import Normalised

# Inside an order, the model overrides the rules only for these, and only when this sure.
IN_ORDER_OVERRIDES = ("complaint", "human")
IN_ORDER_CONFIDENCE = 0.85


def _answerable(intent: str, u: Understanding) -> bool:
    if intent == "faq":
        return u.faq_best is not None
    return True


def understand(
    norm: Normalised,
    ent: Entities,
    knowledge: Knowledge,
    state: dict,
    language: str | None,
    model: IntentClassifier | None,
) -> Understanding:
    u = classify(norm, ent, knowledge, state, language)
    if model is None:
        return u
    probs = model.probabilities(features.extract(norm, ent, state, u))
    ranked = sorted(probs.items(), key=lambda kv: -kv[1])
    intent, p = next(((i, q) for i, q in ranked if _answerable(i, u)), (u.intent, 1.0))
    in_order = bool(state.get("cart")) or bool(state.get("pending")) or bool(state.get("choice"))
    if in_order and not (intent in IN_ORDER_OVERRIDES and p >= IN_ORDER_CONFIDENCE):
        u.confidence = probs.get(u.intent, 0.0)
        return u
    u.confidence = p
    if intent != u.intent:
        u.intent = intent
        if intent != "faq":
            u.faq_index = None
        fill_details(u, norm, ent, knowledge)
    return u
