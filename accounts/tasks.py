"""Celery tasks of the accounts app: thin wrappers over the delivery channels.

E-mails go through the shared ``core.send_email`` task (retries with backoff live there); a phone
code goes through the phone channel (accounts/channels.py) with the same retry policy.
"""

from celery import shared_task

from core.tasks import OutsideTask

from .channels import send_code_by_phone


@shared_task(base=OutsideTask, name="accounts.send_code_by_phone")
def send_code_by_phone_task(*, numero_telephone: str, code: str) -> None:
    send_code_by_phone(numero_telephone=numero_telephone, code=code)
