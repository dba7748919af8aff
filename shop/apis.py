"""The shop API: the whole document (GET/PUT /shop) and the dashboard's pieces.

Plans: every plan (gratuit, pro, entreprise) may read and edit its shop: without it the assistant
has nothing true to say, so it is never a paid feature. The default IsAuthenticated permission
applies; each account sees only its own rows (another account's ids answer 404).
"""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from .document import thaw
from .selectors import shop_checklist, shop_knowledge, shop_version_get, shop_version_list, zone_get, zone_list
from .serializers import (
    ChecklistOutputSerializer,
    FaqInputSerializer,
    FaqListOutputSerializer,
    ShopDocumentInputSerializer,
    ShopDocumentSerializer,
    ShopProfileInputSerializer,
    ShopProfileSerializer,
    ShopVersionDetailOutputSerializer,
    ShopVersionListOutputSerializer,
    ZoneInputSerializer,
    ZoneListOutputSerializer,
    ZoneOutputSerializer,
)
from .services import (
    faq_create,
    faq_delete,
    faq_update,
    shop_document_replace,
    shop_profile_update,
    shop_version_restore,
    zone_create,
    zone_delete,
    zone_update,
)

TAGS = ["shop"]
PROFILE_KEYS = list(ShopProfileSerializer().fields)
INDEX = OpenApiParameter("index", int, OpenApiParameter.PATH, description="Position de la question (0 = la première).")
ZONE_ID = OpenApiParameter("zone_id", int, OpenApiParameter.PATH)
VERSION_ID = OpenApiParameter("version_id", int, OpenApiParameter.PATH)


def _document(user) -> dict:
    return thaw(shop_knowledge(user=user).document)


def _profile(user) -> dict:
    document = _document(user)
    return ShopProfileSerializer({key: document[key] for key in PROFILE_KEYS}).data


def _zone_output(zone) -> dict:
    return ZoneOutputSerializer(
        {
            "id": zone.pk,
            "position": zone.position,
            "name": zone.name,
            "areas": zone.areas,
            "served": zone.served,
            "fee": zone.fee,
            "vehicle": zone.vehicle or None,
            "eta_minutes": None if zone.eta_min is None or zone.eta_max is None else [zone.eta_min, zone.eta_max],
            "min_order": zone.min_order,
        }
    ).data


def _version_output(version, *, with_document: bool = False) -> dict:
    data = {
        "id": version.pk,
        "created_at": version.created_at,
        "source": version.source,
        "source_label": version.get_source_display(),
        "actor": version.actor.adresse_email if version.actor else None,
        "name": version.name,
        "counts": {"products": version.products_count, "delivery_zones": version.zones_count, "faq": version.faq_count},
    }
    if with_document:
        return ShopVersionDetailOutputSerializer({**data, "document": version.document}).data
    return data


def _faq_output(faq: list[dict]) -> dict:
    return FaqListOutputSerializer({"results": [{**item, "index": index} for index, item in enumerate(faq)]}).data


class ShopDocumentApi(APIView):
    @extend_schema(
        operation_id="shop_document_retrieve",
        summary="Le document de la boutique (tout ce que l'assistant sait)",
        description="Forme exacte de DESIGN.md, « The shop document ». Un compte sans données reçoit un "
        "document vide mais valide.",
        responses=ShopDocumentSerializer,
        tags=TAGS,
    )
    def get(self, request):
        return Response(ShopDocumentSerializer(_document(request.user)).data)

    @extend_schema(
        operation_id="shop_document_replace",
        summary="Remplacer tout le document de la boutique",
        description="Valide le document entier puis remplace tout, atomiquement : un document invalide ne "
        "change rien et répond 400 avec `errors` indexé par chemin (`products[3].price`). Les produits "
        "gardent leur identifiant et leur photo quand leur sku est conservé.",
        request=ShopDocumentInputSerializer,
        responses=ShopDocumentSerializer,
        tags=TAGS,
    )
    def put(self, request):
        serializer = ShopDocumentInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        shop_document_replace(user=request.user, document=serializer.validated_data, actor=request.user)
        return Response(ShopDocumentSerializer(_document(request.user)).data)


class ShopVersionListApi(APIView):
    @extend_schema(
        operation_id="shop_versions_list",
        summary="Historique : les versions précédentes de la boutique",
        description="Les 10 derniers documents remplacés, du plus récent au plus ancien, sans leur contenu : "
        "date, ce qui les a remplacés (`source`), qui, et combien de produits, zones et questions.",
        responses=ShopVersionListOutputSerializer,
        tags=TAGS,
    )
    def get(self, request):
        versions = [_version_output(version) for version in shop_version_list(user=request.user)]
        return Response(ShopVersionListOutputSerializer({"results": versions}).data)


class ShopVersionDetailApi(APIView):
    @extend_schema(
        operation_id="shop_versions_retrieve",
        summary="Une version précédente, avec son document complet",
        parameters=[VERSION_ID],
        responses=ShopVersionDetailOutputSerializer,
        tags=TAGS,
    )
    def get(self, request, version_id: int):
        return Response(_version_output(shop_version_get(user=request.user, version_id=version_id), with_document=True))


