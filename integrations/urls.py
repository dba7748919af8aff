from django.urls import path

from .apis import WhatsAppConnectApi, WhatsAppDisconnectApi, WhatsAppStatusApi

urlpatterns = [
    path("whatsapp/connect", WhatsAppConnectApi.as_view(), name="whatsapp-connect"),
    path("whatsapp/status", WhatsAppStatusApi.as_view(), name="whatsapp-status"),
    path("whatsapp/disconnect", WhatsAppDisconnectApi.as_view(), name="whatsapp-disconnect"),
]
