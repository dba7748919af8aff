from django.urls import path

from . import apis

urlpatterns = [
    path("deliveries", apis.DeliveryListApi.as_view(), name="logistics-deliveries"),
    path("deliveries/<str:reference>", apis.DeliveryDetailApi.as_view(), name="logistics-delivery"),
    path("deliveries/<str:reference>/status", apis.DeliveryStatusChangeApi.as_view(), name="logistics-delivery-status"),
    path("deliveries/<str:reference>/assign", apis.DeliveryAssignDriverApi.as_view(), name="logistics-delivery-assign"),
    path("deliveries/<str:reference>/delay", apis.DeliveryReportDelayApi.as_view(), name="logistics-delivery-delay"),
    path("drivers", apis.DriverListApi.as_view(), name="logistics-drivers"),
    path("drivers/<int:driver_id>", apis.DriverDetailApi.as_view(), name="logistics-driver"),
    path("drivers/<int:driver_id>/deactivate", apis.DriverDeactivateApi.as_view(), name="logistics-driver-deactivate"),
    path("drivers/<int:driver_id>/link", apis.DriverLinkApi.as_view(), name="logistics-driver-link"),
    path(
        "drivers/<int:driver_id>/link/revoke",
        apis.DriverLinkRevokeApi.as_view(),
        name="logistics-driver-link-revoke",
    ),
    path(
        "drivers/<int:driver_id>/optimize-route",
        apis.DriverRouteOptimizeApi.as_view(),
        name="logistics-driver-optimize-route",
    ),
]
