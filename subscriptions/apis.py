"""The subscription API: GET /api/v1/subscriptions/current (the profile page's subscription card)."""

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from .selectors import subscription_card


class SubscriptionCurrentApi(APIView):
    permission_classes = [IsAuthenticated]

    class OutputSerializer(serializers.Serializer):
        class Meta:
            # A name of its own in the OpenAPI components (not the generic "Output").
            ref_name = "SubscriptionCard"

        plan = serializers.CharField(help_text="Code du plan : gratuit, pro, entreprise.")
        planName = serializers.CharField(help_text="Nom affiché du plan.")
        price = serializers.IntegerField(
            allow_null=True, help_text="Prix mensuel en F CFA ; null quand le prix est « sur devis »."
        )
        priceLabel = serializers.CharField(
            help_text="Prix formaté en français (espaces insécables) : « 89 355 F CFA », « 0 F CFA » ou « Sur devis »."
        )
        nextBillingDate = serializers.DateField(
            allow_null=True,
            help_text=(
                "Prochaine facturation (1er du mois suivant, heure d'Abidjan) pour un plan payant au statut "
                "actif ou essai ; null sinon (plan gratuit, sur devis, ou statut non facturé)."
            ),
        )
        conversationsUsed = serializers.IntegerField(
            help_text="Nouvelles conversations démarrées ce mois calendaire (heure d'Abidjan)."
        )
        conversationLimit = serializers.IntegerField(help_text="Plafond mensuel du plan ; -1 pour illimité.")
        usagePercent = serializers.IntegerField(
            allow_null=True, help_text="Consommation en pourcentage du plafond (0 à 100) ; null si illimité."
        )
        periodStart = serializers.DateField(help_text="Premier jour du mois de consommation en cours.")
        usageResetsOn = serializers.DateField(help_text="Jour où le compteur repart de zéro (1er du mois suivant).")
        status = serializers.CharField(help_text="Statut : inactif, essai, actif, suspendu, expire.")
        statusLabel = serializers.CharField(help_text="Libellé français du statut.")
        canAccessAnalytics = serializers.BooleanField()
        canUseAdvancedFeatures = serializers.BooleanField()

    @extend_schema(
        operation_id="subscriptions_current",
        summary="Abonnement de l'utilisateur connecté",
        description=(
            "La carte d'abonnement de la page Profil : plan, prix, prochaine facturation, "
            "conversations utilisées ce mois et plafond, statut."
        ),
        responses={200: OutputSerializer},
        examples=[
            OpenApiExample(
                "Plan pro",
                value={
                    "plan": "pro",
                    "planName": "Pro Business",
                    "price": 89355,
                    "priceLabel": "89\u202f355\u00a0F CFA",
                    "nextBillingDate": "2026-12-01",
                    "conversationsUsed": 247,
                    "conversationLimit": 1000,
                    "usagePercent": 25,
                    "periodStart": "2026-11-01",
                    "usageResetsOn": "2026-12-01",
                    "status": "actif",
                    "statusLabel": "Actif",
                    "canAccessAnalytics": True,
                    "canUseAdvancedFeatures": False,
                },
                response_only=True,
            )
        ],
    )
    def get(self, request):
        card = subscription_card(request.user)
        return Response(self.OutputSerializer(card).data)
