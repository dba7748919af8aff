"""Celery tasks of the campaigns (``acks_late``: a task whose worker dies runs again, safely)."""

import logging

from celery import shared_task

from . import services

logger = logging.getLogger("flux.campaigns")


@shared_task(name="campaigns.tasks.campaigns_start_due", ignore_result=True)
def campaigns_start_due() -> int:
    """Beat (every minute): start the scheduled campaigns that are due."""
    due = services.campaigns_due()
    for campaign_id in due:
        campaign_start.delay(campaign_id=campaign_id)
    return len(due)


@shared_task(name="campaigns.tasks.campaign_start", acks_late=True, ignore_result=True)
def campaign_start(*, campaign_id: int) -> int:
    """Choose the recipients, then queue one task per batch."""
    batches = services.campaign_start(campaign_id=campaign_id)
    for recipient_ids in batches:
        campaign_batch_send.delay(campaign_id=campaign_id, recipient_ids=recipient_ids)
    return len(batches)


@shared_task(
    name="campaigns.tasks.campaign_batch_send", bind=True, acks_late=True, max_retries=None, ignore_result=True
)
def campaign_batch_send(self, *, campaign_id: int, recipient_ids: list[int]) -> None:
    """One batch; rate limits, the messaging tier and Meta being down retry it later (never doubled)."""
    outcome = services.campaign_batch_send(
        campaign_id=campaign_id, recipient_ids=recipient_ids, attempt=self.request.retries
    )
    if outcome.retry_after is not None:
        raise self.retry(countdown=outcome.retry_after)


@shared_task(name="campaigns.tasks.follow_ups_send", ignore_result=True)
def follow_ups_send() -> dict:
    """Beat (every 10 minutes): the cart reminders and the weekly customers' reminders."""
    return {"cart": services.cart_reminders_send(), "reorder": services.reorder_reminders_send()}
