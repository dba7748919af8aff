"""The payments API.

- ``POST /payments/notify/<provider>``: the providers' notifications (no authentication, no CSRF:
  the signature is the authentication). Forged → 403 and nothing changes; the status is always
  asked of the provider before anything is marked paid.
- ``GET /payments/providers`` and ``PUT|DELETE /payments/providers/<provider>``: the shop's merchant
  credentials (« Ma boutique »). Secrets go in, never out: answers carry ``configured`` booleans only.
"""

import logging

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.exceptions import ApplicationError
from core.serializers import InputSerializer, StrictCharField

from .models import Provider
from .providers import NotificationRejected, ProviderError
from .selectors import payment_accounts_status
from .services import payment_account_delete, payment_account_set, payment_notification_receive

logger = logging.getLogger("flux.payments")
TAGS = ["payments"]
MSG_NOTIFICATION_REFUSED = "Notification de paiement refusée : signature invalide."
MSG_PROVIDER_UNREACHABLE = "Le prestataire de paiement ne répond pas ; renvoyez la notification plus tard."
MSG_UNKNOWN_PROVIDER = "Prestataire de paiement inconnu."


def _provider(code: str) -> str:
    if code not in Provider.values:
        raise ApplicationError(MSG_UNKNOWN_PROVIDER, code="not_found", status_code=404)
    return code


class PaymentNotifyApi(APIView):
    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = []

    @extend_schema(
        operation_id="payments_notify",
        summary="Notification d'un prestataire de paiement (CinetPay, Wave)",
        description=(
            "CinetPay : formulaire avec `cpm_trans_id`, … et l'en-tête `x-token` (HMAC-SHA256). Wave : JSON signé "
            "par `Wave-Signature: t=…,v1=…`. Signature invalide : 403, rien ne change. Sinon le statut est "
            "redemandé au prestataire avant de marquer la commande payée (une seule fois, même si la "
            "notification arrive plusieurs fois)."
        ),
        request=None,
        responses={200: OpenApiResponse(description="Traitée."), 403: None, 503: None},
        tags=TAGS,
        auth=[],
    )
    def post(self, request, provider: str):
        provider = _provider(provider)
        django_request = request._request
        if provider == Provider.WAVE:
            django_request.body  # noqa: B018 - read the raw body first: the signature covers it
        try:
            payment = payment_notification_receive(provider=provider, request=django_request)
        except NotificationRejected as exc:
            logger.warning("%s notification refused: %s", provider, exc)
            raise ApplicationError(MSG_NOTIFICATION_REFUSED, code="notification_refused", status_code=403) from None
        except ProviderError as exc:
            logger.warning("%s status check failed: %s", provider, exc)
            raise ApplicationError(MSG_PROVIDER_UNREACHABLE, code="provider_unavailable", status_code=503) from None
        return Response({"status": payment.status})


class ProvidersStatusSerializer(serializers.Serializer):
    class Meta:
        ref_name = "PaymentProviders"

    class Configured(serializers.Serializer):
        configured = serializers.BooleanField()

    cinetpay = Configured()
    wave = Configured()
    covered_methods = serializers.ListField(
        child=serializers.CharField(), help_text="Codes de paiement encaissés par un lien (wave, orange_money…)."
    )


class PaymentProvidersApi(APIView):
    @extend_schema(
        operation_id="payments_providers",
        summary="Prestataires de paiement configurés (jamais les identifiants)",
        responses={200: ProvidersStatusSerializer},
        tags=TAGS,
    )
    def get(self, request):
        return Response(ProvidersStatusSerializer(payment_accounts_status(user=request.user)).data)


class PaymentProviderSetApi(APIView):
    class InputSerializer(InputSerializer):
        class Meta:
            ref_name = "PaymentProviderInput"

        api_key = StrictCharField(max_length=200, help_text="Clé d'API (CinetPay ou Wave).")
        site_id = StrictCharField(max_length=40, required=False, help_text="CinetPay : identifiant du site.")
        secret_key = StrictCharField(max_length=200, required=False, help_text="CinetPay : clé secrète (x-token).")
        webhook_secret = StrictCharField(max_length=200, required=False, help_text="Wave : secret des webhooks.")

    @extend_schema(
        operation_id="payments_provider_set",
        summary="Enregistrer les identifiants marchands d'un prestataire (chiffrés)",
        request=InputSerializer,
        responses={200: ProvidersStatusSerializer},
        tags=TAGS,
    )
    def put(self, request, provider: str):
        provider = _provider(provider)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        payment_account_set(user=request.user, provider=provider, values=serializer.validated_data)
        return Response(ProvidersStatusSerializer(payment_accounts_status(user=request.user)).data)

    @extend_schema(
        operation_id="payments_provider_delete",
        summary="Retirer les identifiants d'un prestataire",
        responses={200: ProvidersStatusSerializer},
        tags=TAGS,
    )
    def delete(self, request, provider: str):
        payment_account_delete(user=request.user, provider=_provider(provider))
        return Response(ProvidersStatusSerializer(payment_accounts_status(user=request.user)).data)
