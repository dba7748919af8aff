from django.apps import AppConfig


class MailboxConfig(AppConfig):
    """E-mails the assistant has read and summarised for the owner (the 'Emails résumés' page)."""

    name = "mailbox"
    verbose_name = "e-mails résumés"
