"""Customer updates: each status change that matters to the customer becomes one short WhatsApp
message in their language (French unless the conversation is known to be in English).

``order_notify_customer`` builds the text and queues ``orders.notify_customer`` after the commit; the
task hands it to the WhatsApp client (``integrations.whatsapp.services.send_text_to_contact``) and
records on the history step what became of it, e.g. « fenêtre de 24 h fermée ».
"""

from django.db import transaction
from django.utils import timezone

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

TEXTS = {
    "fr": {
        "confirmed": "Merci {name} ! Votre commande {reference} est confirmée : {total}. Nous vous tenons informé(e).",
        "paid": "Paiement reçu pour votre commande {reference} ({total}). Merci !",
        "out_for_delivery": "Votre commande {reference} est en route ! Le livreur arrive bientôt.",
        "delivered": "Votre commande {reference} a été livrée. Merci et à bientôt !",
        "ready": "Votre commande {reference} est prête : vous pouvez passer la retirer.",
        "cancelled": "Votre commande {reference} a été annulée.",
        "cancelled_reason": "Votre commande {reference} a été annulée : {reason}.",
    },
    "en": {
        "confirmed": "Thank you {name}! Your order {reference} is confirmed: {total}. We will keep you posted.",
        "paid": "Payment received for your order {reference} ({total}). Thank you!",
        "out_for_delivery": "Your order {reference} is on its way! The driver will be with you soon.",
        "delivered": "Your order {reference} has been delivered. Thank you, see you soon!",
        "ready": "Your order {reference} is ready: you can come and pick it up.",
        "cancelled": "Your order {reference} has been cancelled.",
        "cancelled_reason": "Your order {reference} has been cancelled: {reason}.",
    },
}


# The answer to "où en est ma commande ?" (assistant.services): where the order is now.
STATUS_TEXTS = {
    "fr": {
        "confirmed": "Votre commande {reference} ({total}) est confirmée et en cours de traitement.",
        "awaiting_payment": (
            "Votre commande {reference} attend votre paiement ({total}) : répondez « payer » pour recevoir le lien."
        ),
        "paid": "Votre commande {reference} est payée ({total}) et va être préparée.",
        "preparing": "Votre commande {reference} est en préparation.",
        "out_for_delivery": "Votre commande {reference} est en route : le livreur arrive bientôt.",
        "ready": "Votre commande {reference} est prête : vous pouvez passer la retirer.",
        "delivered": "Votre commande {reference} a été livrée le {date}.",
        "picked_up": "Votre commande {reference} a été retirée le {date}.",
        "cancelled": "Votre commande {reference} a été annulée.",
        "eta": " Délai annoncé : environ {minutes} minutes après la confirmation.",
    },
    "en": {
        "confirmed": "Your order {reference} ({total}) is confirmed and being processed.",
        "awaiting_payment": (
            "Your order {reference} is waiting for your payment ({total}): reply « pay » to get the link."
        ),
        "paid": "Your order {reference} is paid ({total}) and will be prepared.",
        "preparing": "Your order {reference} is being prepared.",
        "out_for_delivery": "Your order {reference} is on its way: the driver will be with you soon.",
        "ready": "Your order {reference} is ready: you can come and pick it up.",
        "delivered": "Your order {reference} was delivered on {date}.",
        "picked_up": "Your order {reference} was picked up on {date}.",
        "cancelled": "Your order {reference} has been cancelled.",
        "eta": " Announced time: about {minutes} minutes after confirmation.",
    },
}


def order_status_text(*, order, language: str) -> str:
    """Where ``order`` is now, in the customer's language ("en", else French)."""
    texts = STATUS_TEXTS["en" if language == "en" else "fr"]
    step = order.events.filter(to_status=order.status).order_by("-at").first()
    when = step.at if step is not None else order.updated_at
    date = timezone.localtime(when).strftime("%d/%m/%Y à %H:%M" if language != "en" else "%d/%m/%Y at %H:%M")
    text = texts.get(order.status, texts["confirmed"]).format(
        reference=order.reference, total=format_fcfa(order.total), date=date
    )
    if order.status in ("confirmed", "paid", "preparing") and order.eta_minutes:
        text += texts["eta"].format(minutes=order.eta_minutes)
    return text


def customer_language(order) -> str:
    """'en' when the conversation is known to be in English, else 'fr' (the shops' language)."""
    conversation = order.conversation if order.conversation_id else None
    language = (getattr(conversation, "language", "") or "").lower()
    return "en" if language.startswith("en") else "fr"


def order_customer_text(*, order, status: str, note: str = "") -> str | None:
    """The message for the customer when ``order`` enters ``status``, or None when none is due."""
    texts = TEXTS[customer_language(order)]
    key = "cancelled_reason" if status == "cancelled" and note.strip() else status
    if key not in texts:
        return None
    first_name = (order.customer_name or "").split(" ")[0]
    return texts[key].format(
        name=first_name, reference=order.reference, total=format_fcfa(order.total), reason=note.strip().rstrip(".")
    )


# The « en route » message carries the customer's tracking link (aftersales: /suivi/<token>).
TRACKING_LINE = {
    "fr": "Suivez votre livraison en direct : {url}",
    "en": "Follow your delivery live: {url}",
}


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
        text = f"{text}\n{TRACKING_LINE[customer_language(order)].format(url=url)}"
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
