"""The orders API under /api/v1/orders: thin views that parse input, call one service or selector and
shape the answer."""

import csv
import io
import json

from django.http import HttpResponse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from core.pagination import PageNumberPagination
from logistics.selectors import driver_get

from .models import Actor, Order, OrderStatus
from .selectors import (
    order_counters,
    order_delivery_quote,
    order_delivery_zones,
    order_detail,
    order_get,
    order_list,
)
from .serializers import (
    DeliveryQuoteInputSerializer,
    DeliveryQuoteOutputSerializer,
    DeliveryZonesOutputSerializer,
    OrderAssignDriverInputSerializer,
    OrderCancelInputSerializer,
    OrderCreateInputSerializer,
    OrderDetailOutputSerializer,
    OrderExportFilterSerializer,
    OrderListFilterSerializer,
    OrderListResponseSerializer,
    OrderOutputSerializer,
    OrderTransitionInputSerializer,
)
from .services import order_assign_driver, order_cancel, order_create_by_owner, order_transition

TAGS = ["orders"]
ORDER_ID = OpenApiParameter("order_id", int, OpenApiParameter.PATH, description="Identifiant de la commande.")
FILTER_PARAMETERS = [
    OpenApiParameter("customer", str, description="Numéro WhatsApp du client, dans n'importe quel format."),
    OpenApiParameter("date_from", OpenApiTypes.DATE, description="Commandes créées ce jour-là ou après."),
    OpenApiParameter("date_to", OpenApiTypes.DATE, description="Commandes créées ce jour-là ou avant."),
    OpenApiParameter("q", str, description="Recherche dans la référence, le nom ou le numéro du client."),
]


class KnownCountPagination(PageNumberPagination):
    """The core pagination, told the list's size by the counters query instead of counting again."""

    def __init__(self, count: int):
        self.known_count = count

    def django_paginator_class(self, object_list, per_page):
        from django.core.paginator import Paginator

        paginator = Paginator(object_list, per_page)
        paginator.count = self.known_count  # a cached_property: set once, never queried
        return paginator


def _detail_response(request, order: Order, code=status.HTTP_200_OK) -> Response:
    detail = order_detail(user=request.user, order_id=order.pk)
    return Response(OrderDetailOutputSerializer(detail).data, status=code)


class OrderListApi(APIView):
    """Three queries whatever the number of orders: counters, the page's orders, their lines."""

    @extend_schema(
        operation_id="orders_list",
        summary="Commandes du compte, avec les compteurs par statut",
        parameters=[
            OpenApiParameter("status", str, enum=OrderStatus.values),
            *FILTER_PARAMETERS,
            OpenApiParameter("page", int),
            OpenApiParameter("page_size", int),
        ],
        responses=OrderListResponseSerializer,
        tags=TAGS,
    )
    def get(self, request):
        filters = OrderListFilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        data = dict(filters.validated_data)
        wanted_status = data.pop("status", None)
        counters = order_counters(user=request.user, **data)
        orders = order_list(user=request.user, status=wanted_status, **data)
        paginator = KnownCountPagination(counters[wanted_status] if wanted_status else counters["total"])
        page = paginator.paginate_queryset(orders, request, view=self)
        response = paginator.get_paginated_response(OrderOutputSerializer(page, many=True).data)
        response.data["counters"] = counters
        return response

    @extend_schema(
        operation_id="orders_create",
        summary="Saisir une commande (commande par téléphone)",
        description="Chaque produit est soit {sku, quantity} (nom et prix lus dans le catalogue), soit "
        "{name, unit_price, quantity}. Le numéro du client est enregistré au format E.164. Les frais de "
        "livraison sont ceux de la zone de la boutique qui couvre `zone` (même lecture que l'assistant) : "
        "un lieu hors de toute zone, une zone non desservie ou deux zones à la fois répondent 400 "
        "(delivery_zone_unknown, delivery_zone_not_served, delivery_zone_ambiguous) ; un `delivery_fee` "
        "envoyé qui diffère de celui de la zone répond 400 delivery_fee_mismatch.",
        request=OrderCreateInputSerializer,
        responses={201: OrderDetailOutputSerializer},
        tags=TAGS,
    )
    def post(self, request):
        serializer = OrderCreateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        order = order_create_by_owner(
            user=request.user,
            customer_name=data["customer_name"],
            customer_phone=data["customer_phone"],
            items=data["items"],
            zone=data["zone"],
            payment_method=data["payment_method"],
            delivery_fee=data.get("delivery_fee"),
            address=data.get("address", ""),
            commune=data.get("commune", ""),
            latitude=data.get("latitude"),
            longitude=data.get("longitude"),
            note=data.get("note", ""),
        )
        return _detail_response(request, order, status.HTTP_201_CREATED)


class OrderDeliveryZonesApi(APIView):
    @extend_schema(
        operation_id="orders_delivery_zones",
        summary="Zones de livraison d'une commande saisie, avec les frais facturés",
        description="Les zones desservies de la boutique (« Ma boutique »), seules sources des frais de livraison.",
        responses=DeliveryZonesOutputSerializer,
        tags=TAGS,
    )
    def get(self, request):
        return Response(DeliveryZonesOutputSerializer(order_delivery_zones(user=request.user)).data)


class OrderDeliveryQuoteApi(APIView):
    @extend_schema(
        operation_id="orders_delivery_quote",
        summary="Frais de livraison vers un lieu (zone, commune ou quartier)",
        description="La zone de la boutique qui couvre le lieu et ses frais, comme à la création de la commande. "
        "Hors de toute zone, zone non desservie ou deux zones : 400 avec un message en français.",
        parameters=[OpenApiParameter("place", str, required=True, description="Zone, commune, quartier ou « pickup »")],
        responses=DeliveryQuoteOutputSerializer,
        tags=TAGS,
    )
    def get(self, request):
        serializer = DeliveryQuoteInputSerializer(data=request.query_params)
        serializer.is_valid(raise_exception=True)
        quote = order_delivery_quote(user=request.user, place=serializer.validated_data["place"])
        return Response(DeliveryQuoteOutputSerializer(quote).data)


