"""Celery tasks of the e-mail assistant (thin: they call emails.services).

- ``emails.tasks.mailboxes_sync`` (beat, every 2 minutes): one ``mailbox_sync_one`` per mailbox due
  (never synced, backoff over, or the 5-minute interval passed). A mailbox's lease (a conditional
  UPDATE on its row) keeps two workers from syncing it at once.
- ``emails.tasks.digests_send`` (beat, every 15 minutes): the daily digests whose hour has come.
"""

import logging

from celery import shared_task

from . import services

logger = logging.getLogger("flux.emails")


@shared_task(name="emails.tasks.mailboxes_sync", ignore_result=True)
def mailboxes_sync() -> int:
    due = services.mailboxes_due()
    for mailbox_id in due:
        mailbox_sync_one.delay(mailbox_id=mailbox_id)
    return len(due)


@shared_task(name="emails.tasks.mailbox_sync_one", acks_late=True, ignore_result=True)
def mailbox_sync_one(mailbox_id: int) -> str:
    result = services.mailbox_sync(mailbox_id=mailbox_id)
    if result.status == "ok" and result.remaining:
        # A backlog larger than one run's cap: carry on at once, in a new task.
        mailbox_sync_one.delay(mailbox_id=mailbox_id)
    return result.status


@shared_task(name="emails.tasks.digests_send", ignore_result=True)
def digests_send() -> int:
    return services.digests_send()


@shared_task(bind=True, name="emails.tasks.email_alert_whatsapp", acks_late=True, max_retries=6, ignore_result=True)
def email_alert_whatsapp(self, contact_id: int, text: str) -> None:
    """The urgent-mail alert on the owner's own WhatsApp (when Meta's 24 h window is open)."""
    from conversations.core import send_text
    from conversations.models import Contact
    from conversations.transport import TransportError

    contact = Contact.objects.filter(pk=contact_id).first()
    if contact is None:
        return
    try:
        sent = send_text(contact=contact, text=text)
    except TransportError as exc:
        raise self.retry(countdown=min(300, 10 * 2**self.request.retries)) from exc
    if sent is None:
        logger.info("Urgent-mail alert to contact %s not sent on WhatsApp (window closed, no connection)", contact_id)
