from django.urls import path

from . import apis

urlpatterns = [
    path("shop", apis.ShopDocumentApi.as_view(), name="shop-document"),
    path("shop/versions", apis.ShopVersionListApi.as_view(), name="shop-versions"),
    path("shop/versions/<int:version_id>", apis.ShopVersionDetailApi.as_view(), name="shop-version"),
    path("shop/versions/<int:version_id>/restore", apis.ShopVersionRestoreApi.as_view(), name="shop-version-restore"),
    path("shop/profile", apis.ShopProfileApi.as_view(), name="shop-profile"),
    path("shop/checklist", apis.ShopChecklistApi.as_view(), name="shop-checklist"),
    path("shop/zones", apis.ZoneListApi.as_view(), name="shop-zones"),
    path("shop/zones/<int:zone_id>", apis.ZoneDetailApi.as_view(), name="shop-zone"),
    path("shop/faq", apis.FaqListApi.as_view(), name="shop-faq"),
    path("shop/faq/<int:index>", apis.FaqDetailApi.as_view(), name="shop-faq-item"),
]
