from django.urls import path

from .apis import PlanListApi, SubscriptionCurrentApi, SubscriptionUpgradeApi

urlpatterns = [
    path("current", SubscriptionCurrentApi.as_view(), name="subscription-current"),
    path("plans", PlanListApi.as_view(), name="subscription-plans"),
    path("upgrade", SubscriptionUpgradeApi.as_view(), name="subscription-upgrade"),
]
