"""The demo account's live deliveries: the drivers on a round have posted positions over the last
minutes (so Logistique shows « il y a 2 min ») and reported their steps (« Récupéré » on each
delivery en route, « Livré » on today's delivered ones, one « Problème » on a delivery en route).

``seed_drivers_live(user, *, now)`` is idempotent: an account whose drivers reported steps gets
nothing more. It runs after the deliveries and their orders are seeded. Positions older than 6 h
are pruned by the hourly task, so a demo left running shows the drivers' last known place.
"""

from datetime import timedelta

from django.db import transaction

from logistics.models import Delivery, DeliveryStatus, DeliveryStep, ProblemReason, StepKind
from logistics.services import driver_position_record

# Minutes ago of each position a driver en route posted (a 30 s rhythm thinned out: only moves count).
POSITION_MINUTES_AGO = (14, 11, 8, 5, 2)


@transaction.atomic
def seed_drivers_live(user, *, now) -> int:
    """Positions and steps for the account's deliveries in hand; returns the number of steps made."""
    if DeliveryStep.objects.filter(delivery__owner=user).exists():
        return 0
    en_route = list(
        Delivery.objects.filter(owner=user, status=DeliveryStatus.EN_ROUTE, driver__isnull=False)
        .select_related("driver")
        .order_by("id")
    )
    today = now - timedelta(hours=10)
    delivered = list(
        Delivery.objects.filter(
            owner=user, status=DeliveryStatus.DELIVERED, driver__isnull=False, delivered_at__gte=today
        ).order_by("id")
    )
    steps = []
    for number, delivery in enumerate(en_route):
        picked = now - timedelta(minutes=20 + 5 * number)
        steps.append(_step(delivery, StepKind.PICKED_UP, picked, f"demo-pick-{delivery.pk}"))
        if number == 1:
            steps.append(
                _step(
                    delivery,
                    StepKind.PROBLEM,
                    now - timedelta(minutes=4),
                    f"demo-problem-{delivery.pk}",
                    reason=ProblemReason.ABSENT,
                    note="Le client ne répond pas au téléphone, j'attends 10 minutes.",
                )
            )
    for delivery in delivered:
        steps.append(
            _step(
                delivery, StepKind.PICKED_UP, delivery.delivered_at - timedelta(minutes=35), f"demo-pick-{delivery.pk}"
            )
        )
        steps.append(_step(delivery, StepKind.DELIVERED, delivery.delivered_at, f"demo-done-{delivery.pk}"))
    DeliveryStep.objects.bulk_create(steps)

    # Each driver on a round rode from his base towards his first stop en route.
    seen = set()
    for delivery in en_route:
        driver = delivery.driver
        if driver.pk in seen:
            continue
        seen.add(driver.pk)
        start = (float(driver.latitude), float(driver.longitude))
        goal = (float(delivery.latitude), float(delivery.longitude))
        count = len(POSITION_MINUTES_AGO)
        for index, minutes in enumerate(POSITION_MINUTES_AGO):
            share = (index + 1) / (count + 1)
            driver_position_record(
                driver=driver,
                latitude=start[0] + (goal[0] - start[0]) * share,
                longitude=start[1] + (goal[1] - start[1]) * share,
                accuracy_m=12 + 4 * index,
                now=now - timedelta(minutes=minutes),
            )
    return len(steps)


def _step(delivery, kind, at, key, *, reason="", note="") -> DeliveryStep:
    return DeliveryStep(
        delivery=delivery,
        driver_id=delivery.driver_id,
        kind=kind,
        reason=reason,
        note=note,
        idempotency_key=key,
        happened_at=at,
    )


__all__ = ["seed_drivers_live"]
