from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.pagination import paginated_response_with_counters

from .selectors import delivery_counters, delivery_get, delivery_list, driver_counters, driver_get, driver_list
from .serializers import (
    DeliveryAssignInputSerializer,
    DeliveryDelayInputSerializer,
    DeliveryListFilterSerializer,
    DeliveryListResponseSerializer,
    DeliveryOutputSerializer,
    DeliveryScheduleInputSerializer,
    DeliveryStatusInputSerializer,
    DriverInputSerializer,
    DriverLinkIssuedSerializer,
    DriverLinkRevokedSerializer,
    DriverListResponseSerializer,
    DriverOutputSerializer,
    RouteOutputSerializer,
)
from .services import (
    ROUTE_EXPLANATION,
    delivery_assign_driver,
    delivery_report_delay,
    delivery_schedule,
    delivery_status_change_by_owner,
    driver_create,
    driver_deactivate,
    driver_link_issue,
    driver_link_revoke,
    driver_link_share_url,
    driver_link_url,
    driver_route_optimize,
    driver_update,
    route_distance_km,
)

TAGS = ["logistics"]
REFERENCE = OpenApiParameter("reference", str, OpenApiParameter.PATH, description="Référence LIV-<année>-<numéro>.")


def _delivery_response(delivery, code=status.HTTP_200_OK) -> Response:
    return Response(DeliveryOutputSerializer(delivery).data, status=code)


class DeliveryListApi(APIView):
    """Three queries whatever the number of deliveries: counters, page count, page rows."""

    @extend_schema(
        operation_id="logistics_deliveries_list",
        summary="Livraisons du compte, avec les compteurs par statut",
        parameters=[
            OpenApiParameter("status", str, enum=["pending", "preparing", "en_route", "delivered"]),
            OpenApiParameter("driver", int, description="Livraisons d'un livreur, dans l'ordre de sa tournée."),
            OpenApiParameter("page", int),
            OpenApiParameter("page_size", int),
        ],
        responses=DeliveryListResponseSerializer,
        tags=TAGS,
    )
    def get(self, request):
        filters = DeliveryListFilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        counters = delivery_counters(user=request.user)
        deliveries = delivery_list(
            user=request.user,
            status=filters.validated_data.get("status"),
            driver_id=filters.validated_data.get("driver"),
        )
        return paginated_response_with_counters(
            view=self,
            request=request,
            queryset=deliveries,
            serializer_class=DeliveryOutputSerializer,
            counters=counters,
        )

    @extend_schema(
        operation_id="logistics_deliveries_schedule",
        summary="Planifier une livraison",
        description="Crée une livraison « En attente » avec la référence suivante du compte (LIV-<année>-<numéro>). "
        "Les coordonnées sont celles du centre de la commune si elles ne sont pas données.",
        request=DeliveryScheduleInputSerializer,
        responses={201: DeliveryOutputSerializer},
        tags=TAGS,
    )
    def post(self, request):
        serializer = DeliveryScheduleInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        driver = driver_get(user=request.user, driver_id=data["driver_id"]) if "driver_id" in data else None
        delivery = delivery_schedule(
            user=request.user,
            customer_name=data["customer"],
            customer_phone=data["phone"],
            address=data["address"],
            commune=data["commune"],
            products=data["products"],
            amount=data["amount"],
            estimated_at=data["estimated_time"],
            priority=data["priority"],
            driver=driver,
            latitude=data.get("latitude"),
            longitude=data.get("longitude"),
        )
        return _delivery_response(delivery, status.HTTP_201_CREATED)


class DeliveryDetailApi(APIView):
    @extend_schema(
        operation_id="logistics_deliveries_retrieve",
        summary="Une livraison",
        parameters=[REFERENCE],
        responses=DeliveryOutputSerializer,
        tags=TAGS,
    )
    def get(self, request, reference: str):
        return _delivery_response(delivery_get(user=request.user, reference=reference))


class DeliveryStatusChangeApi(APIView):
    @extend_schema(
        operation_id="logistics_deliveries_status",
        summary="Changer le statut d'une livraison",
        description="Seulement d'une étape vers l'avant : pending → preparing → en_route → delivered "
        "(En attente → Préparation → En route → Livré). Sinon 400 invalid_transition avec un message en "
        "français ; passer « En route » exige un livreur (400 driver_required). Une livraison issue d'une "
        "commande fait avancer la commande (même cycle de vie que la page Commandes, le client est prévenu "
        "une fois) ; les règles de la commande s'appliquent aussi (paiement avant préparation).",
        parameters=[REFERENCE],
        request=DeliveryStatusInputSerializer,
        responses=DeliveryOutputSerializer,
        tags=TAGS,
    )
    def post(self, request, reference: str):
        serializer = DeliveryStatusInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        delivery = delivery_get(user=request.user, reference=reference)
        delivery = delivery_status_change_by_owner(
            delivery=delivery, status=serializer.validated_data["status"], user=request.user
        )
        return _delivery_response(delivery)


class DeliveryAssignDriverApi(APIView):
    @extend_schema(
        operation_id="logistics_deliveries_assign_driver",
        summary="Assigner un livreur",
        parameters=[REFERENCE],
        request=DeliveryAssignInputSerializer,
        responses=DeliveryOutputSerializer,
        tags=TAGS,
    )
    def post(self, request, reference: str):
        serializer = DeliveryAssignInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        delivery = delivery_get(user=request.user, reference=reference)
        driver = driver_get(user=request.user, driver_id=serializer.validated_data["driver_id"])
        return _delivery_response(delivery_assign_driver(delivery=delivery, driver=driver))


