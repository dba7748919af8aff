from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.pagination import paginated_response_with_counters

from .selectors import PRESETS, email_counters, email_get, email_list, email_order_suggestion, mailbox_get
from .serializers import (
    EmailDetailOutputSerializer,
    EmailListFilterSerializer,
    EmailListResponseSerializer,
    EmailOrderCreatedSerializer,
    EmailOrderCreateInputSerializer,
    EmailOutputSerializer,
    MailboxConnectInputSerializer,
    MailboxStateSerializer,
    PresetSerializer,
    mailbox_state,
)
from .services import (
    MSG_PLAN,
    email_assistant_allowed,
    email_mark_read,
    email_order_create,
    mailbox_connect,
    mailbox_disconnect,
    mailbox_resync,
)

TAGS = ["mailbox"]
EMAIL_ID = OpenApiParameter("email_id", int, OpenApiParameter.PATH, description="Identifiant de l'e-mail.")


class EmailListApi(APIView):
    """Three queries whatever the size of the inbox: counters, page count, page rows."""

    @extend_schema(
        operation_id="mailbox_emails_list",
        summary="Boîte de réception résumée",
        parameters=[
            OpenApiParameter(
                "filter",
                str,
                enum=list(EmailListFilterSerializer().fields["filter"].choices),
                description="Tous (sans les newsletters ni les indésirables), Non lus, Urgents, Commandes, Support, "
                "Partenariats, Factures, Livraisons, Autres, Mis de côté (newsletters et indésirables).",
            ),
            OpenApiParameter("page", int),
            OpenApiParameter("page_size", int, description="20 par défaut, 100 au plus."),
        ],
        responses=EmailListResponseSerializer,
        tags=TAGS,
    )
    def get(self, request):
        filters = EmailListFilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        return paginated_response_with_counters(
            view=self,
            request=request,
            queryset=email_list(user=request.user, folder=filters.validated_data["filter"]).select_related("order"),
            serializer_class=EmailOutputSerializer,
            counters=email_counters(user=request.user),
        )


class EmailDetailApi(APIView):
    @extend_schema(
        operation_id="mailbox_emails_retrieve",
        summary="Un e-mail résumé : texte, pièces jointes, lignes de commande repérées",
        parameters=[EMAIL_ID],
        responses=EmailDetailOutputSerializer,
        tags=TAGS,
    )
    def get(self, request, email_id: int):
        email = email_get(user=request.user, email_id=email_id)
        email.suggested_lines = email_order_suggestion(user=request.user, email=email)
        return Response(EmailDetailOutputSerializer(email).data)


class EmailMarkReadApi(APIView):
    @extend_schema(
        operation_id="mailbox_emails_mark_read",
        summary="Marquer un e-mail comme lu",
        parameters=[EMAIL_ID],
        request=None,
        responses=EmailOutputSerializer,
        tags=TAGS,
    )
    def post(self, request, email_id: int):
        email = email_mark_read(email=email_get(user=request.user, email_id=email_id))
        return Response(EmailOutputSerializer(email).data)


class EmailOrderCreateApi(APIView):
    @extend_schema(
        operation_id="mailbox_emails_order_create",
        summary="Créer la commande d'un e-mail",
        description="Même corps que la saisie d'une commande ; un produit peut être désigné par product_id. "
        "Une seule commande par e-mail (409 already_ordered ensuite).",
        parameters=[EMAIL_ID],
        request=EmailOrderCreateInputSerializer,
        responses={201: EmailOrderCreatedSerializer},
        tags=TAGS,
    )
    def post(self, request, email_id: int):
        email = email_get(user=request.user, email_id=email_id)
        serializer = EmailOrderCreateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        order = email_order_create(user=request.user, email=email, data=serializer.validated_data)
        return Response(EmailOrderCreatedSerializer(order).data, status=status.HTTP_201_CREATED)


def _state(request, mailbox=None):
    allowed = email_assistant_allowed(request.user)
    mailbox = mailbox if mailbox is not None else mailbox_get(user=request.user)
    return MailboxStateSerializer(
        mailbox_state(mailbox=mailbox, allowed=allowed, plan_message="" if allowed else MSG_PLAN)
    ).data


class MailboxConnectionApi(APIView):
    @extend_schema(
        operation_id="mailbox_connection_retrieve",
        summary="La boîte e-mail connectée et l'état de sa synchronisation",
        responses=MailboxStateSerializer,
        tags=TAGS,
    )
    def get(self, request):
        return Response(_state(request))

    @extend_schema(
        operation_id="mailbox_connection_update",
        summary="Connecter (ou modifier) la boîte e-mail : la connexion est essayée avant d'enregistrer",
        request=MailboxConnectInputSerializer,
        responses=MailboxStateSerializer,
        tags=TAGS,
    )
    def put(self, request):
        serializer = MailboxConnectInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        mailbox = mailbox_connect(user=request.user, **serializer.validated_data)
        return Response(_state(request, mailbox))

    @extend_schema(
        operation_id="mailbox_connection_destroy",
        summary="Déconnecter la boîte e-mail (le mot de passe est effacé, les e-mails restent)",
        responses={204: None, 404: OpenApiResponse(description="Aucune boîte e-mail n'est connectée.")},
        tags=TAGS,
    )
    def delete(self, request):
        mailbox_disconnect(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MailboxResyncApi(APIView):
    @extend_schema(
        operation_id="mailbox_connection_resync",
        summary="Resynchroniser maintenant",
        request=None,
        responses={
            202: MailboxStateSerializer,
            404: OpenApiResponse(description="Aucune boîte e-mail n'est connectée."),
        },
        tags=TAGS,
    )
    def post(self, request):
        mailbox = mailbox_resync(user=request.user)
        mailbox.refresh_from_db()
        return Response(_state(request, mailbox), status=status.HTTP_202_ACCEPTED)


class MailboxPresetsApi(APIView):
    @extend_schema(
        operation_id="mailbox_presets_list",
        summary="Réglages des fournisseurs courants (Gmail, Outlook, Yahoo, autre)",
        responses=PresetSerializer(many=True),
        tags=TAGS,
    )
    def get(self, request):
        return Response(PresetSerializer(list(PRESETS.values()), many=True).data)
