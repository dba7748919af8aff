from django.urls import path

from . import apis

urlpatterns = [
    path("products", apis.ProductListApi.as_view(), name="catalog-products"),
    path("products/<int:product_id>", apis.ProductDetailApi.as_view(), name="catalog-product"),
    path("products/<int:product_id>/photo", apis.ProductPhotoApi.as_view(), name="catalog-product-photo"),
]
