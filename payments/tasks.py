"""Tasks of the payments app: thin wrappers around the services."""

from celery import shared_task

from core.tasks import OutsideTask

from . import services


@shared_task(base=OutsideTask, name="payments.link_send")
def payment_link_send_task(*, payment_id: int, kind: str = "link") -> str:
    """Make and send a payment link. Graph API hiccups raise and retry (the link made is reused)."""
    return services.payment_link_send(payment_id=payment_id, kind=kind)


@shared_task(name="payments.tasks.payments_expire", ignore_result=True)
def payments_expire() -> int:
    return services.payments_expire()
