"""Tasks of the orders app: thin wrappers around the WhatsApp client, queued after commits."""

import logging

from celery import shared_task

from core.tasks import OutsideTask

from .models import OrderEvent
from .notifications import NOTICE_NO_CONTACT, NOTICE_SENT, NOTICE_UNAVAILABLE, NOTICE_WINDOW_CLOSED

logger = logging.getLogger("flux.orders")


def _contact_of(order):
    if order.contact_id:
        return order.contact
    from conversations.models import Contact

    return Contact.objects.filter(owner_id=order.owner_id, whatsapp_number=order.customer_phone).first()


@shared_task(base=OutsideTask, name="orders.notify_customer")
def order_notify_customer_task(*, event_id: int, text: str) -> str:
    """Send ``text`` to the order's customer on WhatsApp and note the outcome on the history step.

    The client (written in ``integrations.whatsapp``) returns the stored outgoing message, or None
    when the 24-hour window is closed and no approved template fits; transient errors raise and the
    task retries with backoff.
    """
    event = OrderEvent.objects.select_related("order", "order__contact").filter(pk=event_id).first()
    if event is None:
        return ""
    contact = _contact_of(event.order)
    if contact is None:
        notice = NOTICE_NO_CONTACT
    else:
        try:
            from integrations.whatsapp.services import send_text_to_contact
        except ImportError:
            logger.warning("No WhatsApp client to tell %s about %s", contact.pk, event.order.reference)
            notice = NOTICE_UNAVAILABLE
        else:
            sent = send_text_to_contact(contact=contact, text=text)
            notice = NOTICE_SENT if sent else NOTICE_WINDOW_CLOSED
    OrderEvent.objects.filter(pk=event.pk).update(customer_notice=notice)
    return notice
