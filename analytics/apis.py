from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from subscriptions.permissions import RequiresPlanFlag, RequiresPlanPro

from .selectors import analytics_overview, dashboard_home, forecast_page
from .serializers import AnalyticsForecastSerializer, AnalyticsOverviewSerializer, DashboardHomeSerializer


class AnalyticsOverviewApi(APIView):
    permission_classes = [IsAuthenticated, RequiresPlanPro]

    @extend_schema(
        operation_id="analytics_overview",
        summary="Statistiques : KPIs, précision par catégorie, ventes par ville, trois prévisions",
        description="Réservé aux plans qui donnent accès aux statistiques (pro, entreprise) : 403 "
        "permission_denied sinon. Chaque chiffre est calculé à partir des données du compte et accompagné "
        "d'une phrase (explanation) qui dit comment.",
        responses=AnalyticsOverviewSerializer,
        tags=["analytics"],
    )
    def get(self, request):
        overview = analytics_overview(user=request.user, plan=getattr(request, "account_plan", None))
        return Response(AnalyticsOverviewSerializer(overview).data)


class DashboardHomeApi(APIView):
    @extend_schema(
        operation_id="auth_dashboard",
        summary="Accueil du tableau de bord : quatre cartes et l'activité récente",
        responses=DashboardHomeSerializer,
        tags=["auth"],
    )
    def get(self, request):
        return Response(DashboardHomeSerializer(dashboard_home(user=request.user)).data)


class RequiresPlanPredictions(RequiresPlanFlag):
    """Plans that sell « Analyses prédictives » (pro and entreprise by default)."""

    flag = "can_access_predictions"
    message = "Les analyses prédictives nécessitent le plan Pro Business ou supérieur."


class AnalyticsForecastApi(APIView):
    permission_classes = [IsAuthenticated, RequiresPlanPredictions]

    @extend_schema(
        operation_id="analytics_forecast",
        summary="Prévisions : demande par produit, alertes de stock, heures chargées, clients en retard",
        description="Réservé aux plans avec « Analyses prédictives » (can_access_predictions) : 403 "
        "permission_denied sinon. Lit les prévisions calculées chaque nuit (aucun calcul dans la requête) ; "
        "les alertes de stock comparent ces prévisions au stock actuel.",
        responses=AnalyticsForecastSerializer,
        tags=["analytics"],
    )
    def get(self, request):
        return Response(AnalyticsForecastSerializer(forecast_page(user=request.user)).data)
