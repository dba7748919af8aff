"""The customer-facing texts outside the assistant's engine, keyed, one table per language.

Every message the shop's number sends on its own (an order's updates, a payment link, a rating
request, the « STOP » confirmation, the assistant's fixed answers) is ``text(key, language, **fields)``:
the key names the message (``"order.confirmed"``), the language is the customer's, and the fields
fill the text's named placeholders (``{reference}``). A language is one more table here, with every
key and the same placeholders (core/tests/test_texts.py checks it); a language without a table, or
unknown, reads French, the shops' language. The engine's phrases (``assistant/engine``) have their own
catalogue of the same shape, ``assistant/engine/texts.py``.
"""

from string import Formatter

DEFAULT_LANGUAGE = "fr"

CATALOGUE: dict[str, dict[str, str]] = {
    "fr": {
        # Order updates (orders.notifications), one per status change that matters to the customer.
        "order.confirmed": (
            "Merci {name} ! Votre commande {reference} est confirmée : {total}. Nous vous tenons informé(e)."
        ),
        "order.paid": "Paiement reçu pour votre commande {reference} ({total}). Merci !",
        "order.out_for_delivery": "Votre commande {reference} est en route ! Le livreur arrive bientôt.",
        "order.delivered": "Votre commande {reference} a été livrée. Merci et à bientôt !",
        "order.ready": "Votre commande {reference} est prête : vous pouvez passer la retirer.",
        "order.cancelled": "Votre commande {reference} a été annulée.",
        "order.cancelled_reason": "Votre commande {reference} a été annulée : {reason}.",
        "order.tracking_line": "Suivez votre livraison en direct : {url}",
        # The answer to « où en est ma commande ? » (assistant.services): where the order is now.
        "order.status.confirmed": "Votre commande {reference} ({total}) est confirmée et en cours de traitement.",
        "order.status.awaiting_payment": (
            "Votre commande {reference} attend votre paiement ({total}) : répondez « payer » pour recevoir le lien."
        ),
        "order.status.paid": "Votre commande {reference} est payée ({total}) et va être préparée.",
        "order.status.preparing": "Votre commande {reference} est en préparation.",
        "order.status.out_for_delivery": "Votre commande {reference} est en route : le livreur arrive bientôt.",
        "order.status.ready": "Votre commande {reference} est prête : vous pouvez passer la retirer.",
        "order.status.delivered": "Votre commande {reference} a été livrée le {date}.",
        "order.status.picked_up": "Votre commande {reference} a été retirée le {date}.",
        "order.status.cancelled": "Votre commande {reference} a été annulée.",
        "order.status.eta": " Délai annoncé : environ {minutes} minutes après la confirmation.",
        "order.status.date_format": "%d/%m/%Y à %H:%M",
        # Payment links (payments.services).
        "payment.button": "Payer",
        "payment.link": (
            "Pour régler votre commande {reference} ({amount}) par {method}, touchez « Payer » ci-dessous. "
            "Le lien est valable {minutes} minutes."
        ),
        "payment.reminder": (
            "Rappel : votre commande {reference} ({amount}) attend toujours son paiement {method}. "
            "Voici un nouveau lien, valable {minutes} minutes ; sans paiement, la commande sera annulée."
        ),
        "payment.provider_down": (
            "Votre commande {reference} est bien enregistrée, mais le paiement {method} ne répond pas pour le moment. "
            "Écrivez « payer » dans quelques minutes pour recevoir le lien, ou réglez en espèces à la livraison."
        ),
        "payment.resend": "Je vous renvoie le lien de paiement de la commande {reference}.",
        # Rating requests and their replies (aftersales.services).
        "rating.request": (
            "Bonjour {name} ! Votre commande {reference} vous a été livrée il y a une heure. "
            "Comment s'est passée la livraison ? Répondez par une note de 1 à 5 (5 = excellent) "
            "et, si vous le souhaitez, un mot sur votre expérience 🙏"
        ),
        "rating.thanks": "Merci pour votre note ({score}/5) ! À très bientôt chez {shop}.",
        "rating.middle": "Merci pour votre note ({score}/5) ! Vos remarques nous aident à nous améliorer.",
        "rating.sorry": (
            "Nous sommes désolés que la livraison ne vous ait pas satisfait. Le responsable de {shop} "
            "a été prévenu et vous répond ici très vite."
        ),
        # « STOP » / « START » (campaigns.optout).
        "optout.out": (
            "C'est noté : vous ne recevrez plus nos messages promotionnels. Répondez START à tout moment pour "
            "les recevoir à nouveau. Vous pouvez toujours nous écrire pour commander."
        ),
        "optout.in": "C'est noté : vous recevrez à nouveau nos offres et nouveautés. Répondez STOP pour les arrêter.",
        # The responder's fixed answers (assistant.services), before the engine.
        "assistant.unreadable": "Je ne peux lire que les messages écrits 🙏 Pouvez-vous m'écrire votre demande ?",
        "assistant.not_heard": "Je n'ai pas bien entendu, pouvez-vous l'écrire ?",
        "assistant.photo_received": "Merci pour la photo ! Quel produit cherchez-vous ? Écrivez-moi son nom 🙏",
        "assistant.location": "Merci pour la position 📍 Pouvez-vous aussi m'écrire votre commune ou votre quartier ?",
        "assistant.pay_again": "Je vous renvoie le lien de paiement de la commande {reference}.",
    },
    "en": {
        "order.confirmed": "Thank you {name}! Your order {reference} is confirmed: {total}. We will keep you posted.",
        "order.paid": "Payment received for your order {reference} ({total}). Thank you!",
        "order.out_for_delivery": "Your order {reference} is on its way! The driver will be with you soon.",
        "order.delivered": "Your order {reference} has been delivered. Thank you, see you soon!",
        "order.ready": "Your order {reference} is ready: you can come and pick it up.",
        "order.cancelled": "Your order {reference} has been cancelled.",
        "order.cancelled_reason": "Your order {reference} has been cancelled: {reason}.",
        "order.tracking_line": "Follow your delivery live: {url}",
        "order.status.confirmed": "Your order {reference} ({total}) is confirmed and being processed.",
        "order.status.awaiting_payment": (
            "Your order {reference} is waiting for your payment ({total}): reply « pay » to get the link."
        ),
        "order.status.paid": "Your order {reference} is paid ({total}) and will be prepared.",
        "order.status.preparing": "Your order {reference} is being prepared.",
        "order.status.out_for_delivery": "Your order {reference} is on its way: the driver will be with you soon.",
        "order.status.ready": "Your order {reference} is ready: you can come and pick it up.",
        "order.status.delivered": "Your order {reference} was delivered on {date}.",
        "order.status.picked_up": "Your order {reference} was picked up on {date}.",
        "order.status.cancelled": "Your order {reference} has been cancelled.",
        "order.status.eta": " Announced time: about {minutes} minutes after confirmation.",
        "order.status.date_format": "%d/%m/%Y at %H:%M",
        "payment.button": "Pay",
        "payment.link": (
            "To pay for your order {reference} ({amount}) with {method}, tap « Pay » below. "
            "The link is valid for {minutes} minutes."
        ),
        "payment.reminder": (
            "Reminder: your order {reference} ({amount}) is still waiting for its {method} payment. "
            "Here is a new link, valid for {minutes} minutes; without payment the order will be cancelled."
        ),
        "payment.provider_down": (
            "Your order {reference} is saved, but {method} payments are not answering right now. "
            "Write « pay » in a few minutes to get the link, or pay cash on delivery."
        ),
        "payment.resend": "Here is the payment link for your order {reference} again.",
        "rating.request": (
            "Hello {name}! Your order {reference} was delivered an hour ago. How did it go? "
            "Reply with a score from 1 to 5 (5 = excellent) and, if you like, a word about your experience 🙏"
        ),
        "rating.thanks": "Thank you for your rating ({score}/5)! See you soon at {shop}.",
        "rating.middle": "Thank you for your rating ({score}/5)! Your feedback helps us do better.",
        "rating.sorry": (
            "We are sorry the delivery did not satisfy you. The manager of {shop} has been told "
            "and will answer you here shortly."
        ),
        "optout.out": (
            "Done: you will no longer receive our promotional messages. Reply START at any time to receive them "
            "again. You can still write to us to order."
        ),
        "optout.in": "Done: you will receive our offers and news again. Reply STOP to stop them.",
        "assistant.unreadable": "I can only read written messages 🙏 Could you type your request?",
        "assistant.not_heard": "I didn't catch that, could you type it?",
        "assistant.photo_received": "Thanks for the photo! Which product are you looking for? Please type its name 🙏",
        "assistant.location": "Thanks for the location 📍 Could you also type your area or neighbourhood?",
        "assistant.pay_again": "Here is the payment link for your order {reference} again.",
    },
}

LANGUAGES = tuple(CATALOGUE)


def language_of(value: str | None) -> str:
    """The catalogue's language for a conversation's or payment's language code (« en », « en-GB »…);
    French when it has no table."""
    code = (value or "").strip().lower().replace("_", "-").split("-")[0]
    code = code if code in CATALOGUE else code[:2]  # « english », « français »
    return code if code in CATALOGUE else DEFAULT_LANGUAGE


def has(key: str) -> bool:
    return key in CATALOGUE[DEFAULT_LANGUAGE]


def text(key: str, language: str | None = None, **fields) -> str:
    """The text ``key`` in ``language`` (French without a table), its placeholders filled from ``fields``
    (extra fields are ignored; a missing one raises KeyError). An unknown key raises KeyError."""
    return CATALOGUE[language_of(language)][key].format(**fields)


def by_language(key: str) -> dict[str, str]:
    """``{language: text}`` of ``key`` unfilled (for the modules that kept their per-language constants)."""
    return {language: table[key] for language, table in CATALOGUE.items()}


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in Formatter().parse(template) if field is not None}
