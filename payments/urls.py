from django.urls import path

from . import apis

urlpatterns = [
    path("notify/<str:provider>", apis.PaymentNotifyApi.as_view(), name="payments-notify"),
    path("providers", apis.PaymentProvidersApi.as_view(), name="payments-providers"),
    path("providers/<str:provider>", apis.PaymentProviderSetApi.as_view(), name="payments-provider"),
]
