from django.urls import path

from .apis import SubscriptionCurrentApi

urlpatterns = [
    path("current", SubscriptionCurrentApi.as_view(), name="subscription-current"),
]
