"""The customer's WhatsApp updates: one short text per customer-relevant step, queued after commit."""

import pytest

from conversations.tests.factories import ConversationFactory
from orders.models import Actor, OrderEvent, OrderStatus
from orders.notifications import NOTICE_NO_CONTACT, order_customer_text
from orders.services import order_cancel, order_transition
from orders.tests.factories import OrderFactory

pytestmark = pytest.mark.django_db

NNBSP, NBSP = "\u202f", "\u00a0"


@pytest.mark.parametrize(
    ("status", "note", "text"),
    [
        (
            "confirmed",
            "",
            f"Merci Fatou ! Votre commande CMD-2026-00042 est confirmée : 4{NNBSP}000{NBSP}F CFA. "
            "Nous vous tenons informé(e).",
        ),
        ("paid", "", f"Paiement reçu pour votre commande CMD-2026-00042 (4{NNBSP}000{NBSP}F CFA). Merci !"),
        ("out_for_delivery", "", "Votre commande CMD-2026-00042 est en route ! Le livreur arrive bientôt."),
        ("delivered", "", "Votre commande CMD-2026-00042 a été livrée. Merci et à bientôt !"),
        ("cancelled", "Rupture de stock.", "Votre commande CMD-2026-00042 a été annulée : Rupture de stock."),
        ("preparing", "", None),
        ("awaiting_payment", "", None),
    ],
)
def test_it_writes_the_customers_update_in_french(owner, status, note, text):
    order = OrderFactory(owner=owner, number=42, customer_name="Fatou Bamba")

    assert order_customer_text(order=order, status=status, note=note) == text


def test_it_writes_in_english_when_the_conversation_is_in_english(owner):
    conversation = ConversationFactory(owner=owner)
    conversation.language = "en"  # set by the assistant when it detects the customer's language
    order = OrderFactory(owner=owner, number=7, conversation=conversation)

    assert order_customer_text(order=order, status="out_for_delivery") == (
        "Your order CMD-2026-00007 is on its way! The driver will be with you soon."
    )


def test_a_customer_relevant_change_queues_one_message_after_the_commit(owner, django_capture_on_commit_callbacks):
    order = OrderFactory(owner=owner, status=OrderStatus.CONFIRMED)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        order_transition(order=order, to=OrderStatus.PREPARING, by=Actor.OWNER)
    assert callbacks == []  # « En préparation » does not concern the customer

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        order_cancel(order=order, reason="Plus de stock")
    assert len(callbacks) == 1


def test_the_history_says_when_no_whatsapp_contact_could_be_told(owner, django_capture_on_commit_callbacks):
    order = OrderFactory(owner=owner, status=OrderStatus.CONFIRMED, contact=None)

    with django_capture_on_commit_callbacks(execute=True):
        order_cancel(order=order, reason="Plus de stock")

    assert OrderEvent.objects.filter(order=order).latest("id").customer_notice == NOTICE_NO_CONTACT
