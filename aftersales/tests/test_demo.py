"""The demo account's ratings: Statistiques shows a CSAT and per-driver figures; seeding twice adds nothing."""

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import User
from aftersales.models import Rating
from analytics.selectors import analytics_satisfaction
from demo.aftersales import seed_aftersales

pytestmark = pytest.mark.django_db


def test_the_demo_account_gets_ratings_once():
    call_command("seed_demo", stdout=open("/dev/null", "w"))  # seed_demo calls seed_aftersales
    user = User.objects.get(adresse_email="demo@flux-ia.ci")
    now = timezone.now()

    made = Rating.objects.filter(owner=user).count()

    assert made >= 8
    satisfaction = analytics_satisfaction(user=user, now=now)
    assert satisfaction["ratings"] == made and 50 < satisfaction["csat"] < 100
    assert satisfaction["drivers"], "the demo's ratings name their drivers"
    assert seed_aftersales(user, now=now) == 0
    assert Rating.objects.filter(owner=user).count() == made
