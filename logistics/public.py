"""The driver's page, opened by the link he receives (no account): the HTML page at /livreur/<token>
and its JSON API at /api/v1/public/driver/<token>/… (his deliveries, his positions, his steps).

The token is the only credential: it names one driver of one account, and every read and write is
scoped to that driver's deliveries. An unknown, expired or revoked token gets the same answer (404
and a French message saying to ask the shop for a new link), so nothing tells them apart. Rates are
per link (the token's hash) and, for tokens that resolve to nothing, per address.
"""

from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import Throttled
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle
from rest_framework.views import APIView

from accounts.serializers import ErrorSerializer
from core.exceptions import ApplicationError
from core.tokens import token_hash

from .models import Delivery, DeliveryStatus, DriverLink
from .selectors import driver_day_deliveries
from .serializers import (
    DriverPageDeliverySerializer,
    DriverPageSerializer,
    DriverPositionInputSerializer,
    DriverPositionOutputSerializer,
    DriverStepInputSerializer,
    DriverStepOutputSerializer,
)
from .services import delivery_step_record, driver_link_resolve, driver_position_record

TAGS = ["public"]
MSG_LINK_INVALID = "Ce lien n'est plus valable : demandez un nouveau lien à la boutique."
MSG_NOT_EN_ROUTE = "Aucune livraison en route : votre position n'est pas enregistrée."
LINK_INVALID = OpenApiResponse(ErrorSerializer, description="Lien inconnu, expiré ou révoqué (link_invalid).")
TOO_MANY = OpenApiResponse(ErrorSerializer, description="Trop de requêtes (en-tête Retry-After).")
INVALID = OpenApiResponse(ErrorSerializer, description="Données invalides (errors par champ, en français).")
TOKEN = OpenApiParameter("token", str, OpenApiParameter.PATH, description="Le jeton du lien reçu par le livreur.")


class _PerLinkThrottle(SimpleRateThrottle):
    """Counted per link (the token's hash), so many drivers behind one address never share a budget."""

    def get_cache_key(self, request, view):
        token = view.kwargs.get("token", "")
        return self.cache_format % {"scope": self.scope, "ident": token_hash(token)[:32]}


class DriverReadThrottle(_PerLinkThrottle):
    scope = "driver_page_read"
    rate = "30/min"


class DriverPositionThrottle(_PerLinkThrottle):
    # The page posts at most every 30 s; a little room for a reconnecting phone.
    scope = "driver_position"
    rate = "6/min"


class DriverStepThrottle(_PerLinkThrottle):
    scope = "driver_step"
    rate = "30/min"


class InvalidLinkThrottle(AnonRateThrottle):
    """Tokens that resolve to nothing, per address: guessing is slow."""

    scope = "driver_link_invalid"
    rate = "20/min"


def _link_or_refuse(request, view, token: str) -> DriverLink:
    link = driver_link_resolve(token=token)
    if link is None:
        throttle = InvalidLinkThrottle()
        if not throttle.allow_request(request, view):
            raise Throttled(wait=throttle.wait())
        raise ApplicationError(MSG_LINK_INVALID, code="link_invalid", status_code=404)
    return link


class _PublicDriverApi(APIView):
    authentication_classes = []
    permission_classes = [AllowAny]


class DriverPageApi(_PublicDriverApi):
    throttle_classes = [DriverReadThrottle]

    @extend_schema(
        operation_id="public_driver_deliveries",
        summary="Livraisons du jour du livreur (lien personnel)",
        description="Ses livraisons non livrées dans l'ordre de la tournée, puis celles livrées aujourd'hui. "
        "Lien inconnu, expiré ou révoqué : 404 link_invalid.",
        parameters=[TOKEN],
        responses={200: DriverPageSerializer, 404: LINK_INVALID, 429: TOO_MANY},
        tags=TAGS,
        auth=[],
    )
    def get(self, request, token: str):
        link = _link_or_refuse(request, self, token)
        body = {
            "driver": link.driver.name.split()[0],
            "expires_at": link.expires_at,
            "deliveries": driver_day_deliveries(driver=link.driver),
        }
        return Response(DriverPageSerializer(body).data)


