from django.urls import path

from .apis import (
    WhatsAppConnectApi,
    WhatsAppDisconnectApi,
    WhatsAppManualConnectApi,
    WhatsAppStatusApi,
    WhatsAppTemplateListApi,
    WhatsAppWebhookSettingsApi,
)
from .whatsapp.apis import WhatsAppWebhookApi

urlpatterns = [
    path("whatsapp/connect", WhatsAppConnectApi.as_view(), name="whatsapp-connect"),
    path("whatsapp/connect/manual", WhatsAppManualConnectApi.as_view(), name="whatsapp-connect-manual"),
    path("whatsapp/webhook-settings", WhatsAppWebhookSettingsApi.as_view(), name="whatsapp-webhook-settings"),
    path("whatsapp/status", WhatsAppStatusApi.as_view(), name="whatsapp-status"),
    path("whatsapp/disconnect", WhatsAppDisconnectApi.as_view(), name="whatsapp-disconnect"),
    path("whatsapp/webhook", WhatsAppWebhookApi.as_view(), name="whatsapp-webhook"),
    path("whatsapp/templates", WhatsAppTemplateListApi.as_view(), name="whatsapp-templates"),
]
