"""The site's URLs plus the account's after-sales routes, as config/urls.py will mount them
(``path("aftersales/", include("aftersales.urls"))`` under /api/v1/)."""

from django.urls import include, path

from config.urls import urlpatterns as site_urlpatterns

urlpatterns = [path("api/v1/aftersales/", include("aftersales.urls")), *site_urlpatterns]
