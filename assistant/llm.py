"""The optional language model: a more natural wording of the engine's answer, never a new fact.

The embedded engine (``assistant/engine``) always runs first: it understands the message, keeps the
cart and the order state machine, decides handoffs and writes a correct draft. When the account has
the model switched on and ``ASSISTANT_LLM_URL`` / ``ASSISTANT_LLM_MODEL`` are set, the model gets the
recent conversation, the draft and the shop's data as **tools** (search products, zone for a place,
the cart, FAQ lookup, hand off) and writes the reply. The model proposes, the engine disposes:

- every amount in the model's text must be one the draft or a tool result gave, and every amount of
  the draft must still be there (a recap keeps its total);
- every product and zone the engine recognises in the model's text must come from the draft, the
  cart or a tool result; an order may be called confirmed only when the engine created it;
- a handoff is the engine's fixed text; the model may ask for one (tool ``hand_off``), never cancel it.

Anything else — a timeout past the budget (``ASSISTANT_LLM_TIMEOUT``, retries included), an HTTP or
network error, a refusal, malformed tool calls or arguments, an empty text, or a failed check — sends
the engine's own reply, and the fallback is counted. The prompt carries no phone number, customer
name or address: digits runs are masked, and the shop's data arrives only through the tools. It keeps the
model to the shop (products, orders, delivery, payment, hours) and tells it to decline general questions
politely: WhatsApp forbids general-purpose chatbots since 15 January 2026.
"""

from __future__ import annotations

import json
import logging
import re
import time
from dataclasses import dataclass, field

from django.conf import settings
from rapidfuzz import fuzz

from core.money import format_fcfa

from .engine import PICKUP, Knowledge, Reply, Turn
from .engine.entities import extractor_for
from .engine.text import normalise

logger = logging.getLogger("flux.assistant.llm")

MAX_ROUNDS = 4  # tool-calling rounds before the model must answer
HISTORY_TURNS = 6  # messages of context
MAX_REPLY_CHARS = 1200

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "search_products",
            "description": "Products of the shop matching words (name, alias, kind): sku, name, price, unit, stock.",
            "parameters": {
                "type": "object",
                "properties": {"query": {"type": "string"}},
                "required": ["query"],
                "additionalProperties": False,
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "zone_for_place",
            "description": "The delivery zone of a place (commune or neighbourhood): served, fee, vehicle, delay, "
            "minimum order. Unknown places return the served zones.",
            "parameters": {
                "type": "object",
                "properties": {"place": {"type": "string"}},
                "required": ["place"],
                "additionalProperties": False,
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "cart_view",
            "description": "The customer's current cart as the shop recorded it: lines, subtotal, zone, fee, total.",
            "parameters": {"type": "object", "properties": {}, "additionalProperties": False},
        },
    },
    {
        "type": "function",
        "function": {
            "name": "faq_lookup",
            "description": "The shop's answers to frequent questions closest to a question.",
            "parameters": {
                "type": "object",
                "properties": {"question": {"type": "string"}},
                "required": ["question"],
                "additionalProperties": False,
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "hand_off",
            "description": "Ask for a person of the shop to take over (complaint, request for a human, a problem "
            "the shop's data cannot answer).",
            "parameters": {
                "type": "object",
                "properties": {"reason": {"type": "string"}},
                "required": ["reason"],
                "additionalProperties": False,
            },
        },
    },
]

SYSTEM = {
    "fr": (
        "Tu es l'assistant WhatsApp de la boutique « {shop} » à Abidjan. Réponds en français simple et chaleureux, "
        "en 1 à 4 phrases courtes, comme un vendeur ivoirien poli (le client peut écrire en nouchi : réponds en "
        "français). Le BROUILLON ci-dessous a été écrit par le système de la boutique à partir de ses données : il "
        "est juste. Reformule-le naturellement sans rien perdre : garde chaque montant exactement (écrit comme "
        "« 3 500 F CFA »), chaque produit, zone, délai, horaire et chaque question posée au client. N'invente "
        "jamais un prix, un produit, une zone, un frais ou un horaire : pour toute autre information, appelle un "
        "outil. Ne dis jamais qu'une commande est confirmée si le brouillon ne le dit pas. Pas de numéro de "
        "téléphone, pas de lien. Tu ne parles que de cette boutique : ses produits, les commandes, la livraison, "
        "le paiement et les horaires. Aux questions générales (devoirs, recettes, sport, blagues, traductions, "
        "programmation, politique, santé, poèmes…), ne réponds pas : refuse poliment en une phrase et ramène le client "
        "à la boutique (WhatsApp interdit les assistants généralistes)."
    ),
    "en": (
        "You are the WhatsApp assistant of the shop « {shop} » in Abidjan. Answer in plain, warm English, in 1 to 4 "
        "short sentences. The DRAFT below was written by the shop's system from its own data: it is right. Reword "
        "it naturally without losing anything: keep every amount exactly (written like « 3 500 F CFA »), every "
        "product, zone, delay, opening hour and every question asked to the customer. Never invent a price, a "
        "product, a zone, a fee or an hour: for anything else, call a tool. Never say an order is confirmed unless "
        "the draft says so. No phone numbers, no links. Talk only about this shop: its products, orders, delivery, "
        "payment and opening hours. To general questions (homework, recipes, sport, jokes, translations, coding, "
        "politics, health, poems…), give no answer: decline politely in one sentence and bring the customer back to "
        "the shop (WhatsApp forbids general-purpose assistants)."
    ),
}
DRAFT_LABEL = {"fr": "BROUILLON (à reformuler) :", "en": "DRAFT (to reword):"}

