"""The optional language-model summary: a better wording, never a new fact.

The offline verdict (category, priority, summary, order lines) always comes first. When the
assistant's model is configured (``ASSISTANT_LLM_URL`` / ``ASSISTANT_LLM_MODEL``, the same
OpenAI-compatible chat-completions server as the assistant's), ``refine_summary`` asks it for two or
three French sentences and keeps them only when they pass the same checks as the offline summary:
at most three sentences, in French, no number the mail does not contain, and every amount and date
the mail states still there. Anything else — not configured, a timeout (``ASSISTANT_LLM_TIMEOUT``),
an HTTP or network error, an empty or failing answer — keeps the offline summary, with the reason.

Phone numbers never reach the model; the mail's text is cut at 4 000 characters. Meant for the
mailbox task (a worker), not for a request a person waits on.
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass, replace

from django.conf import settings

from emails.mime import ParsedMail

from . import Verdict
from .checks import invented_numbers, is_french, sentences
from .text import extract_facts, normalise

logger = logging.getLogger("flux.emails.llm")

MAX_INPUT_CHARS = 4000
MAX_SUMMARY_CHARS = 600
# Ivorian numbers (+225 07 07 12 34 56, 0707123456) and other long digit runs written as a phone.
PHONE_RE = re.compile(r"(?:\+\d{3}[\s.]?)?\b0\d(?:[\s.]?\d{2}){4}\b|\+\d{8,15}\b")
CATEGORY_WORDS = {
    "commande": "une commande",
    "partenariat": "une proposition de partenariat",
    "livraison": "une livraison",
    "support": "une demande de support ou une réclamation",
    "facture": "une facture ou un paiement",
    "autre": "un autre sujet",
    "newsletter": "une lettre d'information ou une publicité",
    "spam": "un message suspect (arnaque ou hameçonnage)",
}
SYSTEM = (
    "Tu résumes les e-mails reçus par une petite entreprise de Côte d'Ivoire pour son gérant. "
    "Écris deux ou trois phrases courtes en français, même si l'e-mail est en anglais. "
    "N'utilise que des faits présents dans l'e-mail : garde les montants, dates, quantités et références "
    "exactement comme ils sont écrits, n'ajoute aucun chiffre, ne calcule rien. Dis ce que l'expéditeur "
    "demande. Réponds par le résumé seul."
)


@dataclass(frozen=True)
class SummaryOutcome:
    summary: str
    used_model: bool
    fallback: str = ""  # why the offline summary was kept
    latency_ms: int = 0


def llm_configured() -> bool:
    return bool(settings.ASSISTANT_LLM_URL and settings.ASSISTANT_LLM_MODEL)


def mask_phones(text: str) -> str:
    return PHONE_RE.sub("[numéro]", text or "")


def _prompt(mail: ParsedMail, verdict: Verdict) -> list[dict]:
    body = mask_phones(mail.text)[:MAX_INPUT_CHARS]
    user = (
        f"Catégorie : {CATEGORY_WORDS.get(verdict.category, verdict.category)}\n"
        f"Expéditeur : {mail.sender_name}\n"
        f"Objet : {mask_phones(mail.subject)}\n\n{body}"
    )
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


def check(summary: str, mail: ParsedMail) -> str:
    """Empty when the model's summary may replace the offline one; else the reason it may not."""
    if not summary:
        return "empty"
    if len(summary) > MAX_SUMMARY_CHARS:
        return "too_long"
    if not 1 <= len(sentences(summary)) <= 3:
        return "sentences"
    if not is_french(summary):
        return "not_french"
    source = f"{mail.subject}\n{mail.text}\n{mail.sender_name} {mail.sender_email}"
    if invented_numbers(summary, source):
        return "invented_number"
    facts = extract_facts(mail.text or mail.subject)
    folded = normalise(summary).replace(" ", "").replace("\u202f", "")
    for fact in facts.amounts + facts.dates:
        if normalise(fact).replace(" ", "") not in folded:
            return "lost_fact"
    return ""


def llm_summary(mail: ParsedMail, verdict: Verdict) -> SummaryOutcome:
    if not llm_configured():
        return SummaryOutcome(verdict.summary, used_model=False, fallback="not_configured")
    if verdict.category == "spam":
        return SummaryOutcome(verdict.summary, used_model=False, fallback="spam")  # its warning is fixed text
    t0 = time.monotonic()
    try:
        # Imported here: with no model configured the product never loads the SDK.
        import openai

        client = openai.OpenAI(
            base_url=settings.ASSISTANT_LLM_URL,
            api_key=settings.ASSISTANT_LLM_API_KEY or "not-needed",
            max_retries=0,
            timeout=settings.ASSISTANT_LLM_TIMEOUT,
        )
        response = client.chat.completions.create(
            model=settings.ASSISTANT_LLM_MODEL,
            messages=_prompt(mail, verdict),
            temperature=0,
            max_tokens=300,
        )
        text = (response.choices[0].message.content or "").strip() if response.choices else ""
    except Exception as exc:  # noqa: BLE001 - any failure of the model keeps the offline summary
        latency = int((time.monotonic() - t0) * 1000)
        logger.warning("mail summary by the language model failed: %s", type(exc).__name__)
        return SummaryOutcome(verdict.summary, used_model=False, fallback="error", latency_ms=latency)
    latency = int((time.monotonic() - t0) * 1000)
    text = re.sub(r"\s+", " ", text)
    reason = check(text, mail)
    if reason:
        logger.info("mail summary by the language model refused: %s", reason)
        return SummaryOutcome(verdict.summary, used_model=False, fallback=reason, latency_ms=latency)
    return SummaryOutcome(text, used_model=True, latency_ms=latency)


def refine_summary(mail: ParsedMail, verdict: Verdict) -> Verdict:
    """The verdict with the model's summary when it is configured and passes the checks."""
    outcome = llm_summary(mail, verdict)
    return replace(verdict, summary=outcome.summary) if outcome.used_model else verdict
