import factory
from django.utils import timezone

from accounts.tests.factories import UserFactory
from logistics.models import Delivery, DeliveryStatus, Driver, Priority


class DriverFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Driver

    owner = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Moussa Traoré {n}")
    phone = "+2250707080910"
    rating = 4.7
    commune = "Plateau"
    latitude = 5.324
    longitude = -4.020


class DeliveryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Delivery

    owner = factory.SubFactory(UserFactory)
    year = 2026
    number = factory.Sequence(lambda n: n + 1)
    reference = factory.LazyAttribute(lambda o: f"LIV-{o.year}-{o.number:03d}")
    customer_name = "Aminata Coulibaly"
    customer_phone = "+2250102030405"
    address = "Rue des Jardins, Deux-Plateaux"
    commune = "Cocody"
    city = "Abidjan"
    latitude = 5.360
    longitude = -3.980
    products = factory.LazyFunction(lambda: ["2 pagnes wax", "1 sac en raphia"])
    amount = 25000
    status = DeliveryStatus.PENDING
    priority = Priority.MEDIUM
    progress = 0
    created_at = factory.LazyFunction(timezone.now)
