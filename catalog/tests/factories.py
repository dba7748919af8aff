import factory

from accounts.tests.factories import UserFactory
from catalog.models import Product


class ProductFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Product

    owner = factory.SubFactory(UserFactory)
    sku = factory.Sequence(lambda n: f"P{n:03d}")
    name = factory.Sequence(lambda n: f"Alloco poisson {n}")
    description = "Banane plantain frite et poisson braisé."
    aliases = factory.LazyFunction(lambda: ["alloco", "aloco"])
    price = 2500
    unit = "assiette"
    in_stock = True
    position = factory.Sequence(lambda n: n)
