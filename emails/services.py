from .models import Email, EmailStatus


def email_mark_read(*, email: Email) -> Email:
    """Mark the e-mail as read (idempotent)."""
    if email.status != EmailStatus.READ:
        email.status = EmailStatus.READ
        email.save(update_fields=["status"])
    return email
