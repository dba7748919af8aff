from django.urls import path

from . import apis

urlpatterns = [
    path("orders", apis.OrderListApi.as_view(), name="orders"),
    path("orders/export.csv", apis.OrderExportApi.as_view(), name="orders-export"),
    path("orders/delivery-zones", apis.OrderDeliveryZonesApi.as_view(), name="orders-delivery-zones"),
    path("orders/delivery-quote", apis.OrderDeliveryQuoteApi.as_view(), name="orders-delivery-quote"),
    path("orders/<int:order_id>", apis.OrderDetailApi.as_view(), name="order"),
    path("orders/<int:order_id>/transition", apis.OrderTransitionApi.as_view(), name="order-transition"),
    path("orders/<int:order_id>/cancel", apis.OrderCancelApi.as_view(), name="order-cancel"),
    path("orders/<int:order_id>/assign-driver", apis.OrderAssignDriverApi.as_view(), name="order-assign-driver"),
]
