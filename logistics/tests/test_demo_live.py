"""The demo's live deliveries (demo/drivers_live.py): steps and fresh positions, made once."""

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import User
from demo.drivers_live import seed_drivers_live
from logistics.models import DeliveryStep, DriverPosition
from logistics.selectors import driver_list

pytestmark = pytest.mark.django_db


def test_the_demo_drivers_on_a_round_have_fresh_positions_and_steps():
    call_command("seed_demo", stdout=open("/dev/null", "w"))  # seed_demo calls seed_drivers_live
    user = User.objects.get(adresse_email="demo@flux-ia.ci")
    now = timezone.now()

    assert DeliveryStep.objects.filter(delivery__owner=user).exists()
    assert DeliveryStep.objects.filter(delivery__owner=user, kind="problem").count() == 1
    assert DriverPosition.objects.filter(driver__owner=user).exists()
    live = [driver for driver in driver_list(user=user) if driver.live_recorded_at is not None]
    # Fresh enough for the closest-driver suggestion (10 min), whatever the time the rest of the seeding took.
    assert live and all((now - driver.live_recorded_at).total_seconds() <= 10 * 60 for driver in live)
    assert seed_drivers_live(user, now=now) == 0  # idempotent
