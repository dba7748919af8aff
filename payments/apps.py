from django.apps import AppConfig


class PaymentsConfig(AppConfig):
    """Mobile-money payment links: providers, transactions and their notifications.

    An app of its own rather than a module of ``orders``: a payment is not always an order's (an
    owner's plan upgrade is paid the same way), it talks to outside providers with credentials of its
    own, and its notification endpoints and expiry sweep are a concern apart from the order lifecycle,
    which it drives only through ``orders.services.order_transition``.
    """

    name = "payments"
    verbose_name = "Paiements"

    def ready(self):
        from .configuration import check_payment_settings

        check_payment_settings()