class ShopVersionRestoreApi(APIView):
    @extend_schema(
        operation_id="shop_versions_restore",
        summary="Restaurer une version précédente",
        description="Remplace toute la boutique par cette version ; la boutique actuelle est gardée dans "
        "l'historique (source `restore`), donc une restauration se défait. Répond le document restauré.",
        parameters=[VERSION_ID],
        request=None,
        responses=ShopDocumentSerializer,
        tags=TAGS,
    )
    def post(self, request, version_id: int):
        shop_version_restore(user=request.user, version_id=version_id)
        return Response(ShopDocumentSerializer(_document(request.user)).data)


class ShopProfileApi(APIView):
    @extend_schema(
        operation_id="shop_profile_retrieve",
        summary="Le profil de la boutique (sans produits, zones ni FAQ)",
        responses=ShopProfileSerializer,
        tags=TAGS,
    )
    def get(self, request):
        return Response(_profile(request.user))

    @extend_schema(
        operation_id="shop_profile_update",
        summary="Modifier des sections du profil",
        description="Chaque section présente (name, address, hours, pickup, payment_methods, ...) est "
        "remplacée en entier ; les autres ne changent pas.",
        request=ShopProfileInputSerializer,
        responses=ShopProfileSerializer,
        tags=TAGS,
    )
    def patch(self, request):
        serializer = ShopProfileInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        shop_profile_update(user=request.user, data=serializer.validated_data)
        return Response(_profile(request.user))


class ShopChecklistApi(APIView):
    @extend_schema(
        operation_id="shop_checklist",
        summary="Ce qu'il manque encore à l'assistant",
        responses=ChecklistOutputSerializer,
        tags=TAGS,
    )
    def get(self, request):
        return Response(ChecklistOutputSerializer(shop_checklist(user=request.user)).data)


class ZoneListApi(APIView):
    @extend_schema(
        operation_id="shop_zones_list",
        summary="Zones de livraison",
        responses=ZoneListOutputSerializer,
        tags=TAGS,
    )
    def get(self, request):
        return Response({"results": [_zone_output(zone) for zone in zone_list(user=request.user)]})

    @extend_schema(
        operation_id="shop_zones_create",
        summary="Ajouter une zone de livraison",
        request=ZoneInputSerializer,
        responses={201: ZoneOutputSerializer},
        tags=TAGS,
    )
    def post(self, request):
        serializer = ZoneInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        zone = zone_create(user=request.user, data=serializer.validated_data)
        return Response(_zone_output(zone), status=status.HTTP_201_CREATED)


class ZoneDetailApi(APIView):
    @extend_schema(
        operation_id="shop_zones_update",
        summary="Modifier une zone de livraison",
        parameters=[ZONE_ID],
        request=ZoneInputSerializer,
        responses=ZoneOutputSerializer,
        tags=TAGS,
    )
    def patch(self, request, zone_id: int):
        serializer = ZoneInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        zone = zone_get(user=request.user, zone_id=zone_id)
        return Response(_zone_output(zone_update(zone=zone, data=serializer.validated_data)))

    @extend_schema(
        operation_id="shop_zones_delete",
        summary="Supprimer une zone de livraison",
        parameters=[ZONE_ID],
        responses={204: None},
        tags=TAGS,
    )
    def delete(self, request, zone_id: int):
        zone_delete(zone=zone_get(user=request.user, zone_id=zone_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class FaqListApi(APIView):
    @extend_schema(
        operation_id="shop_faq_list", summary="Questions fréquentes", responses=FaqListOutputSerializer, tags=TAGS
    )
    def get(self, request):
        return Response(_faq_output(_document(request.user)["faq"]))

    @extend_schema(
        operation_id="shop_faq_create",
        summary="Ajouter une question fréquente",
        request=FaqInputSerializer,
        responses={201: FaqListOutputSerializer},
        tags=TAGS,
    )
    def post(self, request):
        serializer = FaqInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        faq = faq_create(user=request.user, data=serializer.validated_data)
        return Response(_faq_output(faq), status=status.HTTP_201_CREATED)


class FaqDetailApi(APIView):
    @extend_schema(
        operation_id="shop_faq_update",
        summary="Modifier une question fréquente",
        parameters=[INDEX],
        request=FaqInputSerializer,
        responses=FaqListOutputSerializer,
        tags=TAGS,
    )
    def patch(self, request, index: int):
        serializer = FaqInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(_faq_output(faq_update(user=request.user, index=index, data=serializer.validated_data)))

    @extend_schema(
        operation_id="shop_faq_delete",
        summary="Supprimer une question fréquente",
        parameters=[INDEX],
        responses={200: FaqListOutputSerializer},
        tags=TAGS,
    )
    def delete(self, request, index: int):
        return Response(_faq_output(faq_delete(user=request.user, index=index)))
