"""Public routes (no login, opened by an unguessable token): the JSON API under /api/v1/public/ and
the light HTML pages at the site's root. config/urls.py mounts both lists."""

api_urlpatterns: list = []
page_urlpatterns: list = []
