from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.pagination import PageNumberPagination

from .selectors import conversation_counters, conversation_get, conversation_list, message_get, message_list
from .serializers import (
    ChatMessageListResponseSerializer,
    ChatMessageOutputSerializer,
    ChatMessageRateInputSerializer,
    ChatMessageSendInputSerializer,
    ChatMessageSentResponseSerializer,
    ChatTemplateSendInputSerializer,
    ConversationListFilterSerializer,
    ConversationListResponseSerializer,
    ConversationOutputSerializer,
    ConversationStartInputSerializer,
    ConversationUpdateInputSerializer,
)
from .services import (
    conversation_mark_read,
    conversation_mode_set,
    conversation_start_by_owner,
    message_rate,
    message_reply_by_owner,
    message_send_template_by_owner,
)

TAGS = ["conversations"]


def _sent(message, conversation, code) -> Response:
    body = {
        "message": ChatMessageOutputSerializer(message).data,
        "conversation": ConversationOutputSerializer(conversation).data,
    }
    return Response(body, status=code)


class ConversationListApi(APIView):
    """Three queries whatever the number of conversations: counters, page count, page rows."""

    @extend_schema(
        operation_id="conversations_list",
        summary="Conversations du compte (recherche, non lues)",
        parameters=[
            OpenApiParameter("search", str, description="Nom ou numéro du contact, ou texte du dernier message."),
            OpenApiParameter(
                "unread", bool, description="true : seulement les conversations avec des messages non lus."
            ),
            OpenApiParameter("page", int),
            OpenApiParameter("page_size", int),
        ],
        responses=ConversationListResponseSerializer,
        tags=TAGS,
    )
    def get(self, request):
        filters = ConversationListFilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        counters = conversation_counters(user=request.user)
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(
            conversation_list(user=request.user, **filters.validated_data), request, view=self
        )
        response = paginator.get_paginated_response(ConversationOutputSerializer(page, many=True).data)
        response.data["counters"] = counters
        return response

    @extend_schema(
        operation_id="conversations_start",
        summary="Écrire à un contact (démarre la conversation si elle n'existe pas)",
        description="201 si une nouvelle conversation est démarrée : elle compte dans le quota mensuel du plan "
        "(403 plan_limit_reached à la limite) ; 200 si la conversation avec ce numéro existait déjà. "
        "Le message est enregistré avec le statut « pending » ; l'envoi WhatsApp le distribue.",
        request=ConversationStartInputSerializer,
        responses={201: ChatMessageSentResponseSerializer, 200: ChatMessageSentResponseSerializer},
        tags=TAGS,
    )
    def post(self, request):
        serializer = ConversationStartInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        conversation, message, created = conversation_start_by_owner(
            user=request.user, name=data["name"], whatsapp_number=data["whatsapp_number"], content=data["content"]
        )
        return _sent(message, conversation, status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class ConversationMessageListApi(APIView):
    """Three queries: the conversation, the page count, the page rows."""

    @extend_schema(
        operation_id="conversations_messages_list",
        summary="Messages d'une conversation (du plus récent au plus ancien)",
        description="Dans l'ordre d'arrivée (un message du client porte l'heure de WhatsApp, à la seconde : il "
        "reste listé après la réponse qui l'a précédé même si son heure est égale ou antérieure). `time` est "
        "l'heure du message, celle du client telle qu'envoyée. Pages stables : l'ordre ne dépend que de l'arrivée.",
        parameters=[OpenApiParameter("page", int), OpenApiParameter("page_size", int)],
        responses=ChatMessageListResponseSerializer,
        tags=TAGS,
    )
    def get(self, request, conversation_id: int):
        conversation = conversation_get(user=request.user, conversation_id=conversation_id)
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(message_list(conversation=conversation), request, view=self)
        response = paginator.get_paginated_response(ChatMessageOutputSerializer(page, many=True).data)
        response.data["conversation"] = ConversationOutputSerializer(conversation).data
        return response

    @extend_schema(
        operation_id="conversations_messages_send",
        summary="Envoyer un message (le propriétaire répond au client)",
        description="Le message est enregistré tout de suite avec le statut « pending » (En attente d'envoi) "
        "puis envoyé par WhatsApp, qui met ensuite son statut à jour (sent, delivered, read ou failed avec la "
        "raison). Répondre marque la conversation comme lue. Plus de 24 h après le dernier message du client : "
        "409 whatsapp_window_closed (envoyer un modèle approuvé à la place).",
        request=ChatMessageSendInputSerializer,
        responses={201: ChatMessageSentResponseSerializer},
        tags=TAGS,
    )
    def post(self, request, conversation_id: int):
        serializer = ChatMessageSendInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        conversation = conversation_get(user=request.user, conversation_id=conversation_id)
        message = message_reply_by_owner(
            user=request.user, conversation=conversation, content=serializer.validated_data["content"]
        )
        return _sent(message, conversation, status.HTTP_201_CREATED)


class ConversationDetailApi(APIView):
    @extend_schema(
        operation_id="conversations_retrieve",
        summary="Une conversation",
        responses=ConversationOutputSerializer,
        tags=TAGS,
    )
    def get(self, request, conversation_id: int):
        return Response(
            ConversationOutputSerializer(conversation_get(user=request.user, conversation_id=conversation_id)).data
        )

    @extend_schema(
        operation_id="conversations_update",
        summary="Reprendre la main (mode human) ou rendre la conversation à l'IA (mode ai)",
        description="En mode « human », l'assistant ne répond jamais dans cette conversation.",
        request=ConversationUpdateInputSerializer,
        responses=ConversationOutputSerializer,
        tags=TAGS,
    )
    def patch(self, request, conversation_id: int):
        serializer = ConversationUpdateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        conversation = conversation_mode_set(
            conversation=conversation_get(user=request.user, conversation_id=conversation_id),
            mode=serializer.validated_data["mode"],
        )
        return Response(ConversationOutputSerializer(conversation).data)


class ConversationTemplateSendApi(APIView):
    @extend_schema(
        operation_id="conversations_templates_send",
        summary="Envoyer un modèle de message approuvé (hors de la fenêtre de 24 h)",
        description="Les modèles approuvés du compte se lisent sur GET /api/v1/integrations/whatsapp/templates.",
        request=ChatTemplateSendInputSerializer,
        responses={201: ChatMessageSentResponseSerializer},
        tags=TAGS,
    )
    def post(self, request, conversation_id: int):
        serializer = ChatTemplateSendInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        conversation = conversation_get(user=request.user, conversation_id=conversation_id)
        message = message_send_template_by_owner(
            user=request.user, conversation=conversation, **serializer.validated_data
        )
        return _sent(message, conversation, status.HTTP_201_CREATED)


class ConversationMarkReadApi(APIView):
    @extend_schema(
        operation_id="conversations_mark_read",
        summary="Marquer une conversation comme lue",
        request=None,
        responses=ConversationOutputSerializer,
        tags=TAGS,
    )
    def post(self, request, conversation_id: int):
        conversation = conversation_mark_read(
            conversation=conversation_get(user=request.user, conversation_id=conversation_id)
        )
        return Response(ConversationOutputSerializer(conversation).data)


class ChatMessageRateApi(APIView):
    @extend_schema(
        operation_id="conversations_messages_rate",
        summary="Évaluer une réponse de l'IA (correcte ou non)",
        description="Alimente la précision par catégorie des statistiques. Seules les réponses de l'IA "
        "(sender « ai ») s'évaluent : 400 not_an_ai_answer sinon.",
        request=ChatMessageRateInputSerializer,
        responses=ChatMessageOutputSerializer,
        tags=TAGS,
    )
    def post(self, request, conversation_id: int, message_id: int):
        serializer = ChatMessageRateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        conversation = conversation_get(user=request.user, conversation_id=conversation_id)
        message = message_rate(
            message=message_get(conversation=conversation, message_id=message_id),
            accurate=serializer.validated_data["accurate"],
        )
        return Response(ChatMessageOutputSerializer(message).data)


class ChatMessageMediaApi(APIView):
    """The kept media of a message (a customer's voice note), served by our server: with the owner's
    token, or with the signed link of the message list (an ``<audio>`` element sends no header)."""

    permission_classes = []

    @extend_schema(
        operation_id="conversations_messages_media",
        summary="Média d'un message (message vocal conservé 30 jours)",
        description="Le fichier tel que reçu, avec son type (audio/ogg…). Accès : le jeton du propriétaire, "
        "ou le lien signé `media_url` de la liste des messages (valable 1 h). 404 pour un message d'un autre "
        "compte ou sans média conservé.",
        parameters=[OpenApiParameter("t", str), OpenApiParameter("s", str)],
        responses={(200, "audio/ogg"): bytes},
        tags=TAGS,
    )
    def get(self, request, conversation_id: int, message_id: int):
        from django.http import FileResponse, Http404
        from rest_framework.exceptions import NotAuthenticated

        from .media import media_signature_valid
        from .models import Message

        message = (
            Message.objects.filter(pk=message_id, conversation_id=conversation_id)
            .exclude(media_file="")
            .select_related("conversation")
            .first()
        )
        signed = message is not None and media_signature_valid(
            message, timestamp=request.query_params.get("t", ""), signature=request.query_params.get("s", "")
        )
        if not signed:
            if not request.user or not request.user.is_authenticated:
                raise NotAuthenticated()
            conversation = conversation_get(user=request.user, conversation_id=conversation_id)
            if message is None or message.conversation_id != conversation.pk:
                raise Http404
        try:
            file = message.media_file.open("rb")
        except FileNotFoundError:
            raise Http404 from None
        response = FileResponse(file, content_type=message.media_mime or "application/octet-stream")
        response["Cache-Control"] = "private, max-age=3600"
        response["Content-Disposition"] = "inline"
        return response