class DriverPositionApi(_PublicDriverApi):
    throttle_classes = [DriverPositionThrottle]

    @extend_schema(
        operation_id="public_driver_position",
        summary="Position du livreur (géolocalisation du navigateur)",
        description="Au plus une toutes les 30 s, pendant qu'une livraison est en route (sinon 409 "
        "not_en_route : rien n'est enregistré). Conservée 6 h.",
        parameters=[TOKEN],
        request=DriverPositionInputSerializer,
        responses={
            201: DriverPositionOutputSerializer,
            400: INVALID,
            404: LINK_INVALID,
            409: OpenApiResponse(ErrorSerializer, description="Aucune livraison en route (not_en_route)."),
            429: TOO_MANY,
        },
        tags=TAGS,
        auth=[],
    )
    def post(self, request, token: str):
        link = _link_or_refuse(request, self, token)
        serializer = DriverPositionInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # Privacy: a driver's position is taken only while he carries a delivery.
        if not Delivery.objects.filter(driver=link.driver, status=DeliveryStatus.EN_ROUTE).exists():
            raise ApplicationError(MSG_NOT_EN_ROUTE, code="not_en_route", status_code=409)
        position = driver_position_record(driver=link.driver, **serializer.validated_data)
        return Response(DriverPositionOutputSerializer(position).data, status=status.HTTP_201_CREATED)


class DriverStepApi(_PublicDriverApi):
    throttle_classes = [DriverStepThrottle]

    @extend_schema(
        operation_id="public_driver_step",
        summary="Étape signalée par le livreur : Récupéré, Livré ou Problème",
        description="« picked_up » met la livraison en route, « delivered » la marque livrée (la commande et le "
        "client suivent), « problem » exige un motif (absent, wrong_address, refused, accident) et prévient la "
        "boutique. Une action renvoyée avec la même idempotency_key n'est comptée qu'une fois (200, replayed).",
        parameters=[TOKEN],
        request=DriverStepInputSerializer,
        responses={
            201: DriverStepOutputSerializer,
            200: DriverStepOutputSerializer,
            400: INVALID,
            404: OpenApiResponse(ErrorSerializer, description="Lien non valable, ou livraison d'un autre."),
            429: TOO_MANY,
        },
        tags=TAGS,
        auth=[],
    )
    def post(self, request, token: str):
        link = _link_or_refuse(request, self, token)
        serializer = DriverStepInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        step, created = delivery_step_record(
            driver=link.driver,
            reference=data["delivery"],
            kind=data["kind"],
            idempotency_key=data["idempotency_key"],
            reason=data.get("reason", ""),
            note=data.get("note", ""),
            happened_at=data.get("happened_at"),
        )
        day = {d.pk: d for d in driver_day_deliveries(driver=link.driver)}
        delivery = day.get(step.delivery_id) or step.delivery
        body = {"replayed": not created, "step": step, "delivery": delivery}
        return Response(
            DriverStepOutputSerializer(body).data, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK
        )


@never_cache
def driver_page(request, token: str):
    """The driver's page: server-rendered (readable before any script runs, on a slow 3G phone),
    then logistics/driver.js adds the buttons' requests, the offline queue and the position sharing."""
    link = driver_link_resolve(token=token)
    if link is None:
        return render(request, "logistics/driver_link_invalid.html", {"message": MSG_LINK_INVALID}, status=404)
    deliveries = driver_day_deliveries(driver=link.driver)
    rows = DriverPageDeliverySerializer(deliveries, many=True).data
    for row, delivery in zip(rows, deliveries, strict=True):
        row["last_problem"] = delivery.last_problem
        row["amount_display"] = f"{row['amount_to_collect']:,}".replace(",", "\u202f")  # 6 000
        point = f"{row['lat']:.6f},{row['lng']:.6f}"
        lat, lng = point.split(",")
        row["maps_url"] = f"https://www.openstreetmap.org/?mlat={lat}&mlon={lng}#map=17/{lat}/{lng}"
        row["geo_uri"] = f"geo:{point}?q={point}"
    context = {
        "driver": link.driver.name.split()[0],
        "deliveries": rows,
        "open_count": sum(1 for row in rows if row["status"] != "delivered"),
        "expires_at": timezone.localtime(link.expires_at),
        "api": f"/api/v1/public/driver/{token}/",
    }
    response = render(request, "logistics/driver_page.html", context)
    response["Referrer-Policy"] = "no-referrer"  # the token is in the URL: never send it to OpenStreetMap
    response["X-Robots-Tag"] = "noindex"
    return response
