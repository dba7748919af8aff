from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from core.pagination import paginated_response_with_counters

from .selectors import email_counters, email_get, email_list
from .serializers import EmailListFilterSerializer, EmailListResponseSerializer, EmailOutputSerializer
from .services import email_mark_read


class EmailListApi(APIView):
    """Three queries whatever the size of the inbox: counters, page count, page rows."""

    @extend_schema(
        operation_id="mailbox_emails_list",
        summary="Boîte de réception résumée",
        parameters=[
            OpenApiParameter(
                "filter",
                str,
                enum=["tous", "non_lus", "commandes", "support", "partenariats"],
                description="Tous, Non lus, Commandes, Support ou Partenariats (tous par défaut).",
            ),
            OpenApiParameter("page", int),
            OpenApiParameter("page_size", int, description="20 par défaut, 100 au plus."),
        ],
        responses=EmailListResponseSerializer,
        tags=["mailbox"],
    )
    def get(self, request):
        filters = EmailListFilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        return paginated_response_with_counters(
            view=self,
            request=request,
            queryset=email_list(user=request.user, folder=filters.validated_data["filter"]),
            serializer_class=EmailOutputSerializer,
            counters=email_counters(user=request.user),
        )


class EmailMarkReadApi(APIView):
    @extend_schema(
        operation_id="mailbox_emails_mark_read",
        summary="Marquer un e-mail comme lu",
        request=None,
        responses=EmailOutputSerializer,
        tags=["mailbox"],
    )
    def post(self, request, email_id: int):
        email = email_mark_read(email=email_get(user=request.user, email_id=email_id))
        return Response(EmailOutputSerializer(email).data)
