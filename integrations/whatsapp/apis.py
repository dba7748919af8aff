"""Meta's webhook: ``GET`` verification and ``POST`` deliveries (DESIGN.md, WhatsApp Cloud API).

The POST checks the signature, stores every inbound message as one ``InboundEvent`` insert and
applies the statuses before it answers 200, so a delivery Meta considers done is never lost; making
the conversation's message and the assistant's answer are queued to Celery, or, in the embedded
runtime where Celery runs in-process, to a background thread once the 200 is sent (background.py).
"""

import hmac
import logging

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.exceptions import ApplicationError
from core.parsers import json_body_load

from .app_secrets import connection_signature_valid
from .background import AnswerAfterResponse, answer_after_response_enabled
from .services import webhook_receive
from .tasks import whatsapp_inbound_store_schedule
from .webhook import MAX_BODY_BYTES, changes_read, signature_valid

logger = logging.getLogger("flux.integrations.whatsapp")

TAGS = ["integrations"]
MSG_VERIFY_REFUSED = "Jeton de vérification invalide."
MSG_SIGNATURE_INVALID = "Signature du webhook invalide."
MSG_TOO_LARGE = "La requête est trop volumineuse."


class WebhookVerifyInputSerializer(serializers.Serializer):
    mode = serializers.CharField(required=False, allow_blank=True, default="")
    verify_token = serializers.CharField(required=False, allow_blank=True, default="")
    challenge = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)

    @classmethod
    def from_query(cls, query) -> "WebhookVerifyInputSerializer":
        return cls(data={key: query.get(f"hub.{key}", "") for key in ("mode", "verify_token", "challenge")})


class WhatsAppWebhookApi(APIView):
    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = []

    @extend_schema(
        operation_id="integrations_whatsapp_webhook_verify",
        summary="Vérification du webhook par Meta",
        description="Répond `hub.challenge` en text/plain quand `hub.verify_token` vaut WHATSAPP_VERIFY_TOKEN "
        "(comparaison à temps constant), 403 sinon.",
        parameters=[
            OpenApiParameter("hub.mode", str),
            OpenApiParameter("hub.verify_token", str),
            OpenApiParameter("hub.challenge", str),
        ],
        responses={200: OpenApiResponse(description="Le challenge, en texte brut."), 403: None},
        tags=TAGS,
        auth=[],
    )
    def get(self, request):
        query = WebhookVerifyInputSerializer.from_query(request.query_params)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        expected = settings.WHATSAPP_VERIFY_TOKEN
        if not (
            expected
            and data["mode"] == "subscribe"
            and hmac.compare_digest(data["verify_token"].encode(), expected.encode())
        ):
            raise ApplicationError(MSG_VERIFY_REFUSED, code="whatsapp_verify_refused", status_code=403)
        return HttpResponse(data["challenge"], content_type="text/plain")

    @extend_schema(
        operation_id="integrations_whatsapp_webhook_receive",
        summary="Événements WhatsApp envoyés par Meta (messages, statuts)",
        description="Corps signé par Meta : `X-Hub-Signature-256: sha256=<HMAC-SHA256 du corps brut avec "
        "FACEBOOK_APP_SECRET>` (403 et rien n'est enregistré sinon), 3 Mo au plus. Les messages sont "
        "enregistrés une seule fois par wamid avant la réponse 200 ; les réponses de l'assistant partent "
        "ensuite (Celery).",
        request=None,
        responses={200: OpenApiResponse(description="Reçu."), 403: None, 413: None},
        tags=TAGS,
        auth=[],
    )
    def post(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > MAX_BODY_BYTES:
            raise ApplicationError(MSG_TOO_LARGE, code="payload_too_large", status_code=413)
        try:
            body = request.body
        except RequestDataTooBig:
            raise ApplicationError(MSG_TOO_LARGE, code="payload_too_large", status_code=413) from None
        if len(body) > MAX_BODY_BYTES:
            raise ApplicationError(MSG_TOO_LARGE, code="payload_too_large", status_code=413)
        header = request.META.get("HTTP_X_HUB_SIGNATURE_256", "")
        if not (
            signature_valid(body=body, header=header, secret=settings.FACEBOOK_APP_SECRET)
            # A number connected with its business's own Meta app: that app's secret signs it.
            or connection_signature_valid(body=body, header=header)
        ):
            logger.warning("WhatsApp webhook POST with a missing or wrong signature refused")
            raise ApplicationError(MSG_SIGNATURE_INVALID, code="whatsapp_signature_invalid", status_code=403)
        # Signed, so Meta's: still malformed, too deep or a number out of range is a French 400.
        payload = json_body_load(body)
        if not webhook_receive(changes=changes_read(payload)):
            return Response({"status": "ok"})
        if answer_after_response_enabled():
            # Embedded runtime (tasks in-process): Meta gets its 200 first, the answer runs after it.
            return AnswerAfterResponse({"status": "ok"})
        try:
            whatsapp_inbound_store_schedule()
        except Exception:
            # Stored already (InboundEvent): the sweep (whatsapp_sweep) turns it into a message.
            logger.exception("Could not queue the storing of a webhook delivery")
        return Response({"status": "ok"})
