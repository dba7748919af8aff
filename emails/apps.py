from django.apps import AppConfig


class EmailsConfig(AppConfig):
    """E-mails the assistant has read and summarised for the owner (the 'Emails résumés' page).

    The app was called ``mailbox`` until it was found to shadow the standard library's module of
    that name; migration 0001 adopts the old app's table, content type and history (see there).
    """

    name = "emails"
    verbose_name = "e-mails résumés"
