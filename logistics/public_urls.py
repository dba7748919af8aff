"""Public routes (no login, opened by an unguessable token): the JSON API under /api/v1/public/ and
the light HTML pages at the site's root. config/urls.py mounts both lists."""

from django.urls import path

from . import public

api_urlpatterns: list = [
    path("<str:token>/deliveries", public.DriverPageApi.as_view(), name="public-driver-deliveries"),
    path("<str:token>/positions", public.DriverPositionApi.as_view(), name="public-driver-positions"),
    path("<str:token>/steps", public.DriverStepApi.as_view(), name="public-driver-steps"),
]
page_urlpatterns: list = [
    path("<str:token>", public.driver_page, name="driver-page"),
]
