"""Understanding a mail: its category, its priority, a French summary and, for an order, its lines.

``understand(mail, products=...)`` is the only entry point. The category and priority come from the
learned model (model.py, trained on emails/corpus by emails/learning.py) and a few explicit rules
written down in docs/email-understanding.md: a newsletter or a spam is never urgent; a bulk mail
(List-Unsubscribe, Precedence…) the model does not call spam is a newsletter; an order, a bill or a
complaint with a deadline is urgent. Everything is offline and pure Python (a few milliseconds).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from emails.mime import ParsedMail

from . import orders as orders_mod
from .model import MailModel, default_model
from .summary import summarise
from .text import URGENT_RE, extract_facts, features

CATEGORIES = ("commande", "partenariat", "livraison", "support", "facture", "autre", "newsletter", "spam")
PRIORITIES = ("high", "medium", "low")
# Below this probability the best category is a guess (docs/email-understanding.md).
MIN_CONFIDENCE = 0.3


@dataclass(frozen=True)
class OrderLine:
    product_id: int
    name: str
    quantity: int


@dataclass(frozen=True)
class Verdict:
    category: str
    priority: str
    summary: str
    order_lines: tuple[OrderLine, ...]
    confidence: float


def mail_features(mail: ParsedMail) -> dict[str, float]:
    return features(
        mail.subject,
        mail.text,
        mail.sender_email,
        is_bulk=mail.is_bulk,
        attachments=len(mail.attachments),
        language=mail.language,
    )


def decide(mail: ParsedMail, probabilities: dict[str, dict[str, float]]) -> tuple[str, str, float]:
    """The category and priority from the model's probabilities and the explicit rules."""
    categories = probabilities["category"]
    category = max(categories, key=categories.get)
    if categories[category] < MIN_CONFIDENCE:
        category = "autre"  # the model does not know: the owner sorts it, nothing is pushed as an order
    priorities = probabilities["priority"]
    priority = max(priorities, key=priorities.get)
    if category in ("newsletter", "spam"):
        priority = "low"
    elif priority == "low" and category in ("commande", "support") and URGENT_RE.search(mail.subject + " " + mail.text):
        priority = "high"
    return category, priority, categories[category]


def understand(
    mail: ParsedMail, *, products: Sequence[tuple[int, str]] = (), model: MailModel | None = None
) -> Verdict:
    model = model or default_model()
    if model is None:  # no artefact: a mail is kept, filed as « autre », never lost
        probabilities = {"category": {"autre": 1.0}, "priority": {"medium": 1.0}}
    else:
        probabilities = model.predict(mail_features(mail))
    category, priority, confidence = decide(mail, probabilities)
    facts = extract_facts(mail.text or mail.subject)
    summary = summarise(
        subject=mail.subject,
        text=mail.text,
        sender_name=mail.sender_name,
        category=category,
        facts=facts,
        language=mail.language,
    )
    lines: tuple[OrderLine, ...] = ()
    if category == "commande" and products:
        # The body first: a quoted subject (« Re: commande 2 brouettes ») is older than the new words.
        found = orders_mod.order_lines(mail.text + "\n" + mail.subject, products)
        lines = tuple(OrderLine(c.product_id, c.name, c.quantity) for c in found)
    return Verdict(category, priority, summary, lines, round(float(confidence), 4))
