"""Nightly forecasts: one task fans out one task per account whose plan sells predictions, so the
workers share the night's work and one failing account does not stop the others."""

import logging

from celery import shared_task
from django.contrib.auth import get_user_model
from django.db.models import Exists, OuterRef

from orders.models import Order
from subscriptions.models import Plan

from .services import forecast_compute
from .services import restock_check as restock_check_service

logger = logging.getLogger("flux.analytics")


def forecast_account_ids() -> list[int]:
    """Active accounts on a plan with « Analyses prédictives » that have at least one order."""
    codes = list(Plan.objects.filter(can_access_predictions=True).values_list("code", flat=True))
    users = get_user_model().objects.filter(plan_abonnement__in=codes, is_active=True)
    return list(users.filter(Exists(Order.objects.filter(owner=OuterRef("pk")))).values_list("pk", flat=True))


@shared_task(name="analytics.tasks.forecasts_nightly")
def forecasts_nightly() -> int:
    account_ids = forecast_account_ids()
    for account_id in account_ids:
        forecast_account.delay(account_id=account_id)
    logger.info("Forecasts queued for %s accounts", len(account_ids))
    return len(account_ids)


@shared_task(name="analytics.tasks.forecast_account", acks_late=True)
def forecast_account(*, account_id: int) -> None:
    user = get_user_model().objects.filter(pk=account_id).first()
    if user is None:
        return
    forecast_compute(user=user)
    restock_check_service(user=user)


@shared_task(name="analytics.tasks.restock_check")
def restock_check(*, account_id: int) -> None:
    """After an order moved a tracked stock: alert the owner once if a product runs out soon."""
    user = get_user_model().objects.filter(pk=account_id).first()
    if user is not None:
        restock_check_service(user=user)
