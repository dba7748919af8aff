from django.urls import path

from .apis import PreferencesDetailApi

urlpatterns = [
    path("", PreferencesDetailApi.as_view(), name="preferences"),
]