class OrderDetailApi(APIView):
    @extend_schema(
        operation_id="orders_retrieve",
        summary="Une commande : lignes, historique, livraison et livreur suggéré",
        parameters=[ORDER_ID],
        responses=OrderDetailOutputSerializer,
        tags=TAGS,
    )
    def get(self, request, order_id: int):
        return Response(OrderDetailOutputSerializer(order_detail(user=request.user, order_id=order_id)).data)


class OrderTransitionApi(APIView):
    @extend_schema(
        operation_id="orders_transition",
        summary="Faire avancer une commande",
        description="confirmed → awaiting_payment (paiement mobile) → paid → preparing → out_for_delivery → "
        "delivered ; en espèces confirmed → preparing ; à retirer preparing → ready → picked_up. Toute autre "
        "transition : 400 invalid_transition ; « En route » exige un livreur (400 driver_required).",
        parameters=[ORDER_ID],
        request=OrderTransitionInputSerializer,
        responses=OrderDetailOutputSerializer,
        tags=TAGS,
    )
    def post(self, request, order_id: int):
        serializer = OrderTransitionInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        order = order_get(user=request.user, order_id=order_id)
        order = order_transition(
            order=order,
            to=serializer.validated_data["status"],
            by=Actor.OWNER,
            user=request.user,
            note=serializer.validated_data["note"],
        )
        return _detail_response(request, order)


class OrderCancelApi(APIView):
    @extend_schema(
        operation_id="orders_cancel",
        summary="Annuler une commande (avec un motif)",
        description="Les lignes de la commande sont conservées ; le client est prévenu sur WhatsApp.",
        parameters=[ORDER_ID],
        request=OrderCancelInputSerializer,
        responses=OrderDetailOutputSerializer,
        tags=TAGS,
    )
    def post(self, request, order_id: int):
        serializer = OrderCancelInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        order = order_get(user=request.user, order_id=order_id)
        order = order_cancel(order=order, reason=serializer.validated_data["reason"], by=Actor.OWNER, user=request.user)
        return _detail_response(request, order)


class OrderAssignDriverApi(APIView):
    @extend_schema(
        operation_id="orders_assign_driver",
        summary="Assigner un livreur",
        description="Crée la livraison de la commande dans la logistique (ou change son livreur). Un livreur "
        "à moto ne traverse pas la lagune (400 driver_cannot_cross).",
        parameters=[ORDER_ID],
        request=OrderAssignDriverInputSerializer,
        responses=OrderDetailOutputSerializer,
        tags=TAGS,
    )
    def post(self, request, order_id: int):
        serializer = OrderAssignDriverInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        order = order_get(user=request.user, order_id=order_id)
        driver = driver_get(user=request.user, driver_id=serializer.validated_data["driver_id"])
        return _detail_response(request, order_assign_driver(order=order, driver=driver, user=request.user))


class CSVRenderer(BaseRenderer):
    """Lets a client ask for text/csv; error bodies (dicts) still go out as JSON text."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, (bytes, str)):
            return data
        return json.dumps(data, ensure_ascii=False).encode()


CSV_HEADERS = [
    "Référence",
    "Date",
    "Client",
    "Numéro WhatsApp",
    "Statut",
    "Zone",
    "Adresse",
    "Produits",
    "Sous-total (F CFA)",
    "Frais de livraison (F CFA)",
    "Total (F CFA)",
    "Paiement",
    "Origine",
    "Motif d'annulation",
]


def orders_csv(orders) -> bytes:
    """The orders as a CSV file Excel opens in French: UTF-8 with a BOM, « ; » between columns."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerow(CSV_HEADERS)
    for order in orders:
        writer.writerow(
            [
                order.reference,
                timezone.localtime(order.created_at).strftime("%d/%m/%Y %H:%M"),
                order.customer_name,
                order.customer_phone,
                order.get_status_display(),
                "Retrait en boutique" if order.is_pickup else order.zone,
                order.address,
                ", ".join(f"{line.quantity} × {line.name}" for line in order.lines.all()),
                order.subtotal,
                order.delivery_fee,
                order.total,
                order.get_payment_method_display(),
                order.get_source_display(),
                order.cancel_reason,
            ]
        )
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


class OrderExportApi(APIView):
    renderer_classes = [JSONRenderer, CSVRenderer]

    def finalize_response(self, request, response, *args, **kwargs):
        # An error (401, 400…) is JSON with its JSON content type, even when ?format=csv asked for CSV.
        if isinstance(response, Response) and response.status_code >= 400:
            request.accepted_renderer, request.accepted_media_type = JSONRenderer(), JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)

    @extend_schema(
        operation_id="orders_export_csv",
        summary="Exporter les commandes en CSV (Excel)",
        description="UTF-8 avec BOM, séparateur « ; », en-têtes en français. Mêmes filtres que la liste.",
        parameters=[
            OpenApiParameter("status", str, enum=OrderStatus.values),
            *FILTER_PARAMETERS,
        ],
        responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY, description="Fichier CSV")},
        tags=TAGS,
    )
    def get(self, request):
        filters = OrderExportFilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        data = dict(filters.validated_data)
        orders = order_list(user=request.user, status=data.pop("status", None), **data)
        parts = ["commandes", data.get("date_from"), data.get("date_to")]
        filename = "-".join(str(part) for part in parts if part) + ".csv"
        response = HttpResponse(orders_csv(orders.iterator(chunk_size=500)), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
