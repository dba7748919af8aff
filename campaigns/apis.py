from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.pagination import paginated_response_with_counters

from .selectors import (
    audience_zones,
    campaign_cap,
    campaign_get,
    campaign_list,
    campaign_outcome,
    campaign_settings_get,
    campaign_usage,
    plan_campaign_caps,
    price_per_message,
    recipients_with_outcome,
    template_placeholders,
)
from .serializers import (
    CampaignCreateInputSerializer,
    CampaignDetailOutputSerializer,
    CampaignOutputSerializer,
    CampaignPageSerializer,
    CampaignSettingsSerializer,
    OptionsOutputSerializer,
    PreviewOutputSerializer,
    RecipientOutputSerializer,
    RecipientPageSerializer,
    TemplateChoiceInputSerializer,
    TemplateOutputSerializer,
)
from .services import campaign_cancel, campaign_create, campaign_preview, campaign_settings_update

TAGS = ["campaigns"]
# Every operation that reads the account's templates from Meta can answer these two.
META_ERRORS = {
    409: OpenApiResponse(description="WhatsApp n'est pas connecté (whatsapp_not_connected)."),
    502: OpenApiResponse(description="Meta ne répond pas : les modèles sont indisponibles (whatsapp_unavailable)."),
}
CAMPAIGN_ID = OpenApiParameter("campaign_id", int, OpenApiParameter.PATH, description="Identifiant de la campagne.")


def _detail(user, campaign_id: int):
    campaign = campaign_get(user=user, campaign_id=campaign_id)
    campaign.outcome = campaign_outcome(campaign=campaign)
    return CampaignDetailOutputSerializer(campaign).data


class CampaignListCreateApi(APIView):
    @extend_schema(
        operation_id="campaigns_list",
        summary="Les campagnes du compte, les plus récentes d'abord",
        parameters=[OpenApiParameter("page", int)],
        responses=CampaignPageSerializer,
        tags=TAGS,
    )
    def get(self, request):
        return paginated_response_with_counters(
            view=self,
            request=request,
            queryset=campaign_list(user=request.user),
            serializer_class=CampaignOutputSerializer,
            counters={},
        )

    @extend_schema(
        operation_id="campaigns_create",
        summary="Envoyer maintenant ou programmer une campagne",
        request=CampaignCreateInputSerializer,
        responses={201: CampaignDetailOutputSerializer, **META_ERRORS},
        tags=TAGS,
    )
    def post(self, request):
        data = CampaignCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        campaign = campaign_create(user=request.user, **data.validated_data)
        return Response(_detail(request.user, campaign.pk), status=status.HTTP_201_CREATED)


class CampaignPreviewApi(APIView):
    @extend_schema(
        operation_id="campaigns_preview",
        summary="Nombre de destinataires, coût estimé et aperçu du message",
        request=TemplateChoiceInputSerializer,
        responses={200: PreviewOutputSerializer, **META_ERRORS},
        tags=TAGS,
    )
    def post(self, request):
        data = TemplateChoiceInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        preview = campaign_preview(user=request.user, **data.validated_data)
        return Response(PreviewOutputSerializer(preview).data)


class CampaignTemplatesApi(APIView):
    @extend_schema(
        operation_id="campaigns_templates",
        summary="Les modèles approuvés par WhatsApp, avec leur prix par message",
        responses={200: TemplateOutputSerializer(many=True), **META_ERRORS},
        tags=TAGS,
    )
    def get(self, request):
        from integrations.services import whatsapp_templates_list

        templates = [
            {
                **template,
                "variables": template_placeholders(template.get("body", "")),
                "price_per_message": str(price_per_message(category=template.get("category") or "MARKETING")),
            }
            for template in whatsapp_templates_list(user=request.user)
        ]
        return Response(TemplateOutputSerializer(templates, many=True).data)


class CampaignOptionsApi(APIView):
    @extend_schema(
        operation_id="campaigns_options",
        summary="Zones et produits pour l'audience, plafond de l'offre, usage du mois et plafond de chaque offre",
        responses=OptionsOutputSerializer,
        tags=TAGS,
    )
    def get(self, request):
        from catalog.models import Product
        from conversations.core import channel_usable

        products = list(Product.objects.filter(owner=request.user).order_by("name").values("sku", "name")[:500])
        data = {
            "zones": audience_zones(user=request.user),
            "products": products,
            "cap": campaign_cap(user=request.user),
            "used": campaign_usage(user=request.user),
            "plan_caps": plan_campaign_caps(),
            # The page asks for templates only when a number can send them (no 409 on every visit).
            "whatsapp_connected": channel_usable(owner_id=request.user.pk),
        }
        return Response(OptionsOutputSerializer(data).data)


class CampaignDetailApi(APIView):
    @extend_schema(
        operation_id="campaigns_retrieve",
        summary="Une campagne : statuts et retombées (réponses, commandes sur 7 jours)",
        parameters=[CAMPAIGN_ID],
        responses=CampaignDetailOutputSerializer,
        tags=TAGS,
    )
    def get(self, request, campaign_id: int):
        return Response(_detail(request.user, campaign_id))


class CampaignRecipientsApi(APIView):
    @extend_schema(
        operation_id="campaigns_recipients",
        summary="Les destinataires d'une campagne et le statut de chaque message",
        parameters=[CAMPAIGN_ID, OpenApiParameter("page", int)],
        responses=RecipientPageSerializer,
        tags=TAGS,
    )
    def get(self, request, campaign_id: int):
        campaign = campaign_get(user=request.user, campaign_id=campaign_id)
        return paginated_response_with_counters(
            view=self,
            request=request,
            queryset=recipients_with_outcome(campaign=campaign),
            serializer_class=RecipientOutputSerializer,
            counters={},
        )


class CampaignCancelApi(APIView):
    @extend_schema(
        operation_id="campaigns_cancel",
        summary="Annuler une campagne programmée",
        parameters=[CAMPAIGN_ID],
        request=None,
        responses={
            200: CampaignDetailOutputSerializer,
            409: OpenApiResponse(description="La campagne est déjà partie (campaign_not_cancellable)."),
        },
        tags=TAGS,
    )
    def post(self, request, campaign_id: int):
        campaign_cancel(campaign=campaign_get(user=request.user, campaign_id=campaign_id))
        return Response(_detail(request.user, campaign_id))


class CampaignSettingsApi(APIView):
    @extend_schema(
        operation_id="campaigns_settings_retrieve",
        summary="Palier d'envoi et relances automatiques",
        responses=CampaignSettingsSerializer,
        tags=TAGS,
    )
    def get(self, request):
        return Response(CampaignSettingsSerializer(campaign_settings_get(user=request.user)).data)

    @extend_schema(
        operation_id="campaigns_settings_update",
        summary="Activer ou couper les relances automatiques",
        request=CampaignSettingsSerializer,
        responses={200: CampaignSettingsSerializer, **META_ERRORS},
        tags=TAGS,
    )
    def patch(self, request):
        data = CampaignSettingsSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        row = campaign_settings_update(user=request.user, **data.validated_data)
        return Response(CampaignSettingsSerializer(row).data)
