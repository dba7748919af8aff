from django.urls import path

from .apis import EmailListApi, EmailMarkReadApi

urlpatterns = [
    path("emails", EmailListApi.as_view(), name="mailbox-emails"),
    path("emails/<int:email_id>/read", EmailMarkReadApi.as_view(), name="mailbox-email-read"),
]
