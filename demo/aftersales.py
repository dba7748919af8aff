"""The demo account's after-sales: the customers' ratings of their delivered orders of the last
30 days (so Statistiques shows a CSAT, per driver too), each with the request that asked for it.

``seed_aftersales(user, *, now)`` is idempotent: an account that has ratings gets nothing more.
"""

from datetime import timedelta

from django.db import transaction

from aftersales.models import Rating, RatingRequest, RatingRequestStatus
from orders.models import Order, OrderStatus

# (score, the customer's word): mostly happy customers, a late delivery, one damaged parcel.
ANSWERS = [
    (5, "Top, merci !"),
    (5, ""),
    (4, "Bien reçu, merci"),
    (5, "Livreur très poli"),
    (3, ""),
    (5, "Parfait"),
    (4, ""),
    (2, "Le livreur était en retard"),
    (5, "Merci beaucoup"),
    (4, "Bien"),
    (5, ""),
    (1, "Colis abîmé à l'arrivée"),
    (5, "Au top comme d'habitude"),
    (4, ""),
]
COMPLAINTS = {"Le livreur était en retard", "Colis abîmé à l'arrivée"}


@transaction.atomic
def seed_aftersales(user, *, now) -> int:
    """Rate the account's delivered orders of the last 30 days (at most one rating each); returns
    how many ratings were made (0 when the account has some already)."""
    if Rating.objects.filter(owner=user).exists():
        return 0
    orders = list(
        Order.objects.filter(
            owner=user, status=OrderStatus.DELIVERED, created_at__gte=now - timedelta(days=29), created_at__lte=now
        )
        .select_related("delivery")
        .order_by("-created_at", "-id")[: len(ANSWERS)]
    )
    made = 0
    for order, (score, comment) in zip(orders, ANSWERS, strict=False):
        delivery = getattr(order, "delivery", None)
        asked_at = min(order.created_at + timedelta(hours=3), now)
        answered_at = min(asked_at + timedelta(minutes=20), now)
        RatingRequest.objects.get_or_create(
            order=order,
            defaults={
                "owner": user,
                "conversation_id": order.conversation_id,
                "status": RatingRequestStatus.SENT,
                "notice": "message envoyé",
                "created_at": asked_at,
                "sent_at": asked_at,
                "answered_at": answered_at,
            },
        )
        complaint = comment in COMPLAINTS
        Rating.objects.create(
            order=order,
            owner=user,
            driver_id=delivery.driver_id if delivery else None,
            score=score,
            comment=comment,
            complaint=complaint,
            handed_off=complaint or score <= 2,
            created_at=answered_at,
        )
        made += 1
    return made
