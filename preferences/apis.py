from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from .serializers import PreferencesOutputSerializer, PreferencesUpdateInputSerializer
from .services import preferences_get_or_create, preferences_update


class PreferencesDetailApi(APIView):
    @extend_schema(
        operation_id="preferences_retrieve",
        summary="Préférences du compte (configuration de l'IA et notifications)",
        description="Créées avec les valeurs par défaut à la première lecture : langues fr, en, nouchi ; "
        "ton professionnel ; lundi–samedi 08:00–20:00 ; notifications new_messages, ai_alerts, "
        "delivery_updates activées, weekly_reports désactivée.",
        responses=PreferencesOutputSerializer,
        tags=["preferences"],
    )
    def get(self, request):
        return Response(PreferencesOutputSerializer(preferences_get_or_create(user=request.user)).data)

    @extend_schema(
        operation_id="preferences_update",
        summary="Modifier les préférences (champs partiels)",
        request=PreferencesUpdateInputSerializer,
        responses=PreferencesOutputSerializer,
        tags=["preferences"],
    )
    def patch(self, request):
        serializer = PreferencesUpdateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        preferences = preferences_update(user=request.user, **serializer.to_service_kwargs())
        return Response(PreferencesOutputSerializer(preferences).data)
