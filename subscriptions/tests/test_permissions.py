"""RequiresPlanPro and RequiresPlanEntreprise on a real DRF view, through the API error handler."""

import pytest
from django.urls import path
from rest_framework.response import Response
from rest_framework.views import APIView

from subscriptions.models import Plan
from subscriptions.permissions import RequiresPlanEntreprise, RequiresPlanPro

pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]


class AnalyticsProbeApi(APIView):
    permission_classes = [RequiresPlanPro]

    def get(self, request):
        return Response({"ok": True})


class AdvancedProbeApi(APIView):
    permission_classes = [RequiresPlanEntreprise]

    def get(self, request):
        return Response({"ok": True})


urlpatterns = [
    path("api/v1/probe/analytics", AnalyticsProbeApi.as_view()),
    path("api/v1/probe/advanced", AdvancedProbeApi.as_view()),
]


@pytest.mark.parametrize("code", ["starter", "pro", "entreprise"])
def test_requires_plan_pro_lets_starter_pro_and_entreprise_through(user_on, authed_client, code):
    response = authed_client(user_on(code)).get("/api/v1/probe/analytics")

    assert response.status_code == 200
    assert response.json() == {"ok": True}


def test_requires_plan_pro_refuses_gratuit_with_a_french_403(user_on, authed_client):
    response = authed_client(user_on("gratuit")).get("/api/v1/probe/analytics")

    assert response.status_code == 403
    assert response.json() == {
        "message": "Cette fonctionnalité nécessite le plan Starter ou supérieur.",
        "error": "permission_denied",
        "statusCode": 403,
    }


def test_requires_plan_entreprise_lets_only_entreprise_through(user_on, authed_client):
    assert authed_client(user_on("entreprise")).get("/api/v1/probe/advanced").status_code == 200


@pytest.mark.parametrize("code", ["gratuit", "pro"])
def test_requires_plan_entreprise_refuses_the_other_plans(user_on, authed_client, code):
    response = authed_client(user_on(code)).get("/api/v1/probe/advanced")

    assert response.status_code == 403
    assert response.json() == {
        "message": "Cette fonctionnalité est réservée au plan Entreprise.",
        "error": "permission_denied",
        "statusCode": 403,
    }


def test_an_unknown_plan_code_is_treated_as_gratuit(user_on, authed_client):
    assert authed_client(user_on("platine")).get("/api/v1/probe/analytics").status_code == 403


@pytest.mark.parametrize("url", ["/api/v1/probe/analytics", "/api/v1/probe/advanced"])
def test_an_anonymous_request_is_asked_to_log_in(api_client, url):
    response = api_client.get(url)

    assert response.status_code == 401
    assert response.json()["error"] == "not_authenticated"


def test_the_permission_follows_the_flags_staff_set_on_the_plan_rows(user_on, authed_client):
    Plan.objects.filter(code="gratuit").update(can_access_analytics=True)
    Plan.objects.filter(code="pro").update(can_use_advanced_features=True)

    assert authed_client(user_on("gratuit")).get("/api/v1/probe/analytics").status_code == 200
    assert authed_client(user_on("pro")).get("/api/v1/probe/advanced").status_code == 200


def test_the_refusal_names_the_smallest_plan_granting_the_feature(user_on, authed_client):
    Plan.objects.filter(code="pro").update(can_use_advanced_features=True)
    Plan.objects.filter(code="pro").update(name="Pro")

    response = authed_client(user_on("gratuit")).get("/api/v1/probe/advanced")

    assert response.json()["message"] == "Cette fonctionnalité nécessite le plan Pro ou supérieur."
