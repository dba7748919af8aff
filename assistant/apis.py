"""POST /api/v1/assistant/try: the owner's « Tester l'assistant » panel, on the owner's own shop."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from conversations.models import Intent

from .selectors import assistant_llm_state, assistant_transcription_usage
from .serializers import (
    AssistantLlmInputSerializer,
    AssistantLlmOutputSerializer,
    AssistantTranscriptionOutputSerializer,
    AssistantTryInputSerializer,
    AssistantTryOutputSerializer,
    AssistantTryResetInputSerializer,
)
from .services import assistant_llm_set, assistant_session_reset, assistant_try, session_key_for_try

TAGS = ["assistant"]


class AssistantTryApi(APIView):
    @extend_schema(
        operation_id="assistant_try",
        summary="Tester l'assistant sur sa boutique",
        description="Le même moteur que sur WhatsApp, sur les données de la boutique du compte, sans rien "
        "envoyer sur WhatsApp. `session` est choisie par le client (le panneau en tire une au hasard) ; une "
        "commande confirmée est enregistrée comme les autres (client test).",
        request=AssistantTryInputSerializer,
        responses=AssistantTryOutputSerializer,
        tags=TAGS,
    )
    def post(self, request):
        serializer = AssistantTryInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        result = assistant_try(user=request.user, **serializer.validated_data)
        turn, order = result["turn"], result["order"]
        payload = {
            "intent": turn.intent,
            "intent_label": Intent(turn.intent).label if turn.intent in Intent.values else turn.intent,
            "language": turn.language,
            "replies": [{"text": reply.text, "buttons": list(reply.buttons)} for reply in turn.replies],
            "handoff": turn.handoff,
            "order": {"id": order.pk, "reference": order.reference, "total": order.total} if order else None,
        }
        return Response(AssistantTryOutputSerializer(payload).data)


class AssistantTryResetApi(APIView):
    @extend_schema(
        operation_id="assistant_try_reset",
        summary="Recommencer le test de l'assistant",
        request=AssistantTryResetInputSerializer,
        responses={204: None},
        tags=TAGS,
    )
    def post(self, request):
        serializer = AssistantTryResetInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        session = serializer.validated_data["session"]
        assistant_session_reset(key=session_key_for_try(user=request.user, session=session))
        return Response(status=status.HTTP_204_NO_CONTENT)


class AssistantLlmApi(APIView):
    @extend_schema(
        operation_id="assistant_llm_get",
        summary="Modèle de langage : disponibilité, réglage du compte et utilisation sur 30 jours",
        responses=AssistantLlmOutputSerializer,
        tags=TAGS,
    )
    def get(self, request):
        return Response(AssistantLlmOutputSerializer(assistant_llm_state(user=request.user)).data)

    @extend_schema(
        operation_id="assistant_llm_set",
        summary="Activer ou désactiver le modèle de langage pour la boutique",
        description="Possible seulement quand la plateforme a un modèle configuré (ASSISTANT_LLM_URL et "
        "ASSISTANT_LLM_MODEL) ; sinon 400 `llm_unavailable`. Les prix, produits, zones et frais viennent "
        "toujours des données de la boutique.",
        request=AssistantLlmInputSerializer,
        responses=AssistantLlmOutputSerializer,
        tags=TAGS,
    )
    def put(self, request):
        serializer = AssistantLlmInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        assistant_llm_set(user=request.user, **serializer.validated_data)
        return Response(AssistantLlmOutputSerializer(assistant_llm_state(user=request.user)).data)


class AssistantTranscriptionApi(APIView):
    @extend_schema(
        operation_id="assistant_transcription_get",
        summary="Messages vocaux : moteur de transcription et utilisation sur 30 jours",
        responses=AssistantTranscriptionOutputSerializer,
        tags=TAGS,
    )
    def get(self, request):
        return Response(AssistantTranscriptionOutputSerializer(assistant_transcription_usage(user=request.user)).data)