# 3 500 F CFA, 3500F, 3 500 FCFA, 3.500 francs, 3500 XOF — and bare numbers of 3+ digits.
_AMOUNT = re.compile(r"(?<![\d:h])(\d{1,3}(?:[ \u00a0\u202f.]\d{3})+|\d{3,})(?![\d:])")
_TIME = re.compile(r"\b\d{1,2}\s?[h:]\s?\d{2}\b")
_DIGITS = re.compile(r"\+?\d[\d \u00a0\u202f.-]{7,}\d")
_CONFIRMED = re.compile(r"(commande|order)\b[^.!?\n]{0,40}\b(confirm|enregistr|valid|placed|pass[ée]e)", re.IGNORECASE)


class LLMUnavailable(Exception):
    """The model could not give a usable reply in time: the engine's reply goes out."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass
class LLMOutcome:
    """What one reply cost and how it ended (``fallback`` set: the engine's reply went out)."""

    replies: list[Reply]
    used_model: bool = False
    fallback: str = ""
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: int = 0
    handoff_requested: bool = False
    facts: dict = field(default_factory=dict)


def llm_configured() -> bool:
    return bool(settings.ASSISTANT_LLM_URL and settings.ASSISTANT_LLM_MODEL)


def _client():
    # Imported here: with no LLM settings the product never loads the SDK.
    import openai

    return openai.OpenAI(
        base_url=settings.ASSISTANT_LLM_URL,
        api_key=settings.ASSISTANT_LLM_API_KEY or "not-needed",
        max_retries=0,  # retries are ours, inside the reply's time budget
    )


def mask_personal(text: str) -> str:
    """Phone numbers and other long digit runs never reach the model."""
    return _DIGITS.sub("[numéro]", text or "")


# --- the facts the model may state ----------------------------------------------------------------


def amounts_in(text: str) -> set[int]:
    """Amounts written in a text (``3 500 F CFA``, ``3500F``, ``3.500``): every number of 3 digits or
    more that is not a time of day."""
    cleaned = _TIME.sub(" ", text or "")
    found = set()
    for match in _AMOUNT.finditer(cleaned):
        digits = re.sub(r"\D", "", match.group(1))
        if digits:
            found.add(int(digits))
    return found


def _mentions(knowledge: Knowledge, text: str) -> tuple[set[str], set[str]]:
    entities = extractor_for(knowledge).extract(normalise(text, knowledge.own_slang))
    return set(entities.product_skus), {zone for zone in entities.zones if zone != PICKUP}


def _product_fact(product) -> dict:
    return {
        "sku": product.sku,
        "name": product.name,
        "price": product.price,
        "price_text": format_fcfa(product.price),
        "unit": product.unit,
        "in_stock": product.in_stock,
    }


def _zone_fact(zone) -> dict:
    return {
        "name": zone.name,
        "areas": list(zone.areas),
        "served": zone.served,
        "fee": zone.fee,
        "fee_text": format_fcfa(zone.fee) if zone.fee is not None else None,
        "vehicle": zone.vehicle,
        "eta_minutes": list(zone.eta) if zone.eta else None,
        "min_order": zone.min_order or None,
    }


class Tools:
    """The shop's data, as the model may see it: each call records the facts it handed out."""

    def __init__(self, knowledge: Knowledge, state: dict):
        self.k = knowledge
        self.state = state
        self.amounts: set[int] = set()
        self.skus: set[str] = set()
        self.zones: set[str] = set()
        self.handoff = False

    def call(self, name: str, arguments: dict) -> dict:
        method = getattr(self, f"tool_{name}", None)
        if method is None:
            raise LLMUnavailable(f"unknown tool {name!r}")
        try:
            return method(**arguments)
        except TypeError as exc:
            raise LLMUnavailable(f"bad arguments for {name}") from exc

    def _products(self, products) -> list[dict]:
        out = []
        for product in products:
            self.skus.add(product.sku)
            self.amounts.add(product.price)
            out.append(_product_fact(product))
        return out

    def _zone(self, zone) -> dict:
        self.zones.add(zone.name)
        self.amounts.update(value for value in (zone.fee, zone.min_order) if value)
        return _zone_fact(zone)

    def tool_search_products(self, query: str) -> dict:
        if not isinstance(query, str):
            raise LLMUnavailable("query is not text")
        skus = _mentions(self.k, query)[0]
        products = [self.k.products[sku] for sku in skus if sku in self.k.products]
        if not products:

            def score(product):
                return fuzz.token_set_ratio(query.lower(), product.name.lower())

            products = [p for p in sorted(self.k.products.values(), key=score, reverse=True)[:5] if score(p) >= 60]
        return {"products": self._products(products[:8])}

    def tool_zone_for_place(self, place: str) -> dict:
        if not isinstance(place, str):
            raise LLMUnavailable("place is not text")
        zones = _mentions(self.k, place)[1]
        if zones:
            return {"zones": [self._zone(self.k.zones[name]) for name in zones if name in self.k.zones]}
        return {
            "found": False,
            "served_zones": [self._zone(zone) for zone in self.k.served_zones()],
            "pickup_available": self.k.pickup_available,
        }

    def tool_cart_view(self) -> dict:
        lines, subtotal = [], 0
        for line in self.state.get("cart") or []:
            product = self.k.products.get(line.get("sku"))
            if product is None:
                continue
            quantity = int(line.get("qty") or 0)
            total = product.price * quantity
            subtotal += total
            self.skus.add(product.sku)
            self.amounts.update({product.price, total})
            lines.append({**_product_fact(product), "quantity": quantity, "line_total": total})
        zone = self.state.get("zone")
        fee = 0
        answer = {"lines": lines, "subtotal": subtotal}
        if zone and zone != PICKUP and zone in self.k.zones:
            answer["zone"] = self._zone(self.k.zones[zone])
            fee = self.k.zones[zone].fee or 0
        elif zone == PICKUP:
            answer["zone"] = "pickup"
        answer["total"] = subtotal + fee
        self.amounts.update({subtotal, subtotal + fee})
        return answer

    def tool_faq_lookup(self, question: str) -> dict:
        if not isinstance(question, str):
            raise LLMUnavailable("question is not text")
        scored = sorted(
            self.k.faq, key=lambda entry: fuzz.token_set_ratio(question.lower(), entry.question.lower()), reverse=True
        )
        answers = []
        for entry in scored[:3]:
            self.amounts.update(amounts_in(entry.answer) | amounts_in(entry.answer_en))
            answers.append({"question": entry.question, "answer": entry.answer, "answer_en": entry.answer_en})
        return {"answers": answers}

    def tool_hand_off(self, reason: str = "") -> dict:
        self.handoff = True
        return {"ok": True, "note": "A person of the shop will take over; tell the customer so, promise nothing."}


def reply_check(*, knowledge: Knowledge, turn: Turn, draft: str, text: str, tools: Tools, state: dict) -> str:
    """Why the model's text may not go out ('' when it may)."""
    if not text.strip():
        return "empty reply"
    if len(text) > MAX_REPLY_CHARS:
        return "reply too long"
    draft_amounts = amounts_in(draft)
    said = amounts_in(text)
    allowed = draft_amounts | tools.amounts
    if said - allowed:
        return f"amounts not in the shop's data: {sorted(said - allowed)}"
    if draft_amounts - said:
        return f"amounts of the draft left out: {sorted(draft_amounts - said)}"
    draft_skus, draft_zones = _mentions(knowledge, draft)
    cart_skus = {line.get("sku") for line in state.get("cart") or []}
    skus, zones = _mentions(knowledge, text)
    if skus - draft_skus - cart_skus - tools.skus:
        return f"products not in the draft or the tools: {sorted(skus - draft_skus - cart_skus - tools.skus)}"
    known_zones = draft_zones | tools.zones | ({state.get("zone")} if state.get("zone") else set())
    if zones - known_zones:
        return f"zones not in the draft or the tools: {sorted(zones - known_zones)}"
    if turn.order is None and _CONFIRMED.search(text) and not _CONFIRMED.search(draft):
        return "claims an order the engine did not create"
    return ""


def llm_polish(
    *, knowledge: Knowledge, turn: Turn, history: list[tuple[str, str]], text: str, shop_name: str = ""
) -> LLMOutcome:
    """The reply to send for ``turn``: the model's wording when it passes every check, else the engine's.

    ``history`` is the recent conversation before this message, oldest first, as (role, text) with role
    "user" or "assistant". Never raises: every failure is a counted fallback.
    """
    engine = LLMOutcome(replies=list(turn.replies))
    if not turn.replies or turn.handoff or any(reply.photo for reply in turn.replies):
        return engine  # silence, the engine's fixed handoff text, or product photos captioned from the catalogue
    started = time.monotonic()
    deadline = started + settings.ASSISTANT_LLM_TIMEOUT
    outcome = LLMOutcome(replies=list(turn.replies))
    draft = "\n".join(reply.text for reply in turn.replies)
    language = "en" if turn.reply_language == "en" else "fr"
    tools = Tools(knowledge, turn.state)
    messages = [{"role": "system", "content": SYSTEM[language].format(shop=shop_name or knowledge.name)}]
    for role, content in history[-HISTORY_TURNS:]:
        messages.append({"role": "assistant" if role == "assistant" else "user", "content": mask_personal(content)})
    messages.append({"role": "user", "content": mask_personal(text)})
    messages.append({"role": "system", "content": f"{DRAFT_LABEL[language]}\n{draft}"})
    try:
        written = _converse(messages=messages, tools=tools, deadline=deadline, outcome=outcome)
        problem = reply_check(knowledge=knowledge, turn=turn, draft=draft, text=written, tools=tools, state=turn.state)
        if problem:
            raise LLMUnavailable(problem)
    except LLMUnavailable as exc:
        outcome.replies, outcome.fallback = list(turn.replies), exc.reason
        logger.info("LLM reply replaced by the engine's: %s", exc.reason)
    else:
        # One message in the model's words; the engine's buttons (confirm / change) stay on it.
        buttons = turn.replies[-1].buttons
        outcome.replies, outcome.used_model = [Reply(text=written.strip(), buttons=buttons)], True
    outcome.handoff_requested = tools.handoff and not outcome.fallback
    outcome.latency_ms = int((time.monotonic() - started) * 1000)
    return outcome


def _converse(*, messages: list, tools: Tools, deadline: float, outcome: LLMOutcome) -> str:
    import openai

    client = _client()
    for _round in range(MAX_ROUNDS):
        response = None
        while response is None:
            remaining = deadline - time.monotonic()
            if remaining <= 0.05:
                raise LLMUnavailable("time budget spent")
            try:
                outcome.calls += 1
                response = client.with_options(timeout=remaining).chat.completions.create(
                    model=settings.ASSISTANT_LLM_MODEL, messages=messages, tools=TOOLS, temperature=0.3
                )
            except openai.APITimeoutError:
                raise LLMUnavailable("timeout") from None
            except (openai.APIConnectionError, openai.InternalServerError, openai.RateLimitError) as exc:
                # Temporary: try again while the budget lasts.
                logger.info("LLM call failed (%s), retrying within the budget", type(exc).__name__)
                time.sleep(min(0.2, max(0.0, deadline - time.monotonic())))
            except openai.APIError as exc:
                raise LLMUnavailable(f"error {type(exc).__name__}") from None
            except (ValueError, TypeError) as exc:  # an answer the SDK could not read
                raise LLMUnavailable(f"malformed answer ({type(exc).__name__})") from None
        usage = getattr(response, "usage", None)
        if usage is not None:
            outcome.prompt_tokens += int(getattr(usage, "prompt_tokens", 0) or 0)
            outcome.completion_tokens += int(getattr(usage, "completion_tokens", 0) or 0)
        choices = getattr(response, "choices", None) or []
        if not choices or getattr(choices[0], "message", None) is None:
            raise LLMUnavailable("malformed answer (no choice)")
        choice = choices[0]
        message = choice.message
        if getattr(message, "refusal", None) or choice.finish_reason == "content_filter":
            raise LLMUnavailable("refusal")
        calls = list(message.tool_calls or [])
        if not calls:
            if not isinstance(message.content, str):
                raise LLMUnavailable("malformed answer (no text)")
            return message.content
        messages.append(
            {
                "role": "assistant",
                "content": message.content or "",
                "tool_calls": [
                    {
                        "id": call.id,
                        "type": "function",
                        "function": {"name": call.function.name, "arguments": call.function.arguments},
                    }
                    for call in calls
                ],
            }
        )
        for call in calls:
            function = getattr(call, "function", None)
            if function is None or not getattr(function, "name", None):
                raise LLMUnavailable("malformed tool call")
            try:
                arguments = json.loads(function.arguments or "{}")
            except (TypeError, ValueError):
                raise LLMUnavailable(f"malformed tool arguments for {function.name}") from None
            if not isinstance(arguments, dict):
                raise LLMUnavailable(f"malformed tool arguments for {function.name}")
            result = tools.call(function.name, arguments)
            content = json.dumps(result, ensure_ascii=False)
            messages.append({"role": "tool", "tool_call_id": call.id, "content": content})
    raise LLMUnavailable("too many tool rounds")
