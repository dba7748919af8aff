"""The catalogue API the dashboard's « Catalogue » page uses (every plan may edit its products)."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from core.pagination import PageNumberPagination

from .selectors import product_get, product_list
from .serializers import (
    ProductInputSerializer,
    ProductListFilterSerializer,
    ProductListResponseSerializer,
    ProductOutputSerializer,
    ProductPhotoInputSerializer,
)
from .services import product_create, product_delete, product_photo_set, product_update

TAGS = ["catalog"]
PRODUCT_ID = OpenApiParameter("product_id", int, OpenApiParameter.PATH)


def _product_response(request, product, code=status.HTTP_200_OK) -> Response:
    return Response(ProductOutputSerializer(product, context={"request": request}).data, status=code)


class ProductListApi(APIView):
    """Two queries whatever the number of products: the page's count and its rows."""

    @extend_schema(
        operation_id="catalog_products_list",
        summary="Produits du catalogue",
        parameters=[
            OpenApiParameter("q", str, description="Recherche dans le code, le nom, la description et les alias."),
            OpenApiParameter("in_stock", bool),
            OpenApiParameter("page", int),
            OpenApiParameter("page_size", int),
        ],
        responses=ProductListResponseSerializer,
        tags=TAGS,
    )
    def get(self, request):
        filters = ProductListFilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        products = product_list(
            user=request.user, q=filters.validated_data.get("q", ""), in_stock=filters.validated_data.get("in_stock")
        )
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(products, request, view=self)
        return paginator.get_paginated_response(
            ProductOutputSerializer(page, many=True, context={"request": request}).data
        )

    @extend_schema(
        operation_id="catalog_products_create",
        summary="Ajouter un produit",
        request=ProductInputSerializer,
        responses={201: ProductOutputSerializer},
        tags=TAGS,
    )
    def post(self, request):
        serializer = ProductInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        product = product_create(user=request.user, data=serializer.validated_data)
        return _product_response(request, product, status.HTTP_201_CREATED)


class ProductDetailApi(APIView):
    @extend_schema(
        operation_id="catalog_products_retrieve",
        summary="Un produit",
        parameters=[PRODUCT_ID],
        responses=ProductOutputSerializer,
        tags=TAGS,
    )
    def get(self, request, product_id: int):
        return _product_response(request, product_get(user=request.user, product_id=product_id))

    @extend_schema(
        operation_id="catalog_products_update",
        summary="Modifier un produit (dont la mise en stock)",
        parameters=[PRODUCT_ID],
        request=ProductInputSerializer(partial=True),
        responses=ProductOutputSerializer,
        tags=TAGS,
    )
    def patch(self, request, product_id: int):
        serializer = ProductInputSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        product = product_get(user=request.user, product_id=product_id)
        return _product_response(request, product_update(product=product, data=serializer.validated_data))

    @extend_schema(
        operation_id="catalog_products_delete",
        summary="Supprimer un produit",
        parameters=[PRODUCT_ID],
        responses={204: None},
        tags=TAGS,
    )
    def delete(self, request, product_id: int):
        product_delete(product=product_get(user=request.user, product_id=product_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ProductPhotoApi(APIView):
    parser_classes = [MultiPartParser]

    @extend_schema(
        operation_id="catalog_products_photo",
        summary="Changer la photo d'un produit",
        description="JPEG, PNG ou WebP, 5 Mo et 25 mégapixels au plus ; l'image est ré-encodée (EXIF retiré).",
        parameters=[PRODUCT_ID],
        request={"multipart/form-data": ProductPhotoInputSerializer},
        responses=ProductOutputSerializer,
        tags=TAGS,
    )
    def post(self, request, product_id: int):
        serializer = ProductPhotoInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        product = product_get(user=request.user, product_id=product_id)
        return _product_response(request, product_photo_set(product=product, photo=serializer.validated_data["photo"]))
