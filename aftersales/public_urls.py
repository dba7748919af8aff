"""Public routes (no login, opened by an unguessable token): the JSON API under /api/v1/public/ and
the light HTML pages at the site's root. config/urls.py mounts both lists."""

from django.urls import path

from .apis import TrackingDetailApi
from .views import tracking_page

# /api/v1/public/tracking/<token>
api_urlpatterns: list = [path("<str:token>", TrackingDetailApi.as_view(), name="public-tracking-detail")]
# /suivi/<token> (and /suivi/ alone: the same French « lien introuvable » page)
page_urlpatterns: list = [
    path("", tracking_page, name="tracking-page-empty"),
    path("<str:token>", tracking_page, name="tracking-page"),
]
