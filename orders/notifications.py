"""Customer updates: each status change that matters to the customer becomes one short WhatsApp
message in their language (French unless the conversation is known to be in English).

``order_notify_customer`` builds the text and queues ``orders.notify_customer`` after the commit; the
task hands it to the conversation core (``conversations.core.send_text``, or an approved template
outside the 24 h window) and records on the history step what became of it, e.g. « fenêtre de 24 h
fermée ». The texts are the catalogue's (``core.texts``, keys ``order.*``).
"""

from django.db import transaction
from django.utils import timezone

from core import texts
from core.money import format_fcfa

NOTICE_SENT = "message envoyé"
NOTICE_WINDOW_CLOSED = "fenêtre de 24 h fermée"
NOTICE_NO_CONTACT = "aucun contact WhatsApp"
NOTICE_UNAVAILABLE = "envoi WhatsApp indisponible"
NOTICE_TEMPLATE_SENT = "modèle « {name} » envoyé (fenêtre de 24 h fermée)"

# Outside the 24 h window WhatsApp only carries approved templates. An account that wants its order
# updates to reach customers then creates, in its Meta account, templates with these names (any
# language; the customer's is preferred), whose body's {{1}} is the order's reference; the « en
# route » template's {{2}}, when its body has one, is the customer's tracking link.
TEMPLATE_NAMES = {
    "confirmed": "commande_confirmee",
    "paid": "paiement_recu",
    "out_for_delivery": "commande_en_route",
    "delivered": "commande_livree",
    "ready": "commande_prete",
    "cancelled": "commande_annulee",
}

# The texts themselves are the catalogue's (core.texts): "order.<status>", "order.status.<status>".
# The statuses whose step tells the customer something (a cancellation with a note has its own text).
CUSTOMER_STATUSES = ("confirmed", "paid", "out_for_delivery", "delivered", "ready", "cancelled")


def order_status_text(*, order, language: str) -> str:
    """Where ``order`` is now, in the customer's language (French when the catalogue has no table for it)."""
    step = order.events.filter(to_status=order.status).order_by("-at").first()
    when = step.at if step is not None else order.updated_at
    date = timezone.localtime(when).strftime(texts.text("order.status.date_format", language))
    key = f"order.status.{order.status}"
    text = texts.text(
        key if texts.has(key) else "order.status.confirmed",
        language,
        reference=order.reference,
        total=format_fcfa(order.total),
        date=date,
    )
    if order.status in ("confirmed", "paid", "preparing") and order.eta_minutes:
        text += texts.text("order.status.eta", language, minutes=order.eta_minutes)
    return text


def customer_language(order) -> str:
    """The conversation's language when the catalogue has it ('en'), else 'fr' (the shops' language)."""
    conversation = order.conversation if order.conversation_id else None
    return texts.language_of(getattr(conversation, "language", "") or "")


def order_customer_text(*, order, status: str, note: str = "") -> str | None:
    """The message for the customer when ``order`` enters ``status``, or None when none is due."""
    if status not in CUSTOMER_STATUSES:
        return None
    key = "order.cancelled_reason" if status == "cancelled" and note.strip() else f"order.{status}"
    first_name = (order.customer_name or "").split(" ")[0]
    return texts.text(
        key,
        customer_language(order),
        name=first_name,
        reference=order.reference,
        total=format_fcfa(order.total),
        reason=note.strip().rstrip("."),
    )


def order_notify_customer(*, order, event) -> None:
    """Queue the customer's WhatsApp message for this history step, once the transaction commits.

    Going en route gives the order its tracking link (a new token; only its hash is stored) and the
    message carries it; delivered or cancelled, the link lives two more days then expires."""
    from aftersales.services import tracking_link_close, tracking_link_issue, tracking_url

    if event.to_status in ("delivered", "cancelled"):
        tracking_link_close(order=order)
    text = order_customer_text(order=order, status=event.to_status, note=event.note)
    if text is None:
        return
    url = ""
    if event.to_status == "out_for_delivery":
        url = tracking_url(tracking_link_issue(order=order))
        # The « en route » message carries the customer's tracking link (aftersales: /suivi/<token>).
        text = f"{text}\n{texts.text('order.tracking_line', customer_language(order), url=url)}"
    from .tasks import order_notify_customer_task

    event_id = event.pk
    transaction.on_commit(lambda: order_notify_customer_task.delay(event_id=event_id, text=text, url=url))


def order_update_template(*, templates: list[dict], order, status: str) -> dict | None:
    """The account's approved template for this step (``TEMPLATE_NAMES``), in the customer's
    language when there is one, else in any language; None when the account has none."""
    name = TEMPLATE_NAMES.get(status)
    matching = [template for template in templates if template.get("name") == name]
    if not matching:
        return None
    language = customer_language(order)
    return next((t for t in matching if (t.get("language") or "").lower().startswith(language)), matching[0])
