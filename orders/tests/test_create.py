"""Orders are created from the assistant's confirmed draft (once) or typed by the owner; the database
refuses inconsistent money."""

from dataclasses import dataclass, field

import pytest
from django.db import IntegrityError, transaction

from conversations.tests.factories import ConversationFactory
from core.exceptions import ApplicationError
from orders.models import Order, OrderEvent, OrderLine, OrderSource, OrderStatus
from orders.services import order_create_by_owner, order_create_from_draft
from orders.tests.factories import OrderFactory, delivery_zone

pytestmark = pytest.mark.django_db


@dataclass
class Draft:
    """The shape of the assistant's OrderDraft."""

    lines: list = field(default_factory=lambda: [("G1", "Garba", 1500, 2), ("J1", "Jus de bissap", 500, 1)])
    zone: str = "Cocody"
    subtotal: int = 3500
    delivery_fee: int = 1000
    total: int = 4500
    payment_method: str = "wave"
    eta_minutes: int = 40


def test_it_turns_a_confirmed_draft_into_an_order_with_its_lines(owner):
    conversation = ConversationFactory(
        owner=owner, contact__name="Fatou Bamba", contact__whatsapp_number="+2250707080910"
    )

    order = order_create_from_draft(user=owner, conversation=conversation, draft=Draft())

    assert order.reference.startswith("CMD-") and order.reference.endswith("-00001")
    assert (order.status, order.source, order.zone, order.commune) == ("confirmed", "assistant", "Cocody", "Cocody")
    assert (order.subtotal, order.delivery_fee, order.total, order.payment_method) == (3500, 1000, 4500, "wave")
    assert (order.customer_name, order.customer_phone, order.contact, order.conversation) == (
        "Fatou Bamba",
        "+2250707080910",
        conversation.contact,
        conversation,
    )
    assert [(line.sku, line.name, line.unit_price, line.quantity, line.line_total) for line in order.lines.all()] == [
        ("G1", "Garba", 1500, 2, 3000),
        ("J1", "Jus de bissap", 500, 1, 500),
    ]
    event = order.events.get()
    assert (event.from_status, event.to_status, event.actor) == ("", "confirmed", "assistant")


def test_a_retried_draft_never_doubles_the_order(owner):
    conversation = ConversationFactory(owner=owner)

    first = order_create_from_draft(user=owner, conversation=conversation, draft=Draft())
    again = order_create_from_draft(user=owner, conversation=conversation, draft=Draft())

    assert again.pk == first.pk
    assert Order.objects.filter(owner=owner).count() == 1
    assert OrderLine.objects.filter(order__owner=owner).count() == 2


def test_a_draft_with_its_own_key_is_one_order_per_key(owner):
    conversation = ConversationFactory(owner=owner)

    first = order_create_from_draft(user=owner, conversation=conversation, draft={**Draft().__dict__, "key": "wamid.1"})
    same = order_create_from_draft(user=owner, conversation=conversation, draft={**Draft().__dict__, "key": "wamid.1"})
    second = order_create_from_draft(
        user=owner, conversation=conversation, draft={**Draft().__dict__, "key": "wamid.2"}
    )

    assert same.pk == first.pk
    assert second.pk != first.pk
    assert [first.number, second.number] == [1, 2]


def test_the_same_basket_in_another_conversation_is_another_order(owner):
    one, other = ConversationFactory(owner=owner), ConversationFactory(owner=owner)

    order_create_from_draft(user=owner, conversation=one, draft=Draft())
    order_create_from_draft(user=owner, conversation=other, draft=Draft())

    assert Order.objects.filter(owner=owner).count() == 2


@pytest.mark.parametrize(
    ("changes", "detail"),
    [
        ({"subtotal": 3000, "total": 4000}, "la somme des lignes fait 3500, le sous-total annoncé 3000"),
        ({"total": 5000}, "sous-total + frais font 4500, le total annoncé 5000"),
    ],
)
def test_it_refuses_a_draft_whose_arithmetic_is_wrong(owner, changes, detail):
    conversation = ConversationFactory(owner=owner)
    draft = Draft(**changes)

    with pytest.raises(ApplicationError) as refused:
        order_create_from_draft(user=owner, conversation=conversation, draft=draft)

    assert refused.value.code == "order_totals_mismatch"
    assert refused.value.message == f"Les montants de la commande ne concordent pas : {detail}."
    assert not Order.objects.exists()


