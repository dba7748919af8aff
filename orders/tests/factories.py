import factory
from django.utils import timezone

from accounts.tests.factories import UserFactory
from orders.models import Order, OrderLine, OrderSource, OrderStatus, PaymentMethod
from shop.models import ShopProfile
from shop.tests.factories import DeliveryZoneFactory


def delivery_zone(owner, name: str = "Cocody", *, fee: int = 1000, **fields):
    """One of ``owner``'s delivery zones (their shop profile made on first use; the zone itself when the
    shop already has it): the only source of the fee of an order the owner enters. Defaults: Cocody,
    areas Angré and Deux-Plateaux, 1 000 F CFA."""
    shop = ShopProfile.objects.filter(owner=owner).first() or ShopProfile.objects.create(
        owner=owner, name=getattr(owner, "nom_entreprise", "") or "Boutique"
    )
    existing = shop.zones.filter(name=name).first()
    return existing or DeliveryZoneFactory(shop=shop, name=name, fee=fee, **fields)


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
