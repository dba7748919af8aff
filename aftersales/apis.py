"""The after-sales API: the tracking page's public JSON (no login, opened by its token) and the
account's switch for the driver's phone on those pages."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.exceptions import ApplicationError

from .selectors import aftersales_settings_get, tracking_link_find, tracking_view
from .serializers import (
    AftersalesSettingsInputSerializer,
    AftersalesSettingsOutputSerializer,
    TrackingOutputSerializer,
)
from .services import aftersales_settings_update, tracking_link_viewed
from .throttles import tracking_throttle

MSG_TRACKING_NOT_FOUND = "Ce lien de suivi est introuvable ou a expiré."


class TrackingDetailApi(APIView):
    """GET /api/v1/public/tracking/<token>: what the customer's page refreshes every 20 s."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="public_tracking_detail",
        summary="Suivi public d'une commande (jeton du lien envoyé au client)",
        description="Sans connexion : le jeton du lien WhatsApp ouvre le statut, le prénom du livreur et "
        "l'heure d'arrivée estimée depuis sa dernière position. Jeton inconnu ou expiré : 404. "
        "Limité par adresse IP et par lien (429).",
        responses={
            200: TrackingOutputSerializer,
            404: OpenApiResponse(description="Lien introuvable ou expiré."),
            429: OpenApiResponse(description="Trop de requêtes."),
        },
        tags=["public"],
    )
    def get(self, request, token: str):
        tracking_throttle(request, token)
        link = tracking_link_find(token=token)
        if link is None:
            raise ApplicationError(MSG_TRACKING_NOT_FOUND, code="not_found", status_code=404)
        view = tracking_view(link=link)
        tracking_link_viewed(link=link, now=view["refreshed_at"])
        response = Response(TrackingOutputSerializer(view).data)
        response["Cache-Control"] = "no-store"
        response["Referrer-Policy"] = "no-referrer"
        return response


class AftersalesSettingsApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="aftersales_settings_get",
        summary="Réglages après-vente : numéro du livreur sur la page de suivi",
        responses=AftersalesSettingsOutputSerializer,
        tags=["aftersales"],
    )
    def get(self, request):
        return Response(AftersalesSettingsOutputSerializer(aftersales_settings_get(user=request.user)).data)

    @extend_schema(
        operation_id="aftersales_settings_update",
        summary="Montrer ou non le numéro du livreur aux clients sur la page de suivi",
        request=AftersalesSettingsInputSerializer,
        responses=AftersalesSettingsOutputSerializer,
        tags=["aftersales"],
    )
    def patch(self, request):
        serializer = AftersalesSettingsInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        aftersales_settings_update(user=request.user, **serializer.validated_data)
        return Response(AftersalesSettingsOutputSerializer(aftersales_settings_get(user=request.user)).data)
