"""Tasks of the orders app: thin wrappers around the WhatsApp client, queued after commits."""

import logging

from celery import shared_task

from conversations.core import send_template, send_text
from conversations.transport import transport_installed
from core.tasks import OutsideTask

from .models import OrderEvent
from .notifications import (
    NOTICE_NO_CONTACT,
    NOTICE_SENT,
    NOTICE_TEMPLATE_SENT,
    NOTICE_UNAVAILABLE,
    NOTICE_WINDOW_CLOSED,
    order_update_template,
)

logger = logging.getLogger("flux.orders")


def _contact_of(order):
    if order.contact_id:
        return order.contact
    if not order.customer_phone:  # a customer known by WhatsApp user id alone has no number to match
        return None
    from conversations.models import Contact

    return Contact.objects.filter(owner_id=order.owner_id, whatsapp_number=order.customer_phone).first()


def _window_closed(contact) -> bool:
    from conversations.models import Conversation
    from conversations.services import conversation_window_open

    conversation = Conversation.objects.filter(contact=contact).first()
    return conversation is not None and not conversation_window_open(conversation)


def _send_template(*, event, contact, text: str, url: str = "") -> str:
    """The matching approved template, if the account has one; the notice for the history."""
    from core.exceptions import ApplicationError
    from integrations.services import whatsapp_templates_list

    order = event.order
    try:
        templates = whatsapp_templates_list(user=order.owner)
    except ApplicationError:  # not connected, or Meta unreachable: the text could not go either
        templates = []
    template = order_update_template(templates=templates, order=order, status=event.to_status)
    if template is None:
        return NOTICE_WINDOW_CLOSED
    sent = send_template(
        contact=contact,
        name=template["name"],
        language=template["language"],
        # A template whose body has a {{2}} gets the tracking link there (« commande_en_route »).
        parameters=[order.reference, url] if url and "{{2}}" in (template.get("body") or "") else [order.reference],
        content=text,
    )
    return NOTICE_TEMPLATE_SENT.format(name=template["name"]) if sent else NOTICE_WINDOW_CLOSED


@shared_task(base=OutsideTask, name="orders.notify_customer")
def order_notify_customer_task(*, event_id: int, text: str, url: str = "") -> str:
    """Send ``text`` to the order's customer on WhatsApp and note the outcome on the history step.

    Inside the customer's 24-hour window the text goes; outside it, the account's approved template
    for this step (``notifications.TEMPLATE_NAMES``) goes instead (``url``, the tracking link, as its
    ``{{2}}`` when it has one), and with none nothing is sent and
    the step says « fenêtre de 24 h fermée ». Transient errors raise and the task retries with backoff.
    """
    event = OrderEvent.objects.select_related("order", "order__contact").filter(pk=event_id).first()
    if event is None:
        return ""
    contact = _contact_of(event.order)
    if contact is None:
        notice = NOTICE_NO_CONTACT
    else:
        if not transport_installed():
            logger.warning("No channel installed to tell %s about %s", contact.pk, event.order.reference)
            notice = NOTICE_UNAVAILABLE
        elif _window_closed(contact):
            notice = _send_template(event=event, contact=contact, text=text, url=url)
        else:
            sent = send_text(contact=contact, text=text)
            notice = NOTICE_SENT if sent else NOTICE_WINDOW_CLOSED
    OrderEvent.objects.filter(pk=event.pk).update(customer_notice=notice)
    return notice
