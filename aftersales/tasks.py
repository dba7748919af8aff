"""Periodic after-sales work (celery beat every 5 minutes): the rating requests due an hour after delivery."""

from celery import shared_task

from .services import rating_requests_send as rating_requests_send_service


@shared_task(name="aftersales.tasks.rating_requests_send")
def rating_requests_send() -> dict:
    """Ask the customers delivered an hour ago for a rating (once per order, ever); returns counts by status."""
    return rating_requests_send_service()
