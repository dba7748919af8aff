from django.urls import path

from .apis import (
    EmailDetailApi,
    EmailListApi,
    EmailMarkReadApi,
    EmailOrderCreateApi,
    MailboxConnectionApi,
    MailboxPresetsApi,
    MailboxResyncApi,
)

urlpatterns = [
    path("emails", EmailListApi.as_view(), name="mailbox-emails"),
    path("emails/<int:email_id>", EmailDetailApi.as_view(), name="mailbox-email-detail"),
    path("emails/<int:email_id>/read", EmailMarkReadApi.as_view(), name="mailbox-email-read"),
    path("emails/<int:email_id>/order", EmailOrderCreateApi.as_view(), name="mailbox-email-order"),
    path("connection", MailboxConnectionApi.as_view(), name="mailbox-connection"),
    path("connection/resync", MailboxResyncApi.as_view(), name="mailbox-connection-resync"),
    path("presets", MailboxPresetsApi.as_view(), name="mailbox-presets"),
]
