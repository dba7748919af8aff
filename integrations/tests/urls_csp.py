"""A one-view URLconf for testing the dashboard policy through the real middleware stack."""

from django.http import HttpResponse
from django.urls import path

from integrations.csp import apply_dashboard_policy


def dashboard_like(request):
    return apply_dashboard_policy(HttpResponse("tableau de bord"))


def other_page(request):
    return HttpResponse("autre page")


urlpatterns = [
    path("dashboard", dashboard_like),
    path("other", other_page),
]