def test_references_follow_each_other_per_account(owner):
    conversation = ConversationFactory(owner=owner)
    other_account = ConversationFactory()

    orders = [
        order_create_from_draft(user=owner, conversation=conversation, draft={**Draft().__dict__, "key": str(n)})
        for n in range(3)
    ]
    elsewhere = order_create_from_draft(user=other_account.owner, conversation=other_account, draft=Draft())

    assert [order.reference[-5:] for order in orders] == ["00001", "00002", "00003"]
    assert elsewhere.reference.endswith("-00001")


def test_the_owner_types_a_phone_order_with_explicit_lines(owner):
    order = order_create_by_owner(
        user=owner,
        customer_name="Koffi Yao",
        customer_phone="07 07 08 09 10",
        items=[{"name": "Attiéké poisson", "unit_price": 2500, "quantity": 2}],
        zone="pickup",
        payment_method="cash",
        note="Commande au téléphone",
    )

    assert (order.source, order.status, order.customer_phone) == (
        OrderSource.OWNER,
        OrderStatus.CONFIRMED,
        "+2250707080910",
    )
    assert (order.subtotal, order.delivery_fee, order.total) == (5000, 0, 5000)
    event = order.events.get()
    assert (event.actor, event.user, event.note) == ("owner", owner, "Commande au téléphone")


def test_a_phone_order_joins_the_customers_whatsapp_conversation(owner):
    delivery_zone(owner, "Cocody", fee=1000)
    conversation = ConversationFactory(owner=owner, contact__whatsapp_number="+2250707080910")

    order = order_create_by_owner(
        user=owner,
        customer_name="Koffi",
        customer_phone="+225 07 07 08 09 10",
        items=[{"name": "Garba", "unit_price": 1500, "quantity": 1}],
        zone="Cocody",
        payment_method="wave",
        delivery_fee=1000,
    )

    assert (order.contact, order.conversation) == (conversation.contact, conversation)


def test_a_phone_order_refuses_a_product_code_the_catalogue_does_not_have(owner):
    with pytest.raises(ApplicationError) as refused:
        order_create_by_owner(
            user=owner,
            customer_name="Koffi",
            customer_phone="0707080910",
            items=[{"sku": "ZZ9", "quantity": 1}],
            zone="pickup",
            payment_method="cash",
        )

    assert refused.value.message == "Produit inconnu dans votre catalogue : ZZ9."


def test_the_database_refuses_a_total_that_is_not_the_sum(owner):
    with pytest.raises(IntegrityError), transaction.atomic():
        OrderFactory(owner=owner, subtotal=3000, delivery_fee=1000, total=3900)


def test_the_database_refuses_negative_amounts(owner):
    with pytest.raises(IntegrityError), transaction.atomic():
        OrderFactory(owner=owner, subtotal=-1000, delivery_fee=1000, total=0)


def test_the_database_refuses_a_line_total_that_is_not_price_times_quantity(owner):
    order = OrderFactory(owner=owner)

    with pytest.raises(IntegrityError), transaction.atomic():
        OrderLine.objects.create(order=order, name="Garba", unit_price=1500, quantity=2, line_total=2000)


def test_the_database_refuses_a_line_with_no_quantity(owner):
    order = OrderFactory(owner=owner)

    with pytest.raises(IntegrityError), transaction.atomic():
        OrderLine.objects.create(order=order, name="Garba", unit_price=1500, quantity=0, line_total=0)


def test_a_bulk_update_cannot_break_the_totals_either(owner):
    order = OrderFactory(owner=owner)

    with pytest.raises(IntegrityError), transaction.atomic():
        Order.objects.filter(pk=order.pk).update(delivery_fee=2000)

    assert OrderEvent.objects.count() == 0
