# ruff: noqa: F811 (the test functions take the imported Graph API fixtures by name)
"""Customer updates against the fake Graph API: text inside the 24 h window, the account's approved
template outside it, and nothing (« fenêtre de 24 h fermée » on the history) without one."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from conversations.models import Message
from conversations.tests.factories import ConversationFactory
from integrations.tests.conftest import connection, graph  # noqa: F401 (the fake Graph API fixtures)
from logistics.tests.factories import DriverFactory
from orders.models import Actor, OrderStatus
from orders.notifications import NOTICE_SENT, NOTICE_WINDOW_CLOSED
from orders.services import order_assign_driver, order_transition
from orders.tests.factories import OrderFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_template_cache():
    cache.clear()  # the client caches an account's templates for 10 minutes
    yield
    cache.clear()


def order_going_en_route(owner, *, last_inbound_hours: float):
    conversation = ConversationFactory(
        owner=owner, last_inbound_at=timezone.now() - timedelta(hours=last_inbound_hours)
    )
    order = OrderFactory(
        owner=owner,
        status=OrderStatus.PREPARING,
        contact=conversation.contact,
        conversation=conversation,
        customer_phone=conversation.contact.whatsapp_number,
    )
    order_assign_driver(order=order, driver=DriverFactory(owner=owner, commune="Cocody"))
    return order


def move_en_route(order, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        order_transition(order=order, to=OrderStatus.OUT_FOR_DELIVERY, by=Actor.OWNER)
    return order.events.filter(to_status=OrderStatus.OUT_FOR_DELIVERY).get()


def test_inside_the_window_the_text_goes(owner, graph, connection, django_capture_on_commit_callbacks):
    order = order_going_en_route(owner, last_inbound_hours=2)

    event = move_en_route(order, django_capture_on_commit_callbacks)

    assert event.customer_notice == NOTICE_SENT
    [send] = graph.sends()
    assert send.body["type"] == "text"
    first_line, link_line = send.body["text"]["body"].split("\n")
    assert first_line == f"Votre commande {order.reference} est en route ! Le livreur arrive bientôt."
    assert link_line.startswith("Suivez votre livraison en direct : http") and "/suivi/" in link_line


def test_outside_the_window_the_matching_approved_template_goes(
    owner, graph, connection, django_capture_on_commit_callbacks
):
    graph.templates += [
        {"name": "commande_en_route", "language": "en", "status": "APPROVED", "category": "UTILITY", "components": []},
        {
            "name": "commande_en_route",
            "language": "fr",
            "status": "APPROVED",
            "category": "UTILITY",
            "components": [{"type": "BODY", "text": "Votre commande {{1}} est en route."}],
        },
    ]
    order = order_going_en_route(owner, last_inbound_hours=30)

    event = move_en_route(order, django_capture_on_commit_callbacks)

    assert event.customer_notice == "modèle « commande_en_route » envoyé (fenêtre de 24 h fermée)"
    [send] = graph.sends()
    assert send.body["type"] == "template"
    assert send.body["template"] == {
        "name": "commande_en_route",
        "language": {"code": "fr"},  # the customer's language first
        "components": [{"type": "body", "parameters": [{"type": "text", "text": order.reference}]}],
    }
    stored = Message.objects.get(conversation=order.conversation, wamid__isnull=False)
    assert order.reference in stored.content


def test_outside_the_window_without_a_template_nothing_is_sent_and_the_owner_sees_why(
    owner,
    owner_api,
    graph,
    connection,
    django_capture_on_commit_callbacks,
):
    order = order_going_en_route(owner, last_inbound_hours=30)  # the fake account has « relance_commande » only

    event = move_en_route(order, django_capture_on_commit_callbacks)

    assert event.customer_notice == NOTICE_WINDOW_CLOSED
    assert graph.sends() == []
    detail = owner_api.get(f"/api/v1/orders/{order.pk}").json()
    assert NOTICE_WINDOW_CLOSED in str(detail)
