"""Celery tasks of the logistics app: the driver's link on WhatsApp and the positions' retention."""

import logging

from celery import shared_task

from . import services
from .models import Delivery, Driver

logger = logging.getLogger("flux.logistics")


@shared_task(bind=True, acks_late=True, max_retries=8, ignore_result=True)
def driver_link_send(self, driver_id: int, delivery_id: int | None = None) -> None:
    """Send the driver a fresh link to his page after an assignment; retried with backoff while
    Meta is unreachable, never when it refuses for good (the owner shares the link from Logistique)."""
    from integrations.whatsapp import client

    driver = Driver.objects.select_related("owner").filter(pk=driver_id, is_enabled=True).first()
    if driver is None:
        return
    delivery = Delivery.objects.filter(pk=delivery_id, driver=driver).first() if delivery_id else None
    try:
        services.driver_link_send(driver=driver, delivery=delivery)
    except client.GraphError as exc:
        logger.warning("Driver link for driver %s postponed: %s", driver_id, exc)
        raise self.retry(countdown=min(300, 5 * 2 ** min(self.request.retries, 6))) from None


@shared_task(ignore_result=True)
def positions_prune() -> int:
    """Hourly: drop the drivers' positions older than 6 h (Driver keeps the last known one)."""
    deleted = services.positions_prune()
    if deleted:
        logger.info("Pruned %s driver positions", deleted)
    return deleted
