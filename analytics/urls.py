from django.urls import path

from .apis import AnalyticsOverviewApi

urlpatterns = [
    path("", AnalyticsOverviewApi.as_view(), name="analytics-overview"),
]