class DeliveryReportDelayApi(APIView):
    @extend_schema(
        operation_id="logistics_deliveries_report_delay",
        summary="Signaler un retard (nouvelle heure estimée et motif)",
        parameters=[REFERENCE],
        request=DeliveryDelayInputSerializer,
        responses=DeliveryOutputSerializer,
        tags=TAGS,
    )
    def post(self, request, reference: str):
        serializer = DeliveryDelayInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        delivery = delivery_get(user=request.user, reference=reference)
        return _delivery_response(
            delivery_report_delay(
                delivery=delivery,
                estimated_at=serializer.validated_data["estimated_time"],
                note=serializer.validated_data["note"],
            )
        )


class DriverListApi(APIView):
    @extend_schema(
        operation_id="logistics_drivers_list",
        summary="Livreurs du compte, avec les compteurs (actifs, disponibles)",
        description="Un livreur est « active » (En livraison) s'il a une livraison en route, sinon « available ».",
        parameters=[OpenApiParameter("page", int), OpenApiParameter("page_size", int)],
        responses=DriverListResponseSerializer,
        tags=TAGS,
    )
    def get(self, request):
        counters = driver_counters(user=request.user)
        return paginated_response_with_counters(
            view=self,
            request=request,
            queryset=driver_list(user=request.user),
            serializer_class=DriverOutputSerializer,
            counters=counters,
        )

    @extend_schema(
        operation_id="logistics_drivers_create",
        summary="Ajouter un livreur",
        description="Nom, téléphone (E.164 ; deux livreurs actifs n'ont pas le même), véhicule, commune de base ; "
        "la rive de la lagune est celle de la commune si elle n'est pas donnée.",
        request=DriverInputSerializer,
        responses={201: DriverOutputSerializer},
        tags=TAGS,
    )
    def post(self, request):
        serializer = DriverInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return _driver_response(
            request, driver_create(user=request.user, **serializer.validated_data), status.HTTP_201_CREATED
        )


def _driver_response(request, driver, status_code=status.HTTP_200_OK) -> Response:
    """The driver as the list shows him (status and counts)."""
    return Response(DriverOutputSerializer(driver_get(user=request.user, driver_id=driver.pk)).data, status=status_code)


class DriverDetailApi(APIView):
    @extend_schema(
        operation_id="logistics_drivers_update",
        summary="Modifier un livreur",
        description="Nom, téléphone (E.164), véhicule (moto, voiture), commune de base (sa position devient "
        "le centre de la commune) et rive de la lagune ; seuls les champs envoyés changent.",
        request=DriverInputSerializer,
        responses=DriverOutputSerializer,
        tags=TAGS,
    )
    def patch(self, request, driver_id: int):
        driver = driver_get(user=request.user, driver_id=driver_id)
        serializer = DriverInputSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        return _driver_response(request, driver_update(driver=driver, **serializer.validated_data))


class DriverDeactivateApi(APIView):
    @extend_schema(
        operation_id="logistics_drivers_deactivate",
        summary="Désactiver un livreur",
        description="Le livreur disparaît de la page et des suggestions ; ses livraisons passées restent. "
        "Refusé (400 driver_busy) tant qu'il a des livraisons non livrées.",
        request=None,
        responses={204: None},
        tags=TAGS,
    )
    def post(self, request, driver_id: int):
        driver_deactivate(driver=driver_get(user=request.user, driver_id=driver_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class DriverRouteOptimizeApi(APIView):
    @extend_schema(
        operation_id="logistics_drivers_optimize_route",
        summary="Optimiser les trajets d'un livreur",
        description=ROUTE_EXPLANATION + " L'ordre est enregistré (route_position) et renvoyé.",
        request=None,
        responses=RouteOutputSerializer,
        tags=TAGS,
    )
    def post(self, request, driver_id: int):
        driver = driver_get(user=request.user, driver_id=driver_id)
        stops = driver_route_optimize(driver=driver)
        body = {
            "driver": driver,
            "stops": stops,
            "total_distance_km": route_distance_km(stops),
            "explanation": ROUTE_EXPLANATION,
        }
        return Response(RouteOutputSerializer(body).data)


class DriverLinkApi(APIView):
    @extend_schema(
        operation_id="logistics_drivers_link_issue",
        summary="Nouveau lien pour la page du livreur",
        description="Crée un lien personnel (valable jusqu'à la fin du lendemain) vers la page du livreur : "
        "ses livraisons du jour, les boutons Récupéré / Livré / Problème et le partage de sa position. "
        "Le lien n'est montré qu'une fois (seule son empreinte est gardée) : « Copier le lien » ou "
        "« Envoyer le lien » (share_url, wa.me). Les liens précédents restent valables jusqu'à leur "
        "expiration ; « Révoquer le lien » les arrête tous.",
        request=None,
        responses={201: DriverLinkIssuedSerializer},
        tags=TAGS,
    )
    def post(self, request, driver_id: int):
        driver = driver_get(user=request.user, driver_id=driver_id)
        link, token = driver_link_issue(driver=driver)
        body = {
            "url": driver_link_url(token),
            "share_url": driver_link_share_url(driver=driver, token=token),
            "expires_at": link.expires_at,
            "sent_via": link.sent_via,
        }
        return Response(DriverLinkIssuedSerializer(body).data, status=status.HTTP_201_CREATED)


class DriverLinkRevokeApi(APIView):
    @extend_schema(
        operation_id="logistics_drivers_link_revoke",
        summary="Révoquer le lien du livreur",
        description="Tous les liens encore valables du livreur cessent de fonctionner immédiatement.",
        request=None,
        responses=DriverLinkRevokedSerializer,
        tags=TAGS,
    )
    def post(self, request, driver_id: int):
        driver = driver_get(user=request.user, driver_id=driver_id)
        return Response(DriverLinkRevokedSerializer({"revoked": driver_link_revoke(driver=driver)}).data)
