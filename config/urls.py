"""URL map: /api/v1/ the JSON API, /admin/ Django admin, /static/ assets (whitenoise),
and every other path the React app's shell (200 for its routes, 404 otherwise)."""

from django.conf import settings
from django.contrib import admin
from django.templatetags.static import static as static_url
from django.urls import include, path, re_path
from django.utils.functional import lazy
from django.views.decorators.csp import csp_override
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from aftersales import public_urls as aftersales_public
from analytics.apis import DashboardHomeApi
from core.health import HealthApi
from core.spa import spa_view
from core.views import api_not_found, robots_txt, swagger_csp
from logistics import public_urls as logistics_public

lazy_static = lazy(static_url, str)

api_v1 = [
    path("health", HealthApi.as_view(), name="health"),
    path("schema", SpectacularAPIView.as_view(), name="schema"),
    path(
        "docs",
        csp_override(swagger_csp())(SpectacularSwaggerSplitView.as_view(url_name="schema")),
        name="docs",
    ),
    # The home page's figures live with the other statistics (analytics app), under the auth path.
    path("auth/dashboard", DashboardHomeApi.as_view(), name="auth-dashboard"),
    path("auth/", include("accounts.urls")),
    path("subscriptions/", include("subscriptions.urls")),
    path("integrations/", include("integrations.urls")),
    path("preferences", include("preferences.urls")),
    path("mailbox/", include("emails.urls")),
    path("logistics/", include("logistics.urls")),
    path("catalog/", include("catalog.urls")),
    path("", include("shop.urls")),
    path("", include("orders.urls")),
    path("payments/", include("payments.urls")),
    path("", include("assistant.urls")),
    path("", include("conversations.urls")),
    path("analytics", include("analytics.urls")),
    path("aftersales/", include("aftersales.urls")),
    path("campaigns/", include("campaigns.urls")),
    # Opened by a token, without an account: the driver's page and the customer's tracking page.
    path("public/driver/", include(logistics_public.api_urlpatterns)),
    path("public/tracking/", include(aftersales_public.api_urlpatterns)),
]

urlpatterns = [
    path("api/v1/", include(api_v1)),
    # Anything else under /api/ is a JSON 404 in the error shape, never the SPA shell.
    re_path(r"^api(?:/.*)?$", api_not_found),
    path("admin/", admin.site.urls),
    # The light public pages (server-rendered, a few kB of script): driver at /livreur/, customer at /suivi/.
    path("livreur/", include(logistics_public.page_urlpatterns)),
    path("suivi/", include(aftersales_public.page_urlpatterns)),
]

if settings.DEBUG:
    from django.conf.urls.static import static

    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
else:
    from django.views.static import serve

    # Profile photos are small and few; serve them from the app until object storage is set up.
    urlpatterns += [re_path(r"^media/(?P<path>.*)$", serve, {"document_root": settings.MEDIA_ROOT})]

# Browsers and crawlers ask for these at the root.
urlpatterns += [
    path("favicon.ico", RedirectView.as_view(url=lazy_static("favicon.ico"), permanent=True)),
    path("robots.txt", robots_txt),
]
urlpatterns += [re_path(r"^(?!static/|media/|admin(?:/|$)).*$", spa_view, name="spa")]

handler400 = "core.views.handler400"
handler403 = "core.views.handler403"
handler404 = "core.views.handler404"
handler500 = "core.views.handler500"
