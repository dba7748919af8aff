from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework.response import Response
from rest_framework.throttling import UserRateThrottle
from rest_framework.views import APIView

from .selectors import whatsapp_connection_get, whatsapp_webhook_settings
from .serializers import (
    WhatsAppConnectInputSerializer,
    WhatsAppConnectOutputSerializer,
    WhatsAppManualConnectInputSerializer,
    WhatsAppStatusOutputSerializer,
    WhatsAppTemplateListOutputSerializer,
    WhatsAppWebhookSettingsOutputSerializer,
)
from .services import whatsapp_connect, whatsapp_connect_manual, whatsapp_disconnect, whatsapp_templates_list

TAGS = ["integrations"]


class WhatsAppConnectThrottle(UserRateThrottle):
    """Each attempt calls the automation webhook: a person needs a few, a loop should not get more."""

    scope = "whatsapp_connect"
    rate = "10/min"


class WhatsAppConnectApi(APIView):
    throttle_classes = [WhatsAppConnectThrottle]

    @extend_schema(
        operation_id="integrations_whatsapp_connect",
        summary="Connecter WhatsApp (relais du jeton Facebook)",
        description=(
            "Reçoit le résultat du flux Facebook du tableau de bord : soit `access_token` (FB.login "
            "classique), soit `code` (inscription intégrée) avec, si connus, `waba_id` et "
            "`phone_number_id`. Le serveur transmet l'identifiant en JSON (champ `token`) au webhook "
            "d'automatisation `WHATSAPP_TOKEN_WEBHOOK_URL` (https, 10 s) et lit `status` de sa réponse. "
            "Succès : la connexion du compte est enregistrée (jeton chiffré, jamais renvoyé). Toute autre "
            "issue (statut différent de « success », réponse non JSON, erreur HTTP, délai dépassé, "
            "connexion refusée) répond 502 `whatsapp_configuration_failed` ; un webhook non configuré "
            "répond 503 `whatsapp_unavailable` ; le message est toujours « Une erreur est survenue lors "
            "de la configuration. »"
        ),
        request=WhatsAppConnectInputSerializer,
        responses={
            200: WhatsAppConnectOutputSerializer,
            400: OpenApiResponse(description="Identifiant manquant, double ou invalide (validation_error)."),
            401: OpenApiResponse(description="Authentification requise."),
            429: OpenApiResponse(description="Plus de 10 tentatives par minute."),
            502: OpenApiResponse(description="Le webhook n'a pas confirmé la configuration."),
            503: OpenApiResponse(description="Le webhook n'est pas configuré sur ce serveur."),
        },
        examples=[
            OpenApiExample("Jeton d'accès", value={"access_token": "EAAG..."}, request_only=True),
            OpenApiExample(
                "Inscription intégrée",
                value={"code": "AQB...", "waba_id": "102290129340398", "phone_number_id": "106540352242922"},
                request_only=True,
            ),
        ],
        tags=TAGS,
    )
    def post(self, request):
        # A JSON `null` body reads as "nothing sent": the French "required" message, not DRF's English one.
        serializer = WhatsAppConnectInputSerializer(data=request.data if request.data is not None else {})
        serializer.is_valid(raise_exception=True)
        connection = whatsapp_connect(user=request.user, **serializer.validated_data)
        connection_data = WhatsAppStatusOutputSerializer.from_connection(connection).data
        return Response(WhatsAppConnectOutputSerializer({"status": "success", "connection": connection_data}).data)


