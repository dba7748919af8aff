"""The account's after-sales routes (signed in). config/urls.py includes them at "aftersales/"."""

from django.urls import path

from .apis import AftersalesSettingsApi

urlpatterns = [
    path("settings", AftersalesSettingsApi.as_view(), name="aftersales-settings"),
]
