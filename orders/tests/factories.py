import factory
from django.utils import timezone

from accounts.tests.factories import UserFactory
from orders.models import Order, OrderLine, OrderSource, OrderStatus, PaymentMethod


class OrderFactory(factory.django.DjangoModelFactory):
    """An order with one line (2 × 1 500) delivered to Cocody for 1 000: total 4 000 F CFA."""

    class Meta:
        model = Order
        skip_postgeneration_save = True

    owner = factory.SubFactory(UserFactory)
    year = 2026
    number = factory.Sequence(lambda n: n + 1)
    reference = factory.LazyAttribute(lambda o: f"CMD-{o.year}-{o.number:05d}")
    customer_name = "Fatou Bamba"
    customer_phone = factory.Sequence(lambda n: f"+22507{n:08d}")
    zone = "Cocody"
    commune = "Cocody"
    address = "Angré 8e tranche"
    subtotal = 3000
    delivery_fee = 1000
    total = 4000
    payment_method = PaymentMethod.CASH
    status = OrderStatus.CONFIRMED
    source = OrderSource.ASSISTANT
    created_at = factory.LazyFunction(timezone.now)

    line = factory.RelatedFactory(
        "orders.tests.factories.OrderLineFactory", factory_related_name="order", unit_price=1500, quantity=2
    )


class OrderLineFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = OrderLine

    order = factory.SubFactory(OrderFactory, line=None)
    sku = "G1"
    name = "Garba"
    unit_price = 1500
    quantity = 2
    line_total = factory.LazyAttribute(lambda o: o.unit_price * o.quantity)