class WhatsAppManualConnectApi(APIView):
    throttle_classes = [WhatsAppConnectThrottle]

    @extend_schema(
        operation_id="integrations_whatsapp_connect_manual",
        summary="Connecter WhatsApp manuellement (identifiants et jeton permanent)",
        description=(
            "Pour une entreprise qui a sa propre application Meta : `phone_number_id`, `waba_id` et un "
            "jeton d'accès permanent (utilisateur système). Le serveur les vérifie sur l'API Graph avant "
            "d'enregistrer : lecture du numéro (numéro affiché, nom vérifié), liste des numéros du compte "
            "WhatsApp Business (le numéro doit en faire partie), abonnement de l'application au compte. "
            "Facultatif : `app_secret`, la clé secrète de l'application Meta de l'entreprise, qui signe les "
            "webhooks de ce numéro (vérifiée par Meta avec `appsecret_proof`, stockée chiffrée) ; sans elle, "
            "ils doivent être signés avec FACEBOOK_APP_SECRET. "
            "Le jeton est stocké chiffré et jamais renvoyé. Refus de Meta : 400 avec un message français "
            "et le champ à corriger (`whatsapp_token_invalid` pour l'erreur 190, "
            "`whatsapp_phone_number_unknown` / `whatsapp_waba_unknown` pour l'erreur 100, "
            "`whatsapp_number_not_in_waba`, `whatsapp_permission_missing`, `whatsapp_app_secret_invalid`, "
            "`whatsapp_refused`) ; Meta "
            "injoignable : 502 `whatsapp_unavailable` ; Meta limite les appels : 503 `whatsapp_rate_limited`."
        ),
        request=WhatsAppManualConnectInputSerializer,
        responses={
            200: WhatsAppConnectOutputSerializer,
            400: OpenApiResponse(description="Saisie invalide ou refusée par Meta (message français, champ en cause)."),
            401: OpenApiResponse(description="Authentification requise."),
            429: OpenApiResponse(description="Plus de 10 tentatives par minute."),
            502: OpenApiResponse(description="Meta ne répond pas."),
            503: OpenApiResponse(description="Meta limite les appels."),
        },
        examples=[
            OpenApiExample(
                "Configuration manuelle",
                value={"phone_number_id": "106540352242922", "waba_id": "102290129340398", "access_token": "EAAG..."},
                request_only=True,
            )
        ],
        tags=TAGS,
    )
    def post(self, request):
        serializer = WhatsAppManualConnectInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        connection = whatsapp_connect_manual(user=request.user, **serializer.validated_data)
        connection_data = WhatsAppStatusOutputSerializer.from_connection(connection).data
        return Response(WhatsAppConnectOutputSerializer({"status": "success", "connection": connection_data}).data)


class WhatsAppWebhookSettingsApi(APIView):
    @extend_schema(
        operation_id="integrations_whatsapp_webhook_settings",
        summary="URL de rappel et jeton de vérification à saisir dans Meta",
        description="Pour la configuration manuelle : l'URL du webhook (adresse publique FRONTEND_URL) et le "
        "jeton de vérification (WHATSAPP_VERIFY_TOKEN) à copier dans les paramètres du webhook de "
        "l'application Meta, et `receiving` : faux quand ce serveur ne peut pas encore recevoir les messages.",
        responses=WhatsAppWebhookSettingsOutputSerializer,
        tags=TAGS,
    )
    def get(self, request):
        return Response(WhatsAppWebhookSettingsOutputSerializer(whatsapp_webhook_settings()).data)


class WhatsAppStatusApi(APIView):
    @extend_schema(
        operation_id="integrations_whatsapp_status",
        summary="État de la connexion WhatsApp du compte",
        description="`status` vaut `connected`, `disconnected` ou `not_connected` (jamais connecté). "
        "Le jeton n'est jamais renvoyé.",
        responses=WhatsAppStatusOutputSerializer,
        tags=TAGS,
    )
    def get(self, request):
        connection = whatsapp_connection_get(user=request.user)
        return Response(WhatsAppStatusOutputSerializer.from_connection(connection).data)


class WhatsAppDisconnectApi(APIView):
    @extend_schema(
        operation_id="integrations_whatsapp_disconnect",
        summary="Déconnecter WhatsApp",
        description="Marque la connexion comme déconnectée et efface le jeton chiffré. Sans connexion "
        "active, ne change rien. Renvoie l'état de la connexion.",
        request=None,
        responses=WhatsAppStatusOutputSerializer,
        tags=TAGS,
    )
    def post(self, request):
        connection = whatsapp_disconnect(user=request.user, by=request.user)
        return Response(WhatsAppStatusOutputSerializer.from_connection(connection).data)


class WhatsAppTemplateListApi(APIView):
    @extend_schema(
        operation_id="integrations_whatsapp_templates",
        summary="Modèles de message approuvés du compte WhatsApp",
        description="Lus sur l'API Graph de Meta (mis en cache 10 minutes). Seuls ces modèles peuvent être "
        "envoyés plus de 24 h après le dernier message du client. 409 `whatsapp_not_connected` sans "
        "connexion, 502 `whatsapp_unavailable` si Meta ne répond pas.",
        responses={
            200: WhatsAppTemplateListOutputSerializer,
            409: OpenApiResponse(description="Aucun numéro WhatsApp connecté (whatsapp_not_connected)."),
            502: OpenApiResponse(description="Meta ne répond pas (whatsapp_unavailable)."),
        },
        tags=TAGS,
    )
    def get(self, request):
        templates = whatsapp_templates_list(user=request.user)
        return Response(WhatsAppTemplateListOutputSerializer({"results": templates}).data)
