import json
from pathlib import Path

import factory

from accounts.tests.factories import UserFactory
from shop.models import DeliveryZone, ShopProfile, Vehicle

DATA = Path(__file__).resolve().parent / "data"


def business_document() -> dict:
    """The assistant dev set's grocery (a copy of ../shared/assistant-dev/business.json)."""
    return json.loads((DATA / "business.json").read_text(encoding="utf-8"))


class ShopProfileFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ShopProfile

    owner = factory.SubFactory(UserFactory)
    name = "Maquis Akwaba"
    commune = "Cocody"


class DeliveryZoneFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = DeliveryZone

    shop = factory.SubFactory(ShopProfileFactory)
    name = factory.Sequence(lambda n: f"Zone {n}")
    areas = factory.LazyFunction(lambda: ["Angré", "Deux-Plateaux"])
    served = True
    fee = 1000
    vehicle = Vehicle.MOTO
    eta_min = 30
    eta_max = 45
    min_order = 0
    position = factory.Sequence(lambda n: n)
